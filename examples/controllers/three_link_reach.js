// Wawrzyński's three-link arm (§ 13.3: massless 1 m links, 1 kg at the second and third joints
// and the payload at the tip) carries its payload to the green target. The target is a body of
// the scene (the sliders move it), read with ctx.model.bodyPose; the payload's mass is the
// model's, so the controller knows what it carries.
// Plan: inverse kinematics for the target (damped least squares on the model's Jacobian, the
// elbow kept as it is), then a minimum-jerk path in joint space (Flash & Hogan 1985):
// q(s) = q0 + (q1 − q0)(10 s³ − 15 s⁴ + 6 s⁵), s = t / T.
// Track: computed torque, τ = ID(q, q̇, q̈ref + Kd ė + Kp e), each torque clipped to ±maxTorque.
// A new target (a slider moved) plans again from where the arm is.

const TIP = [1, 0, 0]; // the payload, on link3
const JOINTS = ['arm/link1', 'arm/link2', 'arm/link3'];

let plan = null;

export function control(ctx) {
  const kp = ctx.parameters.kp ?? 100, kd = 2 * Math.sqrt(kp);
  const duration = ctx.parameters.reachTime ?? 2;
  const maxTorque = ctx.parameters.maxTorque ?? 80;
  const target = ctx.model.bodyPose('target').position;
  const q = Array.from(ctx.q);
  if (plan === null || target.some((v, i) => v !== plan.target[i])) plan = { target, from: q, to: reach(ctx, q, target), start: ctx.t };

  const s = Math.min(1, (ctx.t - plan.start) / duration);
  const h = s * s * s * (10 - 15 * s + 6 * s * s), dh = 30 * s * s * (1 - s) * (1 - s) / duration, ddh = 60 * s * (1 - s) * (1 - 2 * s) / (duration * duration);
  const wanted = q.map((qi, i) => {
    const span = plan.to[i] - plan.from[i];
    const ref = plan.from[i] + span * h;
    return span * ddh + kd * (span * dh - ctx.qd[i]) + kp * (ref - qi);
  });
  const tau = ctx.model.inverseDynamics(wanted);
  JOINTS.forEach((joint, i) => ctx.setEffort(joint, Math.max(-maxTorque, Math.min(maxTorque, tau[i]))));
  const tip = tipAt(ctx.model, ctx.q);
  const miss = Math.hypot(tip[0] - target[0], tip[2] - target[2]);
  return { 'distance to target (mm)': 1000 * miss, 'τ1 (N·m)': tau[0], 'τ2 (N·m)': tau[1], 'τ3 (N·m)': tau[2] };
}

// Joint angles that put the tip on the target, from q: damped least squares on the x and z rows.
function reach(ctx, q, target) {
  let x = q.slice();
  for (let iteration = 0; iteration < 200; iteration++) {
    const tip = tipAt(ctx.model, x);
    const e = [target[0] - tip[0], target[2] - tip[2]];
    if (Math.hypot(e[0], e[1]) < 1e-9) break;
    const J = ctx.model.at({ q: x }).jacobian('arm/link3', TIP);
    const rows = [3, 5].map((r) => [0, 1, 2].map((c) => J.get(r, c)));
    const a = rows[0].reduce((s, v) => s + v * v, 0) + 1e-4, b = rows[0].reduce((s, v, i) => s + v * rows[1][i], 0), d = rows[1].reduce((s, v) => s + v * v, 0) + 1e-4;
    const det = a * d - b * b;
    const y = [(d * e[0] - b * e[1]) / det, (a * e[1] - b * e[0]) / det];
    x = x.map((v, c) => v + rows[0][c] * y[0] + rows[1][c] * y[1]);
  }
  return x;
}

function tipAt(model, q) {
  const pose = model.at({ q }).bodyPose('arm/link3');
  const [w, x, y, z] = pose.quaternion; // scalar first
  // The tip is TIP = (1, 0, 0) in link3's frame: the first column of its rotation.
  return [pose.position[0] + 1 - 2 * (y * y + z * z), pose.position[1] + 2 * (x * y + w * z), pose.position[2] + 2 * (x * z - w * y)];
}
