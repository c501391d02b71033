// The same MJCF file in MuJoCo's wasm and in Featherweight (through the page's converter): µs per
// step of each at the model's own time step (the median of 5 runs of at least 2,000 steps from the start), the real-time factor, and, where contacts are
// off, how far apart the joint positions are after 1 s. The dm_control models run as published
// (their includes resolved, contacts on). The same code runs in Node (compare.mjs) and in the
// browser (browser.mjs): `read` gives a file of public/ as bytes.
/* global TextDecoder, performance */
import { loadFeatherweight, loadMujoco } from './engines.mjs';

const DM_COMMON = ['common/visual.xml', 'common/skybox.xml', 'common/materials.xml'];
export const MJCF_MODELS = [
  { file: 'mjcf/cart-pole.xml', files: [] },
  { file: 'mjcf/acrobot.xml', files: [] },
  { file: 'mjcf/humanoid-ragdoll.xml', files: [] },
  { file: 'models/dm_control/walker.xml', files: DM_COMMON },
  { file: 'models/dm_control/cheetah.xml', files: DM_COMMON },
  { file: 'models/dm_control/humanoid.xml', files: DM_COMMON },
];

const REPETITIONS = 5;
const TIMED_STEPS = 2000;

/** µs per step over `steps` steps from the start (`restart`), the median of REPETITIONS runs. */
function usPerStep(restart, step, steps) {
  const runs = [];
  for (let r = 0; r < REPETITIONS; ++r) {
    restart();
    const t = performance.now();
    for (let i = 0; i < steps; ++i) step();
    runs.push(((performance.now() - t) * 1000) / steps);
  }
  return runs.sort((a, b) => a - b)[REPETITIONS >> 1];
}

/** MuJoCo's model and data for a file and its parts, written into its file system as they lie. */
function mujocoModel(M, file, text, parts) {
  const folder = `/bench/${file.slice(0, file.lastIndexOf('/'))}`;
  for (const path of [file, ...parts.map(([part]) => `${file.slice(0, file.lastIndexOf('/') + 1)}${part}`)]) {
    let dir = '/bench';
    for (const name of path.split('/').slice(0, -1)) {
      dir += `/${name}`;
      if (!M.FS.analyzePath(dir).exists) M.FS.mkdir(dir);
    }
  }
  for (const [part, bytes] of parts) M.FS.writeFile(`${folder}/${part}`, bytes);
  M.FS.writeFile(`/bench/${file}`, text);
  const model = M.MjModel.loadFromXML(`/bench/${file}`);
  return { model, data: new M.MjData(model) };
}

/** `converter`: the module of web/src/mjcf/mjcf_to_scene.ts; `read(path)`: a file of public/ as bytes. */
export async function runMjcfCases(converter, read, only) {
  const { mjcfToScene, mjcfFiles } = converter;
  const fw = await loadFeatherweight();
  const M = await loadMujoco();
  const results = {};
  for (const { file, files } of MJCF_MODELS.filter((m) => !only || m.file.includes(only))) {
    const text = new TextDecoder().decode(await read(file));
    const folder = file.slice(0, file.lastIndexOf('/') + 1);
    const parts = await Promise.all(files.map(async (part) => [part, await read(folder + part)]));
    const { model, data } = mujocoModel(M, file, text, parts);
    const mujocoStart = () => (model.nkey > 0 ? M.mj_resetDataKeyframe(model, data, 0) : M.mj_resetData(model, data));
    const sim = new fw.Simulation();
    try {
      const error = sim.load(JSON.stringify(mjcfToScene(text, file.slice(folder.length), mjcfFiles(new Map(parts))).scene));
      if (error) throw new Error(`${file}: ${error}`);
      // Timed over at least 2,000 steps (a browser's clock is coarse), then both run 1 s from the start for the gap.
      const steps = Math.round(1 / sim.timestep()), timed = Math.max(steps, TIMED_STEPS);
      const mujocoUs = usPerStep(mujocoStart, () => M.mj_step(model, data), timed);
      const fwUs = usPerStep(() => sim.reset(), () => sim.step(1), timed);
      mujocoStart();
      sim.reset();
      for (let i = 0; i < steps; ++i) M.mj_step(model, data);
      sim.step(steps);
      if (sim.stepError()) throw new Error(`${file}: ${sim.stepError()}`);
      const contacts = !/contact="disable"/.test(text);
      const q = new Float64Array(fw.HEAPF64.buffer, sim.qPointer(), sim.nq());
      const gap = !contacts && q.length === data.qpos.length ? Math.max(...Array.from(q, (x, k) => Math.abs(x - data.qpos[k]))) : null;
      results[file] = {
        timestep: sim.timestep(),
        mujocoUs: +mujocoUs.toFixed(2),
        featherweightUs: +fwUs.toFixed(2),
        featherweightRealTime: +((sim.timestep() * 1e6) / fwUs).toFixed(1),
        maxJointGapAfter1s: gap,
        contacts,
      };
    } finally {
      sim.delete();
      data.delete();
      model.delete();
    }
  }
  return results;
}

export function mjcfTable(results) {
  let md = '\n| the same MJCF file, 1 s | Featherweight µs/step | MuJoCo µs/step | FW / MuJoCo | FW × real time | max joint gap after 1 s |\n|---|---:|---:|---:|---:|---:|\n';
  for (const [file, r] of Object.entries(results)) {
    const gap = r.maxJointGapAfter1s === null ? 'contacts: the engines differ by design' : r.maxJointGapAfter1s.toExponential(1);
    md += `| ${file} (dt ${r.timestep} s) | ${r.featherweightUs} | ${r.mujocoUs} | ${(r.featherweightUs / r.mujocoUs).toFixed(2)} | ${r.featherweightRealTime} | ${gap} |\n`;
  }
  return md;
}
