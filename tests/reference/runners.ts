// Runs a tree in MuJoCo's wasm (mujoco-js) and in Featherweight and reads back, for every link in
// link order, the world position of its frame's origin and of its centre of mass.
import { readFileSync } from 'node:fs';
import { loadEngine, type Engine } from '../../lib/featherweight';
import { repoPath } from '../web/engine';
import { add, rotate, type Quat, type Vec3 } from './rigid_math';
import { bodyNames, depthFirst, sceneOf, type Tree } from './tree_models';

export interface Poses {
  origins: Vec3[];
  coms: Vec3[];
  quats: Quat[]; // w, x, y, z
}

type MuJoCo = any; // eslint-disable-line @typescript-eslint/no-explicit-any
let mujoco: MuJoCo = null;
let engine: Engine | null = null;

export async function featherweight(): Promise<Engine> {
  engine ??= await loadEngine({ wasmBinary: readFileSync(repoPath('build/wasm/dist/featherweight.wasm')) });
  return engine;
}

/** MuJoCo from (qpos, qvel) for `steps` steps of its own integrator (the file's option). */
export async function runMuJoCo(tree: Tree, model: { xml: string; qpos: number[]; qvel: number[] }, steps: number): Promise<Poses> {
  mujoco ??= await ((await import('mujoco-js')).default as unknown as () => Promise<MuJoCo>)();
  const mj = mujoco;
  if (!mj.FS.analyzePath('/reference').exists) mj.FS.mkdir('/reference');
  mj.FS.writeFile('/reference/model.xml', model.xml);
  const m = mj.MjModel.loadFromXML('/reference/model.xml');
  const d = new mj.MjData(m);
  try {
    if (m.nq !== model.qpos.length || m.nv !== model.qvel.length) throw new Error(`MuJoCo has nq ${m.nq}, nv ${m.nv}; the test gave ${model.qpos.length}, ${model.qvel.length}`);
    d.qpos.set(model.qpos);
    d.qvel.set(model.qvel);
    for (let k = 0; k < steps; k++) mj.mj_step(m, d);
    mj.mj_kinematics(m, d); // poses at the final state (mj_step leaves those of the step's start)
    const xpos = d.xpos as Float64Array, xipos = d.xipos as Float64Array, xquat = d.xquat as Float64Array;
    // MuJoCo's body b + 1 (0 is the world) is the b-th link of the depth-first nesting.
    const poses: Poses = { origins: [], coms: [], quats: [] };
    const order = depthFirst(tree);
    for (let link = 0; link < tree.links.length; link++) {
      const b = order.indexOf(link) + 1;
      poses.origins.push(Array.from(xpos.subarray(3 * b, 3 * b + 3)) as Vec3);
      poses.coms.push(Array.from(xipos.subarray(3 * b, 3 * b + 3)) as Vec3);
      poses.quats.push(Array.from(xquat.subarray(4 * b, 4 * b + 4)) as Quat);
    }
    return poses;
  } finally {
    d.delete();
    m.delete();
  }
}

/** Featherweight from the tree's scene, `steps` steps of RK4 at `timestep`. */
export async function runFeatherweight(tree: Tree, timestep: number, steps: number): Promise<Poses> {
  const world = (await featherweight()).createWorld(sceneOf(tree, { timestep, integrator: 'rk4' }));
  try {
    world.step(steps);
    if (world.error !== '') throw new Error(world.error);
    const poses: Poses = { origins: [], coms: [], quats: [] };
    bodyNames(tree).forEach((name, k) => {
      const { position, quaternion } = world.bodyPose(name);
      const q: Quat = quaternion; // w, x, y, z
      poses.origins.push(position);
      poses.coms.push(add(position, rotate(q, tree.links[k].com)));
      poses.quats.push(q);
    });
    return poses;
  } finally {
    world.dispose();
  }
}
