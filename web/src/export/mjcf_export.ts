// A scene as MJCF, for MuJoCo: static bodies become geoms of the world body, free bodies bodies
// with a free joint, articulations nested bodies (each link a body placed at its joint, so every
// joint sits at pos 0), inertials full inertias, servos position/velocity actuators, the initial
// state and the servo targets keyframe 0. What MJCF cannot say is returned in `unsupported`
// (restitution, prescribed motion, impulse-joint constraints given by a world anchor, drag …).
import type { Json, SceneObject } from '../scene/scene_doc';
import { canonicalJointType } from '../scene/scene_types';
import { type Frame, type Quat, type Vec3, compose, matrixToQuaternion, rpyToMatrix } from '../math/math3d';

type JsonObject = { [key: string]: Json };

const num = (x: number) => String(Number(x.toPrecision(17)));
const list = (v: readonly number[]) => v.map(num).join(' ');
const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
const obj = (value: Json | undefined): JsonObject => (value && typeof value === 'object' && !Array.isArray(value) ? value : {});

/** The [w, x, y, z] orientation of anything with `quaternion` or `rpy` (identity without). */
export function orientationOf(holder: JsonObject): number[] {
  if (Array.isArray(holder.quaternion)) {
    const q = holder.quaternion as number[];
    const n = Math.hypot(...q);
    return q.map((x) => x / n);
  }
  if (Array.isArray(holder.rpy)) return matrixToQuaternion(rpyToMatrix(holder.rpy as Vec3));
  return [1, 0, 0, 0];
}

const isIdentity = (q: number[]) => Math.abs(q[0]) > 1 - 1e-15;
const poseAttributes = (position: Json | undefined, orientation: number[]) =>
  `${Array.isArray(position) && (position as number[]).some((x) => x !== 0) ? ` pos="${list(position as number[])}"` : ''}${isIdentity(orientation) ? '' : ` quat="${list(orientation)}"`}`;

function rgba(color: Json | undefined): string {
  if (typeof color !== 'string' || !/^#[0-9a-f]{6}$/i.test(color)) return '';
  const c = [1, 3, 5].map((i) => parseInt(color.slice(i, i + 2), 16) / 255);
  return ` rgba="${list([...c.map((x) => Number(x.toFixed(4))), 1])}"`;
}

class Writer {
  readonly unsupported = new Set<string>();
  readonly qpos: number[] = [];
  readonly qvel: number[] = [];
  readonly ctrl: number[] = [];
  readonly actuators: string[] = [];
  pointMasses = false;

  constructor(private readonly materials: JsonObject) {}

  material(shape: JsonObject, field: string, fallback: number): number {
    if (typeof shape[field] === 'number') return shape[field] as number;
    const m = obj(this.materials[shape.material as string]);
    return typeof m[field] === 'number' ? (m[field] as number) : fallback;
  }

  geom(shape: JsonObject, place: string, extra = ''): string {
    const type = shape.type as string;
    const pose = poseAttributes(shape.position, orientationOf(shape));
    let geometry: string;
    if (type === 'sphere') geometry = `type="sphere" size="${num(shape.radius as number)}"`;
    else if (type === 'box') geometry = `type="box" size="${list((shape.size as number[]).map((s) => s / 2))}"`;
    else if (type === 'capsule' || type === 'cylinder') geometry = `type="${type}" size="${num(shape.radius as number)} ${num((shape.length as number) / 2)}"`;
    else if (type === 'plane') geometry = 'type="plane" size="0 0 1"';
    else {
      this.unsupported.add(`${place}: ${type} shapes (MJCF needs a mesh asset for a convex hull)`);
      return '';
    }
    const friction = this.material(shape, 'friction', 0.5);
    if (this.material(shape, 'restitution', 0) > 0) this.unsupported.add(`${place}: restitution (MuJoCo models bounce with solref, not a coefficient)`);
    const density = type === 'plane' ? '' : ` density="${num(this.material(shape, 'density', 1000))}"`;
    const collision = obj(shape.collision);
    const group = (collision.group as number | undefined) ?? 1, mask = (collision.mask as number | undefined) ?? 1;
    // Featherweight touches a pair when each side's group meets the other's mask; MuJoCo when
    // either side's contype meets the other's conaffinity. A shape that touches nothing here
    // (drawn only) must touch nothing there: both zero, or MuJoCo's "either" would still collide it.
    const filter = group === 0 || mask === 0 ? ' contype="0" conaffinity="0"'
      : collision.group !== undefined || collision.mask !== undefined ? ` contype="${group}" conaffinity="${mask}"` : '';
    return `<geom ${geometry}${pose}${density} friction="${num(friction)} 0.005 0.0001"${rgba(shape.color)}${filter}${extra}/>`;
  }

  inertial(inertial: JsonObject): string {
    if (Object.keys(inertial).length === 0) return '';
    const I = obj(inertial.inertia);
    const v = (k: string) => (typeof I[k] === 'number' ? (I[k] as number) : 0);
    const com = Array.isArray(inertial.com) ? (inertial.com as number[]) : [0, 0, 0];
    const diagonal = [v('ixx'), v('iyy'), v('izz')], products = [v('ixy'), v('ixz'), v('iyz')];
    // MuJoCo refuses an inertia that is not positive definite: a point mass gets its lower bound.
    if (diagonal.some((x) => x <= 0)) this.pointMasses = true;
    const inertia = products.every((x) => x === 0) ? `diaginertia="${list(diagonal)}"` : `fullinertia="${list([...diagonal, ...products])}"`;
    return `<inertial pos="${list(com)}" mass="${num(inertial.mass as number)}" ${inertia}/>`;
  }

  joint(joint: JsonObject, name: string, place: string): string {
    const type = canonicalJointType(String(joint.type));
    if (type === 'fixed') return '';
    if (type === 'free') {
      const position = obj(joint.position);
      this.qpos.push(...((position.position as number[]) ?? [0, 0, 0]), ...orientationOf(position));
      const velocity = obj(joint.velocity);
      this.qvel.push(...((velocity.linear as number[]) ?? [0, 0, 0]), ...((velocity.angular as number[]) ?? [0, 0, 0]));
      return `<freejoint name="${escape(name)}"/>`;
    }
    let attrs = `name="${escape(name)}" type="${type === 'revolute' ? 'hinge' : type === 'prismatic' ? 'slide' : 'ball'}"`;
    if (type === 'spherical') {
      this.qpos.push(...orientationOf(obj(joint.position)));
      this.qvel.push(...((Array.isArray(joint.velocity) ? joint.velocity : [0, 0, 0]) as number[]));
      const cone = obj(joint.limits).cone;
      if (typeof cone === 'number') attrs += ` limited="true" range="0 ${num(cone)}"`;
    } else {
      attrs += ` axis="${list((joint.axis as number[]) ?? [0, 0, 1])}"`;
      this.qpos.push(typeof joint.position === 'number' ? joint.position : 0);
      this.qvel.push(typeof joint.velocity === 'number' ? joint.velocity : 0);
      const limits = obj(joint.limits);
      if (typeof limits.lower === 'number') attrs += ` limited="true" range="${num(limits.lower)} ${num(limits.upper as number)}"`;
      if (typeof limits.restitution === 'number' && limits.restitution > 0) this.unsupported.add(`${place}: a limit's restitution`);
      const spring = obj(joint.spring);
      if (typeof spring.stiffness === 'number') attrs += ` stiffness="${num(spring.stiffness)}" springref="${num((spring.rest as number) ?? 0)}"`;
      this.motor(obj(joint.motor), name, place);
    }
    if (typeof joint.damping === 'number') attrs += ` damping="${num(joint.damping)}"`;
    if (typeof joint.armature === 'number' && joint.armature > 0) attrs += ` armature="${num(joint.armature)}"`;
    if (typeof joint.friction === 'number') attrs += ` frictionloss="${num(joint.friction)}"`;
    return `<joint ${attrs}/>`;
  }

  private motor(motor: JsonObject, joint: string, place: string): void {
    if (Object.keys(motor).length === 0) return;
    const effort = typeof motor.maxEffort === 'number' && motor.maxEffort > 0 ? ` forcelimited="true" forcerange="${num(-motor.maxEffort)} ${num(motor.maxEffort)}"` : '';
    if (motor.mode === 'position') {
      this.actuators.push(`<position name="${escape(joint)}" joint="${escape(joint)}" kp="${num((motor.stiffness as number) ?? 0)}" kv="${num((motor.damping as number) ?? 0)}"${effort}/>`);
      this.ctrl.push((motor.target as number) ?? 0);
      if (typeof motor.targetVelocity === 'number' && motor.targetVelocity !== 0) this.unsupported.add(`${place}: a servo's feed-forward velocity`);
    } else if (motor.mode === 'velocity') {
      this.actuators.push(`<velocity name="${escape(joint)}" joint="${escape(joint)}" kv="${num((motor.damping as number) ?? 1)}"${effort}/>`);
      this.ctrl.push((motor.targetVelocity as number) ?? 0);
    } else this.unsupported.add(`${place}: prescribed motion (MJCF has no trajectory-driven joint)`);
  }
}

/** The scene as an MJCF document, and what it could not carry over. */
export function sceneToMjcf(scene: SceneObject): { xml: string; unsupported: string[] } {
  const writer = new Writer(obj(scene.materials));
  const world = obj(scene.world);
  const meta = obj(scene.meta);
  const out: string[] = [];
  const title = typeof meta.title === 'string' ? meta.title : 'featherweight-scene';
  out.push(`<mujoco model="${escape(title)}">`, '  <compiler angle="radian" autolimits="true"/>');
  const integrator = world.integrator === 'rk4' || world.integrator === 'rk45' ? 'RK4' : 'Euler';
  if (world.integrator === 'rk45') writer.unsupported.add('world: RK45 (exported as RK4; MuJoCo has no adaptive integrator)');
  if (world.stepping === 'accurate' || integrator === 'RK4') writer.unsupported.add('world: event-located impacts of accurate stepping (MuJoCo treats contacts as soft constraints every step)');
  const gravity = Array.isArray(world.gravity) ? (world.gravity as number[]) : [0, 0, -9.81];
  out.push(`  <option timestep="${num((world.timestep as number) ?? 1 / 240)}" gravity="${list(gravity)}" integrator="${integrator}"/>`, '  <worldbody>');

  for (const [i, body] of ((scene.bodies ?? []) as JsonObject[]).entries()) {
    const place = `/bodies/${i}`;
    const name = String(body.name);
    const orientation = orientationOf(body);
    if (body.drag) writer.unsupported.add(`${place}: drag`);
    if (body.static === true) {
      // Each shape a geom of the world body, at the body's pose composed with its own.
      const frame: Frame = { pos: ((body.position as Vec3) ?? [0, 0, 0]) as Vec3, quat: orientation as Quat };
      for (const shape of (body.shapes ?? []) as JsonObject[]) {
        const placed = compose(frame, { pos: ((shape.position as Vec3) ?? [0, 0, 0]) as Vec3, quat: orientationOf(shape) as Quat });
        const { rpy: _rpy, ...rest } = shape; // eslint-disable-line @typescript-eslint/no-unused-vars
        const geom = writer.geom({ ...rest, position: placed.pos, quaternion: placed.quat }, place);
        if (geom) out.push(`    ${geom}`);
      }
      continue;
    }
    const joint: JsonObject = {
      type: 'free',
      position: { position: (body.position as Json) ?? [0, 0, 0], quaternion: orientation },
      velocity: { linear: (body.linearVelocity as Json) ?? [0, 0, 0], angular: (body.angularVelocity as Json) ?? [0, 0, 0] },
    };
    out.push(`    <body name="${escape(name)}">${writer.joint(joint, name, place)}${writer.inertial(obj(body.inertial))}${((body.shapes ?? []) as JsonObject[]).map((s) => writer.geom(s, place)).join('')}</body>`);
  }

  for (const [a, articulation] of ((scene.articulations ?? []) as JsonObject[]).entries()) {
    const links = (articulation.links ?? []) as JsonObject[];
    const name = String(articulation.name);
    if (articulation.joints === 'impulse') writer.unsupported.add(`/articulations/${a}: "joints": "impulse" (exported as the same tree in reduced coordinates)`);
    const write = (index: number, indent: string): void => {
      const link = links[index];
      const place = `/articulations/${a}/links/${index}`;
      const joint = obj(link.joint);
      const origin = obj(joint.origin);
      const bodyName = `${name}-${String(link.name)}`;
      if (link.drag) writer.unsupported.add(`${place}: drag`);
      const geoms = ((link.shapes ?? []) as JsonObject[]).map((s) => writer.geom(s, place)).join('');
      out.push(`${indent}<body name="${escape(bodyName)}"${poseAttributes(origin.position, orientationOf(origin))}>${writer.joint(joint, `${name}/${String(link.name)}`, place)}${writer.inertial(obj(link.inertial))}${geoms}`);
      links.forEach((child, k) => {
        if (child.parent === link.name) write(k, `${indent}  `);
      });
      out.push(`${indent}</body>`);
    };
    links.forEach((link, k) => {
      if (link.parent === undefined || link.parent === null) write(k, '    ');
    });
  }
  out.push('  </worldbody>');
  if (writer.pointMasses) {
    out[1] = '  <compiler angle="radian" autolimits="true" boundinertia="1e-12"/>';
    writer.unsupported.add('point masses (zero inertia): MuJoCo needs an inertia, so boundinertia gives them 1e-12 kg·m²');
  }
  if (writer.actuators.length > 0) out.push('  <actuator>', ...writer.actuators.map((line) => `    ${line}`), '  </actuator>');
  if (scene.constraints) writer.unsupported.add('/constraints: impulse-joint constraints (MJCF equality constraints need their anchors in body frames; not written)');
  const key = [`qpos="${list(writer.qpos)}"`];
  if (writer.qvel.some((v) => v !== 0)) key.push(`qvel="${list(writer.qvel)}"`);
  if (writer.ctrl.length > 0) key.push(`ctrl="${list(writer.ctrl)}"`);
  if (writer.qpos.length > 0) out.push('  <keyframe>', `    <key name="initial" ${key.join(' ')}/>`, '  </keyframe>');
  out.push('</mujoco>', '');
  return { xml: out.join('\n'), unsupported: [...writer.unsupported] };
}
