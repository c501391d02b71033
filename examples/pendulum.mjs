// The library in Node: load the engine, run the gallery's pendulum for one period, print its
// energy books. Run `npm run build:lib` once, then `node examples/pendulum.mjs`.
import { readFileSync } from 'node:fs';
import { URL } from 'node:url';
import { loadEngine } from '../dist-lib/featherweight.mjs';

const engine = await loadEngine(); // reads dist-lib/featherweight.wasm itself
const scene = readFileSync(new URL('../public/scenes/pendulum.json', import.meta.url), 'utf8');
const world = engine.createWorld(scene);
const rod = world.joint('pendulum/rod');
const start = world.q[rod.qIndex];
const crossings = []; // times the rod passes the vertical, half a period apart
let previous = start;
while (crossings.length < 2 && world.time < 10) {
  world.step(1);
  const q = world.q[rod.qIndex];
  if (Math.sign(q) !== Math.sign(previous)) crossings.push(world.time);
  previous = q;
}
const e = world.energy();
console.log(`period ${(2 * (crossings[1] - crossings[0])).toFixed(3)} s (released at ${start} rad; 2π√(L/g) = ${(2 * Math.PI * Math.sqrt(1 / 9.81)).toFixed(3)} s for small swings)`);
console.log(`kinetic ${e.kinetic.toFixed(4)} J + potential ${e.gravity.toFixed(4)} J = ${(e.kinetic + e.gravity).toFixed(4)} J; start ${e.initial.toFixed(4)} J; balance ${e.balance.toExponential(1)} J`);
world.dispose();
