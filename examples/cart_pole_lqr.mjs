// A controller in the loop, headless: the gallery's cart-pole with the LQR controller of
// examples/controllers/cart_pole.js, started 0.2 rad from upright; prints whether it balanced.
// `npm run build:lib`, then `node examples/cart_pole_lqr.mjs`.
import { readFileSync } from 'node:fs';
import { URL } from 'node:url';
import { loadEngine } from '../dist-lib/featherweight.mjs';

const scene = JSON.parse(readFileSync(new URL('../public/scenes/cart-pole.json', import.meta.url), 'utf8'));
scene.articulations[0].links[1].joint.position = 0.2; // the pole, 0.2 rad from upright
scene.controller = { source: readFileSync(new URL('./controllers/cart_pole.js', import.meta.url), 'utf8'), rate: 100 };

const engine = await loadEngine();
const world = engine.createWorld(scene);
await world.enableController(); // the caller's opt-in: the scene's code runs only now
let worst = 0;
while (world.time < 10 - 1e-9) {
  world.step(10); // one control period at 1 ms steps
  if (world.time >= 5) worst = Math.max(worst, Math.abs(world.q[1]));
}
const balanced = worst < 0.01;
console.log(`${balanced ? 'balanced' : 'fell'}: |θ| ≤ ${worst.toExponential(2)} rad from t = 5 s to 10 s; cart at ${world.q[0].toFixed(3)} m; last force ${world.signals.force.toFixed(3)} N`);
world.dispose();
process.exitCode = balanced ? 0 : 1;
