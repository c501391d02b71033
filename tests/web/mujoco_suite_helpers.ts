// The dm_control suite models (public/models/dm_control, as published) in both engines: the
// files read from disk (the models include common/*.xml), MuJoCo's wasm (mujoco-js) with the
// same files in its virtual file system, and Featherweight on the converted scene. Each body is
// compared at two of its points: its frame's origin (MuJoCo's xpos) and its centre of mass
// (xipos). Featherweight's link frame sits on the body's last joint, so those points are found
// from the link pose and the joint's position in the body (MuJoCo's jnt_pos) and the body's
// centre of mass (body_ipos).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FeatherweightModule } from 'featherweight-wasm/featherweight.js';
import { type MjcfFileSource, mjcfToScene } from '../../web/src/mjcf/mjcf_to_scene';
import { repoPath } from './engine';

export type Vec3 = [number, number, number];
/** Per body name, its frame origin and centre of mass in the world. */
export type Positions = Map<string, Vec3[]>;
/** Per body name, the same two points in Featherweight's link frame. */
export type LinkPoints = Map<string, Vec3[]>;

export const SUITE_DIR = repoPath('public/models/dm_control');
export const SUITE_MODELS = ['cartpole', 'acrobot', 'pendulum', 'point_mass', 'reacher', 'finger', 'hopper', 'walker', 'cheetah', 'humanoid'];
const COMMON = ['visual.xml', 'skybox.xml', 'materials.xml'];

/** The model's other files from disk, relative to its folder. */
export const suiteFiles: MjcfFileSource = (path) => {
  try {
    return readFileSync(join(SUITE_DIR, path));
  } catch {
    return undefined;
  }
};

export const suiteXml = (model: string): string => readFileSync(join(SUITE_DIR, `${model}.xml`), 'utf8');

/** The model with more elements before its end (MuJoCo reads repeated <option>s in order). */
export const withExtra = (xml: string, extra: string): string => xml.replace(/<\/mujoco>\s*$/, `${extra}\n</mujoco>\n`);

/** Joint velocities for the agreement runs: nonzero, of both signs, different per coordinate. */
export const startVelocities = (nv: number): number[] => Array.from({ length: nv }, (_, k) => (k % 2 === 0 ? 1 : -1) * (0.6 + 0.15 * (k % 5)));

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Mujoco = any;
let mujoco: Mujoco;

async function mujocoModule(): Promise<Mujoco> {
  const M = (await import('mujoco-js')).default as unknown as () => Promise<Mujoco>;
  mujoco ??= await M();
  const FS = mujoco.FS;
  if (!FS.analyzePath('/suite').exists) {
    FS.mkdir('/suite');
    FS.mkdir('/suite/common');
    for (const file of COMMON) FS.writeFile(`/suite/common/${file}`, readFileSync(join(SUITE_DIR, 'common', file)));
  }
  return mujoco;
}

export interface MujocoRun {
  nv: number;
  positions: Positions;
  linkPoints: LinkPoints;
  finite: boolean;
}

const vec = (a: Float64Array, i: number) => Array.from(a.subarray(3 * i, 3 * i + 3)) as Vec3;
const minus = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];

/** MuJoCo on `xml` (beside common/): keyframe 0 when there is one, `steps` steps, the bodies' positions. */
export async function runMujoco(xml: string, steps: number): Promise<MujocoRun> {
  const mj = await mujocoModule();
  mj.FS.writeFile('/suite/model.xml', xml);
  const m = mj.MjModel.loadFromXML('/suite/model.xml');
  const d = new mj.MjData(m);
  try {
    if (m.nkey > 0) mj.mj_resetDataKeyframe(m, d, 0);
    for (let k = 0; k < steps; k++) mj.mj_step(m, d);
    mj.mj_kinematics(m, d);
    const positions: Positions = new Map(), linkPoints: LinkPoints = new Map();
    const jntadr = m.body_jntadr as Int32Array, jntnum = m.body_jntnum as Int32Array;
    for (let b = 1; b < m.nbody; b++) {
      const name = mj.mj_id2name(m, 1 /* mjOBJ_BODY */, b) as string;
      positions.set(name, [vec(d.xpos, b), vec(d.xipos, b)]);
      const offset: Vec3 = jntnum[b] > 0 ? vec(m.jnt_pos, jntadr[b] + jntnum[b] - 1) : [0, 0, 0];
      linkPoints.set(name, [minus([0, 0, 0], offset), minus(vec(m.body_ipos, b), offset)]);
    }
    const qpos = d.qpos as Float64Array;
    return { nv: m.nv, positions, linkPoints, finite: qpos.every(Number.isFinite) };
  } finally {
    d.delete();
    m.delete();
  }
}

export interface FeatherweightRun {
  positions: Positions; // by link name (MuJoCo's body name)
  stepError: string;
  finite: boolean;
}

/** A point of a link frame (position, then quaternion x, y, z, w) in the world. */
function transform(pose: Float64Array, p: Vec3): Vec3 {
  const [x, y, z, qx, qy, qz, qw] = pose;
  // t = 2 q×p; p' = p + w t + q×t
  const tx = 2 * (qy * p[2] - qz * p[1]), ty = 2 * (qz * p[0] - qx * p[2]), tz = 2 * (qx * p[1] - qy * p[0]);
  return [x + p[0] + qw * tx + (qy * tz - qz * ty), y + p[1] + qw * ty + (qz * tx - qx * tz), z + p[2] + qw * tz + (qx * ty - qy * tx)];
}

/** Featherweight on the converted scene: `steps` steps, then each body's points (`points`, in its link frame) in the world. */
export function runFeatherweight(engine: FeatherweightModule, scene: object, steps: number, points: LinkPoints): FeatherweightRun {
  const sim = new engine.Simulation();
  try {
    const loaded = sim.load(JSON.stringify(scene));
    if (loaded !== '') throw new Error(`the scene does not load: ${loaded}`);
    sim.step(steps);
    const names = (JSON.parse(sim.bodiesJson()) as { name: string }[]).map((b) => b.name.split('/').pop()!);
    const positions: Positions = new Map();
    names.forEach((name, i) => {
      const pose = new Float64Array(engine.HEAPF64.buffer, sim.bodyPosePointer(i), 7).slice();
      positions.set(name, (points.get(name) ?? [[0, 0, 0]]).map((p) => transform(pose, p)));
    });
    const finite = [...positions.values()].every((list) => list.every((p) => p.every(Number.isFinite)));
    return { positions, stepError: sim.stepError(), finite };
  } finally {
    sim.delete();
  }
}

/** The largest distance between the bodies MuJoCo has and Featherweight's of the same name (∞ if one is missing). */
export function worstGap(mujocoPositions: Positions, featherweight: Positions): { gap: number; body: string } {
  let gap = 0, body = '';
  for (const [name, points] of mujocoPositions) {
    const other = featherweight.get(name);
    points.forEach((p, k) => {
      const q = other?.[k];
      const d = q ? Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]) : Infinity;
      if (!(d <= gap)) [gap, body] = [d, name];
    });
  }
  return { gap, body };
}

/** The converted scene of a suite model (with its includes from disk). */
export const suiteScene = (xml: string, model: string) => mjcfToScene(xml, `${model}.xml`, suiteFiles);
