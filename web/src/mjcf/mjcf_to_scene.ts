// MJCF (MuJoCo's model format) to a Featherweight scene. Each body under <worldbody> becomes an
// articulation of the bodies nested in it, each body a link whose joint is the body's joint
// (hinge → revolute, slide → prismatic, ball → spherical, free → a floating root; no joint:
// welded). MuJoCo places a joint at `pos` in its body's frame, Featherweight puts a link's
// frame on its joint, so a link's frame is its body's frame moved to the joint, and the body's
// geoms, inertial and children are shifted back by the same offset. A body with several joints
// becomes a chain of links, the extra ones all but massless (a notice says so).
//
// What is read: compiler (angle, eulerseq, inertiafromgeom, autolimits), option (timestep,
// gravity, integrator, contact flag), default classes and childclass, body/joint/geom/inertial,
// actuators motor/position/velocity, equality connect/weld, keyframe 0 as the initial state.
// Everything else is listed once as ignored. Errors name the element: `mujoco/worldbody/body
// "pole"/joint "hinge": …` (line and column for XML syntax).
import type { Json, SceneObject } from '../scene/scene_doc';
import { type Mat3, type Vec3, quaternionToMatrix, rotateInertia } from '../urdf/mat3';
import { tidy } from '../urdf/urdf_link';
import { type Element, UrdfError, attribute, children, fail } from '../urdf/urdf_xml';
import { DefaultClasses } from './mjcf_defaults';
import {
  type Frame, type Quat, IDENTITY_FRAME, IDENTITY_QUAT, axisAngle, compose, fromEuler, fromXYAxes, inverse, normalize, rotate,
  transformPoint, zTo,
} from './mjcf_frames';
import { parseMjcfXml } from './mjcf_xml';

type JsonObject = { [key: string]: Json };
type Attributes = Record<string, string>;

/** The mass and inertia of the links MuJoCo lets have none (between a body's joints): 1 µg. */
const NEAR_MASSLESS = { mass: 1e-9, inertia: { ixx: 1e-12, iyy: 1e-12, izz: 1e-12 } };

// What the converter reads of each element (anything else is listed as ignored).
const KNOWN: Record<string, string[]> = {
  body: ['name', 'pos', 'quat', 'euler', 'axisangle', 'xyaxes', 'zaxis', 'childclass', 'mocap'],
  joint: ['name', 'class', 'type', 'pos', 'axis', 'range', 'limited', 'damping', 'stiffness', 'springref', 'armature', 'frictionloss', 'ref'],
  freejoint: ['name'],
  geom: ['name', 'class', 'type', 'size', 'fromto', 'pos', 'quat', 'euler', 'axisangle', 'xyaxes', 'zaxis', 'mass', 'density', 'friction', 'rgba', 'contype', 'conaffinity', 'mesh', 'material'],
  inertial: ['pos', 'quat', 'euler', 'axisangle', 'xyaxes', 'zaxis', 'mass', 'diaginertia', 'fullinertia'],
};
/** How many ignored names the notice lists (a file may hold any number of unknown attributes). */
const MAX_IGNORED_LISTED = 100;
const SECTIONS = new Set(['compiler', 'option', 'default', 'worldbody', 'actuator', 'equality', 'keyframe', 'asset', 'include']);

class Reader {
  readonly notices: string[] = [];
  readonly ignored = new Set<string>();
  angleScale = Math.PI / 180; // MuJoCo's default unit is the degree
  eulerSequence = 'xyz';
  autolimits = true;
  inertiaFromGeom: 'true' | 'false' | 'auto' = 'auto';

  number(attrs: Attributes, name: string, place: string, fallback: number): number {
    const text = attrs[name];
    if (text === undefined) return fallback;
    return this.numbers(attrs, name, 1, place)[0];
  }

  numbers(attrs: Attributes, name: string, count: number | [number, number], place: string): number[] {
    const text = attrs[name] ?? '';
    const values = text.trim().split(/\s+/).filter((w) => w !== '').map(Number);
    const [least, most] = typeof count === 'number' ? [count, count] : count;
    if (values.length < least || values.length > most || values.some((v) => !Number.isFinite(v))) {
      const wanted = least === most ? `${least} number${least > 1 ? 's' : ''}` : `${least} to ${most} numbers`;
      fail(place, `${name} needs ${wanted}, got "${text}"`);
    }
    return values;
  }

  vector(attrs: Attributes, name: string, place: string, fallback: Vec3): Vec3 {
    return attrs[name] === undefined ? fallback : (this.numbers(attrs, name, 3, place) as Vec3);
  }

  /** The orientation an element gives by any of MuJoCo's five ways (at most one). */
  orientation(attrs: Attributes, place: string): Quat {
    const given = ['quat', 'axisangle', 'euler', 'xyaxes', 'zaxis'].filter((name) => attrs[name] !== undefined);
    if (given.length > 1) fail(place, `give one orientation, not ${given.join(' and ')}`);
    switch (given[0]) {
      case 'quat':
        return normalize(this.numbers(attrs, 'quat', 4, place) as Quat);
      case 'axisangle': {
        const [x, y, z, angle] = this.numbers(attrs, 'axisangle', 4, place);
        return axisAngle([x, y, z], angle * this.angleScale);
      }
      case 'euler':
        return fromEuler(this.numbers(attrs, 'euler', 3, place).map((a) => a * this.angleScale) as Vec3, this.eulerSequence);
      case 'xyaxes': {
        const v = this.numbers(attrs, 'xyaxes', 6, place);
        return fromXYAxes([v[0], v[1], v[2]], [v[3], v[4], v[5]]);
      }
      case 'zaxis':
        return zTo(this.numbers(attrs, 'zaxis', 3, place) as Vec3);
      default:
        return [...IDENTITY_QUAT];
    }
  }

  frame(attrs: Attributes, place: string): Frame {
    return { pos: this.vector(attrs, 'pos', place, [0, 0, 0]), quat: this.orientation(attrs, place) };
  }

  /** Notes attributes the converter does not read (once per kind and name). */
  checkKnown(kind: string, attrs: Attributes): void {
    for (const name of Object.keys(attrs)) if (!(KNOWN[kind] ?? []).includes(name)) this.ignored.add(`${kind} ${name}`);
  }
}

const color = (rgba: number[]): string =>
  `#${rgba.slice(0, 3).map((c) => Math.round(Math.min(1, Math.max(0, c)) * 255).toString(16).padStart(2, '0')).join('')}`;

const tidyVec = (v: readonly number[]): number[] => v.map(tidy);
const isIdentity = (q: Quat) => Math.abs(Math.abs(q[0]) - 1) < 1e-14;

function originJson(frame: Frame): JsonObject | undefined {
  const origin: JsonObject = {};
  if (frame.pos.some((x) => Math.abs(x) > 1e-15)) origin.position = tidyVec(frame.pos);
  if (!isIdentity(frame.quat)) origin.quaternion = frame.quat.map((x) => Number(x.toPrecision(15)));
  return Object.keys(origin).length > 0 ? origin : undefined;
}

/** The volume of a shape as Featherweight computes its mass from density. */
function volume(shape: JsonObject): number {
  const r = (shape.radius as number) ?? 0, length = (shape.length as number) ?? 0;
  if (shape.type === 'sphere') return (4 / 3) * Math.PI * r ** 3;
  if (shape.type === 'box') return (shape.size as number[]).reduce((a, b) => a * b, 1);
  if (shape.type === 'capsule') return Math.PI * r * r * length + (4 / 3) * Math.PI * r ** 3;
  return Math.PI * r * r * length; // cylinder
}

interface JointEntry {
  place: string;
  type: string; // MJCF type
  joint: JsonObject; // its scene joint (the keyframe and the actuators add to it)
  articulation: string;
  ref: number;
}

/**
 * A body still to be read: `parentLink` is the scene name of the parent's link (null for the
 * tree's root), `parentWorld` the parent's link frame at q = 0 and `parentOffset` how far that
 * link frame sits from the parent body's frame (its joint).
 */
interface BodyTask {
  element: Element;
  parentLink: string | null;
  parentWorld: Frame;
  parentOffset: Vec3;
  inherited: string; // the class its elements take when they name none
  place: () => string;
}

/** Where a body's link ended up, for equality constraints and the keyframe. */
interface BodyEntry {
  sceneName: string; // "articulation/link", or "world"
  world: Frame; // the link frame in the world at q = 0
}

class Converter {
  private readonly reader = new Reader();
  private readonly defaults: DefaultClasses;
  private readonly joints: JointEntry[] = [];
  private readonly jointsByName = new Map<string, JointEntry>(); // the first joint of each name
  private readonly bodies = new Map<string, BodyEntry>();
  private readonly statics: JsonObject[] = [];
  private readonly articulations: JsonObject[] = [];
  private readonly usedNames = new Set<string>();
  private bodyCount = 0;
  private contact = true;
  /** Per actuator in document order: the servo it became (null for a motor), for the keyframe's ctrl. */
  private readonly servos: (JsonObject | null)[] = [];

  constructor(private readonly mujoco: Element) {
    this.defaults = new DefaultClasses(mujoco);
  }

  convert(fileName: string): { scene: SceneObject; notices: string[] } {
    const r = this.reader;
    for (const key of Object.keys(this.mujoco)) {
      if (key.startsWith('@_')) continue;
      if (key === 'include') fail('mujoco/include', '<include> is not supported here: the page opens one file; paste the included file into this one');
      if (!SECTIONS.has(key)) r.ignored.add(`<${key}>`);
    }
    this.compiler();
    const world = this.option();
    const worldbodies = children(this.mujoco, 'worldbody');
    if (worldbodies.length !== 1) fail('mujoco', `expected one <worldbody>, found ${worldbodies.length}`);
    this.worldbody(worldbodies[0]);
    this.actuators();
    const constraints = this.equalities();
    this.keyframe();
    if (constraints.length > 0 && world.integrator !== 'semi-implicit-euler') {
      world.integrator = 'semi-implicit-euler';
      r.notices.push('Equality constraints are impulse joints in Featherweight, which step with semi-implicit Euler: the integrator was changed to it.');
    }
    if (r.ignored.size > 0) {
      const ignored = [...r.ignored].sort(), shown = ignored.slice(0, MAX_IGNORED_LISTED);
      const more = ignored.length > shown.length ? ` and ${ignored.length - shown.length} more` : '';
      r.notices.push(`Ignored (not read by the converter): ${shown.join(', ')}${more}.`);
    }
    const model = (attribute(this.mujoco, 'model') ?? '').trim() || fileName.replace(/\.[^.]*$/, '');
    const scene: SceneObject = {
      format: 'featherweight-scene',
      version: 1,
      meta: {
        title: model,
        description: `Imported from ${fileName}: the MuJoCo model "${model}" with ${this.bodyCount} bodies and ${this.joints.length} joints.`,
        observe: [...r.notices],
      },
      world,
      bodies: this.statics,
      articulations: this.articulations,
    };
    if (constraints.length > 0) scene.constraints = constraints;
    return { scene, notices: r.notices };
  }

  private compiler(): void {
    const r = this.reader;
    for (const [i, element] of children(this.mujoco, 'compiler').entries()) {
      const place = `mujoco/compiler[${i + 1}]`;
      const attrs = this.defaults.resolve(element, 'compiler', 'main', place);
      for (const [name, value] of Object.entries(attrs)) {
        if (name === 'angle') {
          if (value !== 'degree' && value !== 'radian') fail(place, `angle must be degree or radian, got "${value}"`);
          r.angleScale = value === 'degree' ? Math.PI / 180 : 1;
        } else if (name === 'eulerseq') {
          if (!/^[xyzXYZ]{3}$/.test(value)) fail(place, `eulerseq must be three of x, y, z, X, Y, Z, got "${value}"`);
          r.eulerSequence = value;
        } else if (name === 'coordinate') {
          if (value !== 'local') fail(place, 'coordinate="global" is not supported (MuJoCo itself removed it): use local coordinates');
        } else if (name === 'inertiafromgeom') {
          if (value !== 'true' && value !== 'false' && value !== 'auto') fail(place, `inertiafromgeom must be true, false or auto, got "${value}"`);
          r.inertiaFromGeom = value;
        } else if (name === 'autolimits') r.autolimits = value === 'true';
        else r.ignored.add(`compiler ${name}`);
      }
    }
  }

  private option(): JsonObject {
    const r = this.reader;
    const world: JsonObject = { timestep: 0.002, gravity: [0, 0, -9.81], integrator: 'semi-implicit-euler' };
    for (const [i, element] of children(this.mujoco, 'option').entries()) {
      const place = `mujoco/option[${i + 1}]`;
      const attrs = this.defaults.resolve(element, 'option', 'main', place);
      for (const name of Object.keys(attrs)) {
        if (name === 'timestep') world.timestep = r.number(attrs, 'timestep', place, 0.002);
        else if (name === 'gravity') world.gravity = r.vector(attrs, 'gravity', place, [0, 0, -9.81]);
        else if (name === 'integrator') {
          const value = attrs.integrator;
          if (value === 'RK4') world.integrator = 'rk4';
          else if (value === 'Euler') world.integrator = 'semi-implicit-euler';
          else if (value === 'implicit' || value === 'implicitfast') {
            r.notices.push(`integrator="${value}" runs as semi-implicit Euler with implicit joint damping (Featherweight's realtime step).`);
          } else fail(place, `unknown integrator "${value}" (expected Euler, RK4, implicit or implicitfast)`);
        } else r.ignored.add(`option ${name}`);
      }
      for (const flag of children(element, 'flag')) {
        for (const [name, value] of Object.entries(flag)) {
          if (!name.startsWith('@_')) continue;
          if (name === '@_contact') this.contact = value !== 'disable';
          else r.ignored.add(`option/flag ${name.slice(2)}`);
        }
      }
    }
    if (!this.contact) r.notices.push('Contacts are disabled (option/flag contact="disable"): no shape collides.');
    return world;
  }

  private uniqueName(wanted: string, place: string): string {
    const name = wanted.replace(/\//g, '-');
    if (this.usedNames.has(name)) fail(place, `a second body named "${wanted}" (body names must be unique)`);
    this.usedNames.add(name);
    return name;
  }

  private worldbody(worldbody: Element): void {
    const place = 'mujoco/worldbody';
    // Geoms on the world body are static: each one a static body.
    const shapes = this.geoms(worldbody, 'main', [0, 0, 0], place, true);
    shapes.forEach((shape, i) => {
      const name = this.uniqueName(shapes.length === 1 && shape.type === 'plane' ? 'ground' : `world-geom-${i + 1}`, place);
      this.statics.push({ name, static: true, shapes: [shape] });
    });
    this.bodies.set('world', { sceneName: 'world', world: IDENTITY_FRAME });
    children(worldbody, 'body').forEach((body, i) => {
      const name = this.uniqueName(attribute(body, 'name') ?? `body${i + 1}`, `${place}/body[${i + 1}]`);
      const links: JsonObject[] = [];
      // Depth first with an explicit stack: chains nest as deep as the nesting budget allows.
      const stack: BodyTask[] = [{ element: body, parentLink: null, parentWorld: IDENTITY_FRAME, parentOffset: [0, 0, 0], inherited: 'main', place: () => `${place}/body "${name}"` }];
      for (let task = stack.pop(); task; task = stack.pop()) {
        const next = this.body(task, name, links, task.parentLink === null);
        for (let k = next.length - 1; k >= 0; k--) stack.push(next[k]);
      }
      this.articulations.push({ name, links });
    });
    for (const key of Object.keys(worldbody)) if (!key.startsWith('@_') && !['body', 'geom', 'light', 'camera', 'site'].includes(key)) this.reader.ignored.add(`worldbody <${key}>`);
  }

  /** One body as links of `articulation`; answers its child bodies, still to be read. */
  private body(task: BodyTask, articulation: string, links: JsonObject[], root: boolean): BodyTask[] {
    const { element, parentLink, parentWorld, parentOffset, inherited } = task;
    const place = task.place();
    const r = this.reader;
    this.bodyCount++;
    const attrs = this.defaults.resolve(element, 'body', inherited, place);
    r.checkKnown('body', attrs);
    const childclass = attrs.childclass ?? inherited;
    if (!this.defaults.has(childclass)) fail(place, `childclass "${childclass}" is not a default class of this model`);
    const name = root ? articulation : this.uniqueName(attrs.name ?? `body${this.bodyCount}`, place);
    // The body frame in the parent link's frame (the parent link sits at the parent body + offset).
    const bodyFrame = r.frame(attrs, place);
    bodyFrame.pos = [bodyFrame.pos[0] - parentOffset[0], bodyFrame.pos[1] - parentOffset[1], bodyFrame.pos[2] - parentOffset[2]];

    const joints = [
      ...children(element, 'freejoint').map((j, i) => ({ element: j, kind: 'freejoint', place: `${place}/freejoint[${i + 1}]` })),
      ...children(element, 'joint').map((j, i) => ({ element: j, kind: 'joint', place: `${place}/joint "${attribute(j, 'name') ?? i + 1}"` })),
    ];
    // Each joint a link: the first at the body frame moved to its pos, the next ones at theirs.
    let offset: Vec3 = [0, 0, 0];
    let previous = parentLink;
    const bodyWorld = compose(parentWorld, bodyFrame);
    const chain: JsonObject[] = [];
    if (joints.length === 0) {
      // Welded to its parent (a root without joints: fixed to the world, as in MuJoCo).
      const weld: JsonObject = { type: 'fixed' };
      const origin = originJson(bodyFrame);
      if (origin) weld.origin = origin;
      chain.push({ name, joint: weld });
    }
    joints.forEach((j, k) => {
      const jattrs = this.defaults.resolve(j.element, 'joint', childclass, j.place);
      r.checkKnown(j.kind, jattrs);
      const type = j.kind === 'freejoint' ? 'free' : (jattrs.type ?? 'hinge');
      const pos = type === 'free' ? ([0, 0, 0] as Vec3) : r.vector(jattrs, 'pos', j.place, [0, 0, 0]);
      const shift: Vec3 = [pos[0] - offset[0], pos[1] - offset[1], pos[2] - offset[2]];
      const originFrame: Frame = k === 0 ? { pos: transformPoint(bodyFrame, pos), quat: bodyFrame.quat } : { pos: shift, quat: [...IDENTITY_QUAT] };
      const linkName = k === joints.length - 1 ? name : this.uniqueName(`${name}-${jattrs.name ?? `joint${k + 1}`}`, j.place);
      const link: JsonObject = { name: linkName, joint: this.joint(type, jattrs, originFrame, j.place, root && k === 0, articulation) };
      const jointName = attribute(j.element, 'name');
      if (j.kind === 'joint' && jointName !== undefined && !this.jointsByName.has(jointName)) this.jointsByName.set(jointName, this.joints[this.joints.length - 1]);
      if (previous !== null) link.parent = previous;
      if (k < joints.length - 1) link.inertial = structuredClone(NEAR_MASSLESS);
      chain.push(link);
      previous = linkName;
      offset = pos;
    });
    if (joints.length > 1) r.notices.push(`Body "${name}" has ${joints.length} joints: they become a chain of links, the first ${joints.length - 1} with a negligible mass (1e-9 kg).`);
    const link = chain[chain.length - 1];
    // The link frame at the model's pose: the body frame moved to its (last) joint.
    const world = compose(bodyWorld, { pos: offset, quat: [...IDENTITY_QUAT] });
    this.bodies.set(attrs.name ?? name, { sceneName: `${articulation}/${link.name as string}`, world });

    const shapes = this.geoms(element, childclass, offset, place, false);
    if (shapes.length > 0) link.shapes = shapes;
    const inertial = this.inertial(element, offset, place);
    if (inertial && r.inertiaFromGeom !== 'true') link.inertial = inertial;
    else if (!inertial && (r.inertiaFromGeom === 'false' || shapes.length === 0)) {
      const moves = (link.joint as JsonObject).type !== 'fixed';
      if (moves || shapes.length > 0) {
        link.inertial = structuredClone(NEAR_MASSLESS);
        if (moves) r.notices.push(`Body "${name}" has no mass: it gets a negligible one (1e-9 kg) so that the engine can move it.`);
      }
    }
    links.push(...chain);
    for (const key of Object.keys(element)) {
      if (!key.startsWith('@_') && !['body', 'geom', 'joint', 'freejoint', 'inertial', 'site', 'camera', 'light'].includes(key)) r.ignored.add(`body <${key}>`);
    }
    // A child's default name counts the bodies read before it, so it is made when its turn comes.
    return children(element, 'body').map((child) => ({
      element: child, parentLink: link.name as string, parentWorld: world, parentOffset: offset, inherited: childclass,
      place: () => `${place}/body "${attribute(child, 'name') ?? `body${this.bodyCount + 1}`}"`,
    }));
  }

  private joint(type: string, attrs: Attributes, origin: Frame, place: string, root: boolean, articulation: string): JsonObject {
    const r = this.reader;
    if (!['hinge', 'slide', 'ball', 'free'].includes(type)) fail(place, `unknown joint type "${type}" (expected hinge, slide, ball or free)`);
    if (type === 'free') {
      if (!root) fail(place, 'a free joint is only allowed on a body directly in <worldbody>');
      // The body's pose is the free joint's initial position.
      const joint: JsonObject = { type: 'free', position: { position: tidyVec(origin.pos), quaternion: origin.quat } };
      this.joints.push({ place, type, joint, articulation, ref: 0 });
      return joint;
    }
    const joint: JsonObject = { type: type === 'hinge' ? 'revolute' : type === 'slide' ? 'prismatic' : 'spherical' };
    const o = originJson(origin);
    if (o) joint.origin = o;
    const linear = type === 'slide';
    const angle = linear ? 1 : r.angleScale;
    const ref = type === 'ball' ? 0 : r.number(attrs, 'ref', place, 0) * angle;
    if (type !== 'ball') {
      const axis = r.vector(attrs, 'axis', place, [0, 0, 1]);
      if (Math.hypot(...axis) < 1e-12) fail(place, 'axis must not be zero');
      joint.axis = tidyVec(axis);
    }
    const limited = attrs.limited === 'true' || (attrs.limited !== 'false' && attrs.range !== undefined && (attrs.limited === 'auto' || r.autolimits));
    if (limited) {
      const [lower, upper] = r.numbers(attrs, 'range', 2, place).map((x) => x * angle);
      if (type === 'ball') {
        if (!(upper > 0)) fail(place, `a ball joint's range needs a positive cone angle, got "${attrs.range}"`);
        joint.limits = { cone: tidy(upper) };
      } else {
        if (!(lower < upper)) fail(place, `range needs lower < upper, got "${attrs.range}"`);
        joint.limits = { lower: tidy(lower - ref), upper: tidy(upper - ref) };
      }
    }
    const damping = r.number(attrs, 'damping', place, 0);
    if (damping < 0) fail(place, `damping must not be negative, got ${damping}`);
    if (damping > 0) joint.damping = damping;
    const stiffness = r.number(attrs, 'stiffness', place, 0);
    if (stiffness > 0) {
      if (type === 'ball') r.notices.push(`${place}: a ball joint's stiffness is ignored (Featherweight's springs act on 1-DoF joints).`);
      else joint.spring = { stiffness, rest: tidy(r.number(attrs, 'springref', place, 0) * angle - ref) };
    }
    const friction = r.number(attrs, 'frictionloss', place, 0);
    if (friction > 0) joint.friction = friction;
    if (r.number(attrs, 'armature', place, 0) > 0) {
      r.notices.push(`${place}: armature is not modelled (Featherweight has no rotor inertia): the joint is lighter than in MuJoCo.`);
    }
    if (ref !== 0) r.notices.push(`${place}: ref = ${attrs.ref}: Featherweight measures the joint from the model's pose, so its coordinate is MuJoCo's minus ref.`);
    this.joints.push({ place, type, joint, articulation, ref });
    return joint;
  }

  /** A body's geoms as shapes in its link frame (shifted back by the joint offset). */
  private geoms(element: Element, childclass: string, offset: Vec3, place: string, world: boolean): JsonObject[] {
    const r = this.reader;
    const shapes: JsonObject[] = [];
    children(element, 'geom').forEach((geom, i) => {
      const here = `${place}/geom "${attribute(geom, 'name') ?? i + 1}"`;
      const attrs = this.defaults.resolve(geom, 'geom', childclass, here);
      r.checkKnown('geom', attrs);
      const shape = this.shape(attrs, here, world);
      if (!shape) return;
      const pos = shape.position as Vec3 | undefined;
      const shifted = pos ? ([pos[0] - offset[0], pos[1] - offset[1], pos[2] - offset[2]] as Vec3) : ([-offset[0], -offset[1], -offset[2]] as Vec3);
      if (shifted.some((x) => Math.abs(x) > 1e-15)) shape.position = tidyVec(shifted);
      else delete shape.position;
      shapes.push(shape);
    });
    return shapes;
  }

  private shape(attrs: Attributes, place: string, world: boolean): JsonObject | null {
    const r = this.reader;
    const type = attrs.type ?? 'sphere';
    if (type === 'mesh' || type === 'hfield' || type === 'sdf') {
      r.notices.push(`${place}: ${type} geoms are not loaded (the page opens one file, without its assets); the geom is left out.`);
      return null;
    }
    if (!['plane', 'sphere', 'capsule', 'ellipsoid', 'cylinder', 'box'].includes(type)) fail(place, `unknown geom type "${type}"`);
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
    if (attrs.size === undefined && type !== 'plane') fail(place, `a ${type} geom needs size`);
    const size = type === 'plane' ? [] : r.numbers(attrs, 'size', [1, 3], place);
    const need = { sphere: 1, capsule: halfLength ? 1 : 2, cylinder: halfLength ? 1 : 2, box: halfLength ? 2 : 3, ellipsoid: 3, plane: 0 }[type]!;
    if (size.length < need) fail(place, `a ${type} geom needs ${need} size number${need > 1 ? 's' : ''}, got "${attrs.size}"`);
    if (size.slice(0, need).some((s) => !(s > 0))) fail(place, `size must be positive, got "${attrs.size}"`);
    const shape: JsonObject = {};
    if (type === 'plane') {
      if (!world) fail(place, 'a plane is only allowed on the world body (Featherweight planes are static)');
      shape.type = 'plane';
    } else if (type === 'sphere') {
      shape.type = 'sphere';
      shape.radius = size[0];
    } else if (type === 'capsule' || type === 'cylinder') {
      shape.type = type;
      shape.radius = size[0];
      shape.length = tidy(2 * (halfLength ?? size[1]));
    } else if (type === 'box') {
      shape.type = 'box';
      shape.size = halfLength ? tidyVec([2 * size[0], 2 * size[1], 2 * halfLength]) : tidyVec(size.map((s) => 2 * s));
    } else {
      r.notices.push(`${place}: an ellipsoid becomes its bounding box (Featherweight has no ellipsoid); its mass follows the box's volume unless the body has an <inertial>.`);
      shape.type = 'box';
      shape.size = tidyVec(size.map((s) => 2 * s));
    }
    if (frame.pos.some((x) => x !== 0)) shape.position = frame.pos;
    if (!isIdentity(frame.quat)) shape.quaternion = frame.quat.map((x) => Number(x.toPrecision(15)));
    if (attrs.rgba !== undefined) shape.color = color(r.numbers(attrs, 'rgba', 4, place));
    if (attrs.friction !== undefined) shape.friction = Math.min(10, r.numbers(attrs, 'friction', [1, 3], place)[0]);
    if (type !== 'plane') {
      if (attrs.mass !== undefined) {
        const mass = r.number(attrs, 'mass', place, 0);
        if (mass < 0) fail(place, `mass must not be negative, got ${mass}`);
        shape.density = mass === 0 ? 1e-9 : tidy(mass / volume(shape));
      } else if (attrs.density !== undefined) shape.density = r.number(attrs, 'density', place, 1000);
    }
    const contype = r.number(attrs, 'contype', place, 1), conaffinity = r.number(attrs, 'conaffinity', place, 1);
    if (!this.contact) shape.collision = { group: 0, mask: 0 };
    else if (contype !== 1 || conaffinity !== 1) {
      shape.collision = { group: contype >>> 0, mask: conaffinity >>> 0 };
      if (contype !== conaffinity) this.reader.ignored.add('geom contype≠conaffinity (Featherweight needs both sides to accept a pair)');
    }
    return shape;
  }

  private inertial(element: Element, offset: Vec3, place: string): JsonObject | undefined {
    const r = this.reader;
    const list = children(element, 'inertial');
    if (list.length === 0) return undefined;
    if (list.length > 1) fail(place, 'more than one <inertial>');
    const here = `${place}/inertial`;
    const attrs = this.defaults.resolve(list[0], 'inertial', 'main', here);
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
    const result: JsonObject = {
      mass,
      com: tidyVec([frame.pos[0] - offset[0], frame.pos[1] - offset[1], frame.pos[2] - offset[2]]),
      inertia: { ixx: I[0][0], iyy: I[1][1], izz: I[2][2] },
    };
    const products: [string, number][] = [['ixy', I[0][1]], ['ixz', I[0][2]], ['iyz', I[1][2]]];
    for (const [name, value] of products) if (value !== 0) (result.inertia as JsonObject)[name] = value;
    return result;
  }

  private jointByName(name: string, place: string): JointEntry {
    const found = this.jointsByName.get(name);
    if (!found) fail(place, `joint "${name}" does not exist`);
    return found;
  }

  private actuators(): void {
    const r = this.reader;
    for (const section of children(this.mujoco, 'actuator')) {
      for (const [kind, value] of Object.entries(section)) {
        if (kind.startsWith('@_')) continue;
        (Array.isArray(value) ? value : [value]).forEach((element: unknown, i: number) => {
          const e = (element ?? {}) as Element;
          const place = `mujoco/actuator/${kind} "${attribute(e, 'name') ?? i + 1}"`;
          if (!['motor', 'position', 'velocity'].includes(kind)) {
            r.ignored.add(`actuator <${kind}>`);
            return;
          }
          const attrs = this.defaults.resolve(e, kind, 'main', place);
          if (attrs.joint === undefined) {
            r.ignored.add(`actuator ${kind} without joint (tendon, site or body transmission)`);
            return;
          }
          const entry = this.jointByName(attrs.joint, place);
          if (entry.type !== 'hinge' && entry.type !== 'slide') fail(place, `Featherweight drives 1-DoF joints only; "${attrs.joint}" is a ${entry.type} joint`);
          const gear = r.numbers({ gear: attrs.gear ?? '1' }, 'gear', [1, 6], place)[0];
          const forceRange = attrs.forcerange !== undefined && attrs.forcelimited !== 'false' ? r.numbers(attrs, 'forcerange', 2, place) : undefined;
          const maxEffort = forceRange ? Math.max(Math.abs(forceRange[0]), Math.abs(forceRange[1])) * Math.abs(gear) : undefined;
          if (kind === 'motor') {
            const range = attrs.ctrlrange !== undefined ? r.numbers(attrs, 'ctrlrange', 2, place).map((c) => c * gear) : undefined;
            r.notices.push(
              `Motor "${attribute(e, 'name') ?? attrs.joint}" on joint "${attrs.joint}": drive it with the panel's Joint efforts (effort = gear ${gear} × control${range ? `, ${range[0]} to ${range[1]}` : ''}).`,
            );
            this.servos.push(null);
            return;
          }
          const kp = r.number(attrs, 'kp', place, kind === 'position' ? 1 : 0), kv = r.number(attrs, 'kv', place, kind === 'velocity' ? 1 : 0);
          const motor: JsonObject =
            kind === 'position'
              ? { mode: 'position', target: 0, stiffness: kp * gear * gear, damping: kv * gear * gear }
              : { mode: 'velocity', targetVelocity: 0, damping: kv * gear * gear };
          if (maxEffort !== undefined) motor.maxEffort = maxEffort;
          else if (kind === 'velocity') motor.maxEffort = 1e6;
          entry.joint.motor = motor;
          this.servos.push(motor);
        });
      }
    }
  }

  private equalities(): JsonObject[] {
    const r = this.reader;
    const constraints: JsonObject[] = [];
    for (const section of children(this.mujoco, 'equality')) {
      for (const [kind, value] of Object.entries(section)) {
        if (kind.startsWith('@_')) continue;
        (Array.isArray(value) ? value : [value]).forEach((element: unknown, i: number) => {
          const e = (element ?? {}) as Element;
          const place = `mujoco/equality/${kind} "${attribute(e, 'name') ?? i + 1}"`;
          if (kind !== 'connect' && kind !== 'weld') {
            r.ignored.add(`equality <${kind}>`);
            return;
          }
          const attrs = this.defaults.resolve(e, kind, 'main', place);
          if (attrs.body1 === (attrs.body2 ?? 'world')) fail(place, `joins body "${attrs.body1}" to itself (a cycle of one body)`);
          const a = this.bodyByName(attrs.body1, place), b = this.bodyByName(attrs.body2 ?? 'world', place);
          // The anchor in body1's frame; body2's point is where it sits at the model's pose.
          const anchor = r.vector(attrs, 'anchor', place, [0, 0, 0]);
          const bodyA = this.bodies.get(attrs.body1)!;
          const pointWorld = transformPoint(bodyA.world, anchor);
          const constraint: JsonObject = {
            name: attribute(e, 'name') ?? `${kind} ${i + 1}`,
            type: kind === 'connect' ? 'ball' : 'fixed',
            a: a.sceneName,
            b: b.sceneName,
            pointA: tidyVec(transformPoint(inverse(a.world), pointWorld)),
            pointB: tidyVec(transformPoint(inverse(b.world), pointWorld)),
          };
          if (kind === 'weld' && attrs.relpose !== undefined) r.ignored.add('equality weld relpose (the weld holds the model pose)');
          constraints.push(constraint);
        });
      }
    }
    return constraints;
  }

  private bodyByName(name: string | undefined, place: string): BodyEntry {
    if (name === undefined) fail(place, 'needs body1');
    const found = this.bodies.get(name);
    if (!found) fail(place, `body "${name}" does not exist`);
    return found;
  }

  /** Keyframe 0 (when present) is the initial state: qpos and qvel in MuJoCo's joint order. */
  private keyframe(): void {
    const r = this.reader;
    const keys = children(this.mujoco, 'keyframe').flatMap((k) => children(k, 'key'));
    if (keys.length === 0) return;
    const place = 'mujoco/keyframe/key[1]';
    const attrs = this.defaults.resolve(keys[0], 'key', 'main', place);
    const width = (type: string) => (type === 'free' ? 7 : type === 'ball' ? 4 : 1);
    const vwidth = (type: string) => (type === 'free' ? 6 : type === 'ball' ? 3 : 1);
    const nq = this.joints.reduce((n, j) => n + width(j.type), 0), nv = this.joints.reduce((n, j) => n + vwidth(j.type), 0);
    const qpos = attrs.qpos !== undefined ? r.numbers(attrs, 'qpos', [nq, nq], place) : undefined;
    const qvel = attrs.qvel !== undefined ? r.numbers(attrs, 'qvel', [nv, nv], place) : undefined;
    // ctrl: the servos' targets (a motor's control is an effort the page's sliders set).
    if (attrs.ctrl !== undefined) {
      const ctrl = r.numbers(attrs, 'ctrl', [this.servos.length, this.servos.length], place);
      this.servos.forEach((servo, i) => {
        if (servo?.mode === 'position') servo.target = ctrl[i];
        else if (servo) servo.targetVelocity = ctrl[i];
      });
    }
    let iq = 0, iv = 0;
    for (const j of this.joints) {
      const joint = j.joint;
      if (qpos) {
        const q = qpos.slice(iq, iq + width(j.type));
        if (j.type === 'free') joint.position = { position: tidyVec(q.slice(0, 3)), quaternion: normalize(q.slice(3) as Quat) };
        else if (j.type === 'ball') joint.position = { quaternion: normalize(q as Quat) };
        else joint.position = tidy(q[0] - j.ref);
      }
      if (qvel) {
        const v = qvel.slice(iv, iv + vwidth(j.type));
        if (j.type === 'free') {
          // MuJoCo: linear velocity in the world, angular in the body frame; the scene: both in the joint (world) frame.
          const position = joint.position as { quaternion?: Quat } | undefined;
          const q = position?.quaternion ?? IDENTITY_QUAT;
          joint.velocity = { linear: tidyVec(v.slice(0, 3)), angular: tidyVec(rotate(q as Quat, v.slice(3) as Vec3)) };
        } else if (j.type === 'ball') joint.velocity = tidyVec(v);
        else joint.velocity = v[0];
      }
      iq += width(j.type);
      iv += vwidth(j.type);
    }
    r.notices.push('The first keyframe is the initial state.');
  }
}

/**
 * Converts an MJCF document into a Featherweight scene. Throws an Error naming the place of the
 * problem: "FILE line L, column C: …" for XML syntax, "FILE: mujoco/worldbody/body "arm"/geom 2: …"
 * for what is not a valid model or what the scene format cannot express.
 */
export function mjcfToScene(xml: string, fileName: string): { scene: SceneObject; notices: string[] } {
  try {
    const document = parseMjcfXml(xml, fileName);
    const roots = children(document, 'mujoco');
    if (roots.length !== 1) fail('mujoco', `expected one <mujoco> element, found ${roots.length}`);
    return new Converter(roots[0]).convert(fileName);
  } catch (error) {
    if (error instanceof UrdfError) throw new Error(error.message.startsWith(fileName) ? error.message : `${fileName}: ${error.message}`);
    throw error;
  }
}
