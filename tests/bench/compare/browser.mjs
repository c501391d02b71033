// The (a) hinge-chain and (c) box cases of compare.mjs, timed in the browser with the same code
// (measure.mjs), every engine on this one page. browser_run.mjs opens it in headless Chromium and
// reads the figures from window.__compareResults once they are there.
// Address options: ?quick (shorter repetitions), ?only=<part of a case name>.
/* global URLSearchParams, fetch, location, navigator, performance, setTimeout */
import createFeatherweight from '../../../build/wasm/dist/featherweight.js';
import { setFeatherweightLoader } from './engines.mjs';
import { CASES, createEngines, loadEngines, runCases, timingSettings } from './measure.mjs';
import { runMjcfCases } from './mjcf_case.mjs';

const BROWSER_PARTS = ['a', 'c'];

const progress = document.getElementById('progress');
function log(line) {
  progress.textContent += `${line}\n`;
  console.log(line);
}
// Between two measurements: lets the page paint the progress (outside every timed interval).
const yieldToBrowser = () => new Promise((resolve) => setTimeout(resolve, 0));

async function run() {
  const options = new URLSearchParams(location.search);
  const only = options.get('only');
  const settings = timingSettings(options.has('quick'));
  const started = performance.now();
  const results = { date: new Date().toISOString(), userAgent: navigator.userAgent, cpus: navigator.hardwareConcurrency, crossOriginIsolated: globalThis.crossOriginIsolated === true, settings, engines: [], cases: {}, errors: [] };
  try {
    // The web build (-sENVIRONMENT=web) fetches featherweight.wasm next to its .js by itself.
    setFeatherweightLoader(() => createFeatherweight());
    const engines = createEngines();
    await loadEngines(engines, results.errors);
    for (const error of results.errors) log(`Not run: ${error}`);
    results.engines = Object.keys(engines);
    log(`engines: ${Object.values(engines).map((e) => e.label).join(', ')}`);
    const cases = CASES.filter((c) => BROWSER_PARTS.includes(c.part) && (!only || c.name.includes(only)));
    results.cases = await runCases(cases, engines, settings, async (line) => { log(line); await yieldToBrowser(); });
    // The MJCF files through the page's own converter (served as TypeScript by Vite).
    if (!only || 'mjcf'.includes(only) || only.includes('.xml')) {
      log('MJCF models: Featherweight and MuJoCo on the same files');
      const read = async (path) => new Uint8Array(await (await fetch(`/public/${path}`)).arrayBuffer());
      const converter = await import('../../../web/src/mjcf/mjcf_to_scene.ts');
      results.mjcf = await runMjcfCases(converter, read, only?.includes('.xml') ? only : undefined);
    }
  } catch (error) {
    results.errors.push(`page: ${error.message}`);
    log(`failed: ${error.message}`);
  }
  results.totalSeconds = +((performance.now() - started) / 1000).toFixed(1);
  log(`done in ${results.totalSeconds} s`);
  window.__compareResults = results;
}

run();
