// Frames in MJCF: positions and orientations as MuJoCo writes them (quat, axisangle, euler with
// the compiler's eulerseq, xyaxes, zaxis, fromto), turned into [w, x, y, z] quaternions, and the
// little quaternion algebra the converter needs to place bodies, joints and geoms.
import { type Vec3, matrixToQuaternion } from '../urdf/mat3';

export type Quat = [number, number, number, number]; // w, x, y, z (MuJoCo's and the scene's order)
export const IDENTITY_QUAT: Quat = [1, 0, 0, 0];

export function normalize(q: Quat): Quat {
  const n = Math.hypot(...q);
  return n < 1e-12 ? [...IDENTITY_QUAT] : (q.map((x) => x / n) as Quat);
}

export function quatMultiply(a: Quat, b: Quat): Quat {
  return [
    a[0] * b[0] - a[1] * b[1] - a[2] * b[2] - a[3] * b[3],
    a[0] * b[1] + a[1] * b[0] + a[2] * b[3] - a[3] * b[2],
    a[0] * b[2] - a[1] * b[3] + a[2] * b[0] + a[3] * b[1],
    a[0] * b[3] + a[1] * b[2] - a[2] * b[1] + a[3] * b[0],
  ];
}

export function quatConjugate(q: Quat): Quat {
  return [q[0], -q[1], -q[2], -q[3]];
}

export function rotate(q: Quat, v: Vec3): Vec3 {
  const p = quatMultiply(quatMultiply(q, [0, v[0], v[1], v[2]]), quatConjugate(q));
  return [p[1], p[2], p[3]];
}

export function axisAngle(axis: Vec3, angle: number): Quat {
  const n = Math.hypot(...axis);
  if (n < 1e-12) return [...IDENTITY_QUAT];
  const s = Math.sin(angle / 2) / n;
  return [Math.cos(angle / 2), axis[0] * s, axis[1] * s, axis[2] * s];
}

/** The shortest rotation taking +z to `direction` (MuJoCo's zaxis and fromto). */
export function zTo(direction: Vec3): Quat {
  const n = Math.hypot(...direction);
  const d = direction.map((x) => x / n) as Vec3;
  const c = d[2];
  if (c > 1 - 1e-14) return [...IDENTITY_QUAT];
  if (c < -1 + 1e-14) return [0, 1, 0, 0]; // half a turn about x
  return normalize([1 + c, -d[1], d[0], 0]);
}

/** The rotation whose x and y axes are (the orthonormalised) x and y: MuJoCo's xyaxes. */
export function fromXYAxes(x: Vec3, y: Vec3): Quat {
  const nx = Math.hypot(...x);
  const ex = x.map((v) => v / nx) as Vec3;
  const dot = ex[0] * y[0] + ex[1] * y[1] + ex[2] * y[2];
  const yo = [y[0] - dot * ex[0], y[1] - dot * ex[1], y[2] - dot * ex[2]];
  const ny = Math.hypot(...yo);
  const ey = yo.map((v) => v / ny) as Vec3;
  const ez: Vec3 = [ex[1] * ey[2] - ex[2] * ey[1], ex[2] * ey[0] - ex[0] * ey[2], ex[0] * ey[1] - ex[1] * ey[0]];
  // The rotation matrix has columns ex, ey, ez.
  return matrixToQuaternion([
    [ex[0], ey[0], ez[0]],
    [ex[1], ey[1], ez[1]],
    [ex[2], ey[2], ez[2]],
  ]);
}

/**
 * Euler angles in MuJoCo's convention: `sequence` names three axes; lower case rotates about
 * the moving (already turned) axes, upper case about the fixed ones.
 */
export function fromEuler(angles: Vec3, sequence: string): Quat {
  let q: Quat = [...IDENTITY_QUAT];
  for (let k = 0; k < 3; k++) {
    const letter = sequence[k];
    const axis: Vec3 = [0, 0, 0];
    axis['xyz'.indexOf(letter.toLowerCase())] = 1;
    const turn = axisAngle(axis, angles[k]);
    q = letter === letter.toLowerCase() ? quatMultiply(q, turn) : quatMultiply(turn, q);
  }
  return normalize(q);
}

/** A frame: where a child sits in its parent. */
export interface Frame {
  pos: Vec3;
  quat: Quat;
}

export const IDENTITY_FRAME: Frame = { pos: [0, 0, 0], quat: [...IDENTITY_QUAT] };

/** parent ∘ child: the child frame's pose in the parent's parent. */
export function compose(parent: Frame, child: Frame): Frame {
  const p = rotate(parent.quat, child.pos);
  return { pos: [parent.pos[0] + p[0], parent.pos[1] + p[1], parent.pos[2] + p[2]], quat: normalize(quatMultiply(parent.quat, child.quat)) };
}

export function inverse(frame: Frame): Frame {
  const q = quatConjugate(frame.quat);
  const p = rotate(q, frame.pos);
  return { pos: [-p[0], -p[1], -p[2]], quat: q };
}

export function transformPoint(frame: Frame, point: Vec3): Vec3 {
  const p = rotate(frame.quat, point);
  return [frame.pos[0] + p[0], frame.pos[1] + p[1], frame.pos[2] + p[2]];
}
