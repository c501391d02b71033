// One adapter per engine: each builds its own world from an engine-neutral scene (scenes.mjs) and
// exposes step(), energy() (kinetic + potential, J) and, for the arm, gravity compensation.
// Nothing here is Node-only, so the browser page (browser.mjs) runs the same adapters.
import { ID, add, cross, dot, linkPoses, qaxis, qmul, qrot, scale, sub } from './scenes.mjs';

// ---------------------------------------------------------------- shared helpers
// Rotate a principal inertia diag by q: returns ω·(R I Rᵀ)ω for a world ω.
function rotKinetic(q, inertia, w) {
  const conj = [q[0], -q[1], -q[2], -q[3]];
  const b = qrot(conj, w);
  return inertia[0] * b[0] * b[0] + inertia[1] * b[1] * b[1] + inertia[2] * b[2] * b[2];
}

// Static gravity-compensation torques for a serial/tree articulation from world link poses:
// τ_i = −axis_i · Σ_{j ∈ subtree(i)} (c_j − o_i) × m_j g. Returns [{ tau, axisWorld }] per link.
export function gravityTorques(tree, poses, gravity) {
  const n = tree.links.length;
  const comW = tree.links.map((l, i) => add(poses[i].p, qrot(poses[i].q, l.com)));
  // moment about the world origin and mass of every subtree, accumulated leaves first
  const mass = tree.links.map((l) => l.mass);
  const mc = tree.links.map((l, i) => scale(comW[i], l.mass));
  for (let i = n - 1; i > 0; --i) {
    const p = tree.links[i].parent;
    if (p >= 0) { mass[p] += mass[i]; mc[p] = add(mc[p], mc[i]); }
  }
  return tree.links.map((l, i) => {
    const axisWorld = qrot(poses[i].q, l.joint.axis);
    const arm = sub(scale(mc[i], 1 / mass[i]), poses[i].p);
    const torque = cross(arm, scale(gravity, mass[i]));
    return { tau: -dot(axisWorld, torque), axisWorld };
  });
}

// ---------------------------------------------------------------- Featherweight
// How Featherweight's module is created differs between Node (load_featherweight_node.mjs) and
// the browser (browser.mjs), so the caller supplies it: an async function returning the module.
let fwLoader;
let fwModule;
export function setFeatherweightLoader(load) {
  fwLoader = load;
  fwModule = undefined;
}
export async function loadFeatherweight() {
  if (!fwLoader) throw new Error('no Featherweight loader: call setFeatherweightLoader() first');
  fwModule ??= await fwLoader();
  return fwModule;
}

function fwShape(s, opts) {
  const out = s.type === 'box' ? { type: 'box', size: s.size }
    : s.type === 'sphere' ? { type: 'sphere', radius: s.radius }
      : { type: 'capsule', radius: s.radius, length: s.length };
  out.position = s.pos;
  out.quaternion = s.q;
  out.friction = 0.6;
  if (opts.groundOnly) out.collision = { group: 2, mask: 1 };
  return out;
}
const fwInertial = (l) => ({ mass: l.mass, com: l.com, inertia: { ixx: l.inertia[0], iyy: l.inertia[1], izz: l.inertia[2] } });

export function featherweightSceneJson(scene) {
  const json = {
    format: 'featherweight-scene',
    version: 1,
    world: {
      gravity: scene.gravity,
      timestep: scene.dt,
      integrator: scene.integrator === 'rk4' ? 'rk4' : 'semi-implicit-euler',
      solver: !scene.contact ? { sleep: false }
        : scene.sleep === 'default' ? { iterations: scene.iterations } // the scene defaults, sleeping included
          : { iterations: scene.iterations, slop: 0.005, sleep: false },
    },
    bodies: [],
    articulations: [],
  };
  if (scene.ground) json.bodies.push({ name: 'ground', static: true, shapes: [{ type: 'plane', friction: 0.6, ...(scene.groundOnly ? { collision: { group: 1, mask: 0xffff } } : {}) }] });
  if (scene.statics) json.bodies.push({ name: 'statics', static: true, shapes: scene.statics.map((s) => fwShape(s, scene)) });
  for (const tree of scene.trees) {
    if (tree.links.length === 1 && tree.links[0].joint.type === 'free') {
      const l = tree.links[0];
      json.bodies.push({ name: tree.name, position: l.joint.pos0, quaternion: l.joint.q0, inertial: fwInertial(l), shapes: l.shapes.map((s) => fwShape(s, scene)) });
      continue;
    }
    json.articulations.push({
      name: tree.name,
      links: tree.links.map((l) => {
        const j = l.joint;
        const joint = { type: j.type, origin: { position: j.offset } };
        if (j.type === 'revolute') { joint.axis = j.axis; joint.position = j.q0 ?? 0; }
        if (j.type === 'spherical') joint.position = { quaternion: j.q0 ?? ID };
        if (j.type === 'free') joint.position = { position: j.pos0, quaternion: j.q0 ?? ID };
        const link = { name: l.name, joint, inertial: fwInertial(l), shapes: l.shapes.map((s) => fwShape(s, scene)) };
        if (l.parent >= 0) link.parent = tree.links[l.parent].name;
        return link;
      }),
    });
  }
  return json;
}

export async function featherweight(scene) {
  const engine = await loadFeatherweight();
  const sim = new engine.Simulation();
  const error = sim.load(JSON.stringify(featherweightSceneJson(scene)));
  if (error) throw new Error(`Featherweight refused the scene: ${error}`);
  const tree = scene.trees[0];
  const firstFree = (scene.ground ? 1 : 0) + (scene.statics ? 1 : 0);
  let control = null;
  if (scene.gravityCompensation) {
    // Featherweight's API has no inverse dynamics: torques from the link poses, written to the efforts.
    const firstBody = scene.ground ? 1 : 0;
    control = () => {
      const f32 = engine.HEAPF32, base = sim.posesPointer() / 4;
      const poses = tree.links.map((_, i) => {
        const o = base + 7 * (firstBody + i);
        return { p: [f32[o], f32[o + 1], f32[o + 2]], q: [f32[o + 6], f32[o + 3], f32[o + 4], f32[o + 5]] };
      });
      const taus = gravityTorques(tree, poses, scene.gravity);
      const eff = sim.effortsPointer() / 8;
      for (let i = 0; i < taus.length; ++i) engine.HEAPF64[eff + i] = taus[i].tau;
    };
  }
  return {
    step: control ? () => { control(); sim.step(1); } : () => sim.step(1),
    energy: () => sim.kineticEnergy() + sim.potentialEnergy(),
    q: () => Array.from(engine.HEAPF64.subarray(sim.qPointer() / 8, sim.qPointer() / 8 + sim.nq())),
    linkPoses: () => { // the first tree's link frames
      const f32 = engine.HEAPF32, base = sim.posesPointer() / 4, first = scene.ground ? 1 : 0;
      return tree.links.map((_, i) => { const o = base + 7 * (first + i); return { p: [f32[o], f32[o + 1], f32[o + 2]], q: [f32[o + 6], f32[o + 3], f32[o + 4], f32[o + 5]] }; });
    },
    topZ: () => { // highest body z, for sanity checks
      const f32 = engine.HEAPF32, base = sim.posesPointer() / 4;
      let z = -Infinity;
      for (let b = scene.ground ? 1 : 0; b < sim.bodyCount(); ++b) z = Math.max(z, f32[base + 7 * b + 2]);
      return z;
    },
    // Every free body's position and speed (|linear velocity|), for the resting scenes' checks.
    bodyStates: () => {
      const f32 = engine.HEAPF32, poses = sim.posesPointer() / 4, vel = sim.velocitiesPointer() / 4;
      const out = [];
      for (let b = firstFree; b < sim.bodyCount(); ++b) {
        const o = vel + 6 * b;
        out.push({ p: [f32[poses + 7 * b], f32[poses + 7 * b + 1], f32[poses + 7 * b + 2]], speed: Math.hypot(f32[o], f32[o + 1], f32[o + 2]) });
      }
      return out;
    },
    // A world that blew up stops stepping (and would time as free): measure.mjs checks this.
    failure: () => sim.stepError(),
    dispose: () => sim.delete(),
  };
}

// ---------------------------------------------------------------- maximal-coordinate helpers
// Body frames of Rapier and cannon-es sit at the link's centre of mass, oriented as the link frame.
function bodyPoses(tree) {
  return linkPoses(tree).map((pose, i) => ({ p: add(pose.p, qrot(pose.q, tree.links[i].com)), q: pose.q }));
}
const linkFromBody = (l, p, q) => ({ p: sub(p, qrot(q, l.com)), q });

// ---------------------------------------------------------------- Rapier
let RAPIER;
export async function loadRapier() {
  if (!RAPIER) {
    RAPIER = (await import('@dimforge/rapier3d-compat')).default;
    await RAPIER.init();
  }
  return RAPIER;
}

export async function rapier(scene, { multibody }) {
  const R = await loadRapier();
  const v = (a) => ({ x: a[0], y: a[1], z: a[2] });
  const quat = (q) => ({ w: q[0], x: q[1], y: q[2], z: q[3] });
  const world = new R.World(v(scene.gravity));
  world.timestep = scene.dt;
  if (scene.iterations) world.numSolverIterations = scene.iterations;
  const groundOnlyGroups = { ground: 0x0001ffff, body: 0x00020001 };
  const fixed = world.createRigidBody(R.RigidBodyDesc.fixed());
  if (scene.ground) {
    const g = R.ColliderDesc.cuboid(200, 200, 1).setTranslation(0, 0, -1).setFriction(0.6);
    if (scene.groundOnly) g.setCollisionGroups(groundOnlyGroups.ground);
    world.createCollider(g, fixed);
  }
  for (const s of scene.statics ?? [])
    world.createCollider(R.ColliderDesc.cuboid(s.size[0] / 2, s.size[1] / 2, s.size[2] / 2).setTranslation(...s.pos).setRotation(quat(s.q)).setFriction(0.6), fixed);
  const trees = [];
  for (const tree of scene.trees) {
    const poses = bodyPoses(tree);
    const bodies = tree.links.map((l, i) => {
      const desc = R.RigidBodyDesc.dynamic().setTranslation(...poses[i].p).setRotation(quat(poses[i].q)).setCanSleep(scene.sleep === 'default')
        .setAdditionalMassProperties(l.mass, v([0, 0, 0]), v(l.inertia), quat(ID));
      const body = world.createRigidBody(desc);
      for (const s of l.shapes) {
        let c;
        // Rapier's capsule lies along y: turn it onto z.
        if (s.type === 'box') c = R.ColliderDesc.cuboid(s.size[0] / 2, s.size[1] / 2, s.size[2] / 2).setRotation(quat(s.q));
        else if (s.type === 'sphere') c = R.ColliderDesc.ball(s.radius);
        else c = R.ColliderDesc.capsule(s.length / 2, s.radius).setRotation(quat(qmul(s.q, qaxis([1, 0, 0], Math.PI / 2))));
        c.setTranslation(...sub(s.pos, l.com)).setDensity(0).setFriction(0.6);
        if (scene.groundOnly) c.setCollisionGroups(groundOnlyGroups.body);
        world.createCollider(c, body);
      }
      return body;
    });
    tree.links.forEach((l, i) => {
      const j = l.joint;
      if (j.type === 'free') return;
      const parent = l.parent < 0 ? fixed : bodies[l.parent];
      const anchor1 = l.parent < 0 ? j.offset : sub(j.offset, tree.links[l.parent].com);
      const anchor2 = scale(l.com, -1);
      const data = j.type === 'revolute' ? R.JointData.revolute(v(anchor1), v(anchor2), v(j.axis)) : R.JointData.spherical(v(anchor1), v(anchor2));
      if (multibody) world.createMultibodyJoint(data, parent, bodies[i], true);
      else world.createImpulseJoint(data, parent, bodies[i], true);
    });
    trees.push({ tree, bodies });
  }
  const pose = (b) => { const t = b.translation(), r = b.rotation(); return { p: [t.x, t.y, t.z], q: [r.w, r.x, r.y, r.z] }; };
  let control = null;
  if (scene.gravityCompensation) {
    // Rapier has no joint-space efforts or inverse dynamics: the same JS torques, applied as
    // equal and opposite body torques on each joint's two bodies.
    const { tree, bodies } = trees[0];
    control = () => {
      const poses = bodies.map((b, i) => { const bp = pose(b); return linkFromBody(tree.links[i], bp.p, bp.q); });
      const taus = gravityTorques(tree, poses, scene.gravity);
      bodies.forEach((b) => b.resetTorques(false));
      taus.forEach(({ tau, axisWorld }, i) => {
        bodies[i].addTorque(v(scale(axisWorld, tau)), false);
        const p = tree.links[i].parent;
        if (p >= 0) bodies[p].addTorque(v(scale(axisWorld, -tau)), false);
      });
    };
  }
  return {
    step: control ? () => { control(); world.step(); } : () => world.step(),
    energy: () => {
      let e = 0;
      for (const { tree, bodies } of trees) bodies.forEach((b, i) => {
        const l = tree.links[i], { p, q } = pose(b), lv = b.linvel(), av = b.angvel();
        e += 0.5 * l.mass * (lv.x * lv.x + lv.y * lv.y + lv.z * lv.z) + 0.5 * rotKinetic(q, l.inertia, [av.x, av.y, av.z]) - l.mass * dot(scene.gravity, p);
      });
      return e;
    },
    linkPoses: () => trees[0].bodies.map((b, i) => { const bp = pose(b); return linkFromBody(trees[0].tree.links[i], bp.p, bp.q); }),
    topZ: () => Math.max(...trees.flatMap((t) => t.bodies.map((b) => b.translation().z))),
    bodyStates: () => trees.flatMap((t) => t.bodies.map((b) => { const p = b.translation(), u = b.linvel(); return { p: [p.x, p.y, p.z], speed: Math.hypot(u.x, u.y, u.z) }; })),
    dispose: () => world.free(),
  };
}

// ---------------------------------------------------------------- Jolt
// Jolt's single-threaded wasm build (jolt-physics, "wasm-compat": the wasm inlined). Boxes and
// capsules on free bodies only (the contact cases): this adapter builds no joints.
let JOLT;
export async function loadJolt() {
  if (!JOLT) JOLT = await (await import('jolt-physics/wasm-compat')).default();
  return JOLT;
}

export async function jolt(scene) {
  if (scene.trees.some((t) => t.links.some((l) => l.joint.type !== 'free')))
    throw new Error('the Jolt adapter builds free bodies only (no joints)');
  const J = await loadJolt();
  const STATIC = 0, MOVING = 1;
  const objectFilter = new J.ObjectLayerPairFilterTable(2);
  objectFilter.EnableCollision(STATIC, MOVING);
  objectFilter.EnableCollision(MOVING, MOVING);
  const layers = new J.BroadPhaseLayerInterfaceTable(2, 2);
  layers.MapObjectToBroadPhaseLayer(STATIC, new J.BroadPhaseLayer(0));
  layers.MapObjectToBroadPhaseLayer(MOVING, new J.BroadPhaseLayer(1));
  const settings = new J.JoltSettings();
  settings.mMaxBodies = scene.trees.length + 16;
  settings.mObjectLayerPairFilter = objectFilter;
  settings.mBroadPhaseLayerInterface = layers;
  settings.mObjectVsBroadPhaseLayerFilter = new J.ObjectVsBroadPhaseLayerFilterTable(layers, 2, objectFilter, 2);
  const jolt = new J.JoltInterface(settings);
  J.destroy(settings);
  const system = jolt.GetPhysicsSystem();
  const bodies = system.GetBodyInterface();
  system.SetGravity(new J.Vec3(...scene.gravity));
  const physics = system.GetPhysicsSettings();
  if (scene.iterations) physics.mNumVelocitySteps = scene.iterations;
  system.SetPhysicsSettings(physics);
  const add = (shape, p, q, motion, layer, mass) => {
    const s = new J.BodyCreationSettings(shape, new J.RVec3(...p), new J.Quat(q[1], q[2], q[3], q[0]), motion, layer);
    s.mFriction = 0.6;
    s.mRestitution = 0;
    s.mAllowSleeping = scene.sleep === 'default';
    if (mass) {
      s.mOverrideMassProperties = J.EOverrideMassProperties_CalculateInertia;
      s.mMassPropertiesOverride.mMass = mass;
    }
    const body = bodies.CreateBody(s);
    J.destroy(s);
    bodies.AddBody(body.GetID(), motion === J.EMotionType_Static ? J.EActivation_DontActivate : J.EActivation_Activate);
    return body;
  };
  if (scene.ground) add(new J.BoxShape(new J.Vec3(200, 200, 1)), [0, 0, -1], ID, J.EMotionType_Static, STATIC, 0);
  for (const s of scene.statics ?? []) add(new J.BoxShape(new J.Vec3(s.size[0] / 2, s.size[1] / 2, s.size[2] / 2)), s.pos, s.q, J.EMotionType_Static, STATIC, 0);
  const moving = scene.trees.map((tree) => {
    const l = tree.links[0];
    if (l.shapes.length !== 1) throw new Error('the Jolt adapter builds one shape per body');
    const s = l.shapes[0];
    const shape = s.type === 'box' ? new J.BoxShape(new J.Vec3(s.size[0] / 2, s.size[1] / 2, s.size[2] / 2))
      : s.type === 'sphere' ? new J.SphereShape(s.radius)
        : new J.CapsuleShape(s.length / 2, s.radius); // along y, as Rapier's
    return add(shape, l.joint.pos0, l.joint.q0 ?? ID, J.EMotionType_Dynamic, MOVING, l.mass);
  });
  return {
    step: () => jolt.Step(scene.dt, 1),
    energy: () => { throw new Error('not measured for Jolt'); },
    topZ: () => Math.max(...moving.map((b) => b.GetPosition().GetZ())),
    bodyStates: () => moving.map((b) => { const p = b.GetPosition(); return { p: [p.GetX(), p.GetY(), p.GetZ()], speed: b.GetLinearVelocity().Length() }; }),
    dispose: () => J.destroy(jolt),
  };
}

// ---------------------------------------------------------------- cannon-es
let CANNON;
export async function cannon(scene) {
  CANNON ??= await import('cannon-es');
  const C = CANNON;
  const V = (a) => new C.Vec3(a[0], a[1], a[2]);
  const Q = (q) => new C.Quaternion(q[1], q[2], q[3], q[0]);
  const world = new C.World({ gravity: V(scene.gravity) });
  if (scene.iterations) world.solver.iterations = scene.iterations;
  world.allowSleep = false; // its default: nothing sleeps unless asked
  world.defaultContactMaterial.friction = 0.6;
  world.defaultContactMaterial.restitution = 0;
  if (scene.contact) world.broadphase = new C.SAPBroadphase(world);
  const fixed = new C.Body({ mass: 0 });
  if (scene.ground) {
    fixed.addShape(new C.Plane());
    if (scene.groundOnly) { fixed.collisionFilterGroup = 1; fixed.collisionFilterMask = -1; }
  }
  for (const s of scene.statics ?? []) fixed.addShape(new C.Box(V(s.size.map((x) => x / 2))), V(s.pos), Q(s.q));
  world.addBody(fixed);
  const trees = [];
  for (const tree of scene.trees) {
    const poses = bodyPoses(tree);
    const bodies = tree.links.map((l, i) => {
      const body = new C.Body({ mass: l.mass, position: V(poses[i].p), quaternion: Q(poses[i].q), linearDamping: 0, angularDamping: 0 });
      for (const s of l.shapes) {
        const off = sub(s.pos, l.com);
        if (s.type === 'box') body.addShape(new C.Box(V(s.size.map((x) => x / 2))), V(off), Q(s.q));
        else if (s.type === 'sphere') body.addShape(new C.Sphere(s.radius), V(off));
        else {
          // cannon-es has no capsule: a cylinder (along y in cannon-es, turned onto z) and two spheres.
          const axis = qrot(s.q, [0, 0, s.length / 2]);
          body.addShape(new C.Cylinder(s.radius, s.radius, s.length, 8), V(off), Q(qmul(s.q, qaxis([1, 0, 0], Math.PI / 2))));
          body.addShape(new C.Sphere(s.radius), V(add(off, axis)));
          body.addShape(new C.Sphere(s.radius), V(sub(off, axis)));
        }
      }
      // cannon-es derives inertia from the shapes' bounding box: set the scene's inertia instead.
      body.inertia.set(...l.inertia);
      body.invInertia.set(1 / l.inertia[0], 1 / l.inertia[1], 1 / l.inertia[2]);
      body.updateInertiaWorld(true);
      if (scene.groundOnly) { body.collisionFilterGroup = 2; body.collisionFilterMask = 1; }
      world.addBody(body);
      return body;
    });
    tree.links.forEach((l, i) => {
      const j = l.joint;
      if (j.type === 'free') return;
      const parent = l.parent < 0 ? fixed : bodies[l.parent];
      const pivotA = l.parent < 0 ? j.offset : sub(j.offset, tree.links[l.parent].com);
      const pivotB = scale(l.com, -1);
      const c = j.type === 'revolute'
        ? new C.HingeConstraint(parent, bodies[i], { pivotA: V(pivotA), axisA: V(j.axis), pivotB: V(pivotB), axisB: V(j.axis), collideConnected: false })
        : new C.PointToPointConstraint(parent, V(pivotA), bodies[i], V(pivotB));
      c.collideConnected = false;
      world.addConstraint(c);
    });
    trees.push({ tree, bodies });
  }
  const pose = (b) => ({ p: [b.position.x, b.position.y, b.position.z], q: [b.quaternion.w, b.quaternion.x, b.quaternion.y, b.quaternion.z] });
  let control = null;
  if (scene.gravityCompensation) {
    // cannon-es has no joint-space efforts or inverse dynamics: JS torques as body torque pairs.
    const { tree, bodies } = trees[0];
    control = () => {
      const poses = bodies.map((b, i) => { const bp = pose(b); return linkFromBody(tree.links[i], bp.p, bp.q); });
      gravityTorques(tree, poses, scene.gravity).forEach(({ tau, axisWorld }, i) => {
        bodies[i].torque.vadd(V(scale(axisWorld, tau)), bodies[i].torque);
        const p = tree.links[i].parent;
        if (p >= 0) bodies[p].torque.vadd(V(scale(axisWorld, -tau)), bodies[p].torque);
      });
    };
  }
  return {
    step: control ? () => { control(); world.step(scene.dt); } : () => world.step(scene.dt),
    energy: () => {
      let e = 0;
      for (const { tree, bodies } of trees) bodies.forEach((b, i) => {
        const l = tree.links[i], { p, q } = pose(b), lv = b.velocity, av = b.angularVelocity;
        e += 0.5 * l.mass * lv.lengthSquared() + 0.5 * rotKinetic(q, l.inertia, [av.x, av.y, av.z]) - l.mass * dot(scene.gravity, p);
      });
      return e;
    },
    linkPoses: () => trees[0].bodies.map((b, i) => { const bp = pose(b); return linkFromBody(trees[0].tree.links[i], bp.p, bp.q); }),
    topZ: () => Math.max(...trees.flatMap((t) => t.bodies.map((b) => b.position.z))),
    bodyStates: () => trees.flatMap((t) => t.bodies.map((b) => ({ p: [b.position.x, b.position.y, b.position.z], speed: b.velocity.length() }))),
    dispose: () => {},
  };
}

// ---------------------------------------------------------------- MuJoCo (mujoco-js, the official wasm build)
let mj;
export async function loadMujoco() {
  if (!mj) {
    mj = await (await import('mujoco-js')).default();
    mj.FS.mkdir('/bench');
  }
  return mj;
}

const f = (a) => a.map((x) => +x.toPrecision(17)).join(' ');
// mujoco-js 0.0.7 cannot load bodies nested much deeper than 150: at 200 its recursive XML reader
// (mjXReader::Body) overruns the wasm stack ("memory access out of bounds"),
// and at 1000 tinyxml2 refuses the nesting (XML_ELEMENT_DEPTH_EXCEEDED). Splitting the
// chain into files joined by <attach> throws std::bad_cast, and this build exposes MjSpec but no
// mj_compile. So deeper trees are refused here, before they can break the module.
const MAX_DEPTH = 160;
export function mujocoXml(scene) {
  const geomClass = scene.groundOnly ? ' contype="1" conaffinity="0"' : '';
  const geom = (s) => s.type === 'box'
    ? `<geom type="box" size="${f(s.size.map((x) => x / 2))}" pos="${f(s.pos)}" quat="${f(s.q)}"${geomClass}/>`
    : s.type === 'sphere' ? `<geom type="sphere" size="${s.radius}" pos="${f(s.pos)}"${geomClass}/>`
      : `<geom type="capsule" size="${s.radius} ${s.length / 2}" pos="${f(s.pos)}" quat="${f(s.q)}"${geomClass}/>`;
  const body = (tree, i, depth) => {
    const l = tree.links[i], j = l.joint;
    let pos = j.offset, q = ID, joint = '';
    if (j.type === 'free') { pos = add(j.offset, j.pos0); q = j.q0 ?? ID; joint = '<freejoint/>'; }
    else if (j.type === 'revolute') joint = `<joint type="hinge" axis="${f(j.axis)}"/>`;
    else if (j.type === 'spherical') joint = '<joint type="ball"/>';
    const children = tree.links.map((c, k) => {
      if (c.parent !== i) return '';
      if (depth + 1 >= MAX_DEPTH) throw new Error(`not run: mujoco-js 0.0.7 cannot load bodies nested deeper than ~150 (its XML reader overruns the wasm stack at 200; tinyxml2 refuses 1000)`);
      return body(tree, k, depth + 1);
    }).join('');
    const gc = scene.gravityCompensation ? ' gravcomp="1"' : '';
    return `<body name="${tree.name}_${l.name}" pos="${f(pos)}" quat="${f(q)}"${gc}>${joint}` +
      `<inertial pos="${f(l.com)}" mass="${l.mass}" diaginertia="${f(l.inertia)}"/>${l.shapes.map(geom).join('')}${children}</body>`;
  };
  const integrator = scene.integrator === 'rk4' ? 'RK4' : 'Euler';
  const ground = scene.ground ? `<geom name="ground" type="plane" size="0 0 1"${scene.groundOnly ? ' contype="0" conaffinity="1"' : ''}/>` : '';
  const flags = `${scene.energy ? ' energy="enable"' : ''}${scene.contact ? '' : ' contact="disable"'}`;
  const bodies = scene.trees.map((t) => body(t, 0, 0)).join('') + (scene.statics ?? []).map(geom).join('');
  return `<mujoco model="${scene.name}"><compiler angle="radian"/>` +
    `<option timestep="${scene.dt}" gravity="${f(scene.gravity)}" integrator="${integrator}"` +
    `${scene.iterations ? ` iterations="${scene.iterations}"` : ''}${scene.mujocoSolver ? ` solver="${scene.mujocoSolver}"` : ''}><flag${flags}/></option>` +
    '<size memory="512M"/><default><geom friction="0.6 0.005 0.0001"/></default>' +
    `<worldbody>${ground}${bodies}</worldbody></mujoco>`;
}

export async function mujoco(scene) {
  const M = await loadMujoco();
  M.FS.writeFile('/bench/scene.xml', mujocoXml(scene));
  const model = M.MjModel.loadFromXML('/bench/scene.xml');
  const data = new M.MjData(model);
  // The initial joint angles (free joints already start at their body pose from the XML).
  const qpos = data.qpos;
  let adr = 0;
  for (const tree of scene.trees) for (const l of tree.links) {
    const j = l.joint;
    if (j.type === 'free') adr += 7;
    else if (j.type === 'revolute') qpos[adr++] = j.q0 ?? 0;
    else if (j.type === 'spherical') { (j.q0 ?? ID).forEach((x, k) => { qpos[adr + k] = x; }); adr += 4; }
  }
  if (adr !== model.nq) throw new Error(`MuJoCo qpos layout mismatch: ${adr} vs ${model.nq}`);
  M.mj_forward(model, data);
  return {
    step: () => M.mj_step(model, data),
    energy: () => { M.mj_forward(model, data); const e = data.energy; return e[0] + e[1]; },
    q: () => Array.from(data.qpos),
    linkPoses: () => scene.trees[0].links.map((_, i) => { // body i + 1 (0 is the world)
      const b = i + 1, x = data.xpos, q = data.xquat;
      return { p: [x[3 * b], x[3 * b + 1], x[3 * b + 2]], q: [q[4 * b], q[4 * b + 1], q[4 * b + 2], q[4 * b + 3]] };
    }),
    topZ: () => { const x = data.xpos; let z = -Infinity; for (let b = 1; b < model.nbody; ++b) z = Math.max(z, x[3 * b + 2]); return z; },
    bodyStates: () => { // free bodies only (this is for the resting scenes): qvel's first three per body
      const x = data.xpos, v = data.qvel, out = [];
      for (let b = 1; b < model.nbody; ++b) out.push({ p: [x[3 * b], x[3 * b + 1], x[3 * b + 2]], speed: Math.hypot(v[6 * (b - 1)], v[6 * (b - 1) + 1], v[6 * (b - 1) + 2]) });
      return out;
    },
    dispose: () => { data.delete(); model.delete(); },
  };
}
