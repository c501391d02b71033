// The six-joint arm demo with each turret's cylinder resting exactly on its base's cylinder, driven
// by the scene's own computed-torque controller: the caps touch face to face while the turret
// turns, and the motion stays that of the arm (a degenerate contact normal once threw it to 1e14 rad/s).
import { readFileSync } from 'node:fs';
import { beforeAll, expect, it } from 'vitest';
import { type Engine } from '../../lib/featherweight';
import { loadLibraryInNode, repoPath } from './engine';

let engine: Engine;
beforeAll(async () => {
  engine = await loadLibraryInNode();
});

it('an arm turning on a base it rests on stays bounded', async () => {
  const doc = JSON.parse(readFileSync(repoPath('public/scenes/arm-computed-torque.json'), 'utf8'));
  for (const body of doc.bodies) {
    if (!String(body.name).startsWith('base')) continue;
    // The turret's joint is 0.1 m up: a base 0.1 m tall puts the two caps exactly together.
    body.shapes[0].length = 0.1;
    body.shapes[0].position = [0, 0, 0.05];
  }
  const world = engine.createWorld(doc);
  await world.enableController();
  let fastest = 0;
  while (world.time < 3 - 1e-9) {
    world.step(1);
    for (const v of Array.from(world.qd as ArrayLike<number>)) fastest = Math.max(fastest, Math.abs(v));
    if (!(fastest < 1e3)) break; // thrown: no need to run on
  }
  expect(world.contacts().length).toBeGreaterThan(0);
  expect(fastest).toBeLessThan(20);
  world.dispose();
}, 60_000);
