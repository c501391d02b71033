// MJCF geoms and inertials as scene shapes and mass properties, in the link frame: a link's
// frame sits at its body's (last) joint, so everything a body carries is shifted back by that
// offset. Geom sizes are MuJoCo's half sizes; fromto places capsules, cylinders and boxes.
import { type Mat3, type Vec3, quaternionToMatrix, rotateInertia, tidy, zTo } from '../math/math3d';
import type { Inertial, Shape } from '../scene/scene_types';
import { type Element, attribute, children } from '../xml/xml_reader';
import { geomColor, noteGeomGroup } from './mjcf_appearance';
import type { MjcfContext } from './mjcf_context';
import { hullVolume, meshShape } from './mjcf_meshes';
import { noteGeomName } from './mjcf_pairs';
import { type Attributes, isIdentity, quaternionJson, tidyVec } from './mjcf_reader';
import { fail } from './mjcf_xml';

/** The volume of a shape as Featherweight computes its mass from density. */
export function volume(shape: Shape): number {
  switch (shape.type) {
    case 'sphere':
      return (4 / 3) * Math.PI * shape.radius ** 3;
    case 'box':
      return shape.size.reduce((a, b) => a * b, 1);
    case 'capsule':
      return Math.PI * shape.radius * shape.radius * shape.length + (4 / 3) * Math.PI * shape.radius ** 3;
    case 'cylinder':
      return Math.PI * shape.radius * shape.radius * shape.length;
    case 'convex':
      return hullVolume(shape.points);
    default:
      return 0;
  }
}

/** A body's geoms as shapes in its link frame (shifted back by the joint offset). */
export function readGeoms(ctx: MjcfContext, element: Element, childclass: string, offset: Vec3, place: string, world: boolean): Shape[] {
  const shapes: Shape[] = [];
  children(element, 'geom').forEach((geom, i) => {
    const here = `${place}/geom "${attribute(geom, 'name') ?? i + 1}"`;
    const attrs = ctx.defaults.resolve(geom, 'geom', childclass, here);
    ctx.reader.checkKnown('geom', attrs);
    const shape = readShape(ctx, attrs, here, world);
    noteGeomName(ctx, geom, shape);
    if (!shape) return;
    const pos = shape.position;
    const shifted: Vec3 = pos ? [pos[0] - offset[0], pos[1] - offset[1], pos[2] - offset[2]] : [-offset[0], -offset[1], -offset[2]];
    if (shifted.some((x) => Math.abs(x) > 1e-15)) shape.position = tidyVec(shifted);
    else delete shape.position;
    shapes.push(shape);
  });
  return shapes;
}

/** The shape of one geom's type and size (without its pose); null for what is not loaded. */
function geometry(ctx: MjcfContext, attrs: Attributes, type: string, halfLength: number | undefined, place: string, world: boolean): Shape {
  const r = ctx.reader;
  if (attrs.size === undefined && type !== 'plane') fail(place, `a ${type} geom needs size`);
  const size = type === 'plane' ? [] : r.numbers(attrs, 'size', [1, 3], place);
  const need = { sphere: 1, capsule: halfLength ? 1 : 2, cylinder: halfLength ? 1 : 2, box: halfLength ? 2 : 3, ellipsoid: 3, plane: 0 }[type]!;
  if (size.length < need) fail(place, `a ${type} geom needs ${need} size number${need > 1 ? 's' : ''}, got "${attrs.size}"`);
  if (size.slice(0, need).some((s) => !(s > 0))) fail(place, `size must be positive, got "${attrs.size}"`);
  if (type === 'plane') {
    if (!world) fail(place, 'a plane is only allowed on the world body (Featherweight planes are static)');
    return { type: 'plane' };
  }
  if (type === 'sphere') return { type: 'sphere', radius: size[0] };
  if (type === 'capsule' || type === 'cylinder') return { type, radius: size[0], length: tidy(2 * (halfLength ?? size[1])) };
  if (type === 'box') return { type: 'box', size: halfLength ? tidyVec([2 * size[0], 2 * size[1], 2 * halfLength]) : tidyVec(size.map((s) => 2 * s)) };
  r.notices.push(`${place}: an ellipsoid becomes its bounding box (Featherweight has no ellipsoid); its mass follows the box's volume unless the body has an <inertial>.`);
  return { type: 'box', size: tidyVec(size.map((s) => 2 * s)) };
}

function readShape(ctx: MjcfContext, attrs: Attributes, place: string, world: boolean): Shape | null {
  const r = ctx.reader;
  const type = attrs.type ?? 'sphere';
  if (type === 'hfield' || type === 'sdf') {
    r.notices.push(`${place}: ${type} geoms are not loaded (Featherweight has no height fields or SDFs); the geom is left out.`);
    return null;
  }
  if (!['plane', 'sphere', 'capsule', 'ellipsoid', 'cylinder', 'box', 'mesh'].includes(type)) fail(place, `unknown geom type "${type}"`);
  let frame = r.frame(attrs, place);
  let halfLength: number | undefined;
  if (attrs.fromto !== undefined) {
    if (!['capsule', 'cylinder', 'box', 'ellipsoid'].includes(type)) fail(place, `fromto is for capsules, cylinders, boxes and ellipsoids, not ${type}`);
    const v = r.numbers(attrs, 'fromto', 6, place);
    const from: Vec3 = [v[0], v[1], v[2]], to: Vec3 = [v[3], v[4], v[5]];
    const d: Vec3 = [to[0] - from[0], to[1] - from[1], to[2] - from[2]];
    halfLength = Math.hypot(...d) / 2;
    if (halfLength < 1e-12) fail(place, 'fromto needs two different points');
    frame = { pos: [(from[0] + to[0]) / 2, (from[1] + to[1]) / 2, (from[2] + to[2]) / 2], quat: zTo(d) };
  }
  // A mesh: its convex hull, drawn as the mesh (mjcf_meshes.ts); null when its file is not at hand.
  const shape = type === 'mesh' ? meshShape(ctx, attrs, place) : geometry(ctx, attrs, type, halfLength, place, world);
  if (!shape) return null;
  if (frame.pos.some((x) => x !== 0)) shape.position = frame.pos;
  if (!isIdentity(frame.quat)) shape.quaternion = quaternionJson(frame.quat);
  const rgba = geomColor(ctx, attrs, place);
  if (rgba !== undefined) shape.color = rgba;
  noteGeomGroup(ctx, attrs, shape, place);
  // MuJoCo's sliding friction (its default 1; a pair takes the larger: the scene's "max" mixing).
  shape.friction = attrs.friction !== undefined ? Math.min(10, r.numbers(attrs, 'friction', [1, 3], place)[0]) : 1;
  if (shape.type !== 'plane') {
    if (attrs.mass !== undefined) {
      const mass = r.number(attrs, 'mass', place, 0);
      if (mass < 0) fail(place, `mass must not be negative, got ${mass}`);
      shape.density = mass === 0 ? 1e-9 : tidy(mass / volume(shape));
    } else if (attrs.density !== undefined) shape.density = r.number(attrs, 'density', place, 1000);
  }
  const contype = r.number(attrs, 'contype', place, 1), conaffinity = r.number(attrs, 'conaffinity', place, 1);
  // contype and conaffinity as group and mask under the scene's "either" rule (MuJoCo's); the
  // default 1 and 1 is written on every shape once some geom differs (completeFilters).
  if (!ctx.contact) shape.collision = { group: 0, mask: 0 };
  else if (contype !== 1 || conaffinity !== 1) shape.collision = { group: contype >>> 0, mask: conaffinity >>> 0 };
  return shape;
}

/** A body's <inertial> in its link frame, or undefined. */
export function readInertial(ctx: MjcfContext, element: Element, offset: Vec3, place: string): Inertial | undefined {
  const r = ctx.reader;
  const list = children(element, 'inertial');
  if (list.length === 0) return undefined;
  if (list.length > 1) fail(place, 'more than one <inertial>');
  const here = `${place}/inertial`;
  const attrs = ctx.defaults.resolve(list[0], 'inertial', 'main', here);
  r.checkKnown('inertial', attrs);
  if (attrs.mass === undefined) fail(here, 'an inertial needs mass');
  const mass = r.number(attrs, 'mass', here, 0);
  if (!(mass > 0)) fail(here, `mass must be positive, got ${attrs.mass}`);
  const frame = r.frame(attrs, here);
  let inertia: Mat3;
  if (attrs.fullinertia !== undefined) {
    if (attrs.diaginertia !== undefined) fail(here, 'give diaginertia or fullinertia, not both');
    const [xx, yy, zz, xy, xz, yz] = r.numbers(attrs, 'fullinertia', 6, here);
    inertia = [
      [xx, xy, xz],
      [xy, yy, yz],
      [xz, yz, zz],
    ];
  } else if (attrs.diaginertia !== undefined) {
    const [a, b, c] = r.numbers(attrs, 'diaginertia', 3, here);
    inertia = [
      [a, 0, 0],
      [0, b, 0],
      [0, 0, c],
    ];
  } else fail(here, 'an inertial needs diaginertia or fullinertia');
  const I = isIdentity(frame.quat) ? inertia : rotateInertia(quaternionToMatrix(frame.quat), inertia);
  const tensor: NonNullable<Inertial['inertia']> = { ixx: I[0][0], iyy: I[1][1], izz: I[2][2] };
  if (I[0][1] !== 0) tensor.ixy = I[0][1];
  if (I[0][2] !== 0) tensor.ixz = I[0][2];
  if (I[1][2] !== 0) tensor.iyz = I[1][2];
  return { mass, com: tidyVec([frame.pos[0] - offset[0], frame.pos[1] - offset[1], frame.pos[2] - offset[2]]), inertia: tensor };
}
