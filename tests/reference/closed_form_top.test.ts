// The torque-free symmetric top against its closed form, through the library (lib/featherweight.ts).
// With I₁ = I₂ and no torque, Euler's equations give ω₃ constant and (ω₁, ω₂) turning about the
// body's symmetry axis at Ω = ω₃ (I₃ − I₁)/I₁ (Taylor, Classical Mechanics, §10.8; Goldstein,
// Poole & Safko, Classical Mechanics, 3rd ed., §5.6; Landau & Lifshitz, Mechanics, §36); in space
// the symmetry axis precesses about the fixed angular momentum L at L/I₁ (Landau & Lifshitz §33).
import { expect, it } from 'vitest';
import { featherweight } from './runners';
import { cross, dot, norm, rotate, scale, sub, type Quat, type Vec3 } from './rigid_math';

const I1 = 0.2, I3 = 0.35, OMEGA3 = 4, OMEGA_PERP = 1.5; // kg m², rad/s
const H = 1e-3, T = 1;

/** Adds the step's angle change to a running angle, taking the shorter way round. */
function unwrap(total: { angle: number; last: number }, angle: number): void {
  let step = angle - total.last;
  if (step > Math.PI) step -= 2 * Math.PI;
  if (step < -Math.PI) step += 2 * Math.PI;
  total.angle += step;
  total.last = angle;
}

it('a torque-free symmetric top: ω precesses in the body at ω₃ (I₃ − I₁)/I₁, its axis in space at L/I₁', async () => {
  const world = (await featherweight()).createWorld({
    format: 'featherweight-scene', version: 1, world: { gravity: [0, 0, 0], timestep: H, integrator: 'rk4' },
    bodies: [{ name: 'top', angularVelocity: [OMEGA_PERP, 0, OMEGA3], inertial: { mass: 1, com: [0, 0, 0], inertia: { ixx: I1, iyy: I1, izz: I3 } } }],
  });
  const { vIndex } = world.joint('top'); // a free body's q̇: ω, then v, both in the body frame (README, fw-sim)
  const L = world.momentum().angular;
  const Lhat = scale(L, 1 / norm(L));
  const across = (v: Vec3) => sub(v, scale(Lhat, dot(v, Lhat)));
  const axis0 = across([0, 0, 1]);
  const body = { angle: 0, last: 0 }, space = { angle: 0, last: 0 };
  for (let k = 0; k < Math.round(T / H); k++) {
    world.step(1);
    const w = world.qd;
    unwrap(body, Math.atan2(w[vIndex + 1], w[vIndex]));
    const axis = across(rotate(world.bodyPose('top').quaternion as Quat, [0, 0, 1]));
    unwrap(space, Math.atan2(dot(cross(axis0, axis), Lhat), dot(axis0, axis)));
  }
  expect(Math.abs(world.qd[vIndex + 2] - OMEGA3)).toBeLessThan(1e-13); // ω₃ stays: (I₁ − I₂) ω₁ω₂ = 0

  // Classical RK4 on the linear rotation of (ω₁, ω₂) at rate Ω lags by the remainder of e^z's
  // series after z⁴/4!, at most (Ωh)⁵/5! e^{Ωh} a step; round-off adds ~ε a step, 1e-12 in all.
  const Omega = (OMEGA3 * (I3 - I1)) / I1;
  const bodyError = Math.abs(body.angle / T - Omega);
  const bodyBound = ((Omega ** 5 * H ** 4) / 120) * Math.exp(Omega * H) + 1e-12;
  // In space the motion is two uniform rotations, the faster at L/I₁: the same bound at that rate.
  const precession = norm(L) / I1;
  const spaceError = Math.abs(space.angle / T - precession);
  const spaceBound = ((precession ** 5 * H ** 4) / 120) * Math.exp(precession * H) + 1e-12;
  console.log(`top: body-frame rate off by ${bodyError.toExponential(2)} (bound ${bodyBound.toExponential(2)}), space-frame by ${spaceError.toExponential(2)} rad/s (bound ${spaceBound.toExponential(2)})`);
  expect(bodyError).toBeLessThan(bodyBound);
  expect(spaceError).toBeLessThan(spaceBound);
  world.dispose();
});
