// The page's engine, driven the way the page drives it: load a scene, step, read the shared
// memory. The small-angle period must match 2π√(L/g).
import { describe, expect, it } from 'vitest';
import { loadEngineInNode, readScene } from './engine';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

function pendulumScene(releaseAngle: number): string {
  const scene = readScene('pendulum.json') as Json;
  scene.articulations[0].links[0].joint.position = releaseAngle;
  return JSON.stringify(scene);
}

describe('pendulum in wasm', () => {
  it('has the small-angle period 2π√(L/g) within 0.5%', async () => {
    const engine = await loadEngineInNode();
    const sim = new engine.Simulation();
    expect(sim.load(pendulumScene(0.05))).toBe('');
    const q = () => new Float64Array(engine.HEAPF64.buffer, sim.qPointer(), sim.nq())[0];
    const crossings: number[] = [];
    let previous = q();
    while (crossings.length < 3 && sim.time() < 10) {
      const t0 = sim.time();
      sim.step(1);
      const now = q();
      if (previous > 0 && now <= 0) crossings.push(t0 + ((sim.time() - t0) * previous) / (previous - now));
      previous = now;
    }
    expect(crossings.length).toBe(3);
    const period = (crossings[2] - crossings[0]) / 2;
    const expected = 2 * Math.PI * Math.sqrt(1 / 9.81);
    expect(Math.abs(period - expected) / expected).toBeLessThan(0.005);
    sim.delete();
  });

  it('poses come from one Float32Array view and move with the joint', async () => {
    const engine = await loadEngineInNode();
    const sim = new engine.Simulation();
    expect(sim.load(pendulumScene(1))).toBe('');
    const poses = new Float32Array(engine.HEAPF32.buffer, sim.posesPointer(), 7 * sim.bodyCount());
    const qy0 = poses[4];
    expect(qy0).toBeCloseTo(Math.sin(0.5), 5); // rotation of 1 rad about y
    sim.step(100);
    expect(poses[4]).not.toBeCloseTo(qy0, 3);
    sim.delete();
  });

  it('a broken scene names the JSON path and the previous scene keeps running', async () => {
    const engine = await loadEngineInNode();
    const sim = new engine.Simulation();
    expect(sim.load(pendulumScene(1))).toBe('');
    sim.step(10);
    const broken = readScene('pendulum.json') as Json;
    broken.articulations[0].links[0].joint.axis = [0, 1];
    expect(sim.load(JSON.stringify(broken))).toBe('/articulations/0/links/0/joint/axis: expected 3 numbers, got 2');
    expect(sim.load('{"format": ')).toMatch(/^\/: not valid JSON at line 1, column/);
    const t = sim.time();
    sim.step(10);
    expect(sim.time()).toBeCloseTo(t + 10 * sim.timestep(), 12);
    expect(sim.bodyCount()).toBe(1);
    sim.delete();
  });

  it('joint efforts written into shared memory drive the joint; momentum is read the same way', async () => {
    const engine = await loadEngineInNode();
    const sim = new engine.Simulation();
    const scene = JSON.parse(pendulumScene(0)) as Json;
    scene.world.gravity = [0, 0, 0];
    scene.bodies = [{ name: 'ball', linearVelocity: [2, 0, 0], inertial: { mass: 3, inertia: { ixx: 1, iyy: 1, izz: 1 } } }];
    expect(sim.load(JSON.stringify(scene))).toBe('');
    const joints = JSON.parse(sim.jointsJson()) as { name: string; qIndex: number; vIndex: number }[];
    const rod = joints.find((j) => j.name === 'pendulum/rod')!;
    new Float64Array(engine.HEAPF64.buffer, sim.effortsPointer(), sim.nv())[rod.vIndex] = 2; // 2 N·m on 1 kg·m²
    sim.step(100);
    const v = new Float64Array(engine.HEAPF64.buffer, sim.vPointer(), sim.nv());
    expect(v[rod.vIndex]).toBeCloseTo(2 * sim.time(), 9);
    const h = new Float64Array(engine.HEAPF64.buffer, sim.momentumPointer(), 6);
    // Along x: the ball's m·v, plus the 1 kg bob 1 m below the pivot moving at −q̇ cos q.
    const q = new Float64Array(engine.HEAPF64.buffer, sim.qPointer(), sim.nq())[rod.qIndex];
    expect(h[3]).toBeCloseTo(3 * 2 - v[rod.vIndex] * Math.cos(q), 9);
    sim.delete();
  });
});
