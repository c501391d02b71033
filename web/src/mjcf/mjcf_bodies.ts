// MJCF bodies as articulations: each body under <worldbody> is the root of one, each body a link
// whose joint is the body's joint (hinge → revolute, slide → prismatic, ball → spherical, free →
// a floating root; no joint: welded). MuJoCo places a joint at `pos` in its body's frame,
// Featherweight puts a link's frame on its joint, so a link's frame is its body's frame moved to
// the joint, and the body's geoms, inertial and children are shifted back by the same offset. A
// body with several joints becomes a chain of links, all but the last massless (mass 0: the core
// checks that the links beyond give each joint inertia to move).
import { type Frame, type Vec3, IDENTITY_FRAME, IDENTITY_QUAT, compose, tidy, transformPoint } from '../math/math3d';
import type { Free, Joint, Link, OneDofJoint, Spherical } from '../scene/scene_types';
import { type Element, attribute, children, isAttributeKey } from '../xml/xml_reader';
import type { BodyTask, JointEntry, MjcfContext } from './mjcf_context';
import { readSites } from './mjcf_frames';
import { readGeoms, readInertial } from './mjcf_geoms';
import { type Attributes, originJson, tidyVec } from './mjcf_reader';
import { fail } from './mjcf_xml';

/** The links MuJoCo lets have no mass (between a body's joints, a body without geoms or inertial). */
const MASSLESS = { mass: 0 };
const JOINT_TYPES = ['hinge', 'slide', 'ball', 'free'] as const;

/** The world body: its geoms as static bodies, each child body the root of an articulation. */
export function readWorldbody(ctx: MjcfContext, worldbody: Element): void {
  const place = 'mujoco/worldbody';
  // Geoms on the world body are static: each one a static body.
  const shapes = readGeoms(ctx, worldbody, 'main', [0, 0, 0], place, true);
  shapes.forEach((shape, i) => {
    const name = ctx.uniqueName(shapes.length === 1 && shape.type === 'plane' ? 'ground' : `world-geom-${i + 1}`, place);
    ctx.statics.push({ name, static: true, shapes: [shape] });
  });
  ctx.bodies.set('world', { sceneName: 'world', world: IDENTITY_FRAME });
  children(worldbody, 'body').forEach((body, i) => {
    const name = ctx.uniqueName(attribute(body, 'name') ?? `body${i + 1}`, `${place}/body[${i + 1}]`);
    const links: Link[] = [];
    // Depth first with an explicit stack: chains nest as deep as the nesting budget allows.
    const stack: BodyTask[] = [{ element: body, parentLink: null, parentWorld: IDENTITY_FRAME, parentOffset: [0, 0, 0], inherited: 'main', place: () => `${place}/body "${name}"` }];
    for (let task = stack.pop(); task; task = stack.pop()) {
      const next = readBody(ctx, task, name, links, task.parentLink === null);
      for (let k = next.length - 1; k >= 0; k--) stack.push(next[k]);
    }
    // MuJoCo collides bodies of one tree that are not parent and child (mjcf_contacts.ts).
    ctx.articulations.push({ name, links, selfCollision: true });
  });
  for (const key of Object.keys(worldbody)) if (!isAttributeKey(key) && !['body', 'geom', 'camera'].includes(key)) ctx.reader.ignored.add(`worldbody <${key}>`);
}

/** One body as links of `articulation`; answers its child bodies, still to be read. */
function readBody(ctx: MjcfContext, task: BodyTask, articulation: string, links: Link[], root: boolean): BodyTask[] {
  const { element, parentLink, parentWorld, parentOffset, inherited } = task;
  const place = task.place();
  const r = ctx.reader;
  ctx.bodyCount++;
  const attrs = ctx.defaults.resolve(element, 'body', inherited, place);
  r.checkKnown('body', attrs);
  const childclass = attrs.childclass ?? inherited;
  if (!ctx.defaults.has(childclass)) fail(place, `childclass "${childclass}" is not a default class of this model`);
  const name = root ? articulation : ctx.uniqueName(attrs.name ?? `body${ctx.bodyCount}`, place);
  // The body frame in the parent link's frame (the parent link sits at the parent body + offset).
  const bodyFrame = r.frame(attrs, place);
  bodyFrame.pos = [bodyFrame.pos[0] - parentOffset[0], bodyFrame.pos[1] - parentOffset[1], bodyFrame.pos[2] - parentOffset[2]];
  const { chain, offset } = jointChain(ctx, element, { name, articulation, root, childclass, parentLink, bodyFrame, place });
  const link = chain[chain.length - 1];
  // The link frame at the model's pose: the body frame moved to its (last) joint.
  const world = compose(compose(parentWorld, bodyFrame), { pos: offset, quat: [...IDENTITY_QUAT] });
  ctx.bodies.set(attrs.name ?? name, { sceneName: `${articulation}/${link.name}`, world });

  const shapes = readGeoms(ctx, element, childclass, offset, place, false);
  if (shapes.length > 0) link.shapes = shapes;
  const sites = readSites(ctx, element, childclass, offset, place);
  if (sites.length > 0) link.sites = sites;
  const inertial = readInertial(ctx, element, offset, place);
  if (inertial && r.inertiaFromGeom !== 'true') link.inertial = inertial;
  else if (!inertial && (r.inertiaFromGeom === 'false' || shapes.length === 0)) {
    const moves = link.joint.type !== 'fixed';
    if (moves || shapes.length > 0) {
      link.inertial = structuredClone(MASSLESS); // its joints move what hangs from it, or the engine says so
    }
  }
  const gravcomp = r.number(attrs, 'gravcomp', place, 0);
  if (!(Math.abs(gravcomp) <= 10)) fail(place, `gravcomp must lie within −10 and 10, got "${attrs.gravcomp}"`);
  if (gravcomp !== 0) link.gravcomp = gravcomp; // the body's mass is on its last link
  links.push(...chain);
  const collides = shapes.some((s) => s.collision?.group !== 0 || s.collision?.mask !== 0);
  const node = { link: `${articulation}/${link.name}`, parentLink: link.parent ? `${articulation}/${link.parent}` : null, parent: task.parentBody ?? -1, joints: chain[0].joint.type !== 'fixed', collides };
  const index = ctx.bodyNodes.push(node) - 1;
  for (const key of Object.keys(element)) {
    if (!isAttributeKey(key) && !['body', 'geom', 'joint', 'freejoint', 'inertial', 'site', 'camera'].includes(key)) r.ignored.add(`body <${key}>`);
  }
  // A child's default name counts the bodies read before it, so it is made when its turn comes.
  return children(element, 'body').map((child) => ({
    element: child, parentLink: link.name, parentWorld: world, parentOffset: offset, inherited: childclass, parentBody: index,
    place: () => `${place}/body "${attribute(child, 'name') ?? `body${ctx.bodyCount + 1}`}"`,
  }));
}

interface ChainSpec {
  name: string;
  articulation: string;
  root: boolean;
  childclass: string;
  parentLink: string | null;
  bodyFrame: Frame;
  place: string;
}

/** A body's joints as a chain of links (one welded link without any); `offset` is the last joint's pos. */
function jointChain(ctx: MjcfContext, element: Element, spec: ChainSpec): { chain: Link[]; offset: Vec3 } {
  const { name, articulation, root, childclass, bodyFrame, place } = spec;
  const r = ctx.reader;
  const joints = [
    ...children(element, 'freejoint').map((j, i) => ({ element: j, kind: 'freejoint', place: `${place}/freejoint[${i + 1}]` })),
    ...children(element, 'joint').map((j, i) => ({ element: j, kind: 'joint', place: `${place}/joint "${attribute(j, 'name') ?? i + 1}"` })),
  ];
  // Each joint a link: the first at the body frame moved to its pos, the next ones at theirs.
  let offset: Vec3 = [0, 0, 0];
  let previous = spec.parentLink;
  const chain: Link[] = [];
  if (joints.length === 0) {
    // Welded to its parent (a root without joints: fixed to the world, as in MuJoCo).
    const origin = originJson(bodyFrame);
    const welded: Link = { name, joint: origin ? { type: 'fixed', origin } : { type: 'fixed' } };
    if (previous !== null) welded.parent = previous;
    chain.push(welded);
  }
  joints.forEach((j, k) => {
    // A <freejoint> takes no defaults in MuJoCo (a joint class's damping or armature is not its).
    const jattrs = ctx.defaults.resolve(j.element, j.kind, childclass, j.place);
    r.checkKnown(j.kind, jattrs);
    const type = j.kind === 'freejoint' ? 'free' : (jattrs.type ?? 'hinge');
    const pos = type === 'free' ? ([0, 0, 0] as Vec3) : r.vector(jattrs, 'pos', j.place, [0, 0, 0]);
    const shift: Vec3 = [pos[0] - offset[0], pos[1] - offset[1], pos[2] - offset[2]];
    const originFrame: Frame = k === 0 ? { pos: transformPoint(bodyFrame, pos), quat: bodyFrame.quat } : { pos: shift, quat: [...IDENTITY_QUAT] };
    const linkName = k === joints.length - 1 ? name : ctx.uniqueName(`${name}-${jattrs.name ?? `joint${k + 1}`}`, j.place);
    const link: Link = { name: linkName, joint: readJoint(ctx, type, jattrs, originFrame, j.place, root && k === 0, articulation) };
    const jointName = attribute(j.element, 'name');
    if (jointName !== undefined) link.joint.name = jointName.replace(/\//g, '-'); // the library's joint() finds it by this name
    if (j.kind === 'joint' && jointName !== undefined && !ctx.jointsByName.has(jointName)) ctx.jointsByName.set(jointName, ctx.joints[ctx.joints.length - 1]);
    if (previous !== null) link.parent = previous;
    if (k < joints.length - 1) link.inertial = structuredClone(MASSLESS);
    chain.push(link);
    previous = linkName;
    offset = pos;
  });
  if (joints.length > 1) r.notices.push(`Body "${name}" has ${joints.length} joints: they become a chain of links, the first ${joints.length - 1} massless.`);
  return { chain, offset };
}

function readJoint(ctx: MjcfContext, type: string, attrs: Attributes, origin: Frame, place: string, root: boolean, articulation: string): Joint {
  if (!(JOINT_TYPES as readonly string[]).includes(type)) fail(place, `unknown joint type "${type}" (expected hinge, slide, ball or free)`);
  const kind = type as JointEntry['type'];
  if (kind === 'free') {
    if (!root) fail(place, 'a free joint is only allowed on a body directly in <worldbody>');
    // The body's pose is the free joint's initial position.
    const joint: Free = { type: 'free', position: { position: tidyVec(origin.pos), quaternion: origin.quat } };
    if (ctx.reader.number(attrs, 'armature', place, 0) > 0) ctx.reader.notices.push(`${place}: a free joint's armature is ignored (Featherweight's armature acts on hinge, slide and ball joints).`);
    ctx.joints.push({ place, type: kind, joint, articulation, ref: 0 });
    return joint;
  }
  const o = originJson(origin);
  const angle = kind === 'slide' ? 1 : ctx.reader.angleScale;
  const ref = kind === 'ball' ? 0 : ctx.reader.number(attrs, 'ref', place, 0) * angle;
  const joint = kind === 'ball' ? ballJoint(ctx, attrs, place, o) : oneDofJoint(ctx, kind, attrs, place, o, angle, ref);
  const friction = ctx.reader.number(attrs, 'frictionloss', place, 0);
  if (friction > 0) joint.friction = friction;
  const armature = ctx.reader.number(attrs, 'armature', place, 0);
  if (armature < 0) fail(place, `armature must not be negative, got ${armature}`);
  if (armature > 0) joint.armature = armature;
  if (ref !== 0) ctx.reader.notices.push(`${place}: ref = ${attrs.ref}: Featherweight measures the joint from the model's pose, so its coordinate is MuJoCo's minus ref.`);
  ctx.joints.push({ place, type: kind, joint, articulation, ref });
  return joint;
}

/** Whether a joint's range applies: limited="true", or a range with limited="auto" or autolimits. */
function limited(ctx: MjcfContext, attrs: Attributes): boolean {
  return attrs.limited === 'true' || (attrs.limited !== 'false' && attrs.range !== undefined && (attrs.limited === 'auto' || ctx.reader.autolimits));
}

function damping(ctx: MjcfContext, attrs: Attributes, place: string): number {
  const value = ctx.reader.number(attrs, 'damping', place, 0);
  if (value < 0) fail(place, `damping must not be negative, got ${value}`);
  return value;
}

function ballJoint(ctx: MjcfContext, attrs: Attributes, place: string, origin: Spherical['origin']): Spherical {
  const r = ctx.reader;
  const joint: Spherical = origin ? { type: 'spherical', origin } : { type: 'spherical' };
  if (limited(ctx, attrs)) {
    const upper = r.numbers(attrs, 'range', 2, place)[1] * r.angleScale;
    if (!(upper > 0)) fail(place, `a ball joint's range needs a positive cone angle, got "${attrs.range}"`);
    joint.limits = { cone: tidy(upper) };
  }
  const d = damping(ctx, attrs, place);
  if (d > 0) joint.damping = d;
  if (r.number(attrs, 'stiffness', place, 0) > 0) r.notices.push(`${place}: a ball joint's stiffness is ignored (Featherweight's springs act on 1-DoF joints).`);
  return joint;
}

function oneDofJoint(ctx: MjcfContext, kind: 'hinge' | 'slide', attrs: Attributes, place: string, origin: OneDofJoint['origin'], angle: number, ref: number): OneDofJoint {
  const r = ctx.reader;
  const axis = r.vector(attrs, 'axis', place, [0, 0, 1]);
  if (Math.hypot(...axis) < 1e-12) fail(place, 'axis must not be zero');
  const joint: OneDofJoint = { type: kind === 'hinge' ? 'revolute' : 'prismatic', ...(origin ? { origin } : {}), axis: tidyVec(axis) };
  if (limited(ctx, attrs)) {
    const [lower, upper] = r.numbers(attrs, 'range', 2, place).map((x) => x * angle);
    if (!(lower < upper)) fail(place, `range needs lower < upper, got "${attrs.range}"`);
    joint.limits = { lower: tidy(lower - ref), upper: tidy(upper - ref) };
  }
  const d = damping(ctx, attrs, place);
  if (d > 0) joint.damping = d;
  const stiffness = r.number(attrs, 'stiffness', place, 0);
  if (stiffness > 0) joint.spring = { stiffness, rest: tidy(r.number(attrs, 'springref', place, 0) * angle - ref) };
  return joint;
}
