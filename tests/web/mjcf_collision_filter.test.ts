// MuJoCo's collision semantics through the MJCF converter: contype/conaffinity as the scene's
// "either" filter, the pairs MuJoCo never collides (a body and its parent, bodies welded
// together) as contactExclusions, <contact><exclude>, self-collision of other bodies of one tree,
// and bodies with several joints as chains of massless links that move as in MuJoCo (mujoco-js).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FeatherweightModule } from 'featherweight-wasm/featherweight.js';
import { mjcfToScene } from '../../web/src/mjcf/mjcf_to_scene';
import { sceneToMjcf } from '../../web/src/export/mjcf_export';
import { loadEngineInNode, repoPath } from './engine';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Vec3 = [number, number, number];

let engine: FeatherweightModule;
beforeAll(async () => {
  engine = await loadEngineInNode();
});

const SUITE = repoPath('public/models/dm_control');
const suiteFile = (path: string): Uint8Array | undefined => {
  try {
    return readFileSync(join(SUITE, path));
  } catch {
    return undefined;
  }
};
const suite = (model: string) => mjcfToScene(readFileSync(join(SUITE, `${model}.xml`), 'utf8'), `${model}.xml`, suiteFile);

/** Steps a scene; answers every body's frame origin by name, and the step error. */
function run(scene: object, seconds: number): { origins: Map<string, Vec3>; error: string } {
  const sim = new engine.Simulation();
  try {
    const loaded = sim.load(JSON.stringify(scene));
    if (loaded !== '') throw new Error(loaded);
    sim.step(Math.round(seconds / sim.timestep()));
    const names = (JSON.parse(sim.bodiesJson()) as { name: string }[]).map((b) => b.name);
    const origins = new Map(names.map((name, i) => [name, Array.from(new Float64Array(engine.HEAPF64.buffer, sim.bodyPosePointer(i), 3)) as Vec3]));
    return { origins, error: sim.stepError() };
  } finally {
    sim.delete();
  }
}

const ball = (name: string, z: number, geom: string) => `<body name="${name}" pos="0 0 ${z}"><freejoint/><geom type="sphere" size="0.1" ${geom}/></body>`;
const model = (body: string, extra = '') => `<mujoco><worldbody><geom name="floor" type="plane" size="5 5 .1"/>${body}</worldbody>${extra}</mujoco>`;

// A free base on the floor; under it a body with two joints (a massless link between) that
// slides down through the base, its parent, to the floor; under that a ball that slides down
// through its parent onto the base, which is not its parent and stops it.
const TREE = `<mujoco><option/><worldbody><geom type="plane" size="5 5 .1"/>
  <body name="base" pos="0 0 0.05"><freejoint/><geom type="box" size="0.5 0.5 0.05" mass="1"/>
    <body name="mid" pos="0 0 0.5"><joint type="slide" axis="0 0 1"/><joint type="hinge" axis="0 0 1"/>
      <geom type="capsule" fromto="0 0 -0.2 0 0 0.2" size="0.05" mass="0.1"/>
      <body name="tip" pos="0 0 0.3"><joint type="slide" axis="0 0 1"/><geom type="sphere" size="0.06" mass="0.1"/></body>
    </body>
  </body></worldbody></mujoco>`;

describe("MuJoCo's pair filter in the converted scene", () => {
  it('contype/conaffinity become group/mask under the "either" rule: a pair only it lets touch rests', () => {
    // Ball contype 2, conaffinity 1; floor 1 and 1: only floor.contype & ball.conaffinity meet.
    const { scene } = mjcfToScene(model(ball('b', 0.5, 'contype="2" conaffinity="1"')), 'or.xml');
    expect(scene.world?.collisionFilter).toBe('either');
    expect(scene.articulations?.[0].links[0].shapes?.[0].collision).toEqual({ group: 2, mask: 1 });
    expect(scene.bodies?.[0].shapes?.[0].collision).toEqual({ group: 1, mask: 1 });
    expect(run(scene, 1).origins.get('b/b')![2]).toBeCloseTo(0.1, 2);
    const each = structuredClone(scene) as Json;
    each.world.collisionFilter = 'each';
    expect(run(each, 1).origins.get('b/b')![2]).toBeLessThan(-1); // the "each" rule lets it fall through
  });

  it('<contact><exclude> lets a pair pass through each other', () => {
    const balls = ball('low', 0.1, '') + ball('high', 0.5, '');
    expect(run(mjcfToScene(model(balls), 'stack.xml').scene, 1).origins.get('high/high')![2]).toBeCloseTo(0.3, 2);
    const { scene } = mjcfToScene(model(balls, '<contact><exclude body1="high" body2="low"/></contact>'), 'exclude.xml');
    expect(scene.contactExclusions).toEqual([{ a: 'high/high', b: 'low/low' }]);
    expect(run(scene, 1).origins.get('high/high')![2]).toBeCloseTo(0.1, 2);
  });

  it('a body and its parent never touch (filterparent), other bodies of one tree do', () => {
    const { scene } = mjcfToScene(TREE, 'tree.xml');
    expect(scene.articulations?.[0].selfCollision).toBe(true);
    expect(scene.contactExclusions).toEqual([{ a: 'base/base', b: 'base/mid' }]); // mid's first link hangs from base
    const links = scene.articulations![0].links;
    expect(links.filter((l) => l.name.startsWith('mid-')).map((l) => l.inertial)).toEqual([{ mass: 0 }]); // no filler mass
    const { origins, error } = run(scene, 2);
    expect(error).toBe('');
    expect(origins.get('base/mid')![2]).toBeCloseTo(0.25, 2); // through the base onto the floor
    expect(origins.get('base/tip')![2]).toBeCloseTo(0.16, 2); // through mid onto the base
    const touching = structuredClone(scene) as Json;
    delete touching.contactExclusions;
    expect(run(touching, 2).origins.get('base/mid')![2]).toBeCloseTo(0.35, 2); // on the base
    const alone = structuredClone(scene) as Json;
    alone.articulations[0].selfCollision = false;
    expect(run(alone, 2).origins.get('base/tip')![2]).toBeCloseTo(0.06, 2); // on the floor
    const off = mjcfToScene(TREE.replace('<option/>', '<option><flag filterparent="disable"/></option>'), 'tree.xml').scene;
    expect(off.contactExclusions).toBeUndefined();
  });

  it('the exporter writes an "either" scene as contype/conaffinity, and back', () => {
    const { scene } = mjcfToScene(model(ball('b', 0.5, 'contype="2" conaffinity="1"')), 'or.xml');
    const { xml, unsupported } = sceneToMjcf(scene as Json);
    expect(xml).toContain('contype="2" conaffinity="1"');
    expect(unsupported.join('\n')).not.toMatch(/collision|contype/);
    const back = mjcfToScene(xml, 'back.xml').scene;
    expect(back.articulations?.[0].links[0].shapes?.[0].collision).toEqual({ group: 2, mask: 1 });
  });
});

// MuJoCo: `steps` steps from the keyframe, then every joint's anchor (xanchor) in the world.
let mujoco: any; // eslint-disable-line @typescript-eslint/no-explicit-any
async function loadMujoco(): Promise<any> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const M = (await import('mujoco-js')).default as unknown as () => Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  mujoco ??= await M();
  return mujoco;
}
async function mujocoAnchors(xml: string, steps: number): Promise<Vec3[]> {
  const mj = await loadMujoco();
  if (!mj.FS.analyzePath('/multijoint').exists) mj.FS.mkdir('/multijoint');
  mj.FS.writeFile('/multijoint/model.xml', xml);
  const m = mj.MjModel.loadFromXML('/multijoint/model.xml');
  const d = new mj.MjData(m);
  try {
    mj.mj_resetDataKeyframe(m, d, 0);
    for (let k = 0; k < steps; k++) mj.mj_step(m, d);
    mj.mj_kinematics(m, d);
    // A joint's link origin: its anchor, which for a slide MuJoCo takes before the joint's own
    // displacement (qpos along the world axis).
    const anchors = d.xanchor as Float64Array, axes = d.xaxis as Float64Array, qpos = d.qpos as Float64Array;
    return Array.from({ length: m.njnt }, (_, j) => {
      const along = (m.jnt_type as Int32Array)[j] === 2 ? qpos[(m.jnt_qposadr as Int32Array)[j]] : 0;
      return [0, 1, 2].map((k) => anchors[3 * j + k] + along * axes[3 * j + k]) as Vec3;
    });
  } finally {
    d.delete();
    m.delete();
  }
}

const MULTI = `<mujoco model="multi-joint">
  <option timestep="0.001" integrator="RK4"><flag contact="disable"/></option>
  <worldbody>
    <body name="a" pos="0 0 2">
      <joint name="a1" type="hinge" axis="0 1 0" pos="0 0 0.1"/>
      <joint name="a2" type="hinge" axis="1 0 0.3" pos="0.05 0 0"/>
      <joint name="a3" type="slide" axis="0 0 1"/>
      <inertial pos="0.05 0.02 -0.25" mass="1.2" diaginertia="0.03 0.025 0.01"/>
      <body name="b" pos="0 0 -0.5">
        <joint name="b1" type="hinge" axis="0 1 1"/>
        <joint name="b2" type="hinge" axis="1 0 0" pos="0 0.03 0"/>
        <inertial pos="0 0.04 -0.2" mass="0.8" diaginertia="0.02 0.018 0.006"/>
      </body>
    </body>
  </worldbody>
  <keyframe><key qpos="0.4 -0.3 0.05 0.2 0.5" qvel="1.5 -2 0.3 2.5 -3"/></keyframe>
</mujoco>`;

describe('several joints in one body, against MuJoCo (mujoco-js)', () => {
  it('massless links between the joints: every joint within 1e-11 m of MuJoCo after 1 s (RK4, 1 ms), closer than 1e-9 kg filler links come', async () => {
    const { scene } = mjcfToScene(MULTI, 'multi.xml');
    const links = scene.articulations![0].links;
    expect(links.map((l) => l.inertial?.mass ?? null)).toEqual([0, 0, 1.2, 0, 0.8]);
    const expected = await mujocoAnchors(MULTI, 1000);
    const gapOf = (s: object): number => {
      const sim = new engine.Simulation();
      try {
        expect(sim.load(JSON.stringify(s))).toBe('');
        sim.step(1000);
        expect(sim.stepError()).toBe('');
        const got = links.map((_, i) => Array.from(new Float64Array(engine.HEAPF64.buffer, sim.bodyPosePointer(i), 3)) as Vec3);
        return Math.max(...got.map((p, j) => Math.hypot(p[0] - expected[j][0], p[1] - expected[j][1], p[2] - expected[j][2])));
      } finally {
        sim.delete();
      }
    };
    const gap = gapOf(scene);
    // The former filler links (1e-9 kg, 1e-12 kg·m²) for comparison.
    const filled = structuredClone(scene) as Json;
    for (const link of filled.articulations[0].links as Json[])
      if (link.inertial.mass === 0) link.inertial = { mass: 1e-9, inertia: { ixx: 1e-12, iyy: 1e-12, izz: 1e-12 } };
    const fillerGap = gapOf(filled);
    console.log(`multi-joint bodies: worst joint ${gap.toExponential(2)} m from MuJoCo; ${fillerGap.toExponential(2)} m with 1e-9 kg filler links`);
    expect(gap).toBeLessThan(1e-11);
    expect(fillerGap).toBeGreaterThan(1e-11);
    expect(Math.hypot(...expected[4].map((x, k) => x - [0, 0.03, 1.5][k]))).toBeGreaterThan(0.1); // it moved
  });
});

describe('several joints in one body, exported', () => {
  it('the exporter folds the massless links into one body with several joints, which MuJoCo moves as the original', async () => {
    const { scene } = mjcfToScene(MULTI, 'multi.xml');
    const { xml } = sceneToMjcf(scene as Json);
    expect(xml.match(/<body /g)).toHaveLength(2);
    expect(xml.match(/<joint [^>]*pos="/g)).toHaveLength(3); // a1, a2 in a's frame; b1 in b's
    const [back, original] = [await mujocoAnchors(xml, 1000), await mujocoAnchors(MULTI, 1000)];
    const gap = Math.max(...back.map((p, j) => Math.hypot(p[0] - original[j][0], p[1] - original[j][1], p[2] - original[j][2])));
    expect(gap).toBeLessThan(1e-9);
  });

  it('exclusions are written as <contact><exclude>, which MuJoCo loads', async () => {
    const { scene } = mjcfToScene(TREE, 'tree.xml');
    const { xml } = sceneToMjcf(scene as Json);
    expect(xml).toContain('<exclude body1="base-base" body2="base-mid"/>');
    const mj = await loadMujoco();
    mj.FS.writeFile('/tree.xml', xml);
    const m = mj.MjModel.loadFromXML('/tree.xml');
    expect(m.nexclude).toBe(1);
    m.delete();
  });
});

describe('dm_control models as published', () => {
  it('the humanoid converts and loads: welded bodies hang from their parents, multi-joint bodies excluded from their parents', () => {
    const { scene } = suite('humanoid');
    const pairs = (scene.contactExclusions ?? []).map((p) => `${p.a} ${p.b}`);
    expect(pairs).toContain('torso/pelvis torso/right_thigh');
    expect(pairs).toContain('torso/right_hand torso/right_upper_arm');
    const { error } = run(scene, 0.5);
    expect(error).toBe('');
  });

  it('the finger (frictionloss under its Euler) loads; under RK4 the converter switches to Euler with a notice', () => {
    const xml = readFileSync(join(SUITE, 'finger.xml'), 'utf8').replace('<option timestep="0.01"', '<option timestep="0.01" integrator="RK4"');
    const { scene, notices } = mjcfToScene(xml, 'finger.xml', suiteFile);
    expect(scene.world?.integrator).toBe('semi-implicit-euler');
    expect(notices.join('\n')).toMatch(/frictionloss/);
    expect(run(scene, 0.5).error).toBe('');
  });

  // MuJoCo's walker stands on straight knees at their limit (0); its limits are soft
  // (solimplimit 0 .99 .01), so the knees give and it sits down, while Featherweight's hard limits
  // keep it standing. Kicked backwards (rooty at 0.5 rad/s) both fall flat on the floor.
  it('the walker (geoms contype 1, conaffinity 0; floor conaffinity 1) rests on its floor, as MuJoCo when kicked', async () => {
    const mj = await loadMujoco();
    if (!mj.FS.analyzePath('/walker').exists) {
      mj.FS.mkdir('/walker');
      mj.FS.mkdir('/walker/common');
    }
    for (const f of ['visual.xml', 'skybox.xml', 'materials.xml']) mj.FS.writeFile(`/walker/common/${f}`, readFileSync(join(SUITE, 'common', f), 'utf8'));
    mj.FS.writeFile('/walker/walker.xml', readFileSync(join(SUITE, 'walker.xml'), 'utf8'));
    const m = mj.MjModel.loadFromXML('/walker/walker.xml');
    const mujocoTorso = (kick: number): number => {
      const d = new mj.MjData(m);
      (d.qvel as Float64Array)[2] = kick; // rooty
      for (let k = 0; k < 2000; k++) mj.mj_step(m, d);
      const z = (d.xpos as Float64Array)[5];
      d.delete();
      return z;
    };
    const { scene } = suite('walker');
    const featherweight = (kick: number) => {
      const kicked = structuredClone(scene) as Json;
      (kicked.articulations[0].links as Json[]).find((l) => l.name === 'torso')!.joint.velocity = kick;
      const { origins, error } = run(kicked, 5);
      expect(error).toBe('');
      const lowest = Math.min(...[...origins].filter(([name]) => name.startsWith('torso/')).map(([, p]) => p[2]));
      expect(lowest).toBeGreaterThan(0); // every link frame above the floor: nothing fell through
      return origins.get('torso/torso')![2];
    };
    const [still, kicked] = [featherweight(0), featherweight(0.5)];
    const [mujocoStill, mujocoKicked] = [mujocoTorso(0), mujocoTorso(0.5)];
    m.delete();
    console.log(`walker torso after 5 s: ${still.toFixed(3)} m (MuJoCo ${mujocoStill.toFixed(3)} m); kicked ${kicked.toFixed(3)} m (MuJoCo ${mujocoKicked.toFixed(3)} m)`);
    expect(still).toBeGreaterThan(1.2); // standing on the floor
    expect(Math.abs(kicked - mujocoKicked)).toBeLessThan(0.05);
    const each = structuredClone(scene) as Json;
    each.world.collisionFilter = 'each';
    expect(run(each, 2).origins.get('torso/torso')![2]).toBeLessThan(0); // under the "each" rule it falls through
  });
});
