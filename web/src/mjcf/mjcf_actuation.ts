// What MJCF adds to the bodies and joints once they are read: actuators (position and velocity
// servos become joint motors; a motor is an effort the panel sets), equality constraints
// (connect → spherical, weld → fixed, held by impulses) and keyframe 0 as the initial state.
import { type Quat, type Vec3, IDENTITY_QUAT, inverse, normalize, rotate, tidy, transformPoint } from '../math/math3d';
import type { Constraint, Motor } from '../scene/scene_types';
import { type Element, attribute, children, isAttributeKey } from '../xml/xml_reader';
import type { JointEntry, MjcfContext } from './mjcf_context';
import { tidyVec } from './mjcf_reader';
import { fail } from './mjcf_xml';

/** Each element of a section (<actuator>, <equality>) with its kind and place. */
function sectionElements(ctx: MjcfContext, section: string, visit: (kind: string, element: Element, place: string, index: number) => void): void {
  for (const element of children(ctx.mujoco, section)) {
    for (const [kind, value] of Object.entries(element)) {
      if (isAttributeKey(kind)) continue;
      (Array.isArray(value) ? value : [value]).forEach((item: unknown, i: number) => {
        const e = (item ?? {}) as Element;
        visit(kind, e, `mujoco/${section}/${kind} "${attribute(e, 'name') ?? i + 1}"`, i);
      });
    }
  }
}

/** The joint an actuator drives, or undefined for a transmission the converter does not read. */
function drivenJoint(ctx: MjcfContext, kind: string, attrs: Record<string, string>, place: string): JointEntry | undefined {
  if (attrs.joint === undefined) {
    ctx.reader.ignored.add(`actuator ${kind} without joint (tendon, site or body transmission)`);
    return undefined;
  }
  const entry = ctx.jointByName(attrs.joint, place);
  if (entry.type !== 'hinge' && entry.type !== 'slide') fail(place, `Featherweight drives 1-DoF joints only; "${attrs.joint}" is a ${entry.type} joint`);
  return entry;
}

export function readActuators(ctx: MjcfContext): void {
  const r = ctx.reader;
  sectionElements(ctx, 'actuator', (kind, e, place) => {
    if (!['motor', 'position', 'velocity'].includes(kind)) {
      r.ignored.add(`actuator <${kind}>`);
      return;
    }
    const attrs = ctx.defaults.resolve(e, kind, 'main', place);
    const entry = drivenJoint(ctx, kind, attrs, place);
    if (!entry) return;
    const gear = r.numbers({ gear: attrs.gear ?? '1' }, 'gear', [1, 6], place)[0];
    const forceRange = attrs.forcerange !== undefined && attrs.forcelimited !== 'false' ? r.numbers(attrs, 'forcerange', 2, place) : undefined;
    const maxEffort = forceRange ? Math.max(Math.abs(forceRange[0]), Math.abs(forceRange[1])) * Math.abs(gear) : undefined;
    if (kind === 'motor') {
      const range = attrs.ctrlrange !== undefined ? r.numbers(attrs, 'ctrlrange', 2, place).map((c) => c * gear) : undefined;
      r.notices.push(
        `Motor "${attribute(e, 'name') ?? attrs.joint}" on joint "${attrs.joint}": drive it with the panel's Joint efforts (effort = gear ${gear} × control${range ? `, ${range[0]} to ${range[1]}` : ''}).`,
      );
      ctx.servos.push(null);
      return;
    }
    const kp = r.number(attrs, 'kp', place, kind === 'position' ? 1 : 0), kv = r.number(attrs, 'kv', place, kind === 'velocity' ? 1 : 0);
    const motor: Motor =
      kind === 'position'
        ? { mode: 'position', target: 0, stiffness: kp * gear * gear, damping: kv * gear * gear }
        : { mode: 'velocity', targetVelocity: 0, damping: kv * gear * gear };
    if (maxEffort !== undefined) motor.maxEffort = maxEffort;
    else if (motor.mode === 'velocity') motor.maxEffort = 1e6;
    if (entry.joint.type === 'revolute' || entry.joint.type === 'prismatic') entry.joint.motor = motor;
    ctx.servos.push(motor);
  });
}

export function readEqualities(ctx: MjcfContext): Constraint[] {
  const r = ctx.reader;
  const constraints: Constraint[] = [];
  sectionElements(ctx, 'equality', (kind, e, place, i) => {
    if (kind !== 'connect' && kind !== 'weld') {
      r.ignored.add(`equality <${kind}>`);
      return;
    }
    const attrs = ctx.defaults.resolve(e, kind, 'main', place);
    if (attrs.body1 === (attrs.body2 ?? 'world')) fail(place, `joins body "${attrs.body1}" to itself (a cycle of one body)`);
    const a = ctx.bodyByName(attrs.body1, place), b = ctx.bodyByName(attrs.body2 ?? 'world', place);
    // The anchor in body1's frame; body2's point is where it sits at the model's pose.
    const anchor = r.vector(attrs, 'anchor', place, [0, 0, 0]);
    const pointWorld = transformPoint(a.world, anchor);
    constraints.push({
      name: attribute(e, 'name') ?? `${kind} ${i + 1}`,
      type: kind === 'connect' ? 'spherical' : 'fixed',
      a: a.sceneName,
      b: b.sceneName,
      pointA: tidyVec(transformPoint(inverse(a.world), pointWorld)),
      pointB: tidyVec(transformPoint(inverse(b.world), pointWorld)),
    });
    if (kind === 'weld' && attrs.relpose !== undefined) r.ignored.add('equality weld relpose (the weld holds the model pose)');
  });
  return constraints;
}

const width = (type: JointEntry['type']) => (type === 'free' ? 7 : type === 'ball' ? 4 : 1);
const velocityWidth = (type: JointEntry['type']) => (type === 'free' ? 6 : type === 'ball' ? 3 : 1);

/** Keyframe 0 (when present) is the initial state: qpos and qvel in MuJoCo's joint order. */
export function readKeyframe(ctx: MjcfContext): void {
  const r = ctx.reader;
  const keys = children(ctx.mujoco, 'keyframe').flatMap((k) => children(k, 'key'));
  if (keys.length === 0) return;
  const place = 'mujoco/keyframe/key[1]';
  const attrs = ctx.defaults.resolve(keys[0], 'key', 'main', place);
  const nq = ctx.joints.reduce((n, j) => n + width(j.type), 0), nv = ctx.joints.reduce((n, j) => n + velocityWidth(j.type), 0);
  const qpos = attrs.qpos !== undefined ? r.numbers(attrs, 'qpos', [nq, nq], place) : undefined;
  const qvel = attrs.qvel !== undefined ? r.numbers(attrs, 'qvel', [nv, nv], place) : undefined;
  // ctrl: the servos' targets (a motor's control is an effort the page's sliders set).
  if (attrs.ctrl !== undefined) {
    const ctrl = r.numbers(attrs, 'ctrl', [ctx.servos.length, ctx.servos.length], place);
    ctx.servos.forEach((servo, i) => {
      if (servo?.mode === 'position') servo.target = ctrl[i];
      else if (servo?.mode === 'velocity') servo.targetVelocity = ctrl[i];
    });
  }
  let iq = 0, iv = 0;
  for (const j of ctx.joints) {
    if (qpos) setPosition(j, qpos.slice(iq, iq + width(j.type)));
    if (qvel) setVelocity(j, qvel.slice(iv, iv + velocityWidth(j.type)));
    iq += width(j.type);
    iv += velocityWidth(j.type);
  }
  r.notices.push('The first keyframe is the initial state.');
}

function setPosition(entry: JointEntry, q: number[]): void {
  const joint = entry.joint;
  if (joint.type === 'free') joint.position = { position: tidyVec(q.slice(0, 3)), quaternion: normalize(q.slice(3) as Quat) };
  else if (joint.type === 'spherical') joint.position = { quaternion: normalize(q as Quat) };
  else if (joint.type !== 'fixed') joint.position = tidy(q[0] - entry.ref);
}

function setVelocity(entry: JointEntry, v: number[]): void {
  const joint = entry.joint;
  if (joint.type === 'free') {
    // MuJoCo: linear velocity in the world, angular in the body frame; the scene: both in the joint (world) frame.
    const q = joint.position?.quaternion ?? IDENTITY_QUAT;
    joint.velocity = { linear: tidyVec(v.slice(0, 3)), angular: tidyVec(rotate(q, v.slice(3) as Vec3)) };
  } else if (joint.type === 'spherical') joint.velocity = tidyVec(v);
  else if (joint.type !== 'fixed') joint.velocity = v[0];
}
