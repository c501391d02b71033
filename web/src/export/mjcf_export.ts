// A scene as MJCF, for MuJoCo: static bodies become geoms of the world body, free bodies bodies
// with a free joint, articulations nested bodies (each link a body placed at its joint, so every
// joint sits at pos 0), inertials full inertias, servos position/velocity actuators, sites
// sites, the initial state and the servo targets keyframe 0 in MuJoCo's conventions (a free
// joint's pose in the world, its ω in the body; a ball's ω in the child frame); realtime scenes
// with servos step with implicitfast. What MJCF cannot say is returned in `unsupported`
// (restitution, prescribed motion, impulse-joint constraints given by a world anchor, drag …).
import type { Json, SceneObject } from '../scene/scene_doc';
import { canonicalJointType } from '../scene/scene_types';
import { type ChainLink, chainBody, contactSection, foldedInto } from './mjcf_export_chains';
import { eachRuleFilter, pairGeomName, pairLines, pairedShapes, treeExclusions } from './mjcf_export_contacts';
import { type Frame, type Quat, type Vec3, compose, matrixToQuaternion, quatConjugate, rotate, rpyToMatrix } from '../math/math3d';

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

/** A pose as a frame (identity where it says nothing). */
const frameOf = (pose: JsonObject): Frame => ({ pos: (Array.isArray(pose.position) ? pose.position : [0, 0, 0]) as Vec3, quat: orientationOf(pose) as Quat });

/** A link's or body's sites as MJCF sites. */
const sitesOf = (owner: JsonObject) =>
  ((owner.sites ?? []) as JsonObject[]).map((site) => `<site name="${escape(String(site.name))}"${poseAttributes(site.position, orientationOf(site))}/>`).join('');

/** Whether any joint has a position or velocity servo. */
const hasServos = (scene: SceneObject) =>
  ((scene.articulations ?? []) as JsonObject[]).some((a) => ((a.links ?? []) as JsonObject[]).some((l) => ['position', 'velocity'].includes(obj(obj(l.joint).motor).mode as string)));

/** A body's gravity compensation, MuJoCo's body attribute of the same name. */
const gravcompAttribute = (owner: JsonObject) => (typeof owner.gravcomp === 'number' && owner.gravcomp !== 0 ? ` gravcomp="${num(owner.gravcomp)}"` : '');
const isIdentity = (q: number[]) => Math.abs(q[0]) > 1 - 1e-15;
const poseAttributes = (position: Json | undefined, orientation: number[]) =>
  `${Array.isArray(position) && (position as number[]).some((x) => x !== 0) ? ` pos="${list(position as number[])}"` : ''}${isIdentity(orientation) ? '' : ` quat="${list(orientation)}"`}`;

function rgba(color: Json | undefined): string {
  if (typeof color !== 'string' || !/^#[0-9a-f]{6}([0-9a-f]{2})?$/i.test(color)) return '';
  const c = [1, 3, 5, 7].map((i) => (i < color.length ? parseInt(color.slice(i, i + 2), 16) / 255 : 1));
  return ` rgba="${list(c.map((x) => Number(x.toFixed(4))))}"`;
}

class Writer {
  readonly unsupported = new Set<string>();
  readonly qpos: number[] = [];
  readonly qvel: number[] = [];
  readonly ctrl: number[] = [];
  readonly actuators: string[] = [];
  pointMasses = false;
  readonly meshes: string[] = []; // <asset> meshes of convex shapes' points
  either = false; // world.collisionFilter "either": MuJoCo's own rule
  eachFilter: (shape: JsonObject) => string = () => '';

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
    else if (type === 'convex' && Array.isArray(shape.points)) {
      // A mesh of the points alone: MuJoCo collides and weighs its convex hull, as Featherweight does.
      const name = `hull${this.meshes.length + 1}`;
      this.meshes.push(`<mesh name="${name}" vertex="${list((shape.points as number[][]).flat())}"/>`);
      geometry = `type="mesh" mesh="${name}"`;
      if (shape.mesh) this.unsupported.add(`${place}: the drawn mesh file (the exported mesh is its hull's points)`);
    } else {
      this.unsupported.add(`${place}: ${type} shapes`);
      return '';
    }
    const friction = this.material(shape, 'friction', 0.5);
    if (this.material(shape, 'restitution', 0) > 0) this.unsupported.add(`${place}: restitution (MuJoCo models bounce with solref, not a coefficient)`);
    const density = type === 'plane' ? '' : ` density="${num(this.material(shape, 'density', 1000))}"`;
    const collision = obj(shape.collision);
    if (this.either) {
      // The same rule as MuJoCo's: the bits as they are (int32, the scene's default mask all of them).
      const bits = (x: Json | undefined, fallback: number) => (typeof x === 'number' ? x : fallback) | 0;
      return `<geom ${geometry}${pose}${density} friction="${num(friction)} 0.005 0.0001"${rgba(shape.color)} contype="${bits(collision.group, 1)}" conaffinity="${bits(collision.mask, -1)}"${extra}/>`;
    }
    // Featherweight's "each" rule as contype/conaffinity MuJoCo's rule agrees with (mjcf_export_contacts.ts).
    const filter = this.eachFilter(shape);
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

  /** `pos`: where the joint sits in its body (a body with several joints), else at its origin. */
  joint(joint: JsonObject, name: string, place: string, pos?: Vec3): string {
    const type = canonicalJointType(String(joint.type));
    if (type === 'fixed') return '';
    if (type === 'free') {
      // MuJoCo's qpos is the body's pose in the world (the body's pos is the joint frame), its qvel
      // the linear velocity in the world and the angular one in the body; the scene's are in the joint frame.
      const origin = frameOf(obj(joint.origin)), local = frameOf(obj(joint.position));
      const placed = compose(origin, local);
      this.qpos.push(...placed.pos, ...placed.quat);
      const velocity = obj(joint.velocity);
      const linear = (velocity.linear as number[]) ?? [0, 0, 0], angular = (velocity.angular as number[]) ?? [0, 0, 0];
      this.qvel.push(...rotate(origin.quat, linear), ...rotate(quatConjugate(local.quat), angular));
      return `<freejoint name="${escape(name)}"/>`;
    }
    let attrs = `name="${escape(name)}" type="${type === 'revolute' ? 'hinge' : type === 'prismatic' ? 'slide' : 'ball'}"${pos && pos.some((x) => x !== 0) ? ` pos="${list(pos)}"` : ''}`;
    if (type === 'spherical') {
      this.qpos.push(...orientationOf(obj(joint.position)));
      // MuJoCo's ball qvel is ω in the child frame; the scene's in the joint frame.
      const q = orientationOf(obj(joint.position)) as Quat;
      this.qvel.push(...rotate(quatConjugate(q), (Array.isArray(joint.velocity) ? joint.velocity : [0, 0, 0]) as number[]));
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
  writer.either = world.collisionFilter === 'either';
  if (!writer.either) writer.eachFilter = eachRuleFilter(scene, writer.unsupported);
  // Geoms a contact pair names carry a name; a pair's friction mixes its shapes' own.
  const paired = pairedShapes(scene);
  const geomName = (body: string, k: number) => (paired.has(pairGeomName(body, k)) ? ` name="${escape(pairGeomName(body, k))}"` : '');
  const shapesByBody = new Map<string, JsonObject[]>();
  for (const body of (scene.bodies ?? []) as JsonObject[]) shapesByBody.set(String(body.name), (body.shapes ?? []) as JsonObject[]);
  for (const a of (scene.articulations ?? []) as JsonObject[])
    for (const l of (a.links ?? []) as JsonObject[]) shapesByBody.set(`${String(a.name)}/${String(l.name)}`, (l.shapes ?? []) as JsonObject[]);
  const friction = (body: string, k: number) => writer.material(obj(shapesByBody.get(body)?.[k]), 'friction', 0.5);
  const meta = obj(scene.meta);
  const out: string[] = [];
  const title = typeof meta.title === 'string' ? meta.title : 'featherweight-scene';
  out.push(`<mujoco model="${escape(title)}">`, '  <compiler angle="radian" autolimits="true"/>');
  // Servos' damping is implicit in Featherweight's realtime step: implicitfast is MuJoCo's integrator that treats it so (Euler only the joints' damping).
  const integrator = world.integrator === 'rk4' || world.integrator === 'rk45' ? 'RK4' : hasServos(scene) ? 'implicitfast' : 'Euler';
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
      for (const [k, shape] of ((body.shapes ?? []) as JsonObject[]).entries()) {
        const placed = compose(frame, { pos: ((shape.position as Vec3) ?? [0, 0, 0]) as Vec3, quat: orientationOf(shape) as Quat });
        const { rpy: _rpy, ...rest } = shape; // eslint-disable-line @typescript-eslint/no-unused-vars
        const geom = writer.geom({ ...rest, position: placed.pos, quaternion: placed.quat }, place, geomName(name, k));
        if (geom) out.push(`    ${geom}`);
      }
      continue;
    }
    const joint: JsonObject = {
      type: 'free',
      position: { position: (body.position as Json) ?? [0, 0, 0], quaternion: orientation },
      velocity: { linear: (body.linearVelocity as Json) ?? [0, 0, 0], angular: (body.angularVelocity as Json) ?? [0, 0, 0] },
    };
    out.push(`    <body name="${escape(name)}"${gravcompAttribute(body)}>${writer.joint(joint, name, place)}${writer.inertial(obj(body.inertial))}${((body.shapes ?? []) as JsonObject[]).map((s, k) => writer.geom(s, place, geomName(name, k))).join('')}${sitesOf(body)}</body>`);
  }

  for (const [a, articulation] of ((scene.articulations ?? []) as JsonObject[]).entries()) {
    const links = (articulation.links ?? []) as JsonObject[];
    const name = String(articulation.name);
    if (articulation.joints === 'impulse') writer.unsupported.add(`/articulations/${a}: "joints": "impulse" (exported as the same tree in reduced coordinates)`);
    const jointName = (link: JsonObject) => (typeof obj(link.joint).name === 'string' ? (obj(link.joint).name as string) : `${name}/${String(link.name)}`);
    // `chain`: massless links folded into this link's body (mjcf_export_chains.ts), outermost first.
    const write = (index: number, indent: string, chain: ChainLink[] = []): void => {
      const link = links[index];
      const place = `/articulations/${a}/links/${index}`;
      const next = foldedInto(links, index);
      if (next >= 0) return write(next, indent, [...chain, { link, place, index }]);
      const joint = obj(link.joint);
      const { origin, joints } = chainBody(links, chain, index, frameOf(obj(obj((chain[0]?.link ?? link).joint).origin)));
      const bodyName = `${name}-${String(link.name)}`;
      if (link.drag) writer.unsupported.add(`${place}: drag`);
      const geoms = ((link.shapes ?? []) as JsonObject[]).map((s, k) => writer.geom(s, place, geomName(`${name}/${String(link.name)}`, k))).join('');
      const chainJoints = joints.map((j) => writer.joint(obj(j.link.joint), jointName(j.link), j.place, j.pos)).join('');
      out.push(`${indent}<body name="${escape(bodyName)}"${poseAttributes(origin.pos, origin.quat)}${gravcompAttribute(link)}>${chainJoints}${writer.joint(joint, jointName(link), place)}${writer.inertial(obj(link.inertial))}${geoms}${sitesOf(link)}`);
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
  if (writer.meshes.length > 0) out.splice(out.indexOf('  <worldbody>'), 0, '  <asset>', ...writer.meshes.map((m) => `    ${m}`), '  </asset>');
  const trees = treeExclusions(scene, writer.either, writer.unsupported, (a, k) => `${String(a.name)}-${String(((a.links ?? []) as JsonObject[])[k].name)}`);
  out.push(...contactSection(scene, writer.unsupported, [...pairLines(scene, friction), ...trees]));
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
