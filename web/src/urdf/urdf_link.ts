// A URDF link's mass properties and geometry as scene-format `inertial` and `shapes`.
import { type Mat3, type Vec3, matrixToQuaternion, rotateInertia, rpyToMatrix, symmetricEigen, tidy } from '../math/math3d';
import type { Box, Inertial, Shape, Sphere } from '../scene/scene_types';
import {
  type Element, attribute, children, numberAttribute, optionalChild, requiredChild, requiredNumber, requiredVector, rgbaAttribute,
} from '../xml/xml_reader';
import { fail, originOf } from './urdf_xml';

export interface LinkInertial {
  mass: number;
  /** centre of mass in the link frame */
  com: Vec3;
  /** inertia about the centre of mass, in the link frame */
  inertia: Mat3;
}

/** Radius of the sphere that stands in for a mesh when the link gives no inertia to size a box by. */
export const MESH_SPHERE_RADIUS = 0.05;

const tidyVector = (v: Vec3): Vec3 => [tidy(v[0]), tidy(v[1]), tidy(v[2])];
const isZero = (v: readonly number[]): boolean => v.every((x) => Math.abs(x) < 1e-12);

/**
 * The link's <inertial>, with its inertia turned from the inertial frame (origin rpy) into the
 * link frame. Undefined when absent or of zero mass (URDF's massless link).
 */
export function readInertial(link: Element, place: string): LinkInertial | undefined {
  const inertial = optionalChild(link, 'inertial', place);
  if (!inertial) return undefined;
  const here = `${place}/inertial`;
  const mass = requiredNumber(requiredChild(inertial, 'mass', here), 'value', `${here}/mass`);
  if (mass < 0) fail(`${here}/mass`, `mass must not be negative, got ${mass}`);
  if (mass === 0) return undefined;
  const { xyz, rpy } = originOf(inertial, here);
  const element = optionalChild(inertial, 'inertia', here) ?? {};
  const at = `${here}/inertia`;
  const [ixx, iyy, izz, ixy, ixz, iyz] = ['ixx', 'iyy', 'izz', 'ixy', 'ixz', 'iyz'].map((name) => numberAttribute(element, name, at, 0));
  const inFrame: Mat3 = [
    [ixx, ixy, ixz],
    [ixy, iyy, iyz],
    [ixz, iyz, izz],
  ];
  // The loader refuses these too, but could only name the scene's path, not the URDF's.
  const moments = symmetricEigen(inFrame).values;
  const scale = Math.max(1e-12, ...moments.map(Math.abs));
  if (Math.min(...moments) < -1e-9 * scale) fail(at, 'inertia is not positive semi-definite (a principal moment is negative)');
  const [a, b, c] = [...moments].sort((x, y) => x - y);
  if (c > a + b + 1e-9 * scale) fail(at, 'principal moments violate the triangle inequality (no real body has them)');
  return { mass, com: xyz, inertia: rotateInertia(rpyToMatrix(rpy), inFrame) };
}

export function inertialJson(inertial: LinkInertial): Inertial {
  const I = inertial.inertia;
  const inertia: NonNullable<Inertial['inertia']> = { ixx: tidy(I[0][0]), iyy: tidy(I[1][1]), izz: tidy(I[2][2]) };
  const products = [['ixy', I[0][1]], ['ixz', I[0][2]], ['iyz', I[1][2]]] as const;
  const scale = Math.max(1e-300, I[0][0], I[1][1], I[2][2]);
  for (const [name, value] of products) if (Math.abs(value) > 1e-12 * scale) inertia[name] = tidy(value);
  return { mass: tidy(inertial.mass), com: tidyVector(inertial.com), inertia };
}

/** Named colours declared at robot level: <material name="steel"><color rgba="…"/></material>. */
export function robotColors(robot: Element): Map<string, string> {
  const colors = new Map<string, string>();
  children(robot, 'material').forEach((material, i) => {
    const name = attribute(material, 'name');
    const color = colorOf(material, `robot/material[${i + 1}]`, new Map());
    if (name !== undefined && color !== undefined) colors.set(name, color);
  });
  return colors;
}

function colorOf(material: Element, place: string, named: Map<string, string>): string | undefined {
  const color = optionalChild(material, 'color', place);
  const rgba = color ? rgbaAttribute(color, `${place}/color`) : undefined;
  if (rgba) return `rgb(${rgba.slice(0, 3).map((c) => Math.round(c * 255)).join(', ')})`;
  const name = attribute(material, 'name');
  return name === undefined ? undefined : named.get(name);
}

/** The colour of the link's first visual that has one. */
function linkColor(link: Element, place: string, named: Map<string, string>): string | undefined {
  for (const visual of children(link, 'visual')) {
    const material = optionalChild(visual, 'material', `${place}/visual`);
    const color = material ? colorOf(material, `${place}/visual/material`, named) : undefined;
    if (color) return color;
  }
  return undefined;
}

function positive(element: Element, name: string, place: string): number {
  const value = requiredNumber(element, name, place);
  if (!(value > 0)) fail(place, `${name} must be positive, got ${value}`);
  return value;
}

/** A primitive geometry as a shape without its pose; a mesh gives its file name instead. */
function primitive(geometry: Element, place: string): { shape: Shape } | { mesh: string } {
  const kinds = Object.keys(geometry).filter((key) => !key.startsWith('@_') && key !== '#text');
  if (kinds.length !== 1) fail(place, kinds.length === 0 ? 'empty <geometry>' : `one shape per <geometry>, got ${kinds.join(', ')}`);
  const kind = kinds[0];
  const element = requiredChild(geometry, kind, place);
  const at = `${place}/${kind}`;
  switch (kind) {
    case 'box': {
      const size = requiredVector(element, 'size', at);
      if (size.some((s) => !(s > 0))) fail(at, `size must be 3 positive numbers, got "${attribute(element, 'size')}"`);
      return { shape: { type: 'box', size } };
    }
    // URDF cylinders (and the capsules some exporters write) run along their local z, as the
    // scene format's do: no extra rotation.
    case 'cylinder':
    case 'capsule':
      return { shape: { type: kind as 'cylinder' | 'capsule', radius: positive(element, 'radius', at), length: positive(element, 'length', at) } };
    case 'sphere':
      return { shape: { type: 'sphere', radius: positive(element, 'radius', at) } };
    case 'mesh':
      return { mesh: attribute(element, 'filename') ?? '(no filename)' };
    default:
      return fail(place, `unsupported geometry <${kind}> (expected box, cylinder, sphere or mesh)`);
  }
}

/**
 * The box with this mass whose principal moments are the inertia's: for full sides a, b, c,
 * Ixx = m(b² + c²)/12 and so on, hence a² = 6(Iyy + Izz − Ixx)/m. Centred at the centre of mass
 * and turned to the principal axes. Undefined when the inertia is zero (a point mass).
 */
function equivalentBox(inertial: LinkInertial): Box | undefined {
  const { values: [i1, i2, i3], axes } = symmetricEigen(inertial.inertia);
  const squares = [i2 + i3 - i1, i1 + i3 - i2, i1 + i2 - i3].map((s) => (6 * s) / inertial.mass);
  const longest = Math.sqrt(Math.max(...squares));
  if (!(longest > 0)) return undefined;
  // A flat or thin body has a side of (nearly) zero; keep a sliver so the box stays a solid.
  const size = squares.map((s) => tidy(Math.max(Math.sqrt(Math.max(s, 0)), 0.01 * longest))) as Vec3;
  const box: Box = { type: 'box', size, position: tidyVector(inertial.com) };
  const [w, x, y, z] = matrixToQuaternion(axes);
  if (Math.abs(w) < 1 - 1e-12) box.quaternion = [tidy(w), tidy(x), tidy(y), tidy(z)];
  return box;
}

/**
 * The link's shapes: its <collision> geometry, or else its <visual> geometry drawn only (a
 * collision mask of 0). Meshes cannot be loaded here; all of a link's meshes become one
 * bounding primitive, and a notice says so.
 */
export function readShapes(
  link: Element, name: string, place: string, inertial: LinkInertial | undefined, colors: Map<string, string>, notices: string[],
): { shapes: Shape[]; drawnOnly: boolean } {
  const collisions = children(link, 'collision');
  const drawnOnly = collisions.length === 0;
  const tag = drawnOnly ? 'visual' : 'collision';
  const sources = drawnOnly ? children(link, 'visual') : collisions;
  const color = linkColor(link, place, colors);
  const finish = (shape: Shape): Shape => {
    if (color) shape.color = color;
    if (drawnOnly) shape.collision = { mask: 0 };
    return shape;
  };

  const shapes: Shape[] = [];
  const meshes: { file: string; position: Vec3 }[] = [];
  sources.forEach((source, i) => {
    const here = `${place}/${tag}${sources.length > 1 ? `[${i + 1}]` : ''}`;
    const { xyz, rpy } = originOf(source, here);
    const geometry = primitive(requiredChild(source, 'geometry', here), `${here}/geometry`);
    if ('mesh' in geometry) {
      meshes.push({ file: geometry.mesh, position: xyz });
      return;
    }
    const shape = geometry.shape;
    if (!isZero(xyz)) shape.position = xyz;
    if (!isZero(rpy)) shape.rpy = rpy;
    shapes.push(finish(shape));
  });

  if (meshes.length > 0) {
    const files = meshes.map((m) => `"${m.file}"`).join(', ');
    const box = inertial && equivalentBox(inertial);
    if (box) {
      shapes.push(finish(box));
      notices.push(`Link "${name}": mesh ${files} replaced by a box with the link's mass and principal inertias (meshes are not loaded).`);
    } else {
      const sphere: Sphere = { type: 'sphere', radius: MESH_SPHERE_RADIUS };
      if (!isZero(meshes[0].position)) sphere.position = meshes[0].position;
      shapes.push(finish(sphere));
      notices.push(`Link "${name}": mesh ${files} replaced by a ${MESH_SPHERE_RADIUS * 100} cm sphere (meshes are not loaded, and the link has no inertia to size a box by).`);
    }
  }
  return { shapes, drawnOnly: drawnOnly && shapes.length > 0 };
}
