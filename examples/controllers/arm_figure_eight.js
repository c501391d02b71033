// Two six-joint arms trace a figure-eight with the tip of their scoops: the first by computed
// torque, the second by PD with gravity compensation, with the same gains (the scene
// arm-computed-torque.json: articulation "ct" first, then "pd", six joints each, so q[0..5] and
// q[6..11]; the arms are the same, so one joint path serves both).
// Path: p(t) = c + (0, a sin ωt, b sin 2ωt), c the tip at t = 0, so it starts on the path.
// Joint path: inverse kinematics on the model's own Jacobian (ctx.model.at(q).jacobian), damped
// least squares from one sample to the next over the first three joints (the wrist keeps its
// angles: no redundancy to drift in), a sample ahead so q̇ref and q̈ref are central differences.
// Computed torque (Craig, "Introduction to Robotics", § 10.4): τ = ID(q, q̇, q̈ref + Kd ė + Kp e) =
// M(q)(q̈ref + Kd ė + Kp e) + h(q, q̇): the error obeys ë + Kd ė + Kp e = 0 whatever the arm does.
// PD + gravity compensation (Takegaki & Arimoto 1981): τ = diag(M)(Kp e + Kd ė) + g(q), stable at
// rest, lagging on a moving path: the coupling of the joints and the Coriolis forces are left to
// the error.

const N = 6;
const TIP = [0, 0, 0.05]; // on the scoop, in its frame
const WIDTH = 0.15, HEIGHT = 0.1; // m: the figure-eight's half-width and half-height
const DAMPING = 1e-3; // λ of damped least squares
const MOVING = 3; // the path is the turret's, shoulder's and elbow's; the wrist holds its angles

let samples = null; // joint path at t − dt, t, t + dt
let centre = null;

export function control(ctx) {
  const kp = ctx.parameters.kp ?? 400, kd = 2 * Math.sqrt(kp);
  const period = ctx.parameters.period ?? 4;
  const dt = ctx.dt, t = ctx.t;
  // The figure-eight grows from the point over the first period (smoothstep), so it starts at rest.
  const path = (time) => {
    const w = (2 * Math.PI) / period, x = Math.min(1, Math.max(0, time / period)), grow = x * x * (3 - 2 * x);
    return [centre[0], centre[1] + grow * WIDTH * Math.sin(w * time), centre[2] + grow * HEIGHT * Math.sin(2 * w * time)];
  };
  if (samples === null) {
    centre = tip(ctx.model, ctx.q);
    const now = Array.from(ctx.q.slice(0, N));
    samples = [solve(ctx, now, path(t - dt)), now, solve(ctx, now, path(t + dt))];
  } else {
    samples.shift();
    samples.push(solve(ctx, samples[1], path(t + dt)));
  }
  const [before, ref, after] = samples;
  const qd = ref.map((_, i) => (after[i] - before[i]) / (2 * dt));
  const qdd = ref.map((_, i) => (after[i] - 2 * ref[i] + before[i]) / (dt * dt));

  // Computed torque on the first arm, from inverse dynamics at the state now.
  const wanted = new Array(2 * N).fill(0);
  for (let i = 0; i < N; i++) wanted[i] = qdd[i] + kd * (qd[i] - ctx.qd[i]) + kp * (ref[i] - ctx.q[i]);
  const tau = ctx.model.inverseDynamics(wanted);
  // PD + gravity compensation on the second, each joint's gains scaled by its own inertia (the
  // diagonal of M): the same bandwidth at rest, without the coupling computed torque cancels.
  const gravity = ctx.model.gravityTorques();
  const M = ctx.model.massMatrix();
  const names = ['turret', 'shoulder', 'elbow', 'wrist-roll', 'wrist-pitch', 'scoop'];
  for (let i = 0; i < N; i++) {
    ctx.setEffort(`ct/${names[i]}`, tau[i]);
    const inertia = M.get(N + i, N + i);
    ctx.setEffort(`pd/${names[i]}`, inertia * (kp * (ref[i] - ctx.q[N + i]) + kd * (qd[i] - ctx.qd[N + i])) + gravity[N + i]);
  }
  const goal = path(t);
  const error = (arm, offset) => 1000 * distance(tip(ctx.model, ctx.q, arm), [goal[0], goal[1] + offset, goal[2]]);
  return { 'computed torque error (mm)': error('ct', 0), 'PD + gravity error (mm)': error('pd', 1.2) };
}

// Joint values near `from` whose tip is at `goal`: two damped least-squares steps on the
// position rows of the Jacobian (Wampler 1986): Δq = Jᵀ (J Jᵀ + λ² I)⁻¹ (goal − tip).
function solve(ctx, from, goal) {
  let q = from.slice();
  for (let iteration = 0; iteration < 2; iteration++) {
    const full = [...q, ...ctx.q.slice(N)];
    const at = ctx.model.at({ q: full });
    const J = at.jacobian('ct/scoop', TIP);
    const rows = [3, 4, 5].map((r) => Array.from({ length: N }, (_, c) => (c < MOVING ? J.get(r, c) : 0)));
    const e = sub3(goal, tip(ctx.model, full));
    const JJt = rows.map((a) => rows.map((b) => dot(a, b)));
    for (let i = 0; i < 3; i++) JJt[i][i] += DAMPING * DAMPING;
    const y = solve3(JJt, e);
    q = q.map((v, c) => v + rows[0][c] * y[0] + rows[1][c] * y[1] + rows[2][c] * y[2]);
  }
  return q;
}

function tip(model, q, arm = 'ct') {
  const pose = model.at({ q }).bodyPose(`${arm}/scoop`);
  return add3(pose.position, rotate(pose.quaternion, TIP));
}

function rotate([w, x, y, z], v) {
  // v + 2 w (u × v) + 2 u × (u × v), u = (x, y, z): the quaternion scalar first, as bodyPose gives it
  const u = [x, y, z];
  const t = cross(u, v).map((c) => 2 * c);
  return add3(add3(v, t.map((c) => w * c)), cross(u, t));
}
function cross(a, b) {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
}
function dot(a, b) {
  return a.reduce((sum, v, i) => sum + v * b[i], 0);
}
function add3(a, b) {
  return [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
}
function sub3(a, b) {
  return [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
}
function distance(a, b) {
  return Math.sqrt(dot(sub3(a, b), sub3(a, b)));
}
// A 3 × 3 system by Cramer's rule (J Jᵀ + λ² I is symmetric positive definite).
function solve3(A, b) {
  const det = (m) => m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0]) + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
  const d = det(A);
  return [0, 1, 2].map((k) => det(A.map((row, i) => row.map((v, j) => (j === k ? b[i] : v)))) / d);
}
