// A BuildDoc as an ordinary scene (docs/scene-format.md). Parts joined into a tree become one
// articulation in reduced coordinates (Featherstone), rooted at the world when a joint holds it
// there, else on a free joint; a joint that would close a loop becomes an impulse-based
// constraint (Bender, Baas & Schmitt) between the two links. Parts with no joint are free
// bodies; static parts, and the ground, are static bodies (to a joint they are the world).
// Each link's frame sits at its joint's anchor, turned as its part is, so the joint's q = 0 is
// the built configuration and every shape keeps its world pose.
import * as THREE from 'three';
import type { Articulation, Body, Constraint, Free, Inertial, Joint, Link, OneDofJoint, Scene, Shape } from '../scene/scene_types';
import { WORLD, type BuildDoc, type BuildJoint, type Part, type Vec3 } from './build_doc';
import { quatOf as quat, tidy as round, toQuaternion, toVector, vec3Of as vec } from '../math/math3d';
import { jointVelocity } from './joint_velocity';
import { connectorsToScene, type BodyFrame } from './build_parts';

/** How each joint ended up in the scene, for the properties panel. */
export interface JointRole {
  role: 'tree' | 'loop';
  why: string;
}

export interface BuiltScene {
  scene: Scene;
  /** The engine's body name of each part ("mechanism/part" for links). */
  bodyName: Map<number, string>;
  roles: Map<number, JointRole>;
  /** Each movable part's body frame (springs, strings and ropes end in it). */
  frames: Map<number, BodyFrame>;
}

/** The scene's (canonical) name of each kind of joint build mode makes, for links and constraints alike. */
const SCENE_JOINT_TYPE = { hinge: 'revolute', slider: 'prismatic', ball: 'spherical', fixed: 'fixed' } as const;
const DEGREE = Math.PI / 180;


export function buildToScene(doc: BuildDoc): BuiltScene {
  const parts = new Map(doc.parts.map((p) => [p.id, p]));
  const movable = (id: number) => id !== WORLD && parts.get(id)?.static === false;
  const bodyName = new Map<number, string>();
  const roles = new Map<number, JointRole>();
  const frames = new Map<number, BodyFrame>();

  // Spanning trees: from the world first (through joints to the world or to static parts), then
  // from each remaining part in the order it was placed. Joints are taken in the order made.
  const parentJoint = new Map<number, BuildJoint>(); // child part → the joint to its parent
  const parentOf = new Map<number, number>(); // child part → parent part or WORLD
  const reached = new Set<number>();
  const roots: { root: number }[] = [];
  const grow = (start: number) => {
    const queue = [start];
    while (queue.length > 0) {
      const at = queue.shift()!;
      for (const joint of doc.joints) {
        if (roles.has(joint.id)) continue;
        const ends = [movable(joint.a) ? joint.a : WORLD, movable(joint.b) ? joint.b : WORLD];
        if (!ends.includes(at)) continue;
        const other = ends[0] === at ? ends[1] : ends[0];
        if (other === WORLD && at === WORLD) {
          roles.set(joint.id, { role: 'loop', why: 'it joins two fixed things: it holds nothing' });
          continue;
        }
        if (reached.has(other) || other === WORLD) {
          roles.set(joint.id, { role: 'loop', why: 'its two parts are already joined through other joints: it closes a loop, held by impulses' });
          continue;
        }
        roles.set(joint.id, { role: 'tree', why: 'it extends a tree of joints: reduced coordinates (Featherstone)' });
        reached.add(other);
        parentJoint.set(other, joint);
        parentOf.set(other, at);
        if (at === WORLD) roots.push({ root: other });
        queue.push(other);
      }
    }
  };
  grow(WORLD);
  for (const part of doc.parts) {
    if (!part.static && !reached.has(part.id) && doc.joints.some((j) => j.a === part.id || j.b === part.id)) {
      reached.add(part.id);
      roots.push({ root: part.id });
      grow(part.id);
    }
  }

  const taken = new Set([...doc.parts.map((p) => p.name), ...(doc.connectors ?? []).map((c) => c.name)]);
  const mechanismName = () => {
    for (let k = 1; ; k++) if (!taken.has(`mechanism${k}`)) return taken.add(`mechanism${k}`), `mechanism${k}`;
  };
  // The part whose velocity sets a joint's rate: its child part, or else one fixed to that child
  // (a bob on its rod: the rod is hinged, the arrow is the bob's).
  const mover = (id: number): Part => {
    const queue = [id];
    for (let k = 0; k < queue.length; k++) {
      const p = parts.get(queue[k])!;
      if (p.linearVelocity.some((x) => x !== 0) || p.angularVelocity.some((x) => x !== 0)) return p;
      for (const [child, parent] of parentOf) if (parent === queue[k] && parentJoint.get(child)?.kind === 'fixed') queue.push(child);
    }
    return parts.get(id)!;
  };
  // Link frames: at the anchor of the joint to the parent (the part's centre for a free root).
  const frameOrigin = (id: number) => toVector(parentJoint.get(id)?.anchor ?? parts.get(id)!.position);

  const articulations: Articulation[] = [];
  for (const { root } of roots.sort((x, y) => order(doc, x.root) - order(doc, y.root))) {
    const name = mechanismName();
    const members = [root];
    for (let k = 0; k < members.length; k++) {
      for (const [child, parent] of parentOf) if (parent === members[k]) members.push(child);
    }
    const links = members.map((id) => {
      const part = parts.get(id)!;
      bodyName.set(id, `${name}/${part.name}`);
      frames.set(id, { origin: vec(frameOrigin(id)), quaternion: part.quaternion });
      const joint = parentJoint.get(id);
      const parent = parentOf.get(id);
      const link: Link = {
        name: part.name,
        ...(parent !== undefined && parent !== WORLD ? { parent: parts.get(parent)!.name } : {}),
        joint: joint ? treeJoint(joint, part, parent === WORLD ? undefined : parts.get(parent!)!, frameOrigin, mover(id)) : freeRoot(part),
        ...massAndShapes(part, frameOrigin(id)),
      };
      return link;
    });
    articulations.push({ name, links });
  }

  const bodies: Body[] = [];
  if (doc.ground) bodies.push({ name: uniqueGround(taken), static: true, shapes: [{ type: 'plane', color: '#d9dde3', friction: doc.groundFriction, restitution: doc.groundRestitution }] });
  for (const part of doc.parts) {
    if (bodyName.has(part.id)) continue;
    bodyName.set(part.id, part.name);
    frames.set(part.id, { origin: part.position, quaternion: part.quaternion });
    const body: Body = { name: part.name, position: part.position, quaternion: part.quaternion };
    if (part.static) body.static = true;
    else {
      if (part.linearVelocity.some((x) => x !== 0)) body.linearVelocity = part.linearVelocity;
      if (part.angularVelocity.some((x) => x !== 0)) body.angularVelocity = part.angularVelocity;
    }
    Object.assign(body, massAndShapes(part, toVector(part.position)));
    bodies.push(body);
  }

  const pivots = pivotShapes(doc);
  if (pivots.length) bodies.push({ name: uniqueName(taken, 'pivots'), static: true, shapes: pivots });

  const constraints: Constraint[] = doc.joints
    .filter((j) => roles.get(j.id)?.role === 'loop' && !(endName(j.a) === 'world' && endName(j.b) === 'world'))
    .map((j) => {
      const c: Constraint = { name: `joint${j.id}`, type: SCENE_JOINT_TYPE[j.kind], a: endName(j.a), b: endName(j.b), anchor: j.anchor };
      if (j.kind === 'hinge' || j.kind === 'slider') c.axis = j.axis;
      return c;
    });
  function endName(id: number): string {
    return movable(id) ? bodyName.get(id)! : 'world';
  }

  const scene: Scene = {
    format: 'featherweight-scene',
    version: 1,
    meta: { title: doc.meta.title, ...(doc.meta.description ? { description: doc.meta.description } : {}), ...(doc.meta.observe.length ? { observe: doc.meta.observe } : {}) },
    world: { gravity: doc.world.gravity, timestep: doc.world.timestep, integrator: doc.world.integrator },
  };
  if (bodies.length) scene.bodies = bodies;
  if (articulations.length) scene.articulations = articulations;
  if (constraints.length) scene.constraints = constraints;
  Object.assign(scene, connectorsToScene(doc, bodyName, frames));
  return { scene, bodyName, roles, frames };
}

function order(doc: BuildDoc, id: number): number {
  return doc.parts.findIndex((p) => p.id === id);
}

function uniqueGround(taken: Set<string>): string {
  return uniqueName(taken, 'ground');
}

function uniqueName(taken: Set<string>, base: string): string {
  let name = base;
  for (let k = 2; taken.has(name); k++) name = `${base}${k}`;
  taken.add(name);
  return name;
}

/**
 * What holds a joint to the world, drawn: a knob at the anchor and, for a hinge, its axle.
 * Drawn only (collision mask 0), on one static body; build mode reads such a body as decoration.
 */
function pivotShapes(doc: BuildDoc): Shape[] {
  const drawnOnly = { collision: { group: 1, mask: 0 }, color: '#39424b' };
  return doc.joints
    .filter((j) => j.a === WORLD || j.b === WORLD)
    .flatMap((j) => {
      const knob: Shape = { type: 'sphere', radius: 0.03, position: j.anchor, ...drawnOnly };
      if (j.kind !== 'hinge') return [knob];
      const along = new THREE.Quaternion().setFromUnitVectors(new THREE.Vector3(0, 0, 1), toVector(j.axis).normalize());
      const axle: Shape = { type: 'cylinder', radius: 0.012, length: 0.16, position: j.anchor, quaternion: quat(along), ...drawnOnly };
      return [knob, axle];
    });
}

/** The joint of a tree link: its frame in the parent's frame, the axis in its own frame. */
function treeJoint(joint: BuildJoint, part: Part, parent: Part | undefined, frameOrigin: (id: number) => THREE.Vector3, mover: Part): Joint {
  const qChild = toQuaternion(part.quaternion);
  const origin = toVector(joint.anchor);
  const qParent = parent ? toQuaternion(parent.quaternion) : new THREE.Quaternion();
  const parentInverse = qParent.clone().invert();
  if (parent) origin.sub(frameOrigin(parent.id)).applyQuaternion(parentInverse);
  const frame = { position: vec(origin), quaternion: quat(parentInverse.multiply(qChild)) };
  if (joint.kind === 'fixed') return { type: 'fixed', origin: frame };
  // The initial rate: the part's velocity as the joint lets it move (joint_velocity.ts).
  const rate = jointVelocity(joint, mover, part.quaternion);
  if (joint.kind === 'ball') {
    const out: Joint = { type: 'spherical', origin: frame };
    if (joint.damping) out.damping = joint.damping;
    if (joint.armature) out.armature = joint.armature;
    if (Array.isArray(rate) && rate.some((x) => x !== 0)) out.velocity = [round(rate[0]), round(rate[1]), round(rate[2])];
    return out;
  }
  const worldAxis = toVector(joint.axis).normalize();
  const out: OneDofJoint = { type: SCENE_JOINT_TYPE[joint.kind], origin: frame, axis: vec(worldAxis.clone().applyQuaternion(qChild.clone().invert())) };
  const scale = joint.kind === 'hinge' ? DEGREE : 1;
  if (joint.limits) out.limits = { lower: round(joint.limits.lower * scale), upper: round(joint.limits.upper * scale) };
  if (joint.spring) out.spring = { stiffness: joint.spring.stiffness, rest: round(joint.spring.rest * scale) };
  if (joint.motor) out.motor = { mode: 'velocity', targetVelocity: joint.motor.targetVelocity, maxEffort: joint.motor.maxEffort };
  if (joint.damping) out.damping = joint.damping;
  if (joint.armature) out.armature = joint.armature;
  if (typeof rate === 'number' && rate !== 0) out.velocity = round(rate);
  return out;
}

/** A tree's root held by no joint: free, its frame at the part's centre, moving as the part does. */
function freeRoot(part: Part): Free {
  const joint: Free = { type: 'free', position: { position: part.position, quaternion: part.quaternion } };
  if (part.linearVelocity.some((x) => x !== 0) || part.angularVelocity.some((x) => x !== 0)) {
    joint.velocity = { linear: part.linearVelocity, angular: part.angularVelocity };
  }
  return joint;
}

/**
 * The part's shapes (and its own inertia, when a scene it came from gave one) in the frame of a
 * body turned as the part is, with its origin at `origin`.
 */
function massAndShapes(part: Part, origin: THREE.Vector3): { inertial?: Inertial; shapes: Shape[] } {
  const offset = toVector(part.position).sub(origin).applyQuaternion(toQuaternion(part.quaternion).invert());
  const shifted = (p: Vec3 | undefined) => vec(toVector(p ?? [0, 0, 0]).add(offset));
  // A scene's own inertia and further shapes, kept as they came (the loader checked them then).
  const extras = (part.extraShapes ?? []).map((s) => ({ ...s, position: shifted(s.position as Vec3 | undefined) }) as Shape);
  const shapes = [shapeOf(part, origin), ...extras];
  if (!part.inertial || part.static) return { shapes };
  return { inertial: { ...part.inertial, com: shifted(part.inertial.com) } as Inertial, shapes };
}

/** The part's own shape, in the frame of a body turned as the part is, with its origin at `origin`. */
function shapeOf(part: Part, origin: THREE.Vector3): Shape {
  const [a, b, c] = part.size;
  const shape: Shape =
    part.shape === 'sphere' ? { type: 'sphere', radius: a }
    : part.shape === 'capsule' || part.shape === 'cylinder' ? { type: part.shape, radius: a, length: b }
    : part.shape === 'wedge' ? { type: 'convex', points: wedgePoints(a, b, c) }
    : { type: 'box', size: [a, b, c] };
  const offset = toVector(part.position).sub(origin).applyQuaternion(toQuaternion(part.quaternion).invert());
  if (offset.lengthSq() > 0) shape.position = vec(offset);
  if (!part.static) shape.density = part.density;
  shape.friction = part.friction;
  shape.restitution = part.restitution;
  shape.color = part.color;
  return shape;
}

/** A wedge of extents L × W × H about its box's centre, high at −x, its slope facing +x and up. */
export function wedgePoints(length: number, width: number, height: number): Vec3[] {
  const x = length / 2, y = width / 2, z = height / 2;
  return [
    [-x, -y, -z], [x, -y, -z], [-x, -y, z],
    [-x, y, -z], [x, y, -z], [-x, y, z],
  ];
}
