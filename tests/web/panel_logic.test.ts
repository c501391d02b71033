// The page's non-drawing logic in Node: scene edits by JSON Pointer (what the panel sends to the
// engine), the playback speed of the fixed-step loop, and that every shipped scene's sliders name
// a number the panel can edit and the engine accepts back.
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { getPointer, motorIndexOf, shapeCoefficientRange, withEveryShape, withValue, worldSettings, type Json, type SceneObject } from '../../web/src/scene/scene_doc';
import { SimLoop, SPEEDS } from '../../web/src/engine/sim_loop';
import { loadEngineInNode, readScene } from './engine';

describe('scene edits by JSON Pointer', () => {
  const scene: SceneObject = { world: { gravity: [0, 0, -9.81] }, 'a/b': { '~c': 1 }, list: [1, 2] };

  it('reads and escapes like RFC 6901', () => {
    expect(getPointer(scene, '/world/gravity/2')).toBe(-9.81);
    expect(getPointer(scene, '/a~1b/~0c')).toBe(1);
    expect(getPointer(scene, '/list/5')).toBeUndefined();
    expect(getPointer(scene, '/list/01')).toBeUndefined();
  });

  it('edits a copy, never the original', () => {
    const next = withValue(scene, '/world/gravity/2', 0)!;
    expect(getPointer(next, '/world/gravity/2')).toBe(0);
    expect(getPointer(scene, '/world/gravity/2')).toBe(-9.81);
    expect(withValue(scene, '/nothing/here', 1)).toBeNull();
  });

  it('creates world when the scene leaves it out, and shows there what the engine fills in', async () => {
    const bare: SceneObject = {};
    const shown = worldSettings(bare);
    const engine = await loadEngineInNode();
    const sim = new engine.Simulation();
    // A free body with nothing else, so its acceleration is gravity; the world's fingerprint covers
    // every number and setting it was built from (World::fingerprintModel).
    const load = (world?: SceneObject) => {
      const scene = { format: 'featherweight-scene', version: 1, ...(world ? { world } : {}), bodies: [{ name: 'b', inertial: { mass: 1, com: [0, 0, 0], inertia: { ixx: 1, iyy: 1, izz: 1 } } }] };
      expect(sim.load(JSON.stringify(scene))).toBe('');
      return sim.modelHash();
    };
    const filledIn = load();
    expect(sim.timestep()).toBe(shown.timestep);
    new Float64Array(engine.HEAPF64.buffer, sim.queryInputPointer(), sim.nv()).fill(0);
    const accelerations = Array.from(new Float64Array(engine.HEAPF64.buffer, sim.forwardDynamicsPointer(), sim.nv()));
    expect(accelerations).toEqual([0, 0, 0, ...shown.gravity]); // ω̇, then v̇ (body frame, unturned)
    // What the panel shows, written out, builds the very world the engine built from nothing...
    const written = { gravity: shown.gravity, timestep: shown.timestep, integrator: shown.integrator, dynamics: shown.dynamics, solver: { iterations: shown.iterations } };
    expect(load(written)).toBe(filledIn);
    // ...and any other value of one of them another world.
    const others: [string, Json][] = [['gravity', [0, 0, shown.gravity[2] / 2]], ['timestep', shown.timestep / 2], ['integrator', 'rk4'], ['dynamics', shown.dynamics === 'aba' ? 'crba' : 'aba'], ['solver', { iterations: shown.iterations + 1 }]];
    for (const [field, value] of others) expect(load({ ...written, [field]: value }), field).not.toBe(filledIn);
    sim.delete();
    expect(getPointer(withValue(bare, '/world/timestep', 0.002)!, '/world/timestep')).toBe(0.002);
    expect(worldSettings(withValue(bare, '/world/gravity', [0, 0, 0])!).gravity).toEqual([0, 0, 0]);
  });
});

describe('playback speed', () => {
  function simulatedSeconds(speed: number, frames: number, frameSeconds: number): number {
    let steps = 0;
    const loop = new SimLoop((n) => {
      steps += n;
    }, () => 0.001);
    loop.speed = speed;
    for (let i = 0; i < frames; i++) loop.frame(frameSeconds);
    return steps * 0.001;
  }

  it('scales simulated time per real time and keeps dt', () => {
    expect(simulatedSeconds(1, 60, 1 / 60)).toBeCloseTo(1, 2);
    expect(simulatedSeconds(1 / 4, 60, 1 / 60)).toBeCloseTo(0.25, 2);
    expect(simulatedSeconds(1 / 16, 600, 1 / 60)).toBeCloseTo(10 / 16, 2);
    expect(simulatedSeconds(4, 60, 1 / 60)).toBeCloseTo(4, 2);
  });

  it('ends a frame\'s stepping when the stepper takes fewer steps than asked (a controller\'s tick pending)', () => {
    const asked: number[] = [];
    let taken = 0;
    const loop = new SimLoop((n) => {
      asked.push(n);
      const now = Math.min(n, 3 - taken); // three steps in all, then it waits
      taken += now;
      return now;
    }, () => 0.001);
    expect(loop.frame(0.05)).toBe(3); // of 50 wanted
    const last = asked.length - 1;
    expect(asked.slice(0, last).reduce((a, b) => a + b, 0)).toBeLessThan(3); // every call before the last was served in full
    expect(asked[last]).toBeGreaterThan(3 - asked.slice(0, last).reduce((a, b) => a + b, 0)); // the last one was not: no call after it
  });

  it('keeps the catch-up cap: a 2 s frame runs at most 0.1 s × speed', () => {
    expect(simulatedSeconds(1, 1, 2)).toBeCloseTo(0.1, 6);
    expect(simulatedSeconds(4, 1, 2)).toBeCloseTo(0.4, 6);
  });

  it('steps through the powers of two from 1/16× to 4× and stops at the ends', () => {
    expect(SPEEDS).toEqual([1 / 16, 1 / 8, 1 / 4, 1 / 2, 1, 2, 4]);
    const loop = new SimLoop(() => {}, () => 0.001);
    for (let i = 0; i < 10; i++) loop.changeSpeed(1);
    expect(loop.speed).toBe(4);
    for (let i = 0; i < 10; i++) loop.changeSpeed(-1);
    expect(loop.speed).toBe(1 / 16);
  });
});

describe('shipped sliders', () => {
  const files = readdirSync(new URL('../../public/scenes', import.meta.url)).filter((f) => f.endsWith('.json'));

  it.each(files)('%s: every slider names a number, and its min and max load', async (file) => {
    const engine = await loadEngineInNode();
    const sim = new engine.Simulation();
    const scene = readScene(file) as SceneObject;
    const sliders = ((scene.meta as { sliders?: { path: string; min: number; max: number }[] }) ?? {}).sliders ?? [];
    for (const slider of sliders) {
      expect(typeof getPointer(scene, slider.path), slider.path).toBe('number');
      for (const value of [slider.min, slider.max]) {
        expect(sim.load(JSON.stringify(withValue(scene, slider.path, value))), `${slider.path} = ${value}`).toBe('');
      }
    }
    sim.delete();
  });
});

describe('scene edits for every shape', () => {
  it('sets a field on the shapes of bodies and of links, and leaves the original alone', () => {
    const scene: SceneObject = {
      bodies: [{ name: 'b', shapes: [{ type: 'sphere', radius: 1 }, { type: 'box', size: [1, 1, 1], friction: 0.2 }] }],
      articulations: [{ name: 'a', links: [{ name: 'l', shapes: [{ type: 'sphere', radius: 1 }] }, { name: 'm' }] }],
    };
    const edited = withEveryShape(scene, 'friction', 0.9);
    expect(getPointer(edited, '/bodies/0/shapes/0/friction')).toBe(0.9);
    expect(getPointer(edited, '/bodies/0/shapes/1/friction')).toBe(0.9);
    expect(getPointer(edited, '/articulations/0/links/0/shapes/0/friction')).toBe(0.9);
    expect(getPointer(scene, '/bodies/0/shapes/1/friction')).toBe(0.2);
    expect(getPointer(scene, '/bodies/0/shapes/0/friction')).toBeUndefined();
  });

  it("shows the coefficients the colliding shapes have: a shape's own, else its material's, else the default", () => {
    const scene: SceneObject = {
      materials: { rubber: { restitution: 0.7, friction: 0.9 } },
      bodies: [
        { name: 'floor', static: true, shapes: [{ type: 'plane', restitution: 1 }] },
        { name: 'ball', shapes: [{ type: 'sphere', radius: 1, material: 'rubber' }, { type: 'box', size: [1, 1, 1], restitution: 0, collision: { mask: 0 } }] },
      ],
      articulations: [{ name: 'a', links: [{ name: 'l', shapes: [{ type: 'sphere', radius: 1, material: 'rubber', friction: 0.3 }] }] }],
    };
    expect(shapeCoefficientRange(scene, 'restitution')).toEqual({ min: 0.7, max: 1 }); // the drawn-only box does not count
    expect(shapeCoefficientRange(scene, 'friction')).toEqual({ min: 0.3, max: 0.9 }); // the floor's default 0.5 in between
    expect(shapeCoefficientRange(withEveryShape(scene, 'restitution', 0.4), 'restitution')).toEqual({ min: 0.4, max: 0.4 });
    expect(shapeCoefficientRange(readScene('newtons-cradle.json') as SceneObject, 'restitution')).toEqual({ min: 1, max: 1 });
    expect(shapeCoefficientRange({ bodies: [] }, 'friction')).toBeNull();
  });

  it('reads the solver iterations a scene asks for', () => {
    expect(worldSettings({ world: { solver: { iterations: 35 } } }).iterations).toBe(35);
  });
});

describe('live motor targets', () => {
  it('numbers the motors in scene order and only for targets', () => {
    const scene: SceneObject = {
      articulations: [
        { name: 'a', links: [{ name: 'x', joint: { motor: { mode: 'position' } } }, { name: 'y', joint: {} }] },
        { name: 'b', links: [{ name: 'p', joint: { motor: { mode: 'prescribed' } } }, { name: 'q', joint: { motor: { mode: 'velocity' } } }] },
      ],
    };
    expect(motorIndexOf(scene, '/articulations/0/links/0/joint/motor/target')).toBe(0);
    expect(motorIndexOf(scene, '/articulations/1/links/1/joint/motor/targetVelocity')).toBe(2);
    expect(motorIndexOf(scene, '/articulations/1/links/0/joint/motor/target')).toBe(-1); // prescribed: a trajectory
    expect(motorIndexOf(scene, '/articulations/0/links/1/joint/motor/target')).toBe(-1); // no motor
    expect(motorIndexOf(scene, '/articulations/0/links/0/joint/motor/stiffness')).toBe(-1); // needs a rebuild
  });
});
