// Featherweight against MuJoCo's wasm (mujoco-js) on the same models in 3D: a tumbling asymmetric
// free box, a ragdoll of ball joints and hinges on a free torso, a 30-link random tree of hinges,
// slides and balls (tree_models.ts writes each as a scene and as MJCF; models.ts builds them).
// Gravity on, contacts off, the same nonzero initial velocities; RK4 at 1 ms for 1 s, then every
// body's frame origin and centre of mass are compared.
//
// MuJoCo's RK4 (mj_RungeKutta) moves a quaternion joint by exp(h Σ bⱼ ωⱼ), the stages' angular
// velocities summed without the dexp⁻¹ correction of Runge–Kutta–Munthe-Kaas (Munthe-Kaas 1998;
// Hairer, Lubich & Wanner, Geometric Numerical Integration, 2nd ed., §IV.8), so it is of
// second order on ball and free joints: its own 1 ms error is 1e-8 to 2e-6 m here, and halving
// its step divides it by 4. Featherweight's RK4 is Munthe-Kaas's (core/integrators/rk4.cpp), of
// fourth order. The reference is therefore MuJoCo at 1, 1/2 and 1/4 ms, Richardson-extrapolated
// to remove its h² and h³ error terms (Hairer, Nørsett & Wanner, Solving ODEs I, §II.8–9): what
// remains of it is ~1e-12 m, and the 1e-9 m bound holds Featherweight's own RK4 error at 1 ms.
import { describe, expect, it } from 'vitest';
import { distance, type Vec3 } from './rigid_math';
import { mjcfEuler, mjcfNative, type Tree } from './tree_models';
import { ragdoll, randomTree, tumblingBox } from './models';
import { runFeatherweight, runMuJoCo, type Poses } from './runners';

const H = 1e-3;
const STEPS = 1000;
const TOLERANCE = 1e-9; // m

/** The largest distance between the same body's origins or centres of mass. */
function worst(a: Poses, b: Poses): number {
  return Math.max(...a.origins.map((p, k) => distance(p, b.origins[k])), ...a.coms.map((p, k) => distance(p, b.coms[k])));
}

/** Σ cⱼ Pⱼ, point by point. */
function combine(poses: Poses[], c: number[]): Poses {
  const mix = (pick: (p: Poses) => Vec3[], k: number) => [0, 1, 2].map((i) => poses.reduce((s, p, j) => s + c[j] * pick(p)[k][i], 0)) as Vec3;
  return {
    origins: poses[0].origins.map((_, k) => mix((p) => p.origins, k)),
    coms: poses[0].coms.map((_, k) => mix((p) => p.coms, k)),
    quats: [],
  };
}

// x(h) = x* + A h² + B h³ + O(h⁴) at h, h/2, h/4: (x(h) − 12 x(h/2) + 32 x(h/4)) / 21 = x* + O(h⁴).
const RICHARDSON = [1 / 21, -12 / 21, 32 / 21];

async function compare(tree: Tree): Promise<{ gap: number; mujocoOwn: number[]; moved: number[] }> {
  const fw = await runFeatherweight(tree, H, STEPS);
  const mj: Poses[] = [];
  for (const k of [1, 2, 4]) mj.push(await runMuJoCo(tree, mjcfNative(tree, H / k), STEPS * k));
  const start = await runFeatherweight(tree, H, 0);
  return { gap: worst(fw, combine(mj, RICHARDSON)), mujocoOwn: mj.map((p) => worst(fw, p)), moved: fw.coms.map((p, k) => distance(p, start.coms[k])) };
}

describe('Featherweight against MuJoCo on the same 3D trees (RK4, 1 ms, 1 s, contacts off)', () => {
  it.each([
    ['a tumbling asymmetric free box', tumblingBox],
    ['a ragdoll: ball joints and hinges on a free torso', ragdoll],
    ['a 30-link random tree of hinges, slides and balls', () => randomTree()],
  ] as const)('%s: every body within 1e-9 m of MuJoCo after 1 s', async (_, make) => {
    const { gap, mujocoOwn, moved } = await compare(make());
    console.log(`${_}: worst ${gap.toExponential(2)} m; MuJoCo's own RK4 at 1, 1/2, 1/4 ms: ${mujocoOwn.map((g) => g.toExponential(2)).join(', ')} m`);
    expect(gap).toBeLessThan(TOLERANCE);
    // MuJoCo's RK4 is of second order on quaternion joints (the premise of the extrapolation).
    expect(mujocoOwn[0] / mujocoOwn[1]).toBeGreaterThan(3.5);
    expect(mujocoOwn[0] / mujocoOwn[1]).toBeLessThan(4.5);
    expect(Math.min(...moved)).toBeGreaterThan(1e-3); // every body moved,
    expect(Math.max(...moved)).toBeGreaterThan(1); // most by far more
  });

  it('the box as three slides and three hinges in MuJoCo: plain RK4 at 1 ms in both, within 1e-9 m', async () => {
    // In these coordinates MuJoCo's RK4 is the classical one, of fourth order: no extrapolation.
    const tree = tumblingBox();
    const gap = worst(await runFeatherweight(tree, H, STEPS), await runMuJoCo(tree, mjcfEuler(tree, H), STEPS));
    console.log(`box as slides and hinges: worst ${gap.toExponential(2)} m`);
    expect(gap).toBeLessThan(TOLERANCE);
  });
});
