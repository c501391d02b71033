// The cart-pole, swung up and balanced, as a student would write it.
// Balancing (near the top): LQR. Linearise the scene's own model about the upright pole with
// ctx.model.forwardDynamics, discretise over the control period, solve the discrete Riccati
// equation by iteration, then push the cart with u = −K x.
// Swinging up (elsewhere): energy control (Åström & Furuta, "Swinging up a pendulum by energy
// control", Automatica 2000). The pole's energy E = ½ J θ̇² + m g l (cos θ − 1) is zero upright;
// the cart acceleration a = k E θ̇ cos θ (saturated) drives E to zero from any swing. The force that
// gives that acceleration comes from the model: q̈ is affine in the force, so two forward-dynamics
// calls invert it (partial feedback linearisation).
// State x = (cart position, pole angle, their rates); the cart-pole scene's q = (x, θ), θ = 0 up.

const WEIGHTS = [1, 50, 1, 5]; // on x, θ, ẋ, θ̇
const EFFORT_WEIGHT = 0.1; // on u²
const MAX_FORCE = 30; // N
// The pole of the gallery's cart-pole: 0.1 kg, centre of mass 0.5 m from the pivot, J about it.
const POLE = { mass: 0.1, length: 0.5, inertia: 0.008333333333 + 0.1 * 0.5 * 0.5 };
const PUMP_GAIN = 30; // a = k E θ̇ cos θ, m/s² per J·rad/s
const MAX_ACCELERATION = 8; // m/s², while swinging up
const CART_CENTRING = [1.5, 2.5]; // m/s² per m and per m/s: keeps the cart near the middle meanwhile
const CATCH_ANGLE = 0.35; // rad from upright: where LQR takes over

let K = null;

function linearise(ctx) {
  const eps = 1e-6;
  const accel = (q, qd, u) => ctx.model.forwardDynamics([u, 0], { q, qd });
  const A = zeros(4, 4);
  const B = zeros(4, 1);
  A[0][2] = A[1][3] = 1;
  for (let j = 0; j < 4; j++) {
    const plus = [0, 0, 0, 0], minus = [0, 0, 0, 0];
    plus[j] = eps;
    minus[j] = -eps;
    const up = accel(plus.slice(0, 2), plus.slice(2), 0), down = accel(minus.slice(0, 2), minus.slice(2), 0);
    A[2][j] = (up[0] - down[0]) / (2 * eps);
    A[3][j] = (up[1] - down[1]) / (2 * eps);
  }
  const push = accel([0, 0], [0, 0], 1), rest = accel([0, 0], [0, 0], 0);
  B[2][0] = push[0] - rest[0];
  B[3][0] = push[1] - rest[1];
  return { A, B };
}

// K = (R + BᵀPB)⁻¹ BᵀPA with P the fixed point of P = Q + AᵀPA − AᵀPB (R + BᵀPB)⁻¹ BᵀPA.
function lqr(ctx) {
  const { A, B } = linearise(ctx);
  const Ad = add(identity(4), scale(A, ctx.dt)), Bd = scale(B, ctx.dt);
  let P = diagonal(WEIGHTS);
  let gain = zeros(1, 4);
  for (let iteration = 0; iteration < 100000; iteration++) {
    const BtP = mul(transpose(Bd), P);
    const s = EFFORT_WEIGHT + mul(BtP, Bd)[0][0];
    gain = scale(mul(BtP, Ad), 1 / s);
    const next = add(diagonal(WEIGHTS), sub(mul(mul(transpose(Ad), P), Ad), mul(mul(transpose(Ad), mul(P, Bd)), gain)));
    const change = Math.max(...next.flat().map((v, i) => Math.abs(v - P.flat()[i])));
    P = next;
    if (change < 1e-9) break;
  }
  return gain[0];
}

export function control(ctx) {
  if (K === null) K = lqr(ctx);
  const angle = Math.atan2(Math.sin(ctx.q[1]), Math.cos(ctx.q[1])); // the turns the pole made do not count
  const x = [ctx.q[0], angle, ctx.qd[0], ctx.qd[1]];
  const energy = 0.5 * POLE.inertia * x[3] * x[3] + POLE.mass * 9.81 * POLE.length * (Math.cos(angle) - 1);
  let force;
  if (Math.abs(angle) < CATCH_ANGLE) {
    force = -(K[0] * x[0] + K[1] * x[1] + K[2] * x[2] + K[3] * x[3]);
  } else {
    const pump = Math.max(-MAX_ACCELERATION, Math.min(MAX_ACCELERATION, PUMP_GAIN * energy * x[3] * Math.cos(angle)));
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

// Small dense matrices as arrays of rows.
function zeros(r, c) {
  return Array.from({ length: r }, () => new Array(c).fill(0));
}
function identity(n) {
  return diagonal(new Array(n).fill(1));
}
function diagonal(values) {
  const m = zeros(values.length, values.length);
  values.forEach((v, i) => (m[i][i] = v));
  return m;
}
function transpose(m) {
  return m[0].map((_, j) => m.map((row) => row[j]));
}
function mul(a, b) {
  return a.map((row) => b[0].map((_, j) => row.reduce((sum, v, k) => sum + v * b[k][j], 0)));
}
function add(a, b) {
  return a.map((row, i) => row.map((v, j) => v + b[i][j]));
}
function sub(a, b) {
  return a.map((row, i) => row.map((v, j) => v - b[i][j]));
}
function scale(a, s) {
  return a.map((row) => row.map((v) => v * s));
}
