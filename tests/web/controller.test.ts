// Controllers in the loop through the library (in Node): they run only after the
// caller's opt-in, tick in lockstep with the steps with their outputs held in between, report
// their failures with the source line, are checked by the scene loader, and balance a cart-pole.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { ControllerError, SceneError, type Engine } from '../../lib/featherweight';
import { loadLibraryInNode, readScene, repoPath } from './engine';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let engine: Engine;
beforeAll(async () => {
  engine = await loadLibraryInNode();
});

function cartPole(source: string, rate = 100): Json {
  const scene = readScene('cart-pole.json') as Json;
  scene.controller = { source, rate };
  return scene;
}

describe('controllers', () => {
  it('run only once enabled, at their rate, with their efforts held between ticks', async () => {
    const source = `
      let k = 0;
      export function control(ctx) {
        globalThis.__ticks = (globalThis.__ticks ?? []);
        globalThis.__ticks.push(ctx.t);
        ctx.setEffort('cart-pole/cart', ++k);
        return { k };
      }`;
    const world = engine.createWorld(cartPole(source, 50)); // every 20 steps of 1 ms
    world.step(100);
    expect(world.tau[0]).toBe(0); // not enabled: the scene's code did not run
    expect((globalThis as { __ticks?: number[] }).__ticks).toBeUndefined();
    world.reset();
    await world.enableController();
    world.step(100);
    const ticks = (globalThis as { __ticks?: number[] }).__ticks!;
    expect(ticks.map((t) => Math.round(t * 1000))).toEqual([0, 20, 40, 60, 80]);
    expect(world.tau[0]).toBe(5); // held since the last tick
    expect(world.signals).toEqual({ k: 5 });
    delete (globalThis as { __ticks?: number[] }).__ticks;
    world.dispose();
  });

  it('says where a controller failed, and stops it', async () => {
    const world = engine.createWorld(cartPole('export function control(ctx) {\n  const gain = 2;\n  return ctx.nothing.at(gain);\n}'));
    await world.enableController();
    let thrown: unknown;
    try {
      world.step(5);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ControllerError);
    expect((thrown as ControllerError).line).toBe(3);
    expect((thrown as ControllerError).message).toMatch(/^line 3: the controller failed at t = 0\.0000 s/);
    world.step(5); // stopped: the world goes on without it
    expect(world.time).toBeCloseTo(0.005, 12);
    const broken = engine.createWorld(cartPole('export const control = 3;'));
    await expect(broken.enableController()).rejects.toThrow(/must export a function control\(ctx\)/);
    const syntax = engine.createWorld(cartPole('export function control(ctx) {'));
    await expect(syntax.enableController()).rejects.toThrow(ControllerError);
    const misplaced = engine.createWorld(cartPole('export function control(ctx) {\n  const gain = 2;\n  let push = ;\n}'));
    await expect(misplaced.enableController()).rejects.toMatchObject({ line: 3, message: expect.stringMatching(/^line 3: the controller does not load: .*Unexpected token/) });
    misplaced.dispose();
    world.dispose();
    broken.dispose();
    syntax.dispose();
  });

  it('are checked by the scene loader: a rate off the step grid names its path', () => {
    expect(() => engine.createWorld(cartPole('export function control() {}', 300))).toThrow(SceneError);
    try {
      engine.createWorld(cartPole('export function control() {}', 300)); // 1 / (300 · 1 ms) steps
    } catch (error) {
      expect((error as SceneError).path).toBe('/controller/rate');
    }
    const noSource = readScene('cart-pole.json') as Json;
    noSource.controller = { rate: 100 };
    expect(() => engine.createWorld(noSource)).toThrow(SceneError);
    try {
      engine.createWorld(noSource);
    } catch (error) {
      expect((error as SceneError).path).toBe('/controller/source');
    }
  });

  it('swing the cart-pole up from hanging and catch it within 10 s (examples/controllers)', async () => {
    const scene = cartPole(readFileSync(repoPath('examples/controllers/cart_pole.js'), 'utf8'));
    scene.articulations[0].links[1].joint.position = Math.PI - 0.05; // hanging, nudged
    const world = engine.createWorld(scene);
    await world.enableController();
    let caughtAt: number | null = null;
    while (world.time < 10 - 1e-9) {
      world.step(10);
      const up = Math.abs(Math.atan2(Math.sin(world.q[1]), Math.cos(world.q[1])));
      if (up < 0.05 && caughtAt === null) caughtAt = world.time;
      if (up > 0.4) caughtAt = null; // fell again
    }
    expect(caughtAt).not.toBeNull();
    expect(caughtAt!).toBeLessThan(8);
    expect(Math.abs(world.q[0])).toBeLessThan(0.5); // and the cart came back to the middle
    world.dispose();
  });

  it('balance the cart-pole by LQR within 0.01 rad of upright from 0.2 rad (examples/controllers)', async () => {
    const scene = cartPole(readFileSync(repoPath('examples/controllers/cart_pole.js'), 'utf8'));
    scene.articulations[0].links[1].joint.position = 0.2;
    const world = engine.createWorld(scene);
    await world.enableController();
    let worst = 0, settled = 0;
    while (world.time < 10 - 1e-9) {
      world.step(10);
      if (world.time > 4) settled = Math.max(settled, Math.abs(world.q[1]));
      worst = Math.max(worst, Math.abs(world.q[1]));
    }
    expect(worst).toBeLessThan(0.25); // it never fell
    expect(settled).toBeLessThan(0.01);
    expect(Math.abs(world.q[1])).toBeLessThan(1e-3);
    world.dispose();
  });

  it('run on a mirror (as in the page\'s worker: tickAt), give the world they mirror the same motion bit for bit', async () => {
    const scene = cartPole(readFileSync(repoPath('examples/controllers/cart_pole.js'), 'utf8'));
    scene.articulations[0].links[1].joint.position = 0.2;
    const direct = engine.createWorld(scene);
    await direct.enableController();
    direct.step(1500);
    // The page's way: the world steps alone; at each period's first step a mirror runs the tick
    // at its state and the commands are applied to the world.
    const world = engine.createWorld(scene), mirror = engine.createWorld(scene);
    await mirror.enableController();
    for (let k = 0; k < 1500; k++) {
      if (k % 10 === 0)
        for (const c of mirror.tickAt({ t: world.time, q: world.q.slice(), qd: world.qd.slice(), contacts: world.contacts() }).commands) {
          if (c.kind === 'effort') world.tau[c.index] = c.value;
          else world.simulation.setMotorTarget(c.index, c.position, c.velocity);
        }
      world.step(1);
    }
    expect(Array.from(world.q)).toEqual(Array.from(direct.q));
    expect(Array.from(world.qd)).toEqual(Array.from(direct.qd));
    for (const w of [direct, world, mirror]) w.dispose();
  });

  it('see the engine\'s libm as Math where JavaScript\'s may differ, and JavaScript\'s where it is exact', async () => {
    const world = engine.createWorld(cartPole(`
      export function control(ctx) {
        return { atan2: Math.atan2(0.3, -0.7), exp: Math.exp(1.234), hypot: Math.hypot(3, 4, 12), sqrt: Math.sqrt(2), pi: Math.PI };
      }`));
    await world.enableController();
    world.step(1);
    const m = engine.module;
    expect(world.signals).toEqual({ atan2: m.mathAtan2(0.3, -0.7), exp: m.mathExp(1.234), hypot: 13, sqrt: Math.SQRT2, pi: Math.PI });
    expect((globalThis as Record<symbol, unknown>)[Symbol.for('featherweight.controllerMath.1')]).toBeUndefined(); // the slot is gone
    world.dispose();
  });
});
