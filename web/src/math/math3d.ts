// The page's 3-D math in scene terms, on three.js's Vector3, Quaternion, Matrix4 and Euler:
// vectors as [x, y, z], quaternions as scenes (and MuJoCo) write them, [w, x, y, z] — three.js
// orders them (x, y, z, w), so every crossing goes through toQuaternion/quatOf here — frames
// (a position and an orientation), roll-pitch-yaw, and the 3×3 tensors of inertia, which three.js
// has no use for (row-major arrays, with the symmetric eigen-decomposition of principal axes).
// Used by MJCF and URDF import, the exporters and build mode; it imports nothing of theirs.
import { Euler, Matrix4, Quaternion, Vector3 } from 'three';

export type Vec3 = [number, number, number];
/** [w, x, y, z]: scene (and MuJoCo) order. */
export type Quat = [number, number, number, number];
/** Row-major 3×3: m[row][column]. */
export type Mat3 = [Vec3, Vec3, Vec3];

export const IDENTITY_QUAT: Quat = [1, 0, 0, 0];
export const IDENTITY: Mat3 = [
  [1, 0, 0],
  [0, 1, 0],
  [0, 0, 1],
];

// ---- Numbers as written to a scene ----------------------------------------------------------

/** A number to `digits` significant digits (12: rounding noise does not show), never "-0". */
export function tidy(x: number, digits = 12): number {
  return Number(x.toPrecision(digits)) + 0;
}

export const tidyVec3 = (v: readonly number[], digits = 12): Vec3 => [tidy(v[0], digits), tidy(v[1], digits), tidy(v[2], digits)];

// ---- three.js ⇄ scene order -----------------------------------------------------------------

export function toVector(v: readonly number[]): Vector3 {
  return new Vector3(v[0], v[1], v[2]);
}

/** A scene quaternion [w, x, y, z] as three.js's (x, y, z, w), normalised. */
export function toQuaternion(q: readonly number[]): Quaternion {
  return new Quaternion(q[1], q[2], q[3], q[0]).normalize();
}

export function vec3Of(v: Vector3, digits = 12): Vec3 {
  return [tidy(v.x, digits), tidy(v.y, digits), tidy(v.z, digits)];
}

/** A three.js quaternion in scene order, tidied. */
export function quatOf(q: Quaternion, digits = 12): Quat {
  return [tidy(q.w, digits), tidy(q.x, digits), tidy(q.y, digits), tidy(q.z, digits)];
}

const threeQuat = (q: Quat): Quaternion => new Quaternion(q[1], q[2], q[3], q[0]);
const sceneQuat = (q: Quaternion): Quat => [q.w, q.x, q.y, q.z];
const array = (v: Vector3): Vec3 => [v.x, v.y, v.z];

// ---- Quaternions [w, x, y, z] ---------------------------------------------------------------

export function normalize(q: Quat): Quat {
  const n = Math.hypot(...q);
  return n < 1e-12 ? [...IDENTITY_QUAT] : (q.map((x) => x / n) as Quat);
}

/** a·b: b's rotation first, then a's. */
export function quatMultiply(a: Quat, b: Quat): Quat {
  return sceneQuat(new Quaternion().multiplyQuaternions(threeQuat(a), threeQuat(b)));
}

export function quatConjugate(q: Quat): Quat {
  return [q[0], -q[1], -q[2], -q[3]];
}

/** A vector turned by a unit quaternion. */
export function rotate(q: Quat, v: readonly number[]): Vec3 {
  return array(toVector(v).applyQuaternion(threeQuat(q)));
}

/** The turn by `angle` about `axis` (any length but zero; identity for a zero axis). */
export function axisAngle(axis: Vec3, angle: number): Quat {
  const n = Math.hypot(...axis);
  if (n < 1e-12) return [...IDENTITY_QUAT];
  return sceneQuat(new Quaternion().setFromAxisAngle(toVector(axis).divideScalar(n), angle));
}

/** The shortest rotation taking +z to `direction` (MuJoCo's zaxis and fromto). */
export function zTo(direction: Vec3): Quat {
  const d = toVector(direction).normalize();
  if (d.z > 1 - 1e-14) return [...IDENTITY_QUAT];
  if (d.z < -1 + 1e-14) return [0, 1, 0, 0]; // half a turn about x
  return sceneQuat(new Quaternion().setFromUnitVectors(new Vector3(0, 0, 1), d));
}

/** The rotation whose x and y axes are (the orthonormalised) x and y: MuJoCo's xyaxes. */
export function fromXYAxes(x: Vec3, y: Vec3): Quat {
  const ex = toVector(x).normalize();
  const ey = toVector(y).addScaledVector(ex, -ex.dot(toVector(y))).normalize();
  const ez = new Vector3().crossVectors(ex, ey);
  return sceneQuat(new Quaternion().setFromRotationMatrix(new Matrix4().makeBasis(ex, ey, ez)));
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

/** URDF's (and the scene format's) roll-pitch-yaw as a quaternion: R = Rz(yaw)·Ry(pitch)·Rx(roll). */
export function rpyToQuaternion(rpy: readonly number[]): Quat {
  return sceneQuat(new Quaternion().setFromEuler(new Euler(rpy[0], rpy[1], rpy[2], 'ZYX')));
}

// ---- Frames ---------------------------------------------------------------------------------

/** A frame: where a child sits in its parent. */
export interface Frame {
  pos: Vec3;
  quat: Quat;
}

export const IDENTITY_FRAME: Frame = { pos: [0, 0, 0], quat: [...IDENTITY_QUAT] };

/** parent ∘ child: the child frame's pose in the parent's parent. */
export function compose(parent: Frame, child: Frame): Frame {
  return { pos: transformPoint(parent, child.pos), quat: normalize(quatMultiply(parent.quat, child.quat)) };
}

export function inverse(frame: Frame): Frame {
  const q = quatConjugate(frame.quat);
  const p = rotate(q, frame.pos);
  return { pos: [-p[0], -p[1], -p[2]], quat: q };
}

export function transformPoint(frame: Frame, point: readonly number[]): Vec3 {
  return array(toVector(point).applyQuaternion(threeQuat(frame.quat)).add(toVector(frame.pos)));
}

// ---- 3×3 matrices (rotations and inertia tensors) ------------------------------------------

/** The rotation matrix of three.js's 4×4 (its upper-left 3×3). */
function mat3Of(m: Matrix4): Mat3 {
  const e = m.elements; // column-major
  return [
    [e[0], e[4], e[8]],
    [e[1], e[5], e[9]],
    [e[2], e[6], e[10]],
  ];
}

function matrix4Of(m: Mat3): Matrix4 {
  return new Matrix4().set(m[0][0], m[0][1], m[0][2], 0, m[1][0], m[1][1], m[1][2], 0, m[2][0], m[2][1], m[2][2], 0, 0, 0, 0, 1);
}

/** URDF's (and the scene format's) roll-pitch-yaw: R = Rz(yaw)·Ry(pitch)·Rx(roll). */
export function rpyToMatrix(rpy: readonly number[]): Mat3 {
  return mat3Of(new Matrix4().makeRotationFromEuler(new Euler(rpy[0], rpy[1], rpy[2], 'ZYX')));
}

/** The rotation matrix of a unit quaternion [w, x, y, z]. */
export function quaternionToMatrix(q: readonly number[]): Mat3 {
  return mat3Of(new Matrix4().makeRotationFromQuaternion(new Quaternion(q[1], q[2], q[3], q[0])));
}

/** The unit quaternion [w, x, y, z] of a rotation matrix. */
export function matrixToQuaternion(m: Mat3): Quat {
  return normalize(sceneQuat(new Quaternion().setFromRotationMatrix(matrix4Of(m))));
}

export function multiply(a: Mat3, b: Mat3): Mat3 {
  const row = (i: number): Vec3 => [0, 1, 2].map((j) => a[i][0] * b[0][j] + a[i][1] * b[1][j] + a[i][2] * b[2][j]) as Vec3;
  return [row(0), row(1), row(2)];
}

export function transpose(a: Mat3): Mat3 {
  return [
    [a[0][0], a[1][0], a[2][0]],
    [a[0][1], a[1][1], a[2][1]],
    [a[0][2], a[1][2], a[2][2]],
  ];
}

export function apply(a: Mat3, v: readonly number[]): Vec3 {
  return [0, 1, 2].map((i) => a[i][0] * v[0] + a[i][1] * v[1] + a[i][2] * v[2]) as Vec3;
}

export function add(a: readonly number[], b: readonly number[]): Vec3 {
  return [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
}

export function determinant(a: Mat3): number {
  return matrix4Of(a).determinant();
}

/** R·I·Rᵀ: an inertia tensor given in a frame rotated by R, expressed in the outer frame. */
export function rotateInertia(rotation: Mat3, inertia: Mat3): Mat3 {
  return multiply(multiply(rotation, inertia), transpose(rotation));
}

/**
 * Eigenvalues and eigenvectors of a symmetric matrix by cyclic Jacobi rotations. The columns of
 * `axes` are the eigenvectors and form a proper rotation (determinant +1).
 */
export function symmetricEigen(matrix: Mat3): { values: Vec3; axes: Mat3 } {
  const a = matrix.map((row) => [...row]) as Mat3;
  let v = IDENTITY.map((row) => [...row]) as Mat3;
  for (let sweep = 0; sweep < 50; sweep++) {
    const offDiagonal = Math.abs(a[0][1]) + Math.abs(a[0][2]) + Math.abs(a[1][2]);
    if (offDiagonal <= 1e-15 * (Math.abs(a[0][0]) + Math.abs(a[1][1]) + Math.abs(a[2][2]) + 1e-300)) break;
    for (const [p, q] of [[0, 1], [0, 2], [1, 2]]) {
      if (a[p][q] === 0) continue;
      // The rotation in the (p, q) plane that zeroes a[p][q].
      const theta = (a[q][q] - a[p][p]) / (2 * a[p][q]);
      const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
      const c = 1 / Math.sqrt(t * t + 1);
      const s = t * c;
      const rotation = IDENTITY.map((row) => [...row]) as Mat3;
      rotation[p][p] = c;
      rotation[q][q] = c;
      rotation[p][q] = s;
      rotation[q][p] = -s;
      const rotated = multiply(multiply(transpose(rotation), a), rotation);
      for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) a[i][j] = rotated[i][j];
      v = multiply(v, rotation);
    }
  }
  if (determinant(v) < 0) v = v.map((row) => [row[0], row[1], -row[2]]) as Mat3;
  return { values: [a[0][0], a[1][1], a[2][2]], axes: v };
}
