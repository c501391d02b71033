// The library's arguments are checked in JavaScript before anything reaches the module: step counts
// that wrapped modulo 2^32 or ran nothing silently, non-finite efforts, and saved states whose
// length getter throws or lies (a JavaScript exception crossing wasm frames leaked the module's
// stack, and after about 160,000 such calls every call trapped).
import { beforeAll, describe, expect, it } from 'vitest';
import { type Engine } from '../../lib/featherweight';
import { loadLibraryInNode, readScene } from './engine';

let engine: Engine;
beforeAll(async () => {
  engine = await loadLibraryInNode();
});

describe('library arguments', () => {
  it('takes step counts that are safe integers ≥ 0 and throws otherwise', () => {
    const world = engine.createWorld(readScene('pendulum.json'));
    const dt = world.timestep;
    for (const bad of [NaN, -1, 1.5, 2 ** 53, -2147483649, Infinity, '3', null, 10n]) {
      expect(() => world.step(bad as number), String(bad)).toThrow(RangeError);
      expect(world.time).toBe(0);
    }
    world.step(0);
    expect(world.time).toBe(0);
    world.step(3);
    expect(world.time).toBeCloseTo(3 * dt, 12);
    // Past 2^31 the module's int wrapped (2^31 ran none): counted in parts now. A world that
    // stops early (here: at once, forced to blow up) ends the loop.
    world.q[0] = NaN;
    world.step(2 ** 31);
    expect(world.error).toMatch(/blew up/);
  });

  it('refuses efforts and motor targets that are not finite', () => {
    const world = engine.createWorld(readScene('pendulum.json'));
    const joint = [...JSON.parse(world.simulation.jointsJson())][0].name as string;
    for (const bad of [NaN, Infinity, -Infinity, '1' as unknown as number]) expect(() => world.setEffort(joint, bad)).toThrow(/not a finite number/);
    expect(world.tau[0]).toBe(0);
    world.setEffort(joint, 2);
    expect(world.tau[0]).toBe(2);
  });

  it('survives 200,000 hostile restoreState calls and stays usable', () => {
    const world = engine.createWorld(readScene('pendulum.json'));
    world.step(10);
    const saved = world.saveState();
    const throwing = new Uint8Array(saved);
    Object.defineProperty(throwing, 'length', { get: () => { throw new Error('hostile length'); } });
    const lying = new Uint8Array(saved);
    Object.defineProperty(lying, 'length', { get: () => 4e8 });
    const proxy = new Proxy(new Uint8Array(saved), { get: () => { throw new Error('hostile proxy'); } });
    const fake = { length: 4e8, set: () => {} };
    const hostile: unknown[] = [throwing, lying, proxy, fake, [1, 2, 3], 'FWSTATE1', null, new Float64Array(8)];
    let refused = 0;
    for (let k = 0; k < 200_000; k++) {
      try {
        world.restoreState(hostile[k % hostile.length] as Uint8Array);
      } catch {
        refused++;
      }
    }
    // The throwing and the lying array hold a real state in their bytes (their own length property
    // is not asked): they restore; everything else is refused in JavaScript.
    expect(refused).toBe(200_000 - 2 * 25_000);
    const heap = engine.module.HEAPF64.buffer.byteLength;
    expect(heap).toBeLessThan(256 * 2 ** 20);
    const fresh = engine.createWorld(readScene('double-pendulum.json'));
    fresh.step(100);
    expect(fresh.error).toBe('');
    world.restoreState(saved);
    world.step(10);
    expect(world.error).toBe('');
  });
});
