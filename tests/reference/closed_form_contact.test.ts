// Contact against closed forms in 3D, through the library (lib/featherweight.ts): a sphere rolling
// down a plane tilted about a skew axis, a box sliding to rest under Coulomb friction, a sphere's
// bounce heights. Each tolerance is what the stepping's own discrete solution allows.
import { expect, it } from 'vitest';
import type { World } from '../../lib/featherweight';
import { featherweight } from './runners';
import { axisAngle, dot, norm, rotate, scale, sub, type Quat, type Vec3 } from './rigid_math';

const G = 9.81;
const scene = (world: object, bodies: object[]) => ({ format: 'featherweight-scene', version: 1, world, bodies });

/** A free body's position and world velocity of its origin (its q̇ is ω, v in the body frame). */
function state(world: World, name: string): { position: Vec3; velocity: Vec3 } {
  const { position, quaternion } = world.bodyPose(name);
  const { vIndex } = world.joint(name);
  const v = world.qd.slice(vIndex + 3, vIndex + 6);
  return { position, velocity: rotate(quaternion as Quat, [v[0], v[1], v[2]]) };
}

it('a sphere rolls down a skew 3D incline at 5/7 g sin θ along the steepest descent', async () => {
  // Rolling without slipping: a = g sin θ / (1 + I/(m r²)) = 5/7 g sin θ for a solid sphere, which
  // needs μ ≥ 2/7 tan θ (Halliday, Resnick & Walker, Fundamentals of Physics, ch. 11, "The forces
  // of rolling").
  const theta = (25 * Math.PI) / 180, r = 0.1, h = 1e-3, steps = 500;
  const tilt = axisAngle([1, 2, 0], theta); // about an axis along neither x nor y
  const n = rotate(tilt, [0, 0, 1]);
  const downhill = sub([0, 0, -G], scale(n, dot([0, 0, -G], n)));
  const d = scale(downhill, 1 / norm(downhill));
  const a = (5 / 7) * G * Math.sin(theta);
  expect(Math.abs(norm(downhill) - G * Math.sin(theta))).toBeLessThan(1e-14);
  const world = (await featherweight()).createWorld(scene({ timestep: h }, [
    { name: 'slope', static: true, quaternion: tilt, shapes: [{ type: 'plane', friction: 0.9 }] },
    { name: 'ball', position: scale(n, r), shapes: [{ type: 'sphere', radius: r, friction: 0.9 }] }, // μ = 0.9 ≫ 2/7 tan θ = 0.13
  ]));
  const start = state(world, 'ball').position;
  world.step(steps);
  const { position, velocity } = state(world, 'ball');
  const t = steps * h, moved = sub(position, start);
  // Realtime stepping is semi-implicit Euler: under a constant acceleration v_n = a t_n exactly and
  // x_n = h Σ v_k = a t_n (t_n + h)/2. The sphere's normal and two friction rows do not couple
  // (its contact point lies under its centre, its inertia is isotropic), so the solver's first
  // sweep is exact: what is left is round-off, ~ε a step.
  const along = dot(moved, d), speed = dot(velocity, d);
  console.log(`incline: speed off a t by ${(speed - a * t).toExponential(2)} m/s, distance off a t (t + h)/2 by ${(along - (a * t * (t + h)) / 2).toExponential(2)} m`);
  expect(Math.abs(speed - a * t)).toBeLessThan(1e-12);
  expect(Math.abs(along - (a * t * (t + h)) / 2)).toBeLessThan(1e-12);
  expect(norm(sub(moved, scale(d, along)))).toBeLessThan(1e-12); // no drift off the line of steepest descent
  world.dispose();
});

it('a box slides to rest in v₀²/(2 μ g), μ = √(μ_box μ_floor) (docs/scene-format.md)', async () => {
  // Kinetic friction μ N decelerates it at μ g, so it stops after v₀²/(2 μ g) (Halliday, Resnick &
  // Walker, Fundamentals of Physics, ch. 6, friction, and ch. 2, v² = v₀² + 2a Δx). It slides
  // along its own x axis, which is also the contact's first tangent: slid at an angle to those,
  // the friction currently leans off −v by about a degree (its two rows are scaled by their own
  // effective masses). The solver's stopping tolerance (1e-6 m/s by default) is set to 1e-13 so
  // that the efforts are Coulomb's to round-off.
  const muBox = 0.45, muFloor = 0.8, mu = Math.sqrt(muBox * muFloor), v0 = 2;
  const exact = (v0 * v0) / (2 * mu * G);
  for (const [integrator, h] of [['semi-implicit-euler', 1e-3], ['rk4', 1e-3], ['rk4', 5e-4]] as const) {
    const world = (await featherweight()).createWorld(scene({ timestep: h, integrator, solver: { tolerance: 1e-13, iterations: 100 } }, [
      { name: 'floor', static: true, shapes: [{ type: 'plane', friction: muFloor }] },
      { name: 'box', position: [0, 0, 0.1], linearVelocity: [v0, 0, 0], shapes: [{ type: 'box', size: [0.4, 0.3, 0.2], friction: muBox }] },
    ]));
    world.step(Math.ceil(v0 / (mu * G) / h) + 50);
    const { position, velocity } = state(world, 'box');
    const distance = position[0];
    // With r = v₀/(μ g h) = N + f: semi-implicit Euler (realtime) moves h Σ_{k≤N} (v₀ − k μ g h) =
    // exact − μ g h² (N + f²)/2, to round-off (~ε a step, 1e-12 in all). RK4 (accurate) follows the
    // constant deceleration while the box slides; once the slip v is below μ g h, the friction row
    // asks each stage to take it out over the interval (q̈ = −v/h, within μ g), which RK4 makes a
    // geometric tail (v × 3/8 a step): the box stops within a few steps, further than v₀²/(2μg) by
    // less than the μ g h² a last step's slip can carry it.
    const r = v0 / (mu * G * h), N = Math.floor(r), f = r - N;
    const rk4 = integrator === 'rk4';
    const offset = rk4 ? 0 : (-mu * G * h * h * (N + f * f)) / 2;
    console.log(`slide (${integrator}, h = ${h}): ${(distance - exact).toExponential(3)} m from v₀²/(2μg)`);
    if (rk4) {
      expect(distance - exact).toBeGreaterThan(0);
      expect(distance - exact).toBeLessThan(mu * G * h * h);
    } else {
      expect(Math.abs(offset)).toBeLessThan((v0 * h) / 2);
      expect(Math.abs(distance - exact - offset)).toBeLessThan(1e-12);
    }
    expect(norm(velocity)).toBeLessThan(1e-12); // at rest
    // Straight, on the floor: to round-off in realtime stepping; in accurate stepping as its
    // resting rows hold a box (solved at each stage to a tenth of an event tolerance's drift over
    // the interval, which adds up: within 1e-6 m, as tests/core/accurate_resting_test.cpp asks).
    expect(Math.hypot(position[1], position[2] - 0.1)).toBeLessThan(rk4 ? 1e-6 : 1e-12);
    world.dispose();
  }
});

it('a sphere bounces back to e² of its height, bounce after bounce (accurate stepping)', async () => {
  // Newton's law of restitution v⁺ = −e v⁻ (Stronge, Impact Mechanics, ch. 2) and free flight,
  // v² = 2 g h (Halliday, Resnick & Walker, ch. 2), give h_{n+1} = e² h_n; a pair's e is the
  // smaller of its two (docs/scene-format.md), so on a floor of e = 1 it is the ball's own.
  // Accurate stepping locates an impact by bisection, once the penetration δ has passed its
  // event tolerance (1e-9 m, World's eventTolerance) by no more than twenty of them
  // (docs/scene-format.md, `stepping`), resolves it there and lifts the sphere back onto the
  // surface, velocity untouched: h_{n+1} = e² (h_n + δ), 1e-9 m < δ ≤ 2e-8 m. RK4 is exact in
  // free flight (z is quadratic in t): the rest is round-off, < 1e-12 m.
  const e = 0.8, r = 0.1, h0 = 1, tolerance = 1e-9, located = 20 * tolerance;
  const world = (await featherweight()).createWorld(scene({ timestep: 1e-3, integrator: 'rk4' }, [
    { name: 'floor', static: true, shapes: [{ type: 'plane', restitution: 1 }] },
    { name: 'ball', position: [0, 0, h0 + r], shapes: [{ type: 'sphere', radius: r, restitution: e }] },
  ]));
  const heights = [h0];
  let before = 0;
  for (let k = 0; k < 2400; k++) {
    world.step(1);
    const { position, velocity } = state(world, 'ball');
    // Rising again: the height this flight reaches, from energy, z − r + v_z²/(2g).
    if (before < 0 && velocity[2] > 0) heights.push(position[2] - r + (velocity[2] * velocity[2]) / (2 * G));
    before = velocity[2];
  }
  expect(heights.length).toBeGreaterThanOrEqual(5); // four bounces
  const errors = heights.slice(1).map((height, n) => height - e * e * heights[n]);
  console.log(`bounces: h_{n+1} − e² h_n = ${errors.map((x) => x.toExponential(3)).join(', ')} m (bounds e² × 1e-9 and e² × 2e-8)`);
  for (const error of errors) {
    expect(error).toBeGreaterThan(e * e * tolerance - 1e-12);
    expect(error).toBeLessThan(e * e * located + 1e-12);
  }
  world.dispose();
});
