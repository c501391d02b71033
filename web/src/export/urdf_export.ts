// A scene's robot as URDF: one articulation (the first that moves), hung from an empty "world"
// link by its root joint (fixed, revolute, prismatic, or floating for a free root); every link
// with its inertial and its shapes as collision and visual geometry. URDF has no world settings,
// initial state, ball joint, capsule-free tree of several robots, servo, spring or material
// property: what the scene has of those is returned in `unsupported`.
import type { Json, SceneObject } from '../scene/scene_doc';
import { canonicalJointType } from '../scene/scene_types';
import { quaternionToMatrix } from '../math/math3d';
import { orientationOf } from './mjcf_export';

type JsonObject = { [key: string]: Json };

const num = (x: number) => String(Number(x.toPrecision(17)));
const list = (v: readonly number[]) => v.map(num).join(' ');
const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
const obj = (value: Json | undefined): JsonObject => (value && typeof value === 'object' && !Array.isArray(value) ? value : {});

/** URDF's roll-pitch-yaw (R = Rz·Ry·Rx) of a [w, x, y, z] quaternion. */
function rpyOf(q: number[]): number[] {
  const m = quaternionToMatrix(q);
  const pitch = Math.asin(Math.max(-1, Math.min(1, -m[2][0])));
  if (Math.abs(m[2][0]) > 1 - 1e-12) return [0, pitch, Math.atan2(-m[0][1], m[1][1])]; // gimbal lock: roll folded into yaw
  return [Math.atan2(m[2][1], m[2][2]), pitch, Math.atan2(m[1][0], m[0][0])];
}

function origin(holder: JsonObject): string {
  const position = Array.isArray(holder.position) ? (holder.position as number[]) : [0, 0, 0];
  const q = orientationOf(holder);
  const rpy = Math.abs(q[0]) > 1 - 1e-15 ? [0, 0, 0] : rpyOf(q);
  if (position.every((x) => x === 0) && rpy.every((x) => x === 0)) return '';
  return `<origin xyz="${list(position)}" rpy="${list(rpy)}"/>`;
}

/** The scene's first moving articulation as URDF, and what URDF could not carry. */
export function sceneToUrdf(scene: SceneObject): { xml: string; unsupported: string[] } {
  const unsupported = new Set<string>(['world settings (gravity, time step, integrator) and the initial state: URDF has neither']);
  const articulations = (scene.articulations ?? []) as JsonObject[];
  const moving = articulations.find((a) => ((a.links ?? []) as JsonObject[]).some((l) => obj(l.joint).type !== 'fixed')) ?? articulations[0];
  if (!moving) throw new Error('URDF export: the scene has no articulation to describe as a robot');
  for (const a of articulations) if (a !== moving) unsupported.add(`/articulations "${String(a.name)}": URDF describes one robot`);
  if (((scene.bodies ?? []) as JsonObject[]).length > 0) unsupported.add('/bodies: free and static bodies (URDF describes one robot; the importer adds a floor)');
  if (scene.constraints) unsupported.add('/constraints: loop closures (URDF is a tree)');
  const robot = String(moving.name);
  const links = (moving.links ?? []) as JsonObject[];
  const out = [`<robot name="${escape(robot)}">`, '  <link name="world"/>'];
  links.forEach((link, i) => {
    const place = `/articulations "${robot}"/links/${i}`;
    const name = escape(String(link.name));
    const body: string[] = [];
    const inertial = obj(link.inertial);
    if (Object.keys(inertial).length > 0) {
      const I = obj(inertial.inertia);
      const v = (k: string) => (typeof I[k] === 'number' ? (I[k] as number) : 0);
      body.push(`<inertial><origin xyz="${list((inertial.com as number[]) ?? [0, 0, 0])}"/><mass value="${num(inertial.mass as number)}"/>` +
        `<inertia ixx="${num(v('ixx'))}" iyy="${num(v('iyy'))}" izz="${num(v('izz'))}" ixy="${num(v('ixy'))}" ixz="${num(v('ixz'))}" iyz="${num(v('iyz'))}"/></inertial>`);
    } else if (obj(link.joint).type !== 'fixed') unsupported.add(`${place}: mass from the shapes' density (URDF needs an <inertial>; the link is written without one)`);
    for (const shape of (link.shapes ?? []) as JsonObject[]) {
      const type = shape.type as string;
      let geometry: string;
      if (type === 'sphere') geometry = `<sphere radius="${num(shape.radius as number)}"/>`;
      else if (type === 'box') geometry = `<box size="${list(shape.size as number[])}"/>`;
      else if (type === 'cylinder') geometry = `<cylinder radius="${num(shape.radius as number)}" length="${num(shape.length as number)}"/>`;
      else if (type === 'capsule') {
        geometry = `<capsule radius="${num(shape.radius as number)}" length="${num(shape.length as number)}"/>`;
        unsupported.add(`${place}: capsules are written as <capsule>, which only some URDF readers (Featherweight's among them) accept`);
      } else {
        unsupported.add(`${place}: ${type} shapes`);
        continue;
      }
      if (shape.friction !== undefined || shape.restitution !== undefined || shape.density !== undefined || shape.material !== undefined) {
        unsupported.add(`${place}: shape friction, restitution and density (URDF geometry has none)`);
      }
      const pose = origin(shape);
      body.push(`<collision>${pose}<geometry>${geometry}</geometry></collision>`, `<visual>${pose}<geometry>${geometry}</geometry></visual>`);
    }
    out.push(`  <link name="${name}">${body.join('')}</link>`);
  });
  links.forEach((link, i) => {
    const place = `/articulations "${robot}"/links/${i}`;
    const joint = obj(link.joint);
    const parent = typeof link.parent === 'string' ? link.parent : 'world';
    let type = canonicalJointType(String(joint.type));
    const attributes: string[] = [];
    if (type === 'free') {
      if (parent !== 'world') unsupported.add(`${place}: a free joint below the root`);
      type = 'floating';
    } else if (type === 'spherical') {
      unsupported.add(`${place}: a ball joint (written as fixed: URDF has none)`);
      type = 'fixed';
    } else if (type === 'revolute' || type === 'prismatic') {
      const limits = obj(joint.limits);
      const limited = typeof limits.lower === 'number';
      if (type === 'revolute' && !limited) type = 'continuous';
      attributes.push(`<axis xyz="${list((joint.axis as number[]) ?? [0, 0, 1])}"/>`);
      if (limited) attributes.push(`<limit lower="${num(limits.lower as number)}" upper="${num(limits.upper as number)}" effort="1e6" velocity="1e6"/>`);
      const dynamics = [
        typeof joint.damping === 'number' ? ` damping="${num(joint.damping)}"` : '',
        typeof joint.friction === 'number' ? ` friction="${num(joint.friction)}"` : '',
      ].join('');
      if (dynamics) attributes.push(`<dynamics${dynamics}/>`);
      if (joint.spring) unsupported.add(`${place}: a joint spring`);
      if (joint.motor) unsupported.add(`${place}: a motor`);
    }
    out.push(`  <joint name="${escape(String(link.name))}" type="${type}"><parent link="${escape(parent)}"/><child link="${escape(String(link.name))}"/>${origin(obj(joint.origin))}${attributes.join('')}</joint>`);
  });
  out.push('</robot>', '');
  return { xml: out.join('\n'), unsupported: [...unsupported] };
}
