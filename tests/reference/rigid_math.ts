// Small rotation helpers for the reference tests: quaternions written w, x, y, z (as MuJoCo and
// the scene format write them), 3 × 3 matrices as row arrays, and a seeded random generator.
export type Vec3 = [number, number, number];
export type Quat = [number, number, number, number]; // w, x, y, z
export type Mat3 = [Vec3, Vec3, Vec3]; // rows

export const IDENTITY: Quat = [1, 0, 0, 0];

export function quatMultiply(a: Quat, b: Quat): Quat {
  const [aw, ax, ay, az] = a, [bw, bx, by, bz] = b;
  return [
    aw * bw - ax * bx - ay * by - az * bz,
    aw * bx + ax * bw + ay * bz - az * by,
    aw * by - ax * bz + ay * bw + az * bx,
    aw * bz + ax * by - ay * bx + az * bw,
  ];
}

export function axisAngle(axis: Vec3, angle: number): Quat {
  const n = Math.hypot(...axis), s = Math.sin(angle / 2) / n;
  return [Math.cos(angle / 2), axis[0] * s, axis[1] * s, axis[2] * s];
}

/** R(q): the rotation a unit quaternion stands for (columns: the turned frame's axes). */
export function rotation(q: Quat): Mat3 {
  const [w, x, y, z] = q;
  return [
    [1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)],
    [2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)],
    [2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)],
  ];
}

export function apply(R: Mat3, v: Vec3): Vec3 {
  return [0, 1, 2].map((i) => R[i][0] * v[0] + R[i][1] * v[1] + R[i][2] * v[2]) as Vec3;
}

export function transpose(R: Mat3): Mat3 {
  return [0, 1, 2].map((i) => [R[0][i], R[1][i], R[2][i]]) as Mat3;
}

export function multiply(A: Mat3, B: Mat3): Mat3 {
  return [0, 1, 2].map((i) => [0, 1, 2].map((j) => A[i][0] * B[0][j] + A[i][1] * B[1][j] + A[i][2] * B[2][j])) as Mat3;
}

export const rotate = (q: Quat, v: Vec3): Vec3 => apply(rotation(q), v);
export const add = (a: Vec3, b: Vec3): Vec3 => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
export const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
export const scale = (a: Vec3, s: number): Vec3 => [a[0] * s, a[1] * s, a[2] * s];
export const dot = (a: Vec3, b: Vec3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
export const cross = (a: Vec3, b: Vec3): Vec3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
export const norm = (a: Vec3): number => Math.hypot(a[0], a[1], a[2]);
export const distance = (a: Vec3, b: Vec3): number => norm(sub(a, b));

/** A small seeded generator (the comparison harness's), so a "random" model is the same on every run. */
export { rng as seeded } from '../bench/compare/scenes.mjs';

/** A uniformly random unit quaternion (Shoemake's method), w ≥ 0. */
export function randomQuat(random: () => number): Quat {
  const u1 = random(), u2 = 2 * Math.PI * random(), u3 = 2 * Math.PI * random();
  const a = Math.sqrt(1 - u1), b = Math.sqrt(u1);
  const q: Quat = [b * Math.cos(u3), a * Math.sin(u2), a * Math.cos(u2), b * Math.sin(u3)];
  return q[0] < 0 ? (q.map((x) => -x) as Quat) : q;
}

export function randomUnit(random: () => number): Vec3 {
  return rotate(randomQuat(random), [0, 0, 1]);
}
