// Model queries: hold the six-joint arm still against gravity with τ = g(q) (RNEA with q̇ = q̈ = 0),
// and print the tool point's velocity from its Jacobian while a joint turns.
// `npm run build:lib`, then `node examples/arm_gravity.mjs`.
import { readFileSync } from 'node:fs';
import { URL } from 'node:url';
import { loadEngine } from '../dist-lib/featherweight.mjs';

const scene = JSON.parse(readFileSync(new URL('../public/scenes/robot-arm-6.json', import.meta.url), 'utf8'));
delete scene.meta; // its sliders drive the servos, taken off here
scene.bodies = [];
for (const link of scene.articulations[0].links) {
  delete link.joint.motor;
  delete link.joint.limits;
}
scene.articulations[0].links[1].joint.position = 0.8; // the shoulder forward: gravity pulls hard

const engine = await loadEngine();
const world = engine.createWorld(scene);
const tool = `${scene.articulations[0].name}/scoop`;
const start = world.bodyPose(tool).position;
for (let k = 0; k < Math.round(1 / world.timestep); k++) {
  world.tau.set(world.gravityTorques()); // recomputed at every step
  world.step(1);
}
const end = world.bodyPose(tool).position;
console.log(`held for ${world.time.toFixed(2)} s: the tool moved ${Math.hypot(end[0] - start[0], end[1] - start[1], end[2] - start[2]).toExponential(1)} m`);

// ṗ = J q̇ for the tool's tip, 10 cm out along its z axis, with the elbow turning at 1 rad/s.
const elbow = world.joint(`${scene.articulations[0].name}/elbow`);
const J = world.jacobian(tool, [0, 0, 0.1]);
const v = [3, 4, 5].map((row) => J.get(row, elbow.vIndex));
console.log(`elbow at 1 rad/s moves the tip at (${v.map((x) => x.toFixed(3)).join(', ')}) m/s`);
world.dispose();
