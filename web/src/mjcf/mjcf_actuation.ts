// What MJCF adds to the bodies and joints once they are read: actuators (motor, position,
// velocity and general ones without activation dynamics: servos become joint motors, dampers
// joint damping, a motor is an effort the panel sets), equality constraints (connect →
// spherical, weld → fixed, held by impulses) and keyframe 0 as the initial state.
import { type Quat, type Vec3, IDENTITY_QUAT, inverse, normalize, rotate, tidy, tidyVec3, transformPoint } from '../math/math3d';
import type { Constraint, Joint, Motor, OneDofJoint, SceneMeta, Slider } from '../scene/scene_types';
import { type Element, attribute, children, isAttributeKey } from '../xml/xml_reader';
import type { ActuatorEntry, JointEntry, MjcfContext } from './mjcf_context';
import { type Attributes, tidyVec } from './mjcf_reader';
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

/**
 * An actuator in MuJoCo's general form (dyntype none, gaintype fixed): its force is
 * gain·ctrl + bias[0] + bias[1]·length + bias[2]·velocity, or why it has no such form here.
 */
interface Affine {
  gain: number;
  bias: [number, number, number];
}

function affineOf(ctx: MjcfContext, kind: string, attrs: Attributes, place: string): Affine | string {
  const r = ctx.reader;
  if (kind === 'motor') return { gain: 1, bias: [0, 0, 0] };
  if (kind === 'position') {
    if (r.number(attrs, 'timeconst', place, 0) > 0) return 'a position actuator with timeconst (activation dynamics)';
    if (attrs.dampratio !== undefined) return 'a position actuator with dampratio (its damping depends on the inertia MuJoCo computes)';
    const kp = r.number(attrs, 'kp', place, 1), kv = r.number(attrs, 'kv', place, 0);
    return { gain: kp, bias: [0, -kp, -kv] };
  }
  if (kind === 'velocity') {
    const kv = r.number(attrs, 'kv', place, 1);
    return { gain: kv, bias: [0, 0, -kv] };
  }
  if (kind !== 'general') return `actuator <${kind}>`;
  const dyntype = attrs.dyntype ?? 'none', gaintype = attrs.gaintype ?? 'fixed', biastype = attrs.biastype ?? 'none';
  if (dyntype !== 'none') return `a general actuator with dyntype="${dyntype}" (activation dynamics)`;
  if (gaintype !== 'fixed') return `a general actuator with gaintype="${gaintype}"`;
  if (biastype !== 'none' && biastype !== 'affine') return `a general actuator with biastype="${biastype}"`;
  const gain = attrs.gainprm !== undefined ? r.numbers(attrs, 'gainprm', [1, 10], place)[0] : 1;
  const prm = attrs.biasprm !== undefined ? r.numbers(attrs, 'biasprm', [1, 10], place) : [];
  const bias: [number, number, number] = biastype === 'affine' ? [prm[0] ?? 0, prm[1] ?? 0, prm[2] ?? 0] : [0, 0, 0];
  return { gain, bias };
}

/** The joint an actuator drives, or why it is left out. */
function drivenJoint(ctx: MjcfContext, attrs: Attributes, place: string): JointEntry | string {
  if (attrs.joint === undefined) return 'an actuator without joint (tendon, site or body transmission)';
  const entry = ctx.jointByName(attrs.joint, place);
  if (entry.type !== 'hinge' && entry.type !== 'slide') return `an actuator on the ${entry.type} joint "${attrs.joint}" (Featherweight drives 1-DoF joints)`;
  if (entry.joint.type !== 'revolute' && entry.joint.type !== 'prismatic') return `an actuator on joint "${attrs.joint}"`;
  if (entry.joint.motor) return `a second actuator on joint "${attrs.joint}" (a joint has one motor)`;
  return entry;
}

const limitedBy = (ctx: MjcfContext, attrs: Attributes, flag: string, range: string) =>
  attrs[flag] === 'true' || (attrs[flag] !== 'false' && attrs[range] !== undefined && (attrs[flag] === 'auto' || ctx.reader.autolimits));

/**
 * Actuators: MuJoCo's joint torque is gear·(gain·ctrl + b0) + gear²·b1·qpos + gear²·b2·q̇, so a
 * bias on the position is a servo of stiffness −gear²·b1, one on the velocity its damping. Each
 * actuator gets an entry (what its control sets) so the keyframe's ctrl lines up.
 */
export function readActuators(ctx: MjcfContext): void {
  const r = ctx.reader;
  sectionElements(ctx, 'actuator', (kind, e, place) => {
    const attrs = ctx.defaults.resolve(e, kind, 'main', place);
    const actuatorName = attribute(e, 'name') ?? `${kind} ${ctx.actuators.length + 1}`;
    const label = `Actuator "${attribute(e, 'name') ?? place}"`;
    const range = limitedBy(ctx, attrs, 'ctrllimited', 'ctrlrange') ? (r.numbers(attrs, 'ctrlrange', 2, place) as [number, number]) : undefined;
    const entry: ActuatorEntry = { control: null, ...(range ? { range } : {}) };
    ctx.actuators.push(entry);
    const affine = affineOf(ctx, kind, attrs, place);
    const joint = typeof affine === 'string' ? affine : drivenJoint(ctx, attrs, place);
    if (typeof affine === 'string' || typeof joint === 'string') {
      r.notices.push(`${label} is left out: Featherweight cannot express ${typeof affine === 'string' ? affine : joint}.`);
      return;
    }
    const motorJoint = joint.joint as OneDofJoint;
    const gear = r.numbers({ gear: attrs.gear ?? '1' }, 'gear', [1, 6], place)[0];
    const stiffness = -gear * gear * affine.bias[1], damping = -gear * gear * affine.bias[2];
    if (stiffness < 0 || damping < 0) {
      r.notices.push(`${label} is left out: its bias pushes away from its target (biasprm with a positive gain), which Featherweight's servos cannot express.`);
      return;
    }
    const forceRange = limitedBy(ctx, attrs, 'forcelimited', 'forcerange') ? r.numbers(attrs, 'forcerange', 2, place) : undefined;
    const maxEffort = forceRange ? Math.max(Math.abs(forceRange[0]), Math.abs(forceRange[1])) * Math.abs(gear) : undefined;
    if (forceRange && forceRange[0] !== -forceRange[1]) r.notices.push(`${label}: its force range ${forceRange.join(' to ')} becomes ±${maxEffort} (Featherweight's limit is symmetric).`);
    const drive = (ctrl: number) => gear * (affine.gain * ctrl + affine.bias[0]);
    const ranged = range ? `, control ${range[0]} to ${range[1]}` : '';
    if (stiffness > 0) {
      const motor: Motor = { mode: 'position', target: 0, stiffness: tidy(stiffness), damping: tidy(damping) };
      if (maxEffort !== undefined) motor.maxEffort = maxEffort;
      entry.control = (ctrl) => (motor.target = tidy(drive(ctrl) / stiffness - joint.ref, 15));
      motorJoint.motor = motor;
    } else if (damping > 0 && affine.gain === 0 && affine.bias[0] === 0) {
      motorJoint.damping = tidy((motorJoint.damping ?? 0) + damping); // a damper: no control, only −damping·q̇
      if (maxEffort !== undefined) r.notices.push(`${label} damps joint "${attrs.joint}" without its force range (joint damping has none).`);
      return;
    } else if (damping > 0) {
      const motor: Motor = { mode: 'velocity', targetVelocity: 0, damping: tidy(damping), maxEffort: maxEffort ?? 1e6 };
      entry.control = (ctrl) => (motor.targetVelocity = tidy(drive(ctrl) / damping, 15));
      motorJoint.motor = motor;
    } else {
      // The panel's slider spans the efforts the control range reaches (a unit control without one).
      const ends = (range ?? [-1, 1]).map((ctrl) => gear * affine.gain * ctrl).sort((a, b) => a - b);
      const [min, max] = maxEffort !== undefined ? [Math.max(ends[0], -maxEffort), Math.min(ends[1], maxEffort)] : ends;
      if (min < max) entry.panel = { label: actuatorName, joint: motorJoint, field: 'effort', min: tidy(min), max: tidy(max) };
      r.notices.push(`${label} on joint "${attrs.joint}" is an effort: drive it with the panel's Actuators (effort = ${tidy(gear * affine.gain)} × control${affine.bias[0] !== 0 ? ` + ${tidy(gear * affine.bias[0])}, the constant left out` : ''}${ranged}).`);
      return;
    }
    entry.control(range ? clamp(0, range) : 0);
    if (!range) return;
    // The targets the control range reaches (the motor holds the last one set).
    const motor = motorJoint.motor!;
    const targetAt = (ctrl: number): number => {
      entry.control!(ctrl);
      return (motor.mode === 'position' ? motor.target : motor.targetVelocity) ?? 0;
    };
    const ends = range.map(targetAt);
    targetAt(clamp(0, range));
    const what = motor.mode === 'position' ? 'position servo, target' : 'velocity servo, target velocity';
    const [min, max] = [Math.min(...ends), Math.max(...ends)];
    if (min < max) entry.panel = { label: actuatorName, joint: motorJoint, field: motor.mode === 'position' ? 'target' : 'targetVelocity', min, max };
    r.notices.push(`${label} is a ${what} ${ends[0]} to ${ends[1]} on joint "${attrs.joint}" for control ${range[0]} to ${range[1]}.`);
  });
}

const clamp = (x: number, [lo, hi]: [number, number]) => Math.min(hi, Math.max(lo, x));

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
  // ctrl, clamped to each ctrlrange as MuJoCo does: the servos' targets.
  if (attrs.ctrl !== undefined) {
    const ctrl = r.numbers(attrs, 'ctrl', [ctx.actuators.length, ctx.actuators.length], place);
    ctx.actuators.forEach((actuator, i) => actuator.control?.(actuator.range ? clamp(ctrl[i], actuator.range) : ctrl[i]));
  }
  let iq = 0, iv = 0;
  for (const j of ctx.joints) {
    if (qpos) setPosition(j, qpos.slice(iq, iq + width(j.type)));
    if (qvel) setVelocity(j, qvel.slice(iv, iv + velocityWidth(j.type)));
    iq += width(j.type);
    iv += velocityWidth(j.type);
  }
  for (const name of ['act', 'mpos', 'mquat']) if (attrs[name] !== undefined) r.ignored.add(`keyframe ${name}`);
  if (keys.length > 1) r.ignored.add('keyframes after the first');
  r.notices.push('The first keyframe is the initial state.');
}

// Written to 15 digits: the state is MuJoCo's to rounding (12 would move a fast body by 1e-11).
const exact = (v: readonly number[]): Vec3 => tidyVec3(v, 15);

function setPosition(entry: JointEntry, q: number[]): void {
  const joint = entry.joint;
  if (joint.type === 'free') joint.position = { position: exact(q.slice(0, 3)), quaternion: normalize(q.slice(3) as Quat) };
  else if (joint.type === 'spherical') joint.position = { quaternion: normalize(q as Quat) };
  else if (joint.type !== 'fixed') joint.position = tidy(q[0] - entry.ref, 15);
}

/** MuJoCo's qvel as the scene's: angular velocities MuJoCo gives in the body frame turn into the joint frame. */
function setVelocity(entry: JointEntry, v: number[]): void {
  const joint = entry.joint;
  if (joint.type === 'free') {
    // MuJoCo: linear velocity in the world, angular in the body frame; the scene: both in the joint (world) frame.
    const q = joint.position?.quaternion ?? IDENTITY_QUAT;
    joint.velocity = { linear: exact(v.slice(0, 3)), angular: exact(rotate(q as Quat, v.slice(3))) };
  } else if (joint.type === 'spherical') joint.velocity = exact(rotate((joint.position?.quaternion ?? IDENTITY_QUAT) as Quat, v));
  else if (joint.type !== 'fixed') joint.velocity = tidy(v[0], 15);
}

/** What MuJoCo makes soft and Featherweight hard, said once: it changes the motion there. */
export function noteSoftConstraints(ctx: MjcfContext): void {
  const limited = ctx.joints.filter((j) => 'limits' in j.joint && j.joint.limits !== undefined).length;
  if (limited > 0) {
    ctx.reader.notices.push(
      `MuJoCo's joint limits are soft (solreflimit, solimplimit: a stiff spring-damper lets a joint pass its range a little); Featherweight's are hard (the joint stops at its range, restitution 0), so ${limited} limited joint${limited > 1 ? 's move' : ' moves'} differently once at a limit.`,
    );
  }
}

/** The panel's part of the actuators: servo targets as the scene's sliders, efforts as effort sliders. */
export function actuatorPanel(ctx: MjcfContext): Pick<SceneMeta, 'sliders' | 'efforts'> {
  const where = new Map<Joint, { path: string; name: string }>();
  ctx.articulations.forEach((articulation, a) =>
    articulation.links.forEach((link, l) => where.set(link.joint, { path: `/articulations/${a}/links/${l}/joint`, name: `${articulation.name}/${link.name}` })),
  );
  const sliders: Slider[] = [], efforts: NonNullable<SceneMeta['efforts']> = [];
  for (const { panel } of ctx.actuators) {
    const at = panel && where.get(panel.joint);
    if (!panel || !at) continue;
    const { label, min, max } = panel;
    if (panel.field === 'effort') efforts.push({ joint: at.name, label, min, max });
    else {
      const angular = panel.joint.type === 'revolute' || panel.joint.type === 'ball';
      const unit = panel.field === 'target' ? (angular ? 'rad' : 'm') : angular ? 'rad/s' : 'm/s';
      sliders.push({ label, path: `${at.path}/motor/${panel.field}`, min, max, step: tidy((max - min) / 200), unit });
    }
  }
  return { ...(sliders.length > 0 ? { sliders } : {}), ...(efforts.length > 0 ? { efforts } : {}) };
}
