// The three trees compared with MuJoCo: a tumbling asymmetric box, a ragdoll of ball joints and
// hinges on a free torso, and a 30-link random tree (fixed seed) of hinges, slides and balls.
import { axisAngle, IDENTITY, quatMultiply, randomQuat, randomUnit, seeded, type Quat, type Vec3 } from './rigid_math';
import type { JointKind, Link, Tree } from './tree_models';

const G: Vec3 = [0, 0, -9.81];

/** The principal moments of a solid box of full sides a, b, c. */
function boxMoments(mass: number, [a, b, c]: Vec3): Vec3 {
  const d = (u: number, v: number) => (mass * (u * u + v * v)) / 12;
  return [d(b, c), d(a, c), d(a, b)];
}

/** The principal moments of a rod of length L and radius r along z. */
function rod(mass: number, length: number, radius: number): Vec3 {
  const across = (mass * (3 * radius * radius + length * length)) / 12;
  return [across, across, (mass * radius * radius) / 2];
}

/** A free box, centre of mass off its frame's origin and principal axes off its frame's, spun near its middle axis. */
export function tumblingBox(): Tree {
  const link: Link = {
    name: 'box', parent: -1, joint: 'free', axis: [0, 0, 1], pos: [0, 0, 0], quat: IDENTITY,
    mass: 2, com: [0.03, -0.02, 0.05], principal: boxMoments(2, [0.2, 0.4, 0.6]), turn: axisAngle([1, 1, 0], 0.3),
    qpos: [0.1, -0.2, 0.5, ...quatMultiply(axisAngle([0, 0, 1], 0.4), axisAngle([1, 0, 0], 0.7))],
    qvel: [0.3, -0.2, 1.5, 0.4, 4, 0.3],
  };
  return { name: 'box', links: [link], gravity: G };
}

/** A ragdoll: free torso; ball-jointed head, upper arms and thighs; hinged elbows and knees. */
export function ragdoll(): Tree {
  const links: Link[] = [];
  const add = (name: string, parent: string | null, joint: JointKind, pos: Vec3, mass: number, length: number, turn: Quat, qvel: number[], axis: Vec3 = [0, 1, 0]) => {
    const down = length < 0; // limbs hang along −z from their joint, the head stands up
    const L = Math.abs(length);
    links.push({
      name, parent: parent === null ? -1 : links.findIndex((l) => l.name === parent), joint, axis, pos, quat: IDENTITY,
      mass, com: [0, 0, down ? -L / 2 : L / 2], principal: rod(mass, L, 0.05), turn: IDENTITY,
      qpos: joint === 'ball' ? [...turn] : joint === 'free' ? [0, 0, 1.2, ...turn] : [0.3], qvel,
    });
  };
  add('torso', null, 'free', [0, 0, 0], 10, -0.5, axisAngle([0.2, 1, 0.1], 0.25), [0.2, -0.1, 0.5, 0.6, -0.4, 0.9]);
  add('head', 'torso', 'ball', [0, 0, 0.1], 4, 0.25, axisAngle([1, 0, 0], 0.2), [0.5, -1.2, 2]);
  for (const [side, y] of [['left', 0.22], ['right', -0.22]] as const) {
    const s = y > 0 ? 1 : -1;
    add(`${side}-upper-arm`, 'torso', 'ball', [0, y, 0], 2, -0.3, axisAngle([1, 0, 0], -s * 1.1), [1.5 * s, 0.7, -0.8]);
    add(`${side}-forearm`, `${side}-upper-arm`, 'hinge', [0, 0, -0.3], 1.2, -0.28, IDENTITY, [2 * s]);
    add(`${side}-thigh`, 'torso', 'ball', [0, y / 2, -0.5], 5, -0.45, axisAngle([0, 1, 0.3 * s], 0.4), [-0.6, 1.1 * s, 0.4]);
    add(`${side}-shin`, `${side}-thigh`, 'hinge', [0, 0, -0.45], 3, -0.42, IDENTITY, [-1.5]);
  }
  return { name: 'ragdoll', links, gravity: G };
}

/** 30 links, each on a random earlier one, with random joints, placements, inertias and velocities. */
export function randomTree(seed = 20240611, count = 30): Tree {
  const random = seeded(seed);
  const between = (lo: number, hi: number) => lo + (hi - lo) * random();
  const kinds: JointKind[] = ['hinge', 'slide', 'ball'];
  const links: Link[] = [];
  for (let k = 0; k < count; k++) {
    const joint = kinds[k % 3];
    const sides: Vec3 = [between(0.05, 0.3), between(0.05, 0.3), between(0.05, 0.3)];
    const mass = between(0.3, 2);
    links.push({
      name: `l${k}`, parent: k === 0 ? -1 : Math.floor(random() * k), joint, axis: randomUnit(random),
      pos: [between(-0.3, 0.3), between(-0.3, 0.3), between(-0.3, 0.3)], quat: randomQuat(random),
      mass, com: [between(-0.1, 0.1), between(-0.1, 0.1), between(-0.1, 0.1)], principal: boxMoments(mass, sides), turn: randomQuat(random),
      qpos: joint === 'ball' ? randomQuat(random) : [between(-0.5, 0.5)],
      qvel: joint === 'ball' ? [between(-1, 1), between(-1, 1), between(-1, 1)] : [between(-1, 1)],
    });
  }
  return { name: 'tree', links, gravity: G };
}
