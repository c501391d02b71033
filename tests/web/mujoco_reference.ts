// MuJoCo's wasm (mujoco-js) as the reference for the MJCF tests: a model from XML text, keyframe
// 0 (when asked) and `steps` steps, then each named body's frame origin, orientation and the
// velocity of its frame origin and its angular velocity (world frame), and the sites' positions.
import type { Engine } from '../../lib/featherweight';

type Vec3 = [number, number, number];
type Quat = [number, number, number, number];

export interface MujocoBody {
  position: Vec3;
  quaternion: Quat;
  linear: Vec3; // velocity of the body frame's origin, world
  angular: Vec3; // world
}

export interface MujocoRun {
  bodies: Map<string, MujocoBody>;
  sites: Map<string, Vec3>;
  qpos: Float64Array;
  qvel: Float64Array;
}

let mujoco: any; // eslint-disable-line @typescript-eslint/no-explicit-any
const BODY = 1, SITE = 6; // mjOBJ_BODY, mjOBJ_SITE

async function module(): Promise<any> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const M = (await import('mujoco-js')).default as unknown as () => Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  mujoco ??= await M();
  return mujoco;
}

const triple = (a: Float64Array, i: number): Vec3 => [a[3 * i], a[3 * i + 1], a[3 * i + 2]];

/** `read(mj, m, d)` after loading `xml`, keyframe 0 (if `keyframe`) and `steps` steps; the model is freed after. */
async function withMujoco<T>(xml: string, keyframe: boolean, steps: number, read: (mj: any, m: any, d: any) => T): Promise<T> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const mj = await module();
  if (!mj.FS.analyzePath('/reference').exists) mj.FS.mkdir('/reference');
  mj.FS.writeFile('/reference/model.xml', xml);
  const m = mj.MjModel.loadFromXML('/reference/model.xml');
  const d = new mj.MjData(m);
  try {
    if (keyframe) mj.mj_resetDataKeyframe(m, d, 0);
    for (let k = 0; k < steps; k++) mj.mj_step(m, d);
    return read(mj, m, d);
  } finally {
    d.delete();
    m.delete();
  }
}

/** Runs `xml` in MuJoCo: keyframe 0 if `keyframe`, `steps` steps, then mj_forward's kinematics and velocities. */
export function runMujoco(xml: string, options: { bodies: string[]; sites?: string[]; keyframe?: boolean; steps?: number }): Promise<MujocoRun> {
  return withMujoco(xml, options.keyframe ?? true, options.steps ?? 0, (mj, m, d) => {
    mj.mj_forward(m, d);
    const xpos = d.xpos as Float64Array, xquat = d.xquat as Float64Array, cvel = d.cvel as Float64Array;
    const subtreeCom = d.subtree_com as Float64Array, rootOf = m.body_rootid as Int32Array;
    const bodies = new Map<string, MujocoBody>();
    for (const name of options.bodies) {
      const id = mj.mj_name2id(m, BODY, name) as number;
      if (id < 0) throw new Error(`MuJoCo has no body "${name}"`);
      // cvel is [ω; v] at the subtree centre of mass of the body's root: move v to the body's origin.
      const angular: Vec3 = [cvel[6 * id], cvel[6 * id + 1], cvel[6 * id + 2]];
      const v: Vec3 = [cvel[6 * id + 3], cvel[6 * id + 4], cvel[6 * id + 5]];
      const position = triple(xpos, id), c = triple(subtreeCom, rootOf[id]);
      const r: Vec3 = [position[0] - c[0], position[1] - c[1], position[2] - c[2]];
      const linear: Vec3 = [v[0] + angular[1] * r[2] - angular[2] * r[1], v[1] + angular[2] * r[0] - angular[0] * r[2], v[2] + angular[0] * r[1] - angular[1] * r[0]];
      bodies.set(name, { position, quaternion: [xquat[4 * id], xquat[4 * id + 1], xquat[4 * id + 2], xquat[4 * id + 3]], linear, angular });
    }
    const sites = new Map<string, Vec3>();
    for (const name of options.sites ?? []) sites.set(name, triple(d.site_xpos as Float64Array, mj.mj_name2id(m, SITE, name) as number));
    return { bodies, sites, qpos: Float64Array.from(d.qpos as Float64Array), qvel: Float64Array.from(d.qvel as Float64Array) };
  });
}

/** MuJoCo from keyframe 0: `steps` steps, then the frame origins of bodies 1 to `count` (the world is 0). */
export function mujocoOrigins(xml: string, count: number, steps: number): Promise<Vec3[]> {
  return withMujoco(xml, true, steps, (mj, m, d) => {
    mj.mj_kinematics(m, d);
    return Array.from({ length: count }, (_, i) => triple(d.xpos as Float64Array, i + 1));
  });
}

/** The largest distance between two lists of points, pairwise. */
export function worstDistance(a: Vec3[], b: Vec3[]): number {
  return Math.max(...a.map((p, k) => Math.hypot(p[0] - b[k][0], p[1] - b[k][1], p[2] - b[k][2])));
}

/** Featherweight's counterpart of mujocoOrigins: `scene` in the library's World, efforts held on
 *  its coordinates if given, `steps` steps, then the origins of `bodies` (by name). */
export function featherweightOrigins(engine: Engine, scene: object, bodies: string[], steps: number, efforts?: number[]): Vec3[] {
  const world = engine.createWorld(scene);
  try {
    if (efforts) world.tau.set(efforts);
    world.step(steps);
    if (world.error !== '') throw new Error(`the world stopped: ${world.error}`);
    return bodies.map((body) => world.bodyPose(body).position);
  } finally {
    world.dispose();
  }
}
