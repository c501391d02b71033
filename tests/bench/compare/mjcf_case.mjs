// The same MJCF file in MuJoCo's wasm and in Featherweight (through the page's converter): how far
// apart their joint positions are after 1 s, and µs per step of each. Node only (the converter is
// bundled from TypeScript on first use, scripts/mjcf_converter.mjs).
/* global performance */
import { readFileSync } from 'node:fs';
import { URL, fileURLToPath } from 'node:url';
import { loadFeatherweight, loadMujoco } from './engines.mjs';
import { loadMjcfConverter } from '../../../scripts/mjcf_converter.mjs';

export const MJCF_FILES = ['cart-pole.xml', 'acrobot.xml', 'humanoid-ragdoll.xml'];

const usPerStep = (step, steps) => {
  const t = performance.now();
  for (let i = 0; i < steps; ++i) step();
  return ((performance.now() - t) * 1000) / steps;
};

export async function runMjcfCases() {
  const { mjcfToScene } = await loadMjcfConverter();
  const fw = await loadFeatherweight();
  const M = await loadMujoco();
  const results = {};
  for (const file of MJCF_FILES) {
    const xml = readFileSync(fileURLToPath(new URL(`../../../public/mjcf/${file}`, import.meta.url)), 'utf8');
    M.FS.writeFile('/bench/model.xml', xml);
    const model = M.MjModel.loadFromXML('/bench/model.xml');
    const data = new M.MjData(model);
    M.mj_resetDataKeyframe(model, data, 0);
    const sim = new fw.Simulation();
    const error = sim.load(JSON.stringify(mjcfToScene(xml, file).scene));
    if (error) throw new Error(`${file}: ${error}`);
    const steps = Math.round(1 / sim.timestep());
    const mujocoUs = usPerStep(() => M.mj_step(model, data), steps);
    const fwUs = usPerStep(() => sim.step(1), steps);
    const q = new Float64Array(fw.HEAPF64.buffer, sim.qPointer(), sim.nq());
    const same = q.length === data.qpos.length;
    const gap = same ? Math.max(...Array.from(q, (x, k) => Math.abs(x - data.qpos[k]))) : NaN;
    results[file] = { mujocoUs: +mujocoUs.toFixed(2), featherweightUs: +fwUs.toFixed(2), maxJointGapAfter1s: gap, contacts: !/contact="disable"/.test(xml) };
    sim.delete();
    data.delete();
    model.delete();
  }
  return results;
}

export function mjcfTable(results) {
  let md = '\n| the same MJCF file, 1 s | Featherweight µs/step | MuJoCo µs/step | FW / MuJoCo | max joint gap after 1 s |\n|---|---:|---:|---:|---:|\n';
  for (const [file, r] of Object.entries(results)) {
    md += `| ${file}${r.contacts ? ' (contacts: the engines differ by design)' : ''} | ${r.featherweightUs} | ${r.mujocoUs} | ${(r.featherweightUs / r.mujocoUs).toFixed(2)} | ${r.maxJointGapAfter1s.toExponential(1)} |\n`;
  }
  return md;
}
