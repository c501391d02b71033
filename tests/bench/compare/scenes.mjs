// Engine-neutral descriptions of the comparison scenes. Every engine adapter (engines.mjs) builds
// its own world from these, so masses, sizes, inertias, joint placements, gravity, time step and
// solver iteration counts are the same everywhere.
//
// `iterations` (contact scenes only) is the solver's iteration count in every engine; scenes
// without it keep each engine's default (no contact: Featherweight and MuJoCo do not iterate).
//
// Conventions (as in docs/scene-format.md): Z up, quaternions [w, x, y, z]. A scene is a list of
// trees; each link has a joint to its parent (or to the world for the root), placed at `offset`
// in the parent's link frame with an identity joint frame. A link frame is its joint frame after
// the joint's motion; `com` and the principal `inertia` (ixx, iyy, izz) are in the link frame.

export const G = 9.81;

// Deterministic RNG (mulberry32) so every engine gets the same perturbations.
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ---- quaternion / vector helpers ([w, x, y, z]) ----
export const qmul = (a, b) => [
  a[0] * b[0] - a[1] * b[1] - a[2] * b[2] - a[3] * b[3],
  a[0] * b[1] + a[1] * b[0] + a[2] * b[3] - a[3] * b[2],
  a[0] * b[2] - a[1] * b[3] + a[2] * b[0] + a[3] * b[1],
  a[0] * b[3] + a[1] * b[2] - a[2] * b[1] + a[3] * b[0],
];
export function qrot(q, v) {
  const [w, x, y, z] = q;
  const tx = 2 * (y * v[2] - z * v[1]), ty = 2 * (z * v[0] - x * v[2]), tz = 2 * (x * v[1] - y * v[0]);
  return [v[0] + w * tx + (y * tz - z * ty), v[1] + w * ty + (z * tx - x * tz), v[2] + w * tz + (x * ty - y * tx)];
}
export function qaxis(axis, angle) {
  const n = Math.hypot(...axis), s = Math.sin(angle / 2) / n;
  return [Math.cos(angle / 2), axis[0] * s, axis[1] * s, axis[2] * s];
}
export const qrpy = (r, p, y) => qmul(qaxis([0, 0, 1], y), qmul(qaxis([0, 1, 0], p), qaxis([1, 0, 0], r)));
export const add = (a, b) => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
export const sub = (a, b) => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
export const scale = (a, s) => [a[0] * s, a[1] * s, a[2] * s];
export const dot = (a, b) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
export const cross = (a, b) => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
export const ID = [1, 0, 0, 0];

// Solid-body inertias (about the centre of mass, principal axes of the shape).
export const boxInertia = (m, [x, y, z]) => [(m * (y * y + z * z)) / 12, (m * (x * x + z * z)) / 12, (m * (x * x + y * y)) / 12];
// A capsule is approximated as a solid cylinder of its full length (identical in every engine).
export function capsuleInertia(m, r, length) {
  const h = length + 2 * r;
  const t = (m * (3 * r * r + h * h)) / 12;
  return [t, t, (m * r * r) / 2];
}

// World poses of every link frame at the initial configuration (forward kinematics).
export function linkPoses(tree) {
  const poses = [];
  for (const link of tree.links) {
    const j = link.joint;
    const parent = link.parent < 0 ? { p: [0, 0, 0], q: ID } : poses[link.parent];
    const p = add(parent.p, qrot(parent.q, j.offset));
    let q = parent.q;
    if (j.type === 'revolute') q = qmul(q, qaxis(j.axis, j.q0 ?? 0));
    else if (j.type === 'spherical') q = qmul(q, j.q0 ?? ID);
    if (j.type === 'free') poses.push({ p: add(p, qrot(parent.q, j.pos0)), q: qmul(q, j.q0 ?? ID) });
    else poses.push({ p, q });
  }
  return poses;
}

// ---- (a) hinge chains and the double pendulum ----
const CHAIN_LINK = { mass: 0.5, com: [0, 0, -0.05], inertia: [4.2e-4, 4.2e-4, 2.5e-5] };

export function chainScene(n, integrator, { seed = 42, gravity = [0, 0, -G], perturb = 0.1 } = {}) {
  const rand = rng(seed);
  const links = [];
  for (let i = 0; i < n; ++i) {
    links.push({
      name: `link${i}`,
      parent: i - 1,
      joint: { type: 'revolute', axis: i % 2 ? [1, 0, 0] : [0, 1, 0], offset: [0, 0, i === 0 ? 0 : -0.1], q0: perturb * (2 * rand() - 1) },
      ...CHAIN_LINK,
      shapes: [],
    });
  }
  return { name: `chain${n}`, gravity, dt: 1e-3, integrator, contact: false, trees: [{ name: 'chain', links }] };
}

// Two chain links about y, released "horizontal": all joints at 0 (hanging along -z) and gravity
// along -x, so every engine starts from the same state without having to set joint coordinates.
export function doublePendulumScene(integrator) {
  const links = [0, 1].map((i) => ({
    name: `link${i}`,
    parent: i - 1,
    joint: { type: 'revolute', axis: [0, 1, 0], offset: [0, 0, i === 0 ? 0 : -0.1], q0: 0 },
    ...CHAIN_LINK,
    shapes: [],
  }));
  return { name: 'double-pendulum', gravity: [-G, 0, 0], dt: 1e-3, integrator, energy: true, contact: false, trees: [{ name: 'pendulum', links }] };
}

// ---- (b) 7-DoF arm (tests/bench/bench_cases.h iiwaLikeArm) held in a pose ----
export function armScene() {
  const mass = [4.0, 4.0, 3.0, 2.7, 1.7, 1.8, 0.3];
  const com = [[0, -0.03, 0.12], [0.0003, 0.059, 0.042], [0, 0.03, 0.13], [0, 0.067, 0.034], [0.0001, 0.021, 0.076], [0, 0.0006, 0.0004], [0, 0, 0.02]];
  const diag = [[0.1, 0.09, 0.02], [0.05, 0.018, 0.044], [0.08, 0.075, 0.01], [0.03, 0.01, 0.029], [0.02, 0.018, 0.005], [0.005, 0.0036, 0.0047], [0.001, 0.001, 0.001]];
  const offset = [[0, 0, 0.1575], [0, 0, 0.2025], [0, 0.2045, 0], [0, 0, 0.2155], [0, 0.1845, 0], [0, 0, 0.2155], [0, 0.081, 0]];
  const axis = [[0, 0, 1], [0, 1, 0], [0, 0, 1], [0, -1, 0], [0, 0, 1], [0, 1, 0], [0, 0, 1]];
  const pose = [0.3, 0.7, -0.2, 1.1, 0.4, -0.6, 0.2];
  const links = mass.map((m, i) => ({
    name: `link${i + 1}`,
    parent: i - 1,
    joint: { type: 'revolute', axis: axis[i], offset: offset[i], q0: pose[i] },
    mass: m,
    com: com[i],
    inertia: diag[i],
    shapes: [],
  }));
  return { name: 'arm7-gravcomp', gravity: [0, 0, -G], dt: 1e-3, integrator: 'euler', contact: false, gravityCompensation: true, trees: [{ name: 'arm', links }] };
}

// ---- (c) boxes: unit cubes of 1000 kg (water density), friction 0.6 everywhere ----
function boxTree(index, position, q = ID) {
  return {
    name: `box${index}`,
    links: [{
      name: 'box',
      parent: -1,
      joint: { type: 'free', offset: [0, 0, 0], pos0: position, q0: q },
      mass: 1000,
      com: [0, 0, 0],
      inertia: boxInertia(1000, [1, 1, 1]),
      shapes: [{ type: 'box', size: [1, 1, 1], pos: [0, 0, 0], q: ID }],
    }],
  };
}

// As pyramidScene(20) in tests/bench/bench_cases.h (210 boxes), at dt 1/60.
export function pyramidScene(rows = 20) {
  const trees = [];
  let n = 0;
  for (let row = 0; row < rows; ++row)
    for (let k = 0; k < rows - row; ++k) trees.push(boxTree(n++, [k * 1.05 - (rows - 1 - row) * 0.525, 0, 0.5 + row]));
  return { name: `pyramid${rows}`, gravity: [0, 0, -G], dt: 1 / 60, integrator: 'euler', iterations: 20, contact: true, ground: true, trees, settleSteps: 30 };
}

// As pileScene(1000): a 10 x 10 x 10 grid of boxes, 1.3 m apart, jittered, dropped on the ground.
export function pileScene(count = 1000) {
  const rand = rng(7);
  const jitter = () => 0.2 * rand() - 0.1;
  const trees = [];
  for (let i = 0; i < count; ++i) {
    const x = i % 10, y = Math.floor(i / 10) % 10, z = Math.floor(i / 100);
    const p = [1.3 * x - 6 + jitter(), 1.3 * y - 6 + jitter(), 1 + 1.3 * z];
    trees.push(boxTree(i, p, qrpy(jitter(), jitter(), jitter())));
  }
  return { name: `pile${count}`, gravity: [0, 0, -G], dt: 1 / 60, integrator: 'euler', iterations: 10, contact: true, ground: true, trees, settleSteps: 120 };
}

// ---- (d) capsule ragdolls: torso (free), head (ball joint), arms and legs (hinges about y) ----
// (With ball-jointed limbs as well, Featherweight and MuJoCo both diverged at 1/120 and even 1/240 s.)
function capsule(r, length, pos) {
  return { type: 'capsule', radius: r, length, pos, q: ID };
}
function ragdollTree(index, position, q, rand) {
  const small = () => qrpy(0.4 * rand() - 0.2, 0.4 * rand() - 0.2, 0.4 * rand() - 0.2);
  const hinge = () => 0.8 * rand() - 0.4;
  const part = (name, parent, joint, m, r, len, center) => ({
    name, parent, joint, mass: m, com: center, inertia: capsuleInertia(m, r, len), shapes: [capsule(r, len, center)],
  });
  return {
    name: `ragdoll${index}`,
    ragdoll: true,
    links: [
      part('torso', -1, { type: 'free', offset: [0, 0, 0], pos0: position, q0: q }, 15, 0.12, 0.35, [0, 0, 0]),
      part('head', 0, { type: 'spherical', offset: [0, 0, 0.33], q0: small() }, 4, 0.1, 0.04, [0, 0, 0.1]),
      part('armL', 0, { type: 'revolute', axis: [0, 1, 0], offset: [0, 0.24, 0.18], q0: hinge() }, 3, 0.05, 0.45, [0, 0, -0.27]),
      part('armR', 0, { type: 'revolute', axis: [0, 1, 0], offset: [0, -0.24, 0.18], q0: hinge() }, 3, 0.05, 0.45, [0, 0, -0.27]),
      part('legL', 0, { type: 'revolute', axis: [0, 1, 0], offset: [0, 0.1, -0.3], q0: hinge() }, 8, 0.07, 0.6, [0, 0, -0.4]),
      part('legR', 0, { type: 'revolute', axis: [0, 1, 0], offset: [0, -0.1, -0.3], q0: hinge() }, 8, 0.07, 0.6, [0, 0, -0.4]),
    ],
  };
}

export function ragdollScene(count = 20) {
  const rand = rng(11);
  const trees = [];
  for (let i = 0; i < count; ++i) {
    const p = [2 * (i % 5) - 4, 2 * Math.floor(i / 5) - 3, 1.6 + 0.3 * (i % 3)];
    trees.push(ragdollTree(i, p, qrpy(0.6 * rand() - 0.3, 0.6 * rand() - 0.3, 2 * Math.PI * rand()), rand));
  }
  // Ragdolls collide with the ground only (no self-collision, none between ragdolls).
  // At 1/60 s these ragdolls diverge in both reduced-coordinate engines (Featherweight and MuJoCo,
  // semi-implicit Euler) when they land: every engine steps them at 1/240 s.
  return { name: `ragdolls${count}`, gravity: [0, 0, -G], dt: 1 / 240, integrator: 'euler', iterations: 10, contact: true, ground: true, groundOnly: true, trees, settleSteps: 120 };
}

// ---- (c) spheres at rest: a pile in a walled pen, with every engine's own sleeping ----
// Spheres on an open plane never come to rest (no engine here has rolling resistance by
// default: a sphere nudged sideways rolls on), so four static walls hold the pile. Solid spheres
// of water density, friction 0.6.
export const sphereInertia = (m, r) => { const i = 0.4 * m * r * r; return [i, i, i]; };
function sphereTree(index, r, position) {
  const mass = 1000 * (4 / 3) * Math.PI * r ** 3;
  return {
    name: `sphere${index}`,
    links: [{
      name: 'sphere',
      parent: -1,
      joint: { type: 'free', offset: [0, 0, 0], pos0: position, q0: ID },
      mass,
      com: [0, 0, 0],
      inertia: sphereInertia(mass, r),
      shapes: [{ type: 'sphere', radius: r, pos: [0, 0, 0], q: ID }],
    }],
  };
}

// An 8 x 8 x 8 lattice of 0.2 m spheres 0.45 m apart, jittered sideways by up to 5 cm, dropped
// into a pen 3.7 m square: the columns topple into one another and settle into a pile about
// 2 m high. Timed after 6 s, at rest. `sleep: 'default'`: every engine keeps its own sleeping
// default (Featherweight, Rapier and Jolt put resting bodies to sleep; MuJoCo and cannon-es do
// not sleep by default). `atRest`: the box every body must stay in; the harness refuses a figure
// when one leaves it and reports the fastest body's speed before and after the timing.
export function spherePileScene(count = 512, radius = 0.2) {
  const rand = rng(5);
  const jitter = () => 0.1 * rand() - 0.05;
  const side = Math.round(Math.cbrt(count)), spacing = 0.45, half = 1.85, wall = 0.1, height = 4;
  const trees = [];
  for (let i = 0; i < count; ++i) {
    const x = i % side, y = Math.floor(i / side) % side, z = Math.floor(i / (side * side));
    const c = (k) => spacing * (k - (side - 1) / 2);
    trees.push(sphereTree(i, radius, [c(x) + jitter(), c(y) + jitter(), radius + 0.05 + spacing * z]));
  }
  const walls = [[half + wall, 0], [-half - wall, 0], [0, half + wall], [0, -half - wall]].map(([x, y]) => ({
    type: 'box', size: x ? [2 * wall, 2 * (half + 2 * wall), height] : [2 * (half + 2 * wall), 2 * wall, height], pos: [x, y, height / 2], q: ID,
  }));
  return {
    name: `spheres${count}`, gravity: [0, 0, -G], dt: 1 / 60, integrator: 'euler', iterations: 10, contact: true, ground: true,
    statics: walls, trees, settleSteps: 360, sleep: 'default', atRest: { lower: [-half, -half, 0], upper: [half, half, height] },
  };
}
