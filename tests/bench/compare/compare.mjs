// npm run bench:compare — Featherweight's wasm module against Rapier (multibody and impulse
// joints), cannon-es, MuJoCo's official wasm build and Jolt's (box cases), all in this one Node process, on the same
// scenes (scenes.mjs). Prints µs per step (median of 5 repetitions) and Featherweight's ratio to
// each engine as a markdown table, the double-pendulum energy drift, and writes results.json.
// Options: --quick (shorter repetitions), --only=<substring of a case name> (an MJCF case's name
// is its file, then the options it sets: --only='humanoid-ragdoll.xml integrator=RK4').
// The same cases in headless Chromium: browser_run.mjs (its figures sit under `browser` in results.json).
/* global performance */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { gzipSync } from 'node:zlib';
import { URL, fileURLToPath } from 'node:url';
import { loadFeatherweight, setFeatherweightLoader } from './engines.mjs';
import { loadFeatherweightNode } from './load_featherweight_node.mjs';
import { CASES, caseNotes, casesTable, createEngines, loadEngines, runCases, timingSettings } from './measure.mjs';
import * as S from './scenes.mjs';
import { mjcfTable, runMjcfCases } from './mjcf_case.mjs';
import { loadMjcfConverter } from '../../../scripts/mjcf_converter.mjs';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const only = args.find((a) => a.startsWith('--only='))?.slice(7);
const settings = timingSettings(quick);
setFeatherweightLoader(loadFeatherweightNode);
const ENGINES = createEngines();

const started = performance.now();
const results = { date: new Date().toISOString(), machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version, platform: `${os.platform()} ${os.release()}` }, settings, cases: {}, energyDrift: {}, errors: [] };

await loadEngines(ENGINES, results.errors);
const cases = CASES.filter((c) => !only || c.name.includes(only));
results.cases = await runCases(cases, ENGINES, settings, (line) => process.stderr.write(`${line}\n`));

// Accuracy beside speed: the double pendulum released horizontal, 10 s at 1 ms.
if (!only || 'energy'.includes(only)) {
  const scale = 1.0 * S.G * 0.2; // total mass × g × chain length: the energy scale of the swing
  for (const key of Object.keys(ENGINES)) for (const integ of ['euler', 'rk4']) {
    if ((integ === 'rk4' && !ENGINES[key].rk4) || ENGINES[key].contactOnly) continue;
    const sim = await ENGINES[key].make(S.doublePendulumScene(integ));
    const e0 = sim.energy();
    let maxDev = 0;
    for (let i = 1; i <= 10000; ++i) {
      sim.step();
      if (i % 10 === 0) maxDev = Math.max(maxDev, Math.abs(sim.energy() - e0));
    }
    const drift = (sim.energy() - e0) / scale;
    results.energyDrift[`${key} ${integ}`] = { engine: ENGINES[key].label, integrator: integ, relativeDriftAt10s: drift, maxRelativeDeviation: maxDev / scale };
    sim.dispose();
  }
}
// The same MJCF file in MuJoCo and Featherweight (the converter of web/src/mjcf).
if (!only || 'mjcf'.includes(only) || only.includes('.xml')) {
  try {
    const read = async (path) => readFileSync(fileURLToPath(new URL(`../../../public/${path}`, import.meta.url)));
    results.mjcf = await runMjcfCases(await loadMjcfConverter(), read, only?.includes('.xml') ? only : undefined);
  } catch (error) {
    results.errors.push(`MJCF case: ${error.message}`);
  }
}
// Footprint: what a page downloads for each engine (raw and gzip), and memory after the runs:
// Featherweight's linear memory (it only grows, so this is its peak) and this process's peak RSS.
const repoFile = (relative) => fileURLToPath(new URL(`../../../${relative}`, import.meta.url));
const download = (files) => {
  const bytes = files.map((f) => readFileSync(repoFile(f)));
  return { files, bytes: bytes.reduce((n, b) => n + b.length, 0), gzipBytes: bytes.reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0) };
};
results.footprint = {
  download: {
    featherweight: download(['build/wasm/dist/featherweight.js', 'build/wasm/dist/featherweight.wasm']),
    mujoco: download(['node_modules/mujoco-js/dist/mujoco_wasm.js']), // its wasm is inlined
    rapier: download(['node_modules/@dimforge/rapier3d-compat/dist/rapier.mjs']), // its wasm is inlined
    cannon: download(['node_modules/cannon-es/dist/cannon-es.js']),
    jolt: download(['node_modules/jolt-physics/dist/jolt-physics.wasm-compat.js']), // its wasm is inlined
  },
  featherweightPeakLinearMemoryBytes: (await loadFeatherweight()).HEAP8.buffer.byteLength,
  processPeakRssBytes: process.resourceUsage().maxRSS * 1024,
};
results.totalSeconds = +((performance.now() - started) / 1000).toFixed(1);

// ---- report
let md = casesTable(results.cases, Object.keys(ENGINES));
if (Object.keys(results.energyDrift).length) {
  md += '\n| double pendulum, 10 s at 1 ms | (E(10 s) − E(0)) / (m g L) | max \\|E − E(0)\\| / (m g L) |\n|---|---:|---:|\n';
  for (const d of Object.values(results.energyDrift)) md += `| ${d.engine} ${d.integrator} | ${d.relativeDriftAt10s.toExponential(2)} | ${d.maxRelativeDeviation.toExponential(2)} |\n`;
}
const mb = (n) => (n / 1048576).toFixed(2);
md += '\n| download | MB | MB gzip |\n|---|---:|---:|\n';
for (const [key, d] of Object.entries(results.footprint.download)) md += `| ${key} | ${mb(d.bytes)} | ${mb(d.gzipBytes)} |\n`;
md += `\nFeatherweight's peak linear memory over all cases: ${mb(results.footprint.featherweightPeakLinearMemoryBytes)} MB; this process's peak RSS (all engines): ${mb(results.footprint.processPeakRssBytes)} MB.\n`;
if (results.mjcf) md += mjcfTable(results.mjcf);
md += caseNotes(results.cases, results.errors);
results.markdown = md;
const out = fileURLToPath(new URL('./results.json', import.meta.url));
const browser = existsSync(out) ? JSON.parse(readFileSync(out, 'utf8')).browser : undefined;
if (browser) results.browser = browser; // browser_run.mjs's figures stay until it runs again
writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
console.log(md);
console.log(`total ${results.totalSeconds} s; figures in ${out}`);
