// The engine as a library (lib/featherweight.ts): the model queries against independent
// checks — H from inverse dynamics' columns, inverse ∘ forward dynamics, the Jacobian against
// finite differences of poses, gravity torques holding an arm — views across memory growth, and
// SceneError's path. The last test runs the built library (dist-lib, `npm run build:lib`) in Node.
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadEngine, SceneError, SIMD_MISSING, type Engine, type World } from '../../lib/featherweight';
import { loadLibraryInNode, readScene, repoPath } from './engine';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

// The six-joint arm without its servos and limits, at a pose where every joint matters.
function bareArm(): Json {
  const scene = readScene('robot-arm-6.json') as Json;
  scene.world = { timestep: 0.001, integrator: 'rk4' };
  delete scene.meta; // its sliders drive the servos taken off below
  scene.bodies = []; // the balls and the block it plays with
  scene.articulations[0].links.forEach((link: Json, i: number) => {
    delete link.joint.motor;
    delete link.joint.limits;
    if (link.joint.type === 'revolute') link.joint.position = 0.3 + 0.2 * i;
  });
  return scene;
}

let engine: Engine;
beforeAll(async () => {
  engine = await loadLibraryInNode();
});

function withVelocities(world: World): void {
  world.qd.forEach((_, i, v) => (v[i] = 0.5 - 0.17 * i));
}

describe('the engine as a library', () => {
  it('refuses a runtime without WebAssembly SIMD with a message that says so', async () => {
    const validate = vi.spyOn(WebAssembly, 'validate').mockReturnValue(false);
    try {
      await expect(loadEngine({ wasmBinary: new Uint8Array(0) })).rejects.toThrow(SIMD_MISSING);
    } finally {
      validate.mockRestore();
    }
    expect(SIMD_MISSING).toMatch(/SIMD.*Safari 16\.4/);
  });

  it('gives a symmetric positive definite H(q) equal to inverse dynamics column by column', () => {
    const world = engine.createWorld(bareArm());
    const n = world.nv;
    const H = world.massMatrix();
    expect(H.rows).toBe(n);
    // Columns of H: τ(e_j) − τ(0) at q̇ = 0 (RNEA is affine in q̈).
    const base = world.inverseDynamics(new Float64Array(n));
    for (let j = 0; j < n; j++) {
      const e = new Float64Array(n);
      e[j] = 1;
      const column = world.inverseDynamics(e);
      for (let i = 0; i < n; i++) {
        expect(H.get(i, j)).toBeCloseTo(column[i] - base[i], 10);
        expect(H.get(i, j)).toBe(H.get(j, i));
      }
    }
    // Positive definite: a Cholesky factorisation succeeds.
    const L = new Float64Array(n * n);
    for (let i = 0; i < n; i++)
      for (let j = 0; j <= i; j++) {
        let sum = H.get(i, j);
        for (let k = 0; k < j; k++) sum -= L[i * n + k] * L[j * n + k];
        if (i === j) {
          expect(sum).toBeGreaterThan(0);
          L[i * n + i] = Math.sqrt(sum);
        } else L[i * n + j] = sum / L[j * n + j];
      }
    world.dispose();
  });

  it('inverts forward dynamics: inverseDynamics(forwardDynamics(τ)) = τ to 1e-10', () => {
    const scene = bareArm();
    scene.articulations[0].links[2].joint.damping = 0.8; // the joints' own efforts count too
    scene.articulations[0].links[3].joint.spring = { stiffness: 20, rest: 0.1 };
    const world = engine.createWorld(scene);
    withVelocities(world);
    const tau = Float64Array.from({ length: world.nv }, (_, i) => 3 * Math.sin(i + 1));
    const back = world.inverseDynamics(world.forwardDynamics(tau));
    for (let i = 0; i < world.nv; i++) expect(Math.abs(back[i] - tau[i])).toBeLessThan(1e-10);
    world.dispose();
  });

  it("gives the tool point's Jacobian, equal to finite differences of its pose to 1e-6", () => {
    const world = engine.createWorld(bareArm());
    const tool = `${bareArm().articulations[0].name}/scoop`;
    const local: [number, number, number] = [0, 0, 0.1];
    const pointAt = () => {
      const { position: p, quaternion: [w, x, y, z] } = world.bodyPose(tool);
      // p + R(q) local, R from the unit quaternion.
      const [a, b, c] = local;
      const t = [2 * (y * c - z * b), 2 * (z * a - x * c), 2 * (x * b - y * a)];
      return [p[0] + a + w * t[0] + (y * t[2] - z * t[1]), p[1] + b + w * t[1] + (z * t[0] - x * t[2]), p[2] + c + w * t[2] + (x * t[1] - y * t[0])];
    };
    const J = world.jacobian(tool, local);
    expect([J.rows, J.cols]).toEqual([6, world.nv]);
    const eps = 1e-6;
    for (let j = 0; j < world.nv; j++) {
      const q = world.q[j];
      world.q[j] = q + eps; // the views write the state; bodyPose reads it
      const plus = pointAt();
      world.q[j] = q - eps;
      const minus = pointAt();
      world.q[j] = q;
      for (let r = 0; r < 3; r++) expect(Math.abs(J.get(3 + r, j) - (plus[r] - minus[r]) / (2 * eps))).toBeLessThan(1e-6);
    }
    world.dispose();
  });

  it('holds the six-joint arm still with its gravity torques (drift < 1e-6 rad in 1 s)', () => {
    const world = engine.createWorld(bareArm());
    const start = world.q.slice();
    for (let k = 0; k < 1000; k++) {
      world.tau.set(world.gravityTorques());
      world.step(1);
    }
    expect(world.time).toBeCloseTo(1, 9);
    for (let i = 0; i < world.nq; i++) expect(Math.abs(world.q[i] - start[i])).toBeLessThan(1e-6);
    // Without them it falls.
    const falling = engine.createWorld(bareArm());
    falling.step(1000);
    expect(Math.max(...falling.q.map((x, i) => Math.abs(x - start[i])))).toBeGreaterThan(0.1);
    world.dispose();
    falling.dispose();
  });

  it('reads q, q̇ and τ through views that stay right after the memory grows', () => {
    const world = engine.createWorld(readScene('pendulum.json'));
    world.step(200);
    const before = Array.from(world.q);
    const buffer = engine.module.HEAPF64.buffer;
    // 100-link chains until the module's memory has to grow.
    const big = readScene('chain-100.json') as Json;
    const others: World[] = [];
    while (engine.module.HEAPF64.buffer === buffer && others.length < 500) others.push(engine.createWorld(big));
    expect(engine.module.HEAPF64.buffer).not.toBe(buffer); // the memory grew
    expect(Array.from(world.q)).toEqual(before);
    world.setEffort('pendulum/rod', 0.5);
    expect(world.tau[0]).toBe(0.5);
    world.step(1);
    expect(world.time).toBeCloseTo(201 * world.timestep, 12);
    for (const w of others) w.dispose();
    world.dispose();
  });

  it('throws SceneError with the JSON path of what is wrong', () => {
    const scene = readScene('pendulum.json') as Json;
    scene.articulations[0].links[0].shapes[0].radius = -1;
    let thrown: unknown;
    try {
      engine.createWorld(scene);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(SceneError);
    expect((thrown as SceneError).path).toBe('/articulations/0/links/0/shapes/0/radius');
    expect((thrown as SceneError).message.length).toBeGreaterThan(5);
    expect(() => engine.createWorld('{')).toThrow(SceneError);
    const world = engine.createWorld(readScene('pendulum.json'));
    expect(() => world.joint('pendulum/nothing')).toThrow(/no joint named 'pendulum\/nothing'/);
    expect(world.joint('pendulum/rod')).toEqual({ index: 0, type: 'revolute', qIndex: 0, vIndex: 0, nq: 1, nv: 1 });
    world.dispose();
  });

  it('counts time: 2,000 steps of 1 ms are exactly 2 s, across a save and restore and after a reset', () => {
    const scenes = [readScene('pendulum.json') as Json, readScene('table-toys.json') as Json, readScene('newtons-cradle.json') as Json];
    scenes[1].world = { ...scenes[1].world, timestep: 0.001, integrator: 'semi-implicit-euler' }; // realtime, contacts
    for (const scene of scenes) {
      const world = engine.createWorld(scene);
      expect(world.timestep).toBe(0.001);
      world.step(1000);
      expect(world.time).toBe(1);
      const saved = world.saveState();
      for (let k = 1001; k <= 2000; k++) {
        world.step(1);
        expect(world.time).toBe(k * 0.001);
      }
      expect(world.time).toBe(2); // t += h gave 1.9999999999998905
      world.restoreState(saved);
      expect(world.time).toBe(1);
      world.step(1000);
      expect(world.time).toBe(2);
      world.reset();
      expect(world.time).toBe(0);
      world.step(2000);
      expect(world.time).toBe(2);
      expect(world.error).toBe('');
      world.dispose();
    }
  });

  it('answers forwardDynamics(τ, { q, qd }) at that state, leaving the world as it was', () => {
    const world = engine.createWorld(bareArm());
    withVelocities(world);
    const q0 = world.q.slice(), qd0 = world.qd.slice();
    const at = { q: Array.from(q0, (x, i) => x - 0.4 + 0.13 * i), qd: Array.from(qd0, (_, i) => 0.3 * Math.cos(i)) };
    const tau = Float64Array.from({ length: world.nv }, (_, i) => 2 * Math.sin(2 * i + 1));
    const qdd = world.forwardDynamics(tau, at);
    expect(Array.from(world.q)).toEqual(Array.from(q0)); // put back bit for bit
    expect(Array.from(world.qd)).toEqual(Array.from(qd0));
    // The round trip at that state …
    const back = world.inverseDynamics(qdd, at);
    for (let i = 0; i < world.nv; i++) expect(Math.abs(back[i] - tau[i])).toBeLessThan(1e-9);
    // … is not the one at the world's own state, and is what setting the state gives.
    const here = world.forwardDynamics(tau);
    expect(Math.max(...here.map((x, i) => Math.abs(x - qdd[i])))).toBeGreaterThan(1e-3);
    world.q.set(at.q);
    world.qd.set(at.qd);
    expect(Array.from(world.forwardDynamics(tau))).toEqual(Array.from(qdd));
    // Only q given: q̇ is the world's own.
    const onlyQ = world.forwardDynamics(tau, { q: q0 });
    world.q.set(q0);
    expect(Array.from(world.forwardDynamics(tau))).toEqual(Array.from(onlyQ));
    world.dispose();
  });

  it('lists the joints (type, coordinates and their offsets) and the bodies of a shipped scene', () => {
    const scene = readScene('robot-arm-6.json') as Json;
    const world = engine.createWorld(scene);
    const arm = scene.articulations[0];
    const bodies = scene.bodies as Json[]; // free bodies, and static ones (welded to the world)
    const links = (arm.links as Json[]).map((l) => `${arm.name}/${l.name}`);
    expect(world.joints.map((j) => j.name).sort()).toEqual([...links, ...bodies.map((b) => b.name)].sort());
    const typeOf = (name: string) => (links.includes(name) ? 'revolute' : bodies.find((b) => b.name === name)!.static ? 'fixed' : 'free');
    const sizes = { revolute: [1, 1], free: [7, 6], fixed: [0, 0] } as Record<string, number[]>;
    let q = 0, v = 0;
    for (const j of world.joints) {
      expect([j.qIndex, j.vIndex], j.name).toEqual([q, v]); // in the model's order, one after the other
      expect(j.type, j.name).toBe(typeOf(j.name));
      expect([j.nq, j.nv], j.name).toEqual(sizes[j.type]);
      expect(world.bodies[j.index], j.name).toBe(j.name); // the joint's child body
      const { name, parentBody, aliases, ...handle } = j;
      expect(world.joint(name)).toEqual(handle);
      for (const alias of aliases) expect(world.joint(alias)).toEqual(handle); // a link's plain name, where unique
      expect(parentBody).toBeLessThan(j.index);
      q += j.nq;
      v += j.nv;
    }
    expect([q, v]).toEqual([world.nq, world.nv]);
    expect(world.bodies).toHaveLength(world.bodyCount);
    expect(world.joints.find((j) => j.name === `${arm.name}/turret`)!.parentBody).toBe(-1);
    // Read-only: the lists cannot be changed from outside.
    expect(() => (world.bodies as string[]).push('x')).toThrow(TypeError);
    expect(() => ((world.joints[0] as { qIndex: number }).qIndex = 5)).toThrow(TypeError);
    expect(world.joints[0].qIndex).not.toBe(5);
    world.dispose();
  });

  it('gives bodyPose quaternions scalar first (w, x, y, z), as the scene format and MuJoCo do', () => {
    const world = engine.createWorld(readScene('pendulum.json')); // the rod turned 1 rad about y
    const { position, quaternion } = world.bodyPose('pendulum/rod');
    [Math.cos(0.5), 0, Math.sin(0.5), 0].forEach((x, k) => expect(quaternion[k]).toBeCloseTo(x, 12));
    const p = world.poses; // the live buffer keeps x, y, z, qx, qy, qz, qw
    const [w, x, y, z] = quaternion;
    [...position, x, y, z, w].forEach((value, k) => expect(p[k]).toBeCloseTo(value, 6));
    expect(world.bodyPose(0)).toEqual(world.bodyPose('pendulum/rod'));
    world.dispose();
  });

  it('runs as the built library in Node, reading its .wasm itself', async () => {
    const built = repoPath('dist-lib/featherweight.mjs');
    expect(existsSync(built), 'npm run build:lib makes dist-lib/ (scripts/test.sh runs it first)').toBe(true);
    const lib = (await import(pathToFileURL(built).href)) as typeof import('../../lib/featherweight');
    const own = await lib.loadEngine();
    const world = own.createWorld(JSON.stringify(readScene('pendulum.json')));
    world.step(Math.round(1 / world.timestep));
    expect(world.time).toBeCloseTo(1, 9);
    expect(world.energy().balance).toBeLessThan(1e-6);
    world.dispose();
  });
});
