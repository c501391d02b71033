// The same MJCF file in MuJoCo's wasm and in Featherweight (through the page's converter): µs per
// step of each at the model's own time step (the median of 5 runs of at least 2,000 steps from the start), the real-time factor, and, where contacts are
// off, how far apart the joint positions are after 1 s. The dm_control models run as published
// (their includes resolved, contacts on). The same code runs in Node (compare.mjs) and in the
// browser (browser.mjs): `read` gives a file of public/ as bytes. A case with `option` runs the
// file with those <option> attributes in both engines, under its own name (RK4: Featherweight's
// accurate stepping, events and all).
/* global TextDecoder, performance */
import { loadFeatherweight, loadMujoco } from './engines.mjs';

const DM_COMMON = ['common/visual.xml', 'common/skybox.xml', 'common/materials.xml'];
export const MJCF_MODELS = [
  { file: 'mjcf/cart-pole.xml', files: [] },
  { file: 'mjcf/acrobot.xml', files: [] },
  { file: 'mjcf/humanoid-ragdoll.xml', files: [] },
  // Lying on the floor: resting contacts under RK4, timed from where each engine's ragdoll lies
  // after `settle` s (dropped from 1.6 m, it has come to rest by then). At its own 4 ms RK4 is
  // unstable in both engines (the hands' joint damping over their small inertia, d h / I ≈ 5 >
  // 2.8, explicit in RK4: MuJoCo resets itself at 0.46 s, Featherweight stops); 1 ms is within
  // RK4's stability region.
  { file: 'mjcf/humanoid-ragdoll.xml', files: [], option: { integrator: 'RK4', timestep: 0.001 }, settle: 2 },
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

/** A case's name: its file, then the options it overrides (if any). */
const caseName = ({ file, option }) => (option ? `${file} ${Object.entries(option).map(([k, v]) => `${k}=${v}`).join(' ')}` : file);

/** The MJCF text with `option`'s attributes set on its <option> (one is added if it has none). */
function withOption(text, option) {
  if (!option) return text;
  if (!/<option\b/.test(text)) text = text.replace(/(<mujoco\b[^>]*>)/, '$1<option/>');
  return text.replace(/<option\b[^>]*?(\/?)>/, (tag, close) => {
    let out = tag.slice(0, tag.length - close.length - 1);
    for (const [key, value] of Object.entries(option)) {
      const attribute = new RegExp(`\\s${key}="[^"]*"`);
      out = attribute.test(out) ? out.replace(attribute, ` ${key}="${value}"`) : `${out} ${key}="${value}"`;
    }
    return `${out}${close}>`;
  });
}

/** Restarts of both engines at where each has got to after `steps` steps from the start. */
function settled(M, model, data, mujocoReset, sim, steps) {
  mujocoReset();
  for (let i = 0; i < steps; ++i) M.mj_step(model, data);
  const qpos = Float64Array.from(data.qpos), qvel = Float64Array.from(data.qvel), time = data.time;
  sim.reset();
  sim.step(steps);
  if (sim.stepError()) throw new Error(sim.stepError());
  const blob = sim.saveState();
  const mujocoStart = () => {
    mujocoReset();
    data.qpos.set(qpos);
    data.qvel.set(qvel);
    data.time = time;
    M.mj_forward(model, data);
  };
  const fwStart = () => {
    const why = sim.restoreState(blob);
    if (why) throw new Error(why);
  };
  return [mujocoStart, fwStart];
}

/** `converter`: the module of web/src/mjcf/mjcf_to_scene.ts; `read(path)`: a file of public/ as bytes. */
export async function runMjcfCases(converter, read, only) {
  const { mjcfToScene, mjcfFiles } = converter;
  const fw = await loadFeatherweight();
  const M = await loadMujoco();
  const results = {};
  for (const { file, files, option, settle } of MJCF_MODELS.filter((m) => !only || caseName(m).includes(only))) {
    const text = withOption(new TextDecoder().decode(await read(file)), option);
    const folder = file.slice(0, file.lastIndexOf('/') + 1);
    const parts = await Promise.all(files.map(async (part) => [part, await read(folder + part)]));
    const { model, data } = mujocoModel(M, file, text, parts);
    const mujocoReset = () => (model.nkey > 0 ? M.mj_resetDataKeyframe(model, data, 0) : M.mj_resetData(model, data));
    let mujocoStart = mujocoReset;
    const sim = new fw.Simulation();
    let fwStart = () => sim.reset();
    try {
      const error = sim.load(JSON.stringify(mjcfToScene(text, file.slice(folder.length), mjcfFiles(new Map(parts))).scene));
      if (error) throw new Error(`${file}: ${error}`);
      if (settle) [mujocoStart, fwStart] = settled(M, model, data, mujocoReset, sim, Math.round(settle / sim.timestep()));
      // Timed over at least 2,000 steps (a browser's clock is coarse), then both run 1 s from the start for the gap.
      const steps = Math.round(1 / sim.timestep()), timed = Math.max(steps, TIMED_STEPS);
      const mujocoUs = usPerStep(mujocoStart, () => M.mj_step(model, data), timed);
      const fwUs = usPerStep(fwStart, () => sim.step(1), timed);
      mujocoStart();
      fwStart();
      for (let i = 0; i < steps; ++i) M.mj_step(model, data);
      sim.step(steps);
      if (sim.stepError()) throw new Error(`${file}: ${sim.stepError()}`);
      const contacts = !/contact="disable"/.test(text);
      const q = new Float64Array(fw.HEAPF64.buffer, sim.qPointer(), sim.nq());
      const gap = !contacts && q.length === data.qpos.length ? Math.max(...Array.from(q, (x, k) => Math.abs(x - data.qpos[k]))) : null;
      results[caseName({ file, option })] = {
        timestep: sim.timestep(),
        mujocoUs: +mujocoUs.toFixed(2),
        featherweightUs: +fwUs.toFixed(2),
        featherweightRealTime: +((sim.timestep() * 1e6) / fwUs).toFixed(1),
        ...(settle ? { timedFromSecond: settle } : {}),
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
    const from = r.timedFromSecond ? `, timed from t = ${r.timedFromSecond} s` : '';
    md += `| ${file} (dt ${r.timestep} s${from}) | ${r.featherweightUs} | ${r.mujocoUs} | ${(r.featherweightUs / r.mujocoUs).toFixed(2)} | ${r.featherweightRealTime} | ${gap} |\n`;
  }
  return md;
}
