// The Acrobot swung up and balanced with its elbow alone (Spong, "The swing up control problem
// for the Acrobot", IEEE Control Systems 1995; the energy form as in Tedrake's Underactuated
// Robotics, ch. 3). q = (q1, q2): q1 = 0 hangs down, upright is (π, 0); only τ2 acts.
// Swing-up: collocated partial feedback linearisation. With M q̈ + h = (0, τ2), any wanted elbow
// acceleration v is had with q̈1 = −(M12 v + h1) / M11 and τ2 = M21 q̈1 + M22 v + h2; M and h come
// from the scene's own model (massMatrix, inverseDynamics at q̈ = 0). The outer law
// v = −k1 q2 − k2 q̇2 − k3 q̇1 (E − E_up) pumps the energy to that of upright rest while the elbow
// stays near straight (Tedrake writes + k3 with his joint axes; this scene's turn the other way).
// These links are heavy (1 kg·m² each about the centre of mass) and the torque small (≤ 15 N·m):
// the swing-up takes some 15–25 s of ever larger swings.
// Balance: LQR about upright (ctx.design), taken over once the cost-to-go xᵀPx is small.

// The gallery's acrobot: two 1 m links of 1 kg, centres of mass at mid-length.
const LINK = { mass: 1, length: 1, com: 0.5 };
const G = 9.81;
const MAX_TORQUE = 50; // N·m
const MAX_PUMP = 20; // rad/s²: the energy term's share of the elbow's wanted acceleration

let balance = null; // { K, P }

export function control(ctx) {
  const k1 = ctx.parameters.k1 ?? 20, k2 = ctx.parameters.k2 ?? 3, k3 = ctx.parameters.k3 ?? 1.5;
  const catchCost = ctx.parameters.catchCost ?? 5000;
  if (balance === null) {
    const { A, B } = ctx.design.linearize(['acrobot/elbow'], { q: [Math.PI, 0], qd: [0, 0] });
    balance = ctx.design.lqr(A, B, diagonal([10, 10, 1, 1]), [[1]]);
  }
  const [q1, q2] = ctx.q, [w1, w2] = ctx.qd;
  const x = [wrap(q1 - Math.PI), wrap(q2), w1, w2];
  const cost = quadratic(balance.P, x);
  let torque, mode;
  if (cost < catchCost) {
    torque = -balance.K[0].reduce((sum, k, i) => sum + k * x[i], 0);
    mode = 1;
  } else {
    const energy = kinetic(ctx) + potential(q1, q2);
    const pump = Math.max(-MAX_PUMP, Math.min(MAX_PUMP, -k3 * w1 * (energy - potential(Math.PI, 0))));
    const v = -k1 * q2 - k2 * w2 + pump;
    torque = elbowTorqueFor(ctx, v);
    mode = 0;
  }
  torque = Math.max(-MAX_TORQUE, Math.min(MAX_TORQUE, torque));
  ctx.setEffort('acrobot/elbow', torque);
  return { torque, cost: Math.min(cost, 1e4), mode };
}

// Collocated partial feedback linearisation: the elbow torque that gives q̈2 = v.
function elbowTorqueFor(ctx, v) {
  const M = ctx.model.massMatrix();
  const h = ctx.model.inverseDynamics([0, 0]); // C q̇ + g: the efforts that would give q̈ = 0
  const qdd1 = -(M.get(0, 1) * v + h[0]) / M.get(0, 0);
  return M.get(1, 0) * qdd1 + M.get(1, 1) * v + h[1];
}

function kinetic(ctx) {
  const M = ctx.model.massMatrix(), w = ctx.qd;
  return 0.5 * (M.get(0, 0) * w[0] * w[0] + 2 * M.get(0, 1) * w[0] * w[1] + M.get(1, 1) * w[1] * w[1]);
}

// Heights of the centres of mass below the pivot: −lc cos q1 and −(l cos q1 + lc cos(q1 + q2)).
function potential(q1, q2) {
  return -LINK.mass * G * LINK.com * Math.cos(q1) - LINK.mass * G * (LINK.length * Math.cos(q1) + LINK.com * Math.cos(q1 + q2));
}

function wrap(angle) {
  return Math.atan2(Math.sin(angle), Math.cos(angle));
}

function quadratic(P, x) {
  return x.reduce((sum, xi, i) => sum + xi * P[i].reduce((s, p, j) => s + p * x[j], 0), 0);
}

function diagonal(values) {
  return values.map((v, i) => values.map((_, j) => (i === j ? v : 0)));
}
