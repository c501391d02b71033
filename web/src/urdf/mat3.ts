// The little 3-D algebra URDF import needs: rotations from roll-pitch-yaw, rotating inertia
// tensors, and the principal axes of an inertia. Matrices are row-major 3×3 arrays.

export type Vec3 = [number, number, number];
export type Mat3 = [Vec3, Vec3, Vec3];

export const IDENTITY: Mat3 = [
  [1, 0, 0],
  [0, 1, 0],
  [0, 0, 1],
];

/** URDF's (and the scene format's) roll-pitch-yaw: R = Rz(yaw)·Ry(pitch)·Rx(roll). */
export function rpyToMatrix([roll, pitch, yaw]: Vec3): Mat3 {
  const [cr, sr, cp, sp, cy, sy] = [Math.cos(roll), Math.sin(roll), Math.cos(pitch), Math.sin(pitch), Math.cos(yaw), Math.sin(yaw)];
  return [
    [cy * cp, cy * sp * sr - sy * cr, cy * sp * cr + sy * sr],
    [sy * cp, sy * sp * sr + cy * cr, sy * sp * cr - cy * sr],
    [-sp, cp * sr, cp * cr],
  ];
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

export function apply(a: Mat3, v: Vec3): Vec3 {
  return [0, 1, 2].map((i) => a[i][0] * v[0] + a[i][1] * v[1] + a[i][2] * v[2]) as Vec3;
}

export function add(a: Vec3, b: Vec3): Vec3 {
  return [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
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

export function determinant(a: Mat3): number {
  return (
    a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1]) -
    a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0]) +
    a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0])
  );
}

/** The unit quaternion [w, x, y, z] of a rotation matrix (Shepperd's method, stable for every angle). */
export function matrixToQuaternion(m: Mat3): [number, number, number, number] {
  const trace = m[0][0] + m[1][1] + m[2][2];
  let q: [number, number, number, number];
  if (trace > 0) {
    const s = 2 * Math.sqrt(trace + 1);
    q = [s / 4, (m[2][1] - m[1][2]) / s, (m[0][2] - m[2][0]) / s, (m[1][0] - m[0][1]) / s];
  } else if (m[0][0] > m[1][1] && m[0][0] > m[2][2]) {
    const s = 2 * Math.sqrt(1 + m[0][0] - m[1][1] - m[2][2]);
    q = [(m[2][1] - m[1][2]) / s, s / 4, (m[0][1] + m[1][0]) / s, (m[0][2] + m[2][0]) / s];
  } else if (m[1][1] > m[2][2]) {
    const s = 2 * Math.sqrt(1 + m[1][1] - m[0][0] - m[2][2]);
    q = [(m[0][2] - m[2][0]) / s, (m[0][1] + m[1][0]) / s, s / 4, (m[1][2] + m[2][1]) / s];
  } else {
    const s = 2 * Math.sqrt(1 + m[2][2] - m[0][0] - m[1][1]);
    q = [(m[1][0] - m[0][1]) / s, (m[0][2] + m[2][0]) / s, (m[1][2] + m[2][1]) / s, s / 4];
  }
  const norm = Math.hypot(...q);
  return q.map((c) => c / norm) as [number, number, number, number];
}

/** The rotation matrix of a unit quaternion [w, x, y, z]. */
export function quaternionToMatrix([w, x, y, z]: readonly number[]): Mat3 {
  return [
    [1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)],
    [2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)],
    [2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)],
  ];
}
