// One description of a tree of rigid bodies, written out three ways: a Featherweight scene, an
// MJCF file with MuJoCo's own ball and free joints, and an MJCF file where each ball joint is
// three intersecting hinges (a free joint three slides and three hinges) — the same mechanism in
// other coordinates. Initial states are given in MuJoCo's conventions (qpos, qvel) and converted
// here for the scene, by what docs/scene-format.md says each field means.
import { IDENTITY, quatMultiply, rotate, rotation, multiply, transpose, type Mat3, type Quat, type Vec3 } from './rigid_math';

export type JointKind = 'hinge' | 'slide' | 'ball' | 'free';

export interface Link {
  name: string;
  parent: number; // index of an earlier link; -1: the world
  joint: JointKind;
  axis: Vec3; // hinge, slide: in the link frame
  pos: Vec3; // the link frame in its parent's at q = 0 (unused for a free joint: the world's origin)
  quat: Quat;
  mass: number;
  com: Vec3; // link frame
  principal: Vec3; // principal moments about the centre of mass
  turn: Quat; // the principal axes in the link frame
  qpos: number[]; // MuJoCo's: hinge, slide: 1; ball: w, x, y, z; free: x, y, z, w, x, y, z
  qvel: number[]; // MuJoCo's: ball: ω in the link frame; free: origin velocity (world), then ω (link frame)
}

export interface Tree {
  name: string;
  links: Link[];
  gravity: Vec3;
}

const f = (v: readonly number[]): string => v.map((x) => String(x)).join(' '); // shortest round-trip text

// Principal moments and axes, not fullinertia: MuJoCo would diagonalise a full inertia itself
// (an iterative eigensolver), which leaves round-off above what is compared here.
function inertialOf(l: Link, turn: Quat): string {
  return `<inertial pos="${f(rotate(turn, l.com))}" quat="${f(quatMultiply(turn, l.turn))}" mass="${l.mass}" diaginertia="${f(l.principal)}"/>`;
}

/** The inertia about the centre of mass in the link frame, R diag Rᵀ. */
export function inertiaMatrix(l: Link): Mat3 {
  const R = rotation(l.turn);
  const D: Mat3 = [[l.principal[0], 0, 0], [0, l.principal[1], 0], [0, 0, l.principal[2]]];
  return multiply(multiply(R, D), transpose(R));
}

function header(tree: Tree, timestep: number): string {
  return `<mujoco model="${tree.name}"><compiler angle="radian"/>` +
    `<option timestep="${timestep}" integrator="RK4" gravity="${f(tree.gravity)}"><flag contact="disable"/></option><worldbody>`;
}

function nest(tree: Tree, body: (link: Link, children: string) => string): string {
  const write = (index: number): string => {
    const children = tree.links.map((l, k) => (l.parent === index ? write(k) : '')).join('');
    return body(tree.links[index], children);
  };
  return tree.links.map((l, k) => (l.parent === -1 ? write(k) : '')).join('');
}

/** MJCF with MuJoCo's native joints; qpos and qvel are the links' own, in order. */
export function mjcfNative(tree: Tree, timestep: number): { xml: string; qpos: number[]; qvel: number[] } {
  const body = (l: Link, children: string) => {
    const place = l.joint === 'free' ? '' : ` pos="${f(l.pos)}" quat="${f(l.quat)}"`;
    const joint = l.joint === 'free' ? '<freejoint/>' : `<joint type="${l.joint}"${l.joint === 'ball' ? '' : ` axis="${f(l.axis)}"`}/>`;
    return `<body name="${l.name}"${place}>${joint}${inertialOf(l, IDENTITY)}${children}</body>`;
  };
  const order = depthFirst(tree).map((k) => tree.links[k]);
  return { xml: `${header(tree, timestep)}${nest(tree, body)}</worldbody></mujoco>`, qpos: order.flatMap((l) => l.qpos), qvel: order.flatMap((l) => l.qvel) };
}

// The hinge frame H of a ball (or free) link starts at the link's initial orientation Q, so the
// three angles start at 0, away from the gimbal lock: what the link carries is written in H's
// coordinates (x_H = Q x_link), and at zero angles the angle rates are ω in H, Q ω_link.
function initialTurn(l: Link): Quat {
  if (l.joint === 'ball') return l.qpos as Quat;
  if (l.joint === 'free') return l.qpos.slice(3) as Quat;
  return IDENTITY;
}

/** MJCF with each ball joint as hinges about x, y, z (a free joint: slides, then hinges). */
export function mjcfEuler(tree: Tree, timestep: number): { xml: string; qpos: number[]; qvel: number[] } {
  const qpos: number[] = [], qvel: number[] = [];
  const hinges = (axes: string[]) => axes.map((a) => `<joint type="hinge" axis="${a}"/>`).join('');
  const slides = (axes: string[]) => axes.map((a) => `<joint type="slide" axis="${a}"/>`).join('');
  const xyz = ['1 0 0', '0 1 0', '0 0 1'];
  const body = (l: Link, children: string) => {
    const parent = l.parent >= 0 ? initialTurn(tree.links[l.parent]) : IDENTITY;
    const Q = initialTurn(l);
    const place = l.joint === 'free' ? '' : ` pos="${f(rotate(parent, l.pos))}" quat="${f(quatMultiply(parent, l.quat))}"`;
    const joint = l.joint === 'free' ? slides(xyz) + hinges(xyz) : l.joint === 'ball' ? hinges(xyz) : `<joint type="${l.joint}" axis="${f(l.axis)}"/>`;
    return `<body name="${l.name}"${place}>${joint}${inertialOf(l, Q)}${children}</body>`;
  };
  const xml = `${header(tree, timestep)}${nest(tree, body)}</worldbody></mujoco>`;
  // MuJoCo numbers the joints depth first, as the bodies are nested.
  for (const index of depthFirst(tree)) {
    const l = tree.links[index];
    if (l.joint === 'free') {
      qpos.push(...l.qpos.slice(0, 3), 0, 0, 0);
      qvel.push(...l.qvel.slice(0, 3), ...rotate(initialTurn(l), l.qvel.slice(3) as Vec3));
    } else if (l.joint === 'ball') {
      qpos.push(0, 0, 0);
      qvel.push(...rotate(initialTurn(l), l.qvel as Vec3));
    } else {
      qpos.push(...l.qpos);
      qvel.push(...l.qvel);
    }
  }
  return { xml, qpos, qvel };
}

/** Link indices in the order MuJoCo's bodies come out of the nesting. */
export function depthFirst(tree: Tree): number[] {
  const out: number[] = [];
  const visit = (index: number) => {
    out.push(index);
    tree.links.forEach((l, k) => l.parent === index && visit(k));
  };
  tree.links.forEach((l, k) => l.parent === -1 && visit(k));
  return out;
}

function inertial(l: Link): object {
  const I = inertiaMatrix(l);
  return { mass: l.mass, com: l.com, inertia: { ixx: I[0][0], iyy: I[1][1], izz: I[2][2], ixy: I[0][1], ixz: I[0][2], iyz: I[1][2] } };
}

// docs/scene-format.md: a spherical joint's velocity is ω in the joint frame (R(q) ω_link); a free
// joint's linear velocity is the child origin's in the joint frame (the world's here) and its
// angular velocity in the joint frame too; a free body's velocities are in the world.
function joint(l: Link): object {
  const origin = { position: l.pos, quaternion: l.quat };
  switch (l.joint) {
    case 'hinge':
    case 'slide':
      return { type: l.joint === 'hinge' ? 'revolute' : 'prismatic', axis: l.axis, origin, position: l.qpos[0], velocity: l.qvel[0] };
    case 'ball':
      return { type: 'spherical', origin, position: { quaternion: l.qpos }, velocity: rotate(l.qpos as Quat, l.qvel as Vec3) };
    case 'free': {
      const q = l.qpos.slice(3) as Quat;
      return { type: 'free', position: { position: l.qpos.slice(0, 3), quaternion: q }, velocity: { linear: l.qvel.slice(0, 3), angular: rotate(q, l.qvel.slice(3) as Vec3) } };
    }
  }
}

/** The Featherweight scene: one articulation, or a free body when the tree is one free link. */
export function sceneOf(tree: Tree, world: object): object {
  const head = { format: 'featherweight-scene', version: 1, world: { gravity: tree.gravity, ...world } };
  const [only] = tree.links;
  if (tree.links.length === 1 && only.joint === 'free') {
    const q = only.qpos.slice(3) as Quat;
    return { ...head, bodies: [{ name: only.name, position: only.qpos.slice(0, 3), quaternion: q, linearVelocity: only.qvel.slice(0, 3), angularVelocity: rotate(q, only.qvel.slice(3) as Vec3), inertial: inertial(only) }] };
  }
  const links = tree.links.map((l) => ({ name: l.name, ...(l.parent >= 0 ? { parent: tree.links[l.parent].name } : {}), joint: joint(l), inertial: inertial(l) }));
  return { ...head, articulations: [{ name: tree.name, links }] };
}

/** The body names the scene gives the links, in link order. */
export function bodyNames(tree: Tree): string[] {
  const single = tree.links.length === 1 && tree.links[0].joint === 'free';
  return tree.links.map((l) => (single ? l.name : `${tree.name}/${l.name}`));
}
