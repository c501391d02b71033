// Opens a running scene in build mode when its bodies can become parts: each body's or link's
// first box, sphere, capsule, cylinder or built ramp (not turned in its body) is the part, its
// other shapes and its own inertia ride along unchanged; a ground plane, hinge, slider, ball and
// fixed joints, velocity motors, constraints with a world anchor, and springs, strings and ropes
// between such bodies (build_parts.ts; a rope's segments are the engine's, not parts). Drawn-only static bodies
// (a built scene's pivots) are left out: build mode draws them again from the joints. Parts are
// posed where the engine has them at the scene's start (`pose`: a body's x, y, z, qx, qy, qz, qw
// in doubles, read after a reset). Anything else is refused with the reason, and the scene keeps
// running untouched.
import * as THREE from 'three';
import type { Json, SceneObject } from '../scene/scene_doc';
import { emptyBuild, WORLD, type BuildDoc, type BuildJoint, type Part, type PartShape, type Quat, type Vec3 } from './build_doc';
import { wedgePoints } from './build_to_scene';
import { connectorsFromScene } from './build_parts';
import { tidy as tidyTo } from '../math/math3d';

type Obj = Record<string, Json>;
const KIND: Record<string, BuildJoint['kind'] | undefined> = { revolute: 'hinge', prismatic: 'slider', spherical: 'ball', fixed: 'fixed', hinge: 'hinge', slider: 'slider', ball: 'ball' };
const DEGREE = Math.PI / 180;
const tidy = (x: number) => tidyTo(x, 10); // what comes back through the engine's poses, to 10 digits

export function sceneToBuild(scene: SceneObject, bodyNames: string[], pose: (body: number) => ArrayLike<number>): { doc: BuildDoc } | { reason: string } {
  try {
    return { doc: convert(scene, bodyNames, pose) };
  } catch (error) {
    return { reason: error instanceof Error ? error.message : String(error) };
  }
}

function convert(scene: SceneObject, bodyNames: string[], pose: (body: number) => ArrayLike<number>): BuildDoc {
  if (scene.controller) throw new Error('it runs a controller: build mode makes scenes without code');
  const doc = emptyBuild();
  doc.ground = false;
  readTitleAndWorld(scene, doc);
  const materials = (scene.materials ?? {}) as Record<string, Obj>;
  const partOf = new Map<string, number>();
  const poseOf = (name: string) => {
    const i = bodyNames.indexOf(name);
    if (i < 0) throw new Error(`no body ${name}`);
    const x = pose(i);
    return { p: new THREE.Vector3(x[0], x[1], x[2]), q: new THREE.Quaternion(x[3], x[4], x[5], x[6]) };
  };
  // Links keep their own names where no other body or link has it (as in built scenes).
  const linkNames = ((scene.articulations ?? []) as Obj[]).flatMap((a) => ((a.links ?? []) as Obj[]).map((l) => String(l.name)));
  const bodyNamesInScene = ((scene.bodies ?? []) as Obj[]).map((b) => String(b.name));
  const partName = (name: string) => {
    const [, link] = name.split('/');
    if (link === undefined) return name;
    return linkNames.filter((n) => n === link).length === 1 && !bodyNamesInScene.includes(link) ? link : name.replace('/', '-');
  };
  const addPart = (name: string, body: Obj, isStatic: boolean, velocity: { linear: Vec3; angular: Vec3 }) => {
    const shapes = (body.shapes ?? []) as Obj[];
    // The part is its first shape of a kind build mode makes, not turned in its body; the others
    // ride along as they are, and the body's own inertia too (relative to that shape's centre).
    const shape = shapes.find((s) => !turned(s) && isPartShape(s));
    if (!shape) throw new Error(shapes.length === 0 ? `${name} has no shape` : `${name} has no shape build mode can make its part of (a box, sphere, capsule, cylinder or ramp, not turned in its body)`);
    const material = typeof shape.material === 'string' ? (materials[shape.material] ?? {}) : {};
    const { p, q } = poseOf(name);
    const offset = (shape.position as Vec3 | undefined) ?? [0, 0, 0];
    const local = new THREE.Vector3(...offset);
    const position = local.applyQuaternion(q).add(p);
    const fromCentre = (x: Vec3): Vec3 => [tidy(x[0] - offset[0]), tidy(x[1] - offset[1]), tidy(x[2] - offset[2])];
    const extraShapes = shapes.filter((s) => s !== shape).map((s) => ({ ...s, position: fromCentre((s.position as Vec3 | undefined) ?? [0, 0, 0]) }));
    const inertial = body.inertial as { mass: number; com?: Vec3; inertia?: Record<string, number> } | undefined;
    const part: Part = {
      id: doc.nextId++,
      name: partName(name),
      shape: shapeKind(name, shape),
      size: sizeOf(shape),
      position: [tidy(position.x), tidy(position.y), tidy(position.z)],
      quaternion: [tidy(q.w), tidy(q.x), tidy(q.y), tidy(q.z)] as Quat,
      density: Number(shape.density ?? material.density ?? 1000),
      friction: Number(shape.friction ?? material.friction ?? 0.5),
      restitution: Number(shape.restitution ?? material.restitution ?? 0),
      color: typeof shape.color === 'string' ? shape.color : '#9aa4ad',
      static: isStatic,
      linearVelocity: velocity.linear,
      angularVelocity: velocity.angular,
      ...(inertial ? { inertial: { ...inertial, com: fromCentre(inertial.com ?? [0, 0, 0]) } } : {}),
      ...(extraShapes.length ? { extraShapes } : {}),
    };
    doc.parts.push(part);
    partOf.set(name, part.id);
    return part;
  };

  for (const body of (scene.bodies ?? []) as Obj[]) {
    const shapes = (body.shapes ?? []) as Obj[];
    if (body.static && shapes.length > 0 && shapes.every(drawnOnly)) continue; // pivots: drawn again from the joints
    if (body.static && shapes.length === 1 && shapes[0].type === 'plane' && !doc.ground && !body.position && !shapes[0].position) {
      doc.ground = true;
      doc.groundFriction = Number(shapes[0].friction ?? 0.5);
      doc.groundRestitution = Number(shapes[0].restitution ?? 0);
      continue;
    }
    addPart(String(body.name), body, body.static === true, {
      linear: (body.linearVelocity as Vec3 | undefined) ?? [0, 0, 0],
      angular: (body.angularVelocity as Vec3 | undefined) ?? [0, 0, 0],
    });
  }
  for (const articulation of (scene.articulations ?? []) as Obj[]) {
    if (articulation.joints === 'impulse') throw new Error(`${String(articulation.name)} is built of impulse joints`);
    for (const link of (articulation.links ?? []) as Obj[]) {
      const name = `${String(articulation.name)}/${String(link.name)}`;
      const joint = (link.joint ?? {}) as Obj;
      const { p, q } = poseOf(name);
      const velocity = joint.velocity;
      const part = addPart(name, link, false, { linear: [0, 0, 0], angular: [0, 0, 0] });
      if (joint.type === 'free') {
        const v = (velocity ?? {}) as Obj;
        part.linearVelocity = (v.linear as Vec3 | undefined) ?? [0, 0, 0];
        part.angularVelocity = (v.angular as Vec3 | undefined) ?? [0, 0, 0];
        continue;
      }
      const kind = KIND[String(joint.type)];
      if (!kind) throw new Error(`${name} has a ${String(joint.type)} joint`);
      const motor = joint.motor as Obj | undefined;
      if (motor && motor.mode !== 'velocity') throw new Error(`${name} has a ${String(motor.mode)} motor: build mode makes velocity motors only`);
      const axis = new THREE.Vector3(...((joint.axis as Vec3 | undefined) ?? [0, 0, 1])).normalize().applyQuaternion(q);
      const parent = link.parent ? partOf.get(`${String(articulation.name)}/${String(link.parent)}`) : WORLD;
      if (parent === undefined) throw new Error(`${name}'s parent is unknown`);
      const scale = kind === 'hinge' ? 1 / DEGREE : 1;
      const limits = joint.limits as Obj | undefined, spring = joint.spring as Obj | undefined;
      if (typeof velocity === 'number' && velocity !== 0) {
        const rate: Vec3 = [tidy(axis.x * velocity), tidy(axis.y * velocity), tidy(axis.z * velocity)];
        if (kind === 'hinge') part.angularVelocity = rate;
        else part.linearVelocity = rate;
      } else if (kind === 'ball' && Array.isArray(velocity)) {
        const w = new THREE.Vector3(...(velocity as Vec3)).applyQuaternion(q); // the joint's frame is the link's
        part.angularVelocity = [tidy(w.x), tidy(w.y), tidy(w.z)];
      }
      doc.joints.push({
        id: doc.nextId++,
        kind,
        a: part.id,
        b: parent,
        anchor: [tidy(p.x), tidy(p.y), tidy(p.z)],
        axis: [tidy(axis.x), tidy(axis.y), tidy(axis.z)],
        ...(limits && typeof limits.lower === 'number' ? { limits: { lower: tidy(Number(limits.lower) * scale), upper: tidy(Number(limits.upper) * scale) } } : {}),
        ...(spring ? { spring: { stiffness: Number(spring.stiffness ?? 0), rest: tidy(Number(spring.rest ?? 0) * scale) } } : {}),
        ...(typeof joint.damping === 'number' ? { damping: joint.damping } : {}),
        ...(typeof joint.armature === 'number' && joint.armature > 0 ? { armature: joint.armature } : {}),
        ...(motor ? { motor: { targetVelocity: Number(motor.targetVelocity ?? 0), maxEffort: Number(motor.maxEffort ?? 0) } } : {}),
      });
    }
  }
  addConstraints(scene, doc, partOf);
  const connectors = connectorsFromScene(scene, doc, partOf, poseOf);
  if (connectors.length) doc.connectors = connectors;
  return doc;
}

/** The scene's title, description and world settings, as build mode keeps them. */
function readTitleAndWorld(scene: SceneObject, doc: BuildDoc): void {
  const meta = (scene.meta ?? {}) as Obj;
  doc.meta = { title: String(meta.title ?? 'Untitled scene'), description: String(meta.description ?? ''), observe: Array.isArray(meta.observe) ? meta.observe.map(String) : [] };
  const world = (scene.world ?? {}) as Obj;
  if (Array.isArray(world.gravity)) doc.world.gravity = world.gravity as Vec3;
  if (typeof world.timestep === 'number') doc.world.timestep = world.timestep;
  if (typeof world.integrator === 'string') doc.world.integrator = world.integrator as BuildDoc['world']['integrator'];
}

/** Constraints with a world anchor become build mode's joints between parts (or to the world). */
function addConstraints(scene: SceneObject, doc: BuildDoc, partOf: Map<string, number>): void {
  for (const c of (scene.constraints ?? []) as Obj[]) {
    const kind = KIND[String(c.type)];
    if (!kind || !Array.isArray(c.anchor)) throw new Error(`constraint ${String(c.name ?? c.type)} is not one build mode makes`);
    const end = (name: Json) => (name === 'world' ? WORLD : partOf.get(String(name)));
    const a = end(c.a), b = end(c.b);
    if (a === undefined || b === undefined || a === WORLD) throw new Error(`constraint ${String(c.name ?? '')} joins what build mode cannot`);
    doc.joints.push({ id: doc.nextId++, kind, a, b, anchor: c.anchor as Vec3, axis: (c.axis as Vec3 | undefined) ?? [0, 0, 1] });
  }
}

function turned(shape: Obj): boolean {
  return Boolean(shape.rpy) || (shape.quaternion !== undefined && JSON.stringify(shape.quaternion) !== '[1,0,0,0]');
}

function isPartShape(shape: Obj): boolean {
  try {
    shapeKind('', shape);
    return true;
  } catch {
    return false;
  }
}

/** A shape that collides with nothing (mask 0): drawn only. */
function drawnOnly(shape: Obj): boolean {
  return (shape.collision as Obj | undefined)?.mask === 0;
}

function shapeKind(name: string, shape: Obj): PartShape {
  if (shape.type === 'box' || shape.type === 'sphere' || shape.type === 'capsule' || shape.type === 'cylinder') return shape.type;
  if (shape.type === 'convex' && Array.isArray(shape.points)) {
    const points = shape.points as Vec3[];
    const max = [0, 1, 2].map((k) => Math.max(...points.map((p) => p[k])) * 2) as Vec3;
    if (JSON.stringify(wedgePoints(...max)) === JSON.stringify(points)) return 'wedge';
  }
  throw new Error(`${name} is a ${String(shape.type)}`);
}

function sizeOf(shape: Obj): number[] {
  if (shape.type === 'sphere') return [Number(shape.radius)];
  if (shape.type === 'capsule' || shape.type === 'cylinder') return [Number(shape.radius), Number(shape.length)];
  if (shape.type === 'convex') {
    const points = shape.points as Vec3[];
    return [0, 1, 2].map((k) => Math.max(...points.map((p) => p[k])) * 2);
  }
  return shape.size as number[];
}
