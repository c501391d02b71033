// The cart-pole, swung up and balanced, as a student would write it.
// Balancing (near the top): LQR. ctx.design.linearize gives ẋ = A x + B u of the scene's own model
// about the upright pole, ctx.design.lqr the gain of u = −K x over the control period.
// Swinging up (elsewhere): energy control (Åström & Furuta, "Swinging up a pendulum by energy
// control", Automatica 2000). The pole's energy E = ½ J θ̇² + m g l (cos θ − 1) is zero upright;
// the cart acceleration a = k E θ̇ cos θ (saturated) drives E to zero from any swing. The force that
// gives that acceleration comes from the model: q̈ is affine in the force, so two forward-dynamics
// calls invert it (partial feedback linearisation).
// State x = (cart position, pole angle, their rates); the cart-pole scene's q = (x, θ), θ = 0 up.
// Gains a slider may tune come from ctx.parameters (the scene's controller.parameters).

const WEIGHTS = [1, 50, 1, 5]; // on x, θ, ẋ, θ̇
const EFFORT_WEIGHT = 0.1; // on u²
const MAX_FORCE = 30; // N
// The pole of the gallery's cart-pole: 0.1 kg, centre of mass 0.5 m from the pivot, J about it.
const POLE = { mass: 0.1, length: 0.5, inertia: 0.008333333333 + 0.1 * 0.5 * 0.5 };
const MAX_ACCELERATION = 8; // m/s², while swinging up
const CART_CENTRING = [1.5, 2.5]; // m/s² per m and per m/s: keeps the cart near the middle meanwhile

let K = null;

export function control(ctx) {
  const pumpGain = ctx.parameters.pumpGain ?? 30; // a = k E θ̇ cos θ, m/s² per J·rad/s
  const catchAngle = ctx.parameters.catchAngle ?? 0.35; // rad from upright: where LQR takes over
  if (K === null) {
    const { A, B } = ctx.design.linearize(['cart-pole/cart'], { q: [0, 0], qd: [0, 0] });
    K = ctx.design.lqr(A, B, diagonal(WEIGHTS), [[EFFORT_WEIGHT]]).K[0];
  }
  const angle = Math.atan2(Math.sin(ctx.q[1]), Math.cos(ctx.q[1])); // the turns the pole made do not count
  const x = [ctx.q[0], angle, ctx.qd[0], ctx.qd[1]];
  const energy = 0.5 * POLE.inertia * x[3] * x[3] + POLE.mass * 9.81 * POLE.length * (Math.cos(angle) - 1);
  let force;
  if (Math.abs(angle) < catchAngle) {
    force = -(K[0] * x[0] + K[1] * x[1] + K[2] * x[2] + K[3] * x[3]);
  } else {
    const pump = Math.max(-MAX_ACCELERATION, Math.min(MAX_ACCELERATION, pumpGain * energy * x[3] * Math.cos(angle)));
    const a = pump - CART_CENTRING[0] * x[0] - CART_CENTRING[1] * x[2];
    force = forceFor(ctx, a);
  }
  force = Math.max(-MAX_FORCE, Math.min(MAX_FORCE, force));
  ctx.setEffort('cart-pole/cart', force);
  return { force, angle, energy };
}

// The cart force that gives cart acceleration a now: ẍ is affine in it.
function forceFor(ctx, a) {
  const free = ctx.model.forwardDynamics([0, 0])[0];
  const pushed = ctx.model.forwardDynamics([1, 0])[0];
  return (a - free) / (pushed - free);
}

function diagonal(values) {
  return values.map((v, i) => values.map((_, j) => (i === j ? v : 0)));
}
