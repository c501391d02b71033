// A link's mass properties as the engine computes them (core/shapes/mass_properties.cpp): its
// <inertial>'s, else its primitive shapes' (volume × density, each shape's principal inertia
// turned by its quaternion and moved to the link's centre of mass). The compiler's mass bounds need them to
// change a body whose mass comes from its geoms as MuJoCo does.
import { type Mat3, type Vec3, quaternionToMatrix, rotateInertia } from '../math/math3d';
import type { Inertial, Link, Shape } from '../scene/scene_types';
import { volume } from './mjcf_geoms';

export const DEFAULT_DENSITY = 1000; // the scene's and MuJoCo's

export interface MassProperties {
  mass: number;
  com: Vec3;
  inertia: Mat3; // about the centre of mass, link frame
}

type Dense = { density?: number; radius?: number; length?: number; size?: number[]; position?: number[]; quaternion?: number[] };

const zero = (): Mat3 => [
  [0, 0, 0],
  [0, 0, 0],
  [0, 0, 0],
];

/** Principal inertia per unit density about the shape's centre, in its frame (the engine's formulas). */
function principalPerDensity(shape: Shape): Vec3 {
  const { radius: r = 0, length: L = 0, size } = shape as Dense;
  const m = volume(shape);
  switch (shape.type) {
    case 'sphere':
      return [0.4 * m * r * r, 0.4 * m * r * r, 0.4 * m * r * r];
    case 'box': {
      const [x, y, z] = size!.map((s) => s * s);
      return [(m / 12) * (y + z), (m / 12) * (x + z), (m / 12) * (x + y)];
    }
    case 'cylinder': {
      const transverse = (m * (3 * r * r + L * L)) / 12;
      return [transverse, transverse, 0.5 * m * r * r];
    }
    case 'capsule': {
      // A cylinder and two hemispheres, whose centres of mass sit 3r/8 beyond its ends.
      const mc = Math.PI * r * r * L, mh = (2 / 3) * Math.PI * r ** 3;
      const own = 0.4 * mh * r * r - mh * ((3 * r) / 8) ** 2;
      const transverse = (mc * (3 * r * r + L * L)) / 12 + 2 * (own + mh * (L / 2 + (3 * r) / 8) ** 2);
      return [transverse, transverse, 0.5 * mc * r * r + 2 * 0.4 * mh * r * r];
    }
    default:
      return [0, 0, 0];
  }
}

function fromInertial(inertial: Inertial): MassProperties {
  const I = inertial.inertia;
  const inertia: Mat3 = I
    ? [
        [I.ixx, I.ixy ?? 0, I.ixz ?? 0],
        [I.ixy ?? 0, I.iyy, I.iyz ?? 0],
        [I.ixz ?? 0, I.iyz ?? 0, I.izz],
      ]
    : zero();
  return { mass: inertial.mass, com: [...(inertial.com ?? [0, 0, 0])] as Vec3, inertia };
}

/** The link's mass properties, or null when a shape's are not known here (meshes). */
export function linkMassProperties(link: Link): MassProperties | null {
  if (link.inertial) return fromInertial(link.inertial);
  const shapes = link.shapes ?? [];
  if (shapes.some((s) => !['sphere', 'box', 'capsule', 'cylinder'].includes(s.type))) return null; // a mesh's hull: the engine's
  const parts = shapes.map((shape) => {
    const { density = DEFAULT_DENSITY, position = [0, 0, 0], quaternion = [1, 0, 0, 0] } = shape as Dense;
    const d = principalPerDensity(shape).map((x) => x * density);
    const diagonal: Mat3 = [
      [d[0], 0, 0],
      [0, d[1], 0],
      [0, 0, d[2]],
    ];
    return { mass: density * volume(shape), com: position as Vec3, inertia: rotateInertia(quaternionToMatrix(quaternion), diagonal) };
  });
  const mass = parts.reduce((sum, p) => sum + p.mass, 0);
  const com: Vec3 = [0, 0, 0];
  if (mass > 0) for (const p of parts) for (let i = 0; i < 3; i++) com[i] += (p.mass * p.com[i]) / mass;
  const inertia = zero();
  for (const p of parts) {
    const r = [p.com[0] - com[0], p.com[1] - com[1], p.com[2] - com[2]];
    const r2 = r[0] * r[0] + r[1] * r[1] + r[2] * r[2];
    for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) inertia[i][j] += p.inertia[i][j] + p.mass * ((i === j ? r2 : 0) - r[i] * r[j]);
  }
  return { mass, com, inertia };
}
