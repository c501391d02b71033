// The MuJoCo Menagerie robots shipped in public/models/menagerie open through the MJCF converter
// (their scene.xml, which includes the robot, and their decimated meshes) and load into the
// engine; with every body's gravity compensated (gravcomp="1") each holds its pose within 1 mm for
// 5 s (the ANYmal once it stands: see ROBOTS), and without it (and without its actuators) it
// falls far from it. The iiwa's own position servos, from its home keyframe, hold it where
// MuJoCo's wasm (mujoco-js, the same files) holds it.
import { readdirSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FeatherweightModule } from 'featherweight-wasm/featherweight.js';
import { mjcfFiles, mjcfToScene } from '../../web/src/mjcf/mjcf_to_scene';
import { loadEngineInNode, repoPath } from './engine';

type Vec3 = [number, number, number];

let engine: FeatherweightModule;
beforeAll(async () => {
  engine = await loadEngineInNode();
});

const same = (xml: string) => xml;
const ROBOTS = [
  { folder: 'kuka_iiwa_14', robot: 'iiwa14.xml', bodies: 8, dofs: 7, start: same },
  // ANYmal C has no keyframe: its base starts 0.62 m up on straight legs, the foot spheres 10.5 mm
  // into the floor. Weightless (gravcomp), the contacts push it off and it floats away (MuJoCo's
  // too: 12 cm up in 5 s), so these tests start it 2 cm higher, clear of the floor.
  { folder: 'anybotics_anymal_c', robot: 'anymal_c.xml', bodies: 13, dofs: 18, start: (xml: string) => xml.replace('pos="0 0 0.62"', 'pos="0 0 0.64"') },
];

const folderPath = (folder: string) => repoPath(`public/models/menagerie/${folder}`);
const meshFiles = (folder: string) => readdirSync(`${folderPath(folder)}/assets`).filter((f) => f.endsWith('.obj')).map((f) => `assets/${f}`);

/** The robot's scene.xml converted with its meshes, its robot file edited by `edit` first. */
function convert(folder: string, robot: string, edit: (xml: string) => string) {
  const read = (file: string) => readFileSync(`${folderPath(folder)}/${file}`);
  const files: Record<string, Uint8Array | string> = { [robot]: edit(read(robot).toString('utf8')) };
  for (const mesh of meshFiles(folder)) files[mesh] = read(mesh);
  return mjcfToScene(read('scene.xml').toString('utf8'), `models/menagerie/${folder}/scene.xml`, mjcfFiles(files));
}

const compensated = (xml: string) => xml.replace(/<body /g, '<body gravcomp="1" ');
const unactuated = (xml: string) => xml.replace(/<actuator>[\s\S]*<\/actuator>/, '').replace(/\s+ctrl="[^"]*"/, '');

/** A simulation of `scene` (checked against the robot's body and joint counts) passed to `use`, then deleted. */
function simulate<T>(scene: object, expected: { bodies: number; dofs: number }, use: (sim: InstanceType<FeatherweightModule['Simulation']>, moving: { name: string; i: number }[]) => T): T {
  const sim = new engine.Simulation();
  try {
    expect(sim.load(JSON.stringify(scene))).toBe('');
    const moving = (JSON.parse(sim.bodiesJson()) as { name: string }[]).map((b, i) => ({ name: b.name, i })).filter((b) => b.name !== 'ground');
    expect(moving).toHaveLength(expected.bodies);
    expect(sim.nv()).toBe(expected.dofs);
    const result = use(sim, moving);
    expect(sim.stepError()).toBe('');
    return result;
  } finally {
    sim.delete();
  }
}

const origin = (sim: InstanceType<FeatherweightModule['Simulation']>, i: number) => Array.from(new Float64Array(engine.HEAPF64.buffer, sim.bodyPosePointer(i), 3)) as Vec3;

/** The largest distance any body's origin moves over `seconds`, m. */
function largestDrift(scene: object, seconds: number, expected: { bodies: number; dofs: number }): number {
  return simulate(scene, expected, (sim, moving) => {
    const start = moving.map((b) => origin(sim, b.i));
    sim.step(Math.round(seconds / sim.timestep()));
    return Math.max(...moving.map((b, k) => Math.hypot(...origin(sim, b.i).map((x, d) => x - start[k][d]))));
  });
}

// MuJoCo: the iiwa's scene with its files, the home keyframe, `seconds` of steps, then link1…link7's origins.
let mujoco: any; // eslint-disable-line @typescript-eslint/no-explicit-any
async function mujocoIiwa(seconds: number): Promise<Vec3[]> {
  const M = (await import('mujoco-js')).default as unknown as () => Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  mujoco ??= await M();
  const mj = mujoco;
  for (const dir of ['/iiwa', '/iiwa/assets']) if (!mj.FS.analyzePath(dir).exists) mj.FS.mkdir(dir);
  for (const file of ['scene.xml', 'iiwa14.xml', ...meshFiles('kuka_iiwa_14')]) mj.FS.writeFile(`/iiwa/${file}`, readFileSync(`${folderPath('kuka_iiwa_14')}/${file}`));
  const m = mj.MjModel.loadFromXML('/iiwa/scene.xml');
  const d = new mj.MjData(m);
  try {
    mj.mj_resetDataKeyframe(m, d, 0);
    const steps = Math.round(seconds / m.opt.timestep);
    for (let k = 0; k < steps; k++) mj.mj_step(m, d);
    mj.mj_kinematics(m, d);
    const xpos = d.xpos as Float64Array; // bodies: world, base, link1 … link7
    return [2, 3, 4, 5, 6, 7, 8].map((b) => Array.from(xpos.subarray(3 * b, 3 * b + 3)) as Vec3);
  } finally {
    d.delete();
    m.delete();
  }
}

describe('MuJoCo Menagerie robots', () => {
  for (const r of ROBOTS) {
    it(`${r.folder}: opens with its meshes, each drawn from its file, and loads`, () => {
      const robotXml = readFileSync(`${folderPath(r.folder)}/${r.robot}`, 'utf8');
      const { scene, notices } = convert(r.folder, r.robot, same);
      expect(notices.join('\n')).not.toMatch(/left out|is not among the model's files/);
      const shapes = (scene.articulations ?? []).flatMap((a) => a.links.flatMap((l) => l.shapes ?? []));
      const meshes = shapes.filter((s) => s.type === 'convex');
      expect(meshes).toHaveLength(robotXml.match(/<geom[^>]*\smesh="/g)!.length);
      for (const s of meshes) expect(s.type === 'convex' && s.mesh?.url).toMatch(new RegExp(`^models/menagerie/${r.folder}/assets/\\w+\\.obj$`));
      // The collision geoms (group 3): not drawn, as in MuJoCo's viewer; the meshes are.
      const collision = shapes.filter((s) => s.type !== 'convex' && s.type !== 'plane');
      expect(collision.length).toBeGreaterThan(5);
      expect(collision.every((s) => /^#[0-9a-f]{6}00$/.test(s.color ?? ''))).toBe(true);
      expect(meshes.every((s) => !/^#[0-9a-f]{6}00$/.test(s.color ?? ''))).toBe(true);
      expect(notices.join('\n')).toMatch(/geoms of groups 3 to 5 \(which MuJoCo's viewer hides\) are not drawn/);
    });

    it(`${r.folder}: every body gravity-compensated holds still within 1 mm for 5 s; without it, it falls`, () => {
      const held = largestDrift(convert(r.folder, r.robot, (xml) => compensated(r.start(xml))).scene, 5, r);
      const fallen = largestDrift(convert(r.folder, r.robot, (xml) => unactuated(r.start(xml))).scene, 1, r);
      console.log(`${r.folder}: ${(held * 1000).toExponential(2)} mm with gravcomp over 5 s, ${(fallen * 1000).toFixed(0)} mm without it (or actuators) over 1 s`);
      expect(held).toBeLessThan(1e-3);
      expect(fallen).toBeGreaterThan(2e-2);
    });
  }

  // The servos (kp 2000) do not hold the home pose exactly: gravity pulls the links 2 cm below it
  // in MuJoCo, and Featherweight's end where MuJoCo's do.
  it("kuka_iiwa_14: its position servos hold the arm where MuJoCo's do (within 1 µm after 5 s)", async () => {
    const expected = await mujocoIiwa(5);
    const ours = simulate(convert('kuka_iiwa_14', 'iiwa14.xml', same).scene, ROBOTS[0], (sim, moving) => {
      sim.step(Math.round(5 / sim.timestep()));
      return ['link1', 'link2', 'link3', 'link4', 'link5', 'link6', 'link7'].map((name) => origin(sim, moving.find((b) => b.name.endsWith(`/${name}`))!.i));
    });
    const home = await mujocoIiwa(0);
    const gaps = ours.map((p, k) => Math.hypot(...p.map((x, d) => x - expected[k][d])));
    const sag = expected.map((p, k) => Math.hypot(...p.map((x, d) => x - home[k][d])));
    console.log(`kuka_iiwa_14 on its servos after 5 s: MuJoCo's links ${(Math.max(...sag) * 1000).toFixed(3)} mm from home, ours ${(Math.max(...gaps) * 1000).toExponential(2)} mm from MuJoCo's`);
    expect(Math.max(...sag)).toBeGreaterThan(1e-2);
    expect(Math.max(...gaps)).toBeLessThan(1e-6);
  });
});
