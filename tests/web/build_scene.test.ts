// Build mode's scenes (web/src/builder): what the builder makes loads, and moves as the physics says.
// Joints that form a tree become an articulation, a joint that closes a loop a constraint; the
// built double pendulum's energy error has RK4's order as the shipped one's, a box on a built ramp slides
// exactly when μ < tan θ, a ring of four bodies moves as a four-bar.
import * as THREE from 'three';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Engine, type Pose, type World } from '../../lib/featherweight';
import { emptyBuild, newPart, WORLD, withJoint, withParts, type BuildDoc, type Vec3 } from '../../web/src/builder/build_doc';
import { buildToScene } from '../../web/src/builder/build_to_scene';
import { restingPose } from '../../web/src/builder/placement';
import { sceneToBuild } from '../../web/src/builder/scene_to_build';
import type { SceneObject } from '../../web/src/scene/scene_doc';
import { TEMPLATES } from '../../web/src/builder/templates';
import { loadLibraryInNode, readScene } from './engine';

/** A library pose's rotation (its quaternion is w, x, y, z) as three.js's (x, y, z, w). */
const rotationOf = ({ quaternion: [w, x, y, z] }: Pose) => new THREE.Quaternion(x, y, z, w);
/** A library pose in the page's layout: x, y, z, qx, qy, qz, qw. */
const pageLayout = ({ position, quaternion: [w, x, y, z] }: Pose) => [...position, x, y, z, w];

let engine: Engine;
beforeAll(async () => {
  engine = await loadLibraryInNode();
});

const HORIZONTAL: [number, number, number, number] = [Math.SQRT1_2, 0, Math.SQRT1_2, 0]; // local z along +x

/** Two capsules lying along +x at height 2.5 (clear of the ground when hanging), hinged to the world at x = 0 and to each other at x = 1. */
function doublePendulum(): BuildDoc {
  let doc = emptyBuild();
  doc = { ...doc, world: { ...doc.world, integrator: 'rk4', timestep: 0.001 } };
  const a = { ...newPart(doc, 'capsule', [0.5, 0, 2.5], HORIZONTAL), size: [0.04, 1] };
  const b = { ...newPart(doc, 'capsule', [1.5, 0, 2.5], HORIZONTAL), size: [0.04, 1] };
  const added = withParts(doc, [a, b]);
  const [ia, ib] = added.ids;
  doc = withJoint(added.doc, { kind: 'hinge', a: ia, b: WORLD, anchor: [0, 0, 2.5], axis: [0, 1, 0] }).doc;
  return withJoint(doc, { kind: 'hinge', a: ib, b: ia, anchor: [1, 0, 2.5], axis: [0, 1, 0] }).doc;
}

function drift(world: World, seconds: number): number {
  const e0 = world.energy();
  const total = (e: ReturnType<World['energy']>) => e.kinetic + e.gravity + e.spring;
  let worst = 0;
  const steps = Math.round(seconds / world.timestep);
  for (let k = 0; k < steps; k += 50) {
    world.step(50);
    worst = Math.max(worst, Math.abs(total(world.energy()) - total(e0)));
  }
  const scale = Math.abs(e0.gravity) + Math.abs(e0.kinetic) + 1e-12;
  return worst / scale;
}

describe('build mode scenes', () => {
  it("makes a tree of hinges an articulation, and the built double pendulum's energy error falls with RK4's order as the shipped one's does", () => {
    const built = buildToScene(doublePendulum());
    expect(built.scene.articulations).toHaveLength(1);
    expect(built.scene.constraints).toBeUndefined();
    expect([...built.roles.values()].map((r) => r.role)).toEqual(['tree', 'tree']);
    const world = engine.createWorld(built.scene);
    expect(world.nv).toBe(2);
    // The lower capsule's centre is where it was built.
    const pose = world.bodyPose(built.bodyName.get(doublePendulum().parts[1].id)!);
    const centre = new THREE.Vector3(0, 0, 0.5).applyQuaternion(rotationOf(pose));
    expect(pose.position[0] + centre.x).toBeCloseTo(1.5, 9);
    expect(pose.position[2] + centre.z).toBeCloseTo(2.5, 9);
    world.step(1000);
    expect(Math.abs(world.q[0])).toBeGreaterThan(0.5); // it swings
    // RK4's energy error shrinks as h⁴: the order measured from h and h/2, for the built and the shipped scene.
    const order = (scene: Record<string, unknown>) => {
      const at = (h: number) => drift(engine.createWorld({ ...scene, world: { ...(scene.world as object), timestep: h } }), 5);
      return Math.log2(at(0.008) / at(0.004));
    };
    const builtOrder = order(built.scene), shippedOrder = order(readScene('double-pendulum.json'));
    expect(builtOrder).toBeGreaterThan(3);
    expect(Math.abs(builtOrder - shippedOrder)).toBeLessThan(1);
    expect(drift(engine.createWorld(built.scene), 5)).toBeLessThan(1e-8); // and at the scene's 1 ms, next to nothing
  });

  it('turns the joint that closes a ring of four into a constraint, and the ring moves as a four-bar', () => {
    // Crank (0.3 m), coupler (1.05 m), rocker (0.9 m) on a 1.2 m frame, in the xz plane: the four-bar scene's dimensions.
    let doc = emptyBuild();
    const rod = (from: Vec3, to: Vec3) => {
      const d = new THREE.Vector3(...to).sub(new THREE.Vector3(...from));
      const q = new THREE.Quaternion().setFromUnitVectors(new THREE.Vector3(0, 0, 1), d.clone().normalize());
      const mid = new THREE.Vector3(...from).addScaledVector(d, 0.5);
      return { ...newPart(doc, 'box', [mid.x, mid.y, mid.z], [q.w, q.x, q.y, q.z]), size: [0.04, 0.04, d.length()] };
    };
    const O: Vec3 = [0, 0, 1], A: Vec3 = [0.3, 0, 1], C: Vec3 = [1.2, 0, 1];
    // B: the coupler's far end, |AB| = 1.05 and |CB| = 0.9.
    const d = 0.9, r1 = 1.05, r2 = 0.9, x = (d * d + r1 * r1 - r2 * r2) / (2 * d);
    const B: Vec3 = [0.3 + x, 0, 1 + Math.sqrt(r1 * r1 - x * x)];
    const added = withParts(doc, [rod(O, A), rod(A, B), rod(C, B)]);
    const [crank, coupler, rocker] = added.ids;
    doc = withJoint(added.doc, { kind: 'hinge', a: crank, b: WORLD, anchor: O, axis: [0, 1, 0], motor: { targetVelocity: 2, maxEffort: 200 } }).doc;
    doc = withJoint(doc, { kind: 'hinge', a: coupler, b: crank, anchor: A, axis: [0, 1, 0] }).doc;
    doc = withJoint(doc, { kind: 'hinge', a: rocker, b: WORLD, anchor: C, axis: [0, 1, 0] }).doc;
    doc = withJoint(doc, { kind: 'hinge', a: coupler, b: rocker, anchor: B, axis: [0, 1, 0] }).doc;
    doc = { ...doc, world: { ...doc.world, timestep: 0.001 } };
    const built = buildToScene(doc);
    expect(built.scene.articulations).toHaveLength(2);
    expect(built.scene.constraints).toHaveLength(1);
    const loop = doc.joints[3];
    expect(built.roles.get(loop.id)?.role).toBe('loop');
    expect(built.roles.get(loop.id)?.why).toMatch(/closes a loop/);
    const world = engine.createWorld(built.scene);
    const crankJoint = world.joint(built.bodyName.get(crank)!), rockerJoint = world.joint(built.bodyName.get(rocker)!);
    let rockerMin = Infinity, rockerMax = -Infinity, gap = 0;
    const end = (name: string, local: THREE.Vector3) => {
      const p = world.bodyPose(name);
      return local.clone().applyQuaternion(rotationOf(p)).add(new THREE.Vector3(...p.position));
    };
    // B in the coupler's and the rocker's frames (each frame at its joint's anchor, turned as its part).
    const inFrame = (partId: number, anchor: Vec3) => {
      const part = doc.parts.find((p) => p.id === partId)!;
      const q = new THREE.Quaternion(part.quaternion[1], part.quaternion[2], part.quaternion[3], part.quaternion[0]).invert();
      return new THREE.Vector3(...B).sub(new THREE.Vector3(...anchor)).applyQuaternion(q);
    };
    const bOnCoupler = inFrame(coupler, A), bOnRocker = inFrame(rocker, C);
    for (let k = 0; k < 4000; k++) {
      world.step(1);
      const rq = world.q[rockerJoint.qIndex];
      rockerMin = Math.min(rockerMin, rq);
      rockerMax = Math.max(rockerMax, rq);
      gap = Math.max(gap, end(built.bodyName.get(coupler)!, bOnCoupler).distanceTo(end(built.bodyName.get(rocker)!, bOnRocker)));
    }
    expect(world.q[crankJoint.qIndex]).toBeGreaterThan(2 * Math.PI); // the crank turns round
    expect(rockerMax - rockerMin).toBeGreaterThan(0.3); // the rocker rocks …
    expect(rockerMax - rockerMin).toBeLessThan(Math.PI); // … and does not turn round
    expect(gap).toBeLessThan(1e-3); // the loop stays closed
  });

  it('puts a box on a built ramp that slides when μ < tan θ and stays when μ > tan θ', () => {
    const angle = 30, tan = Math.tan((angle * Math.PI) / 180);
    for (const mu of [0.6 * tan, 1.4 * tan]) {
      let doc = TEMPLATES.find((t) => t.id === 'ramp')!.add(emptyBuild(), angle, [0, 0, 0], [0, 1, 0]);
      const ramp = doc.parts[0];
      // A click on the slope's middle: the slope's outward normal there.
      const normal = new THREE.Vector3(Math.sin((angle * Math.PI) / 180), 0, Math.cos((angle * Math.PI) / 180));
      const point = new THREE.Vector3(0, 0, ramp.size[2] / 2);
      const box = newPart(doc, 'box', [0, 0, 0]);
      const pose = restingPose(box, point, normal);
      doc = withParts({ ...doc, parts: doc.parts.map((p) => ({ ...p, friction: mu })) }, [{ ...box, ...pose, friction: mu }]).doc;
      const built = buildToScene(doc);
      const world = engine.createWorld(built.scene);
      const start = world.bodyPose(built.bodyName.get(doc.parts[1].id)!).position;
      world.step(240);
      const moved = new THREE.Vector3(...world.bodyPose(built.bodyName.get(doc.parts[1].id)!).position).distanceTo(new THREE.Vector3(...start));
      if (mu < tan) expect(moved).toBeGreaterThan(0.3);
      else expect(moved).toBeLessThan(0.01);
    }
  });

  it('roots a mechanism held by no joint on a free joint: the hinged pair falls together', () => {
    let doc = emptyBuild();
    const added = withParts(doc, [newPart(doc, 'box', [0, 0, 3]), newPart(doc, 'box', [0.4, 0, 3])]);
    doc = withJoint(added.doc, { kind: 'hinge', a: added.ids[1], b: added.ids[0], anchor: [0.2, 0, 3.2], axis: [0, 1, 0] }).doc;
    const built = buildToScene(doc);
    const links = (built.scene.articulations as { links: { joint: { type: string } }[] }[])[0].links;
    expect(links.map((l) => l.joint.type)).toEqual(['free', 'revolute']);
    const world = engine.createWorld(built.scene);
    expect(world.nv).toBe(7);
    world.step(120); // 0.5 s: 1.2 m of free fall
    const [a, b] = added.ids.map((id) => world.bodyPose(built.bodyName.get(id)!).position);
    expect(a[2]).toBeCloseTo(3 - 0.5 * 9.81 * 0.25, 1);
    // The hinge holds: the second box's frame sits at the anchor, 0.2 m right and up of the first's centre.
    expect(Math.hypot(b[0] - a[0] - 0.2, b[1] - a[1], b[2] - a[2] - 0.2)).toBeLessThan(1e-9);
  });

  it("turns a jointed part's initial velocity into its joint's rates: the bob swings off with its arrow's speed", () => {
    // A 5 cm bob 1 m from its pivot, no gravity: it turns at the arrow's speed over the lever arm.
    const bob = (kind: 'hinge' | 'ball', velocity: Vec3) => {
      let doc = emptyBuild();
      doc = { ...doc, ground: false, world: { ...doc.world, gravity: [0, 0, 0], timestep: 0.001, integrator: 'rk4' } };
      const part = { ...newPart(doc, 'sphere', [1, 0, 2.5]), size: [0.05], linearVelocity: velocity };
      const added = withParts(doc, [part]);
      const built = buildToScene(withJoint(added.doc, { kind, a: added.ids[0], b: WORLD, anchor: [0, 0, 2.5], axis: [0, 1, 0] }).doc);
      const world = engine.createWorld(built.scene);
      world.step(1000); // 1 s
      const pose = world.bodyPose(built.bodyName.get(added.ids[0])!);
      const centre = new THREE.Vector3(1, 0, 0).applyQuaternion(rotationOf(pose)).add(new THREE.Vector3(...pose.position));
      world.dispose();
      return centre;
    };
    // Down at 2 m/s about the hinge's y axis: 2 rad in 1 s.
    const swung = bob('hinge', [0, 0, -2]);
    expect(swung.x).toBeCloseTo(Math.cos(2), 6);
    expect(swung.z).toBeCloseTo(2.5 - Math.sin(2), 6);
    // Sideways at 1 m/s on a ball joint: 1 rad about z. Along the rod: nothing the joint allows.
    const turned = bob('ball', [0.5, 1, 0]);
    expect(turned.x).toBeCloseTo(Math.cos(1), 6);
    expect(turned.y).toBeCloseTo(Math.sin(1), 6);
    expect(turned.z).toBeCloseTo(2.5, 6);
  });

  it("builds Newton's cradle that passes the first ball's swing to the last", () => {
    const doc = TEMPLATES.find((t) => t.id === 'cradle')!.add(emptyBuild(), 5, [0, 0, 0], [0, 1, 0]);
    expect(doc.world.integrator).toBe('rk4');
    const world = engine.createWorld(buildToScene(doc).scene);
    let last = 0, middle = 0;
    for (let k = 0; k < 240; k++) {
      world.step(1);
      last = Math.max(last, Math.abs(world.q[4]));
      middle = Math.max(middle, Math.abs(world.q[2]));
    }
    const release = Math.PI / 6; // the first ball starts 30° out
    expect(last).toBeGreaterThan(0.95 * release);
    expect(middle).toBeLessThan(0.01);
  });

  it('builds every template into a scene the loader accepts', () => {
    for (const template of TEMPLATES) {
      const doc = template.add(emptyBuild(), template.parameter.value, [0, 0, 0], [0, 1, 0]);
      const world = engine.createWorld(buildToScene(doc).scene);
      world.step(60);
      expect(world.error, template.id).toBe('');
    }
  });
});

/** Deep equality with numbers equal to 1e-9 (poses come back through the engine). */
function expectClose(actual: unknown, expected: unknown, path = ''): void {
  if (typeof expected === 'number') {
    expect(typeof actual, path).toBe('number');
    expect(Math.abs((actual as number) - expected), path).toBeLessThan(1e-9);
  } else if (Array.isArray(expected)) {
    expect(Array.isArray(actual) && actual.length, path).toBe(expected.length);
    expected.forEach((e, i) => expectClose((actual as unknown[])[i], e, `${path}/${i}`));
  } else if (expected && typeof expected === 'object') {
    expect(Object.keys(actual as object).sort(), path).toEqual(Object.keys(expected).sort());
    for (const [k, e] of Object.entries(expected)) expectClose((actual as Record<string, unknown>)[k], e, `${path}/${k}`);
  } else expect(actual, path).toEqual(expected);
}

describe('opening a scene in build mode', () => {
  it('reads a built scene back into the same scene, for every template and a four-bar', () => {
    const docs = TEMPLATES.map((t) => t.add(emptyBuild(), t.parameter.value, [0.5, 0, 0], [0, 1, 0]));
    docs.push(doublePendulum());
    for (const doc of docs) {
      const scene = buildToScene(doc).scene;
      const world = engine.createWorld(scene);
      const names = (JSON.parse(world.simulation.bodiesJson()) as { name: string }[]).map((b) => b.name);
      const opened = sceneToBuild(scene, names, (body) => pageLayout(world.bodyPose(names[body])));
      if (!('doc' in opened)) throw new Error(opened.reason);
      expectClose(buildToScene(opened.doc).scene, scene);
    }
  });

  it('opens the simple pendulum (its own inertia, two shapes, an armature) and runs it as the scene does; says why it cannot open a scene with code', () => {
    const scene = readScene('pendulum.json') as SceneObject;
    ((scene.articulations as { links: { joint: Record<string, unknown> }[] }[])[0].links[0].joint).armature = 0.3; // it must carry over
    const world = engine.createWorld(scene);
    const names = (JSON.parse(world.simulation.bodiesJson()) as { name: string }[]).map((b) => b.name);
    const pose = (i: number) => pageLayout(world.bodyPose(names[i]));
    const opened = sceneToBuild(scene, names, pose);
    if (!('doc' in opened)) throw new Error(opened.reason);
    const rod = opened.doc.parts[0];
    expect(rod.inertial?.mass).toBe(1);
    expect(rod.extraShapes).toHaveLength(1);
    expect(opened.doc.joints[0].armature).toBe(0.3);
    // The rebuilt scene moves as the shipped one for a second (its q = 0 is the start, 1 rad).
    const rebuilt = engine.createWorld(buildToScene(opened.doc).scene);
    world.step(Math.round(1 / world.timestep));
    rebuilt.step(Math.round(1 / world.timestep));
    expect(rebuilt.q[0] + 1).toBeCloseTo(world.q[0], 8);
    rebuilt.dispose();
    world.dispose();
    const coded = sceneToBuild(readScene('cart-pole-swing-up.json') as SceneObject, [], pose);
    expect(coded).toEqual({ reason: 'it runs a controller: build mode makes scenes without code' });
  });
});
