// Unit quaternions w, x, y, z (scalar first, as the scene format and MuJoCo write them): the
// little the library needs to place frames on bodies and to turn velocities between frames.
import type { Vec3 } from './types';

export type Quaternion = [number, number, number, number];

/** v turned by the unit quaternion q. */
export function rotate(q: ArrayLike<number>, v: ArrayLike<number>): Vec3 {
  const [w, x, y, z] = [q[0], q[1], q[2], q[3]];
  // v + 2w (u × v) + 2 u × (u × v), u = (x, y, z)
  const tx = 2 * (y * v[2] - z * v[1]), ty = 2 * (z * v[0] - x * v[2]), tz = 2 * (x * v[1] - y * v[0]);
  return [v[0] + w * tx + (y * tz - z * ty), v[1] + w * ty + (z * tx - x * tz), v[2] + w * tz + (x * ty - y * tx)];
}

/** a ⊗ b: b's rotation, then a's. */
export function multiply(a: ArrayLike<number>, b: ArrayLike<number>): Quaternion {
  const [w, x, y, z, pw, px, py, pz] = [a[0], a[1], a[2], a[3], b[0], b[1], b[2], b[3]];
  return [w * pw - x * px - y * py - z * pz, w * px + x * pw + y * pz - z * py, w * py - x * pz + y * pw + z * px, w * pz + x * py - y * px + z * pw];
}

export const conjugate = (q: ArrayLike<number>): Quaternion => [q[0], -q[1], -q[2], -q[3]];

/** R = Rz(yaw)·Ry(pitch)·Rx(roll) (the scene's rpy) as a unit quaternion. */
export function fromRpy([roll, pitch, yaw]: readonly number[]): Quaternion {
  const [cr, sr, cp, sp, cy, sy] = [Math.cos(roll / 2), Math.sin(roll / 2), Math.cos(pitch / 2), Math.sin(pitch / 2), Math.cos(yaw / 2), Math.sin(yaw / 2)];
  return [cr * cp * cy + sr * sp * sy, sr * cp * cy - cr * sp * sy, cr * sp * cy + sr * cp * sy, cr * cp * sy - sr * sp * cy];
}
