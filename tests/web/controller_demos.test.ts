// The gallery's controller demos reach their goals in Node, with the very code
// their scenes carry (embedded by scripts/embed-controllers.mjs from examples/controllers/).
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Engine, type World } from '../../lib/featherweight';
import { CONTROLLER_DEMOS, controllerPath, scenePath } from '../../scripts/embed-controllers.mjs';
import { loadLibraryInNode } from './engine';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let engine: Engine;
beforeAll(async () => {
  engine = await loadLibraryInNode();
});

const scene = (file: string): Json => JSON.parse(readFileSync(scenePath(file), 'utf8')) as Json;

async function running(doc: Json): Promise<World> {
  const world = engine.createWorld(doc);
  await world.enableController();
  return world;
}

describe('controller demos', () => {
  it.each(CONTROLLER_DEMOS)('$scene carries examples/controllers/$controller as it is', ({ scene: file, controller }) => {
    expect(scene(file).controller.source).toBe(readFileSync(controllerPath(controller), 'utf8'));
  });

  it('the cart-pole is swung up from hanging, caught within 10 s and balanced', async () => {
    const world = await running(scene('cart-pole-swing-up.json'));
    let caughtAt: number | null = null;
    while (world.time < 12 - 1e-9) {
      world.step(10);
      const up = Math.abs(Math.atan2(Math.sin(world.q[1]), Math.cos(world.q[1])));
      if (up < 0.05 && caughtAt === null) caughtAt = world.time;
      if (up > 0.4) caughtAt = null;
    }
    expect(caughtAt).not.toBeNull();
    expect(caughtAt!).toBeLessThan(10);
    expect(Math.abs(world.q[1] - 2 * Math.PI * Math.round(world.q[1] / (2 * Math.PI)))).toBeLessThan(0.01);
    world.dispose();
  });

  it('the Acrobot reaches the upright region with its elbow alone and stays there', async () => {
    const world = await running(scene('acrobot-swing-up.json'));
    let caughtAt: number | null = null;
    while (world.time < 40 - 1e-9) {
      world.step(100);
      if (world.signals.mode === 1 && caughtAt === null) caughtAt = world.time;
    }
    expect(caughtAt).not.toBeNull();
    const fromUp = Math.abs(Math.atan2(Math.sin(world.q[0] - Math.PI), Math.cos(world.q[0] - Math.PI)));
    expect(fromUp).toBeLessThan(0.01);
    expect(Math.abs(world.q[1])).toBeLessThan(0.01);
    expect(world.tau[0]).toBe(0); // the shoulder was never driven
    world.dispose();
  });

  it('computed torque tracks the figure-eight within 1 mm; PD + gravity compensation does not', async () => {
    const world = await running(scene('arm-computed-torque.json'));
    let worstComputed = 0, worstPd = 0;
    while (world.time < 8 - 1e-9) {
      world.step(24);
      worstComputed = Math.max(worstComputed, world.signals['computed torque error (mm)']);
      worstPd = Math.max(worstPd, world.signals['PD + gravity error (mm)']);
    }
    expect(world.error).toBe('');
    expect(worstComputed).toBeLessThan(1);
    expect(worstPd).toBeGreaterThan(10 * worstComputed);
    world.dispose();
  });

  it('the three-link arm brings its payload to the target within 1 mm and holds it there', async () => {
    const doc = scene('three-link-arm-reach.json');
    doc.articulations[0].links[2].inertial.mass = 2; // a heavier payload: the model knows it
    const world = await running(doc);
    world.step(3000);
    expect(world.signals['distance to target (mm)']).toBeLessThan(1);
    world.step(2000);
    expect(world.signals['distance to target (mm)']).toBeLessThan(0.01);
    world.dispose();
  });
});
