// The world's state through the bindings: saveState / restoreState / adoptState continue a run
// bitwise, in the wasm module as in the C++ core (tests/core/world_state_test.cpp).
import { beforeAll, describe, expect, it } from 'vitest';
import type { FeatherweightModule, Simulation } from 'featherweight-wasm/featherweight.js';
import { loadEngineInNode, readScene } from './engine';
import { pyramidScene, stateDigest } from './world_scenes';

let engine: FeatherweightModule;
beforeAll(async () => {
  engine = await loadEngineInNode();
});

function world(scene: object): Simulation {
  const sim = new engine.Simulation();
  expect(sim.load(JSON.stringify(scene))).toBe('');
  return sim;
}

function digest(sim: Simulation): string {
  const q = new Float64Array(engine.HEAPF64.buffer, sim.qPointer(), sim.nq()).slice();
  const v = new Float64Array(engine.HEAPF64.buffer, sim.vPointer(), sim.nv()).slice();
  return stateDigest(q, v) + `|${sim.time()}`;
}

type Inputs = (sim: Simulation, step: number) => void;

/** Steps one by one with the inputs, a digest after each. */
function run(sim: Simulation, steps: number, first: number, inputs?: Inputs): string[] {
  const out: string[] = [];
  for (let k = 0; k < steps; k++) {
    inputs?.(sim, first + k);
    sim.step(1);
    out.push(digest(sim));
  }
  return out;
}

function expectBitwiseContinuation(scene: object, inputs?: Inputs, saveAt = 2): void {
  const sim = world(scene);
  const before = Math.round(saveAt / sim.timestep()), after = Math.round(1 / sim.timestep());
  run(sim, before, 0, inputs);
  const saved = sim.saveState();
  expect(saved).toBeInstanceOf(Uint8Array);
  const first = run(sim, after, before, inputs);
  expect(sim.restoreState(saved)).toBe('');
  expect(run(sim, after, before, inputs)).toEqual(first);
  const fresh = world(scene);
  expect(fresh.restoreState(saved)).toBe('');
  expect(run(fresh, after, before, inputs)).toEqual(first);
  sim.delete();
  fresh.delete();
}

describe('world state through the bindings', () => {
  it('continues the pendulum bitwise', () => expectBitwiseContinuation(readScene('pendulum.json')));

  // 210 boxes at 1/60 s (four substeps a step), 2 s and then 1 s three times: seconds, more on a busy machine.
  it('continues a 20-row pyramid bitwise (warm-start impulses)', () => expectBitwiseContinuation(pyramidScene(20)), 60_000);

  it('continues the impulse chain and the four-bar bitwise', () => {
    expectBitwiseContinuation(readScene('impulse-chain.json'));
    expectBitwiseContinuation(readScene('four-bar.json'));
  });

  it('continues the tilted cube in accurate mode with RK45 bitwise', () => {
    const scene = readScene('tilted-cube-drop.json') as { world: Record<string, unknown> };
    scene.world.integrator = 'rk45';
    scene.world.stepping = 'accurate';
    expectBitwiseContinuation(scene);
  });

  it('continues the ragdoll through sleep and a push bitwise', () => {
    expectBitwiseContinuation(readScene('ragdoll.json'), (sim, step) => {
      if (step === 600) sim.applyForce(0, 0, 0, 1, 0, 400, 300);
      if (step === 610) sim.clearForces();
    }, 2.2);
  });

  it('continues the servo arm with live motor targets and a drag bitwise', () => {
    expectBitwiseContinuation(readScene('servo-arm.json'), (sim, step) => {
      sim.setMotorTarget(0, 0.3 * Math.sin(0.01 * step), 0);
      sim.setMotorTarget(1, 0.3 * Math.sin(0.01 * step + 1), 0);
      const body = sim.bodyCount() - 1;
      if (step === 500) sim.startDrag(body, 0.3, 0, 0.6);
      if (step > 500 && step < 700) sim.moveDrag(0.3, 0.1, 0.8);
      if (step === 700) sim.endDrag();
    });
  });

  it('refuses another scene, a damaged or truncated state and leaves the world as it was', () => {
    const sim = world(readScene('double-pendulum.json'));
    sim.step(100);
    const before = digest(sim);
    const saved = sim.saveState();
    const other = world(readScene('pendulum.json'));
    expect(sim.restoreState(other.saveState())).toMatch(/another scene/);
    expect(sim.restoreState(saved.slice(0, saved.length - 5))).toMatch(/truncated/);
    const damaged = saved.slice();
    damaged[damaged.length - 20] ^= 1;
    expect(sim.restoreState(damaged)).toMatch(/damaged/);
    expect(sim.restoreState(new Uint8Array(3))).toMatch(/shorter than its header/);
    expect(sim.restoreState([1, 2, 3] as unknown as Uint8Array)).toMatch(/Uint8Array/);
    expect(digest(sim)).toBe(before);
    expect(sim.modelHash()).toMatch(/^[0-9a-f]{16}$/);
    expect(sim.modelHash()).not.toBe(other.modelHash());
    // The same structure with another mass: adopted, refused as the same scene.
    const heavier = readScene('double-pendulum.json') as { articulations: { links: { inertial: { mass: number } }[] }[] };
    heavier.articulations[0].links[0].inertial.mass = 3.5;
    const rebuilt = world(heavier);
    expect(rebuilt.restoreState(saved)).toMatch(/another scene/);
    expect(rebuilt.adoptState(saved)).toBe('');
    expect(rebuilt.time()).toBe(sim.time());
    expect(other.adoptState(saved)).toMatch(/other bodies/);
    for (const s of [sim, other, rebuilt]) s.delete();
  });
});
