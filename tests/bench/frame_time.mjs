// Frame-time benchmark of the page (not a test: it prints numbers and asserts nothing).
// Builds the site as `npm run build` does, in the 'e2e' mode that gives the page the browser tests'
// handle, window.__featherweight (the wasm module must already be in build/wasm/dist; with
// --no-build, dist/ must hold such a build), serves dist/, and opens it in Debian's headless Chromium (software WebGL, as the browser tests)
// with generated scenes: 1000 boxes falling into a pile on the ground (5 colours, so the page
// draws them as 5 instanced meshes) and a
// 200-link revolute chain, after the shipped pendulum as a baseline of drawing alone. For each it prints the median and 90th-percentile frame time, the
// median stepping cost per frame, the simulation steps per second actually achieved (a frame
// runs at most 0.1 s of real time, times the speed, so slow frames also slow the simulation), and
// the steps per second of stepping alone (what the engine could sustain without drawing).
//
//   npm run bench:frame                  # pendulum (baseline), boxes, chain; 8 s each
//   node tests/bench/frame_time.mjs --seconds 4 --scene chain
/* global performance, requestAnimationFrame */
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../e2e/chromium_args.mjs';
import { build } from 'vite';

const { values: options } = parseArgs({
  options: {
    seconds: { type: 'string', default: '8' },
    warmup: { type: 'string', default: '2' },
    scene: { type: 'string', default: 'all' }, // pendulum | boxes | chain | all (comma-separated)
    'no-build': { type: 'boolean', default: false },
  },
});
const SECONDS = Number(options.seconds);
const WARMUP = Number(options.warmup);


const repo = fileURLToPath(new URL('../..', import.meta.url));
const distDir = join(repo, 'dist');

/** n boxes on a 10 × 10 × (n/100) grid above the ground, slightly turned, falling into a pile. */
function boxesScene(n) {
  const bodies = [];
  for (let i = 0; i < n; i++) {
    const x = i % 10, y = Math.floor(i / 10) % 10, z = Math.floor(i / 100);
    bodies.push({
      name: `box${i}`,
      position: [(x - 4.5) * 0.5, (y - 4.5) * 0.5, 1 + z * 0.5],
      rpy: [0.1 * (i % 7), 0.1 * (i % 5), 0.1 * (i % 3)],
      angularVelocity: [0, 0, 0.5],
      shapes: [{ type: 'box', size: [0.2, 0.2, 0.2], color: ['#c9874b', '#4c8bd6', '#d65c4c', '#e0b040', '#6ca06c'][i % 5] }],
    });
  }
  return {
    format: 'featherweight-scene',
    version: 1,
    meta: { title: `${n} boxes falling into a pile (benchmark)` },
    world: { gravity: [0, 0, -9.81], timestep: 1 / 60, solver: { iterations: 10, sleep: false } },
    bodies: [{ name: 'ground', static: true, shapes: [{ type: 'plane' }] }, ...bodies],
    camera: { position: [6, -9, 6], target: [0, 0, 2], fov: 45 },
  };
}

/** An n-link chain of 2 cm capsules hinged about y, released horizontal (as chain-100.json). */
function chainScene(n) {
  const links = [];
  for (let i = 0; i < n; i++) {
    links.push({
      name: `link${i}`,
      ...(i > 0 ? { parent: `link${i - 1}` } : {}),
      joint: {
        type: 'revolute',
        axis: [0, 1, 0],
        origin: { position: i === 0 ? [0, 0, 4.3] : [0, 0, -0.02] },
        ...(i === 0 ? { position: -1.5708 } : {}),
      },
      shapes: [{ type: 'capsule', radius: 0.006, length: 0.02, position: [0, 0, -0.01], color: i % 2 ? '#e0a030' : '#2d72d2' }],
    });
  }
  return {
    format: 'featherweight-scene',
    version: 1,
    meta: { title: `${n}-link chain (benchmark)` },
    // Fixed-step RK4 at 2 ms blows up when the free end whips (fw-sim: t = 2.78 s); adaptive RK45
    // follows it, as chain-100.json does.
    world: { gravity: [0, 0, -9.81], timestep: 0.002, integrator: 'rk45', tolerance: { absolute: 1e-6, relative: 1e-6 } },
    articulations: [{ name: 'chain', links }],
    camera: { position: [1.5, -11, 3], target: [1.5, 0, 2.5], fov: 45 },
  };
}

const SCENES = {
  pendulum: { file: 'pendulum.json', make: null }, // a shipped one-body scene: the cost of drawing alone
  boxes: { file: 'bench-boxes-1000.json', make: () => boxesScene(1000) },
  chain: { file: 'bench-chain-200.json', make: () => chainScene(200) },
};

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.wasm': 'application/wasm' };

function serveDist() {
  const generated = Object.fromEntries(
    Object.values(SCENES)
      .filter((s) => s.make)
      .map((s) => [`/scenes/${s.file}`, JSON.stringify(s.make())]),
  );
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    if (generated[path]) {
      response.writeHead(200, { 'Content-Type': 'application/json' }).end(generated[path]);
      return;
    }
    let file = normalize(join(distDir, path));
    if (!file.startsWith(distDir)) return void response.writeHead(403).end();
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file)) return void response.writeHead(404).end();
    response.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(response);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

function quantile(sorted, q) {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.round(q * (sorted.length - 1))));
  return sorted[i];
}

async function measure(page, seconds) {
  return page.evaluate(async (seconds) => {
    const fw = window.__featherweight;
    const frames = [];
    const steps = [];
    const t0 = fw.time();
    const w0 = performance.now();
    let previous = w0;
    await new Promise((resolve) => {
      const tick = (now) => {
        frames.push(now - previous);
        steps.push(fw.stepCostMs());
        previous = now;
        if (now - w0 < seconds * 1000) requestAnimationFrame(tick);
        else resolve();
      };
      requestAnimationFrame(tick);
    });
    const wall = (performance.now() - w0) / 1000;
    const poses = Array.from({ length: fw.bodyCount() }, (_, i) => fw.bodyPose(i)).flat();
    return {
      frames: frames.slice(1),
      steps,
      simSeconds: fw.time() - t0,
      wall,
      dt: fw.timestep(),
      bodies: fw.bodyCount(),
      finite: poses.every(Number.isFinite),
      hud: document.getElementById('hud')?.textContent ?? '',
    };
  }, seconds);
}

async function main() {
  if (!existsSync(join(repo, 'build/wasm/dist/featherweight.wasm'))) {
    throw new Error('build/wasm/dist is missing: run `bash scripts/build-wasm.sh` (or `npm run build`) first');
  }
  // The 'e2e' mode: the page then has the handle (window.__featherweight) this reads the figures through.
  if (!options['no-build']) await build({ configFile: join(repo, 'web/vite.config.ts'), mode: 'e2e', logLevel: 'warn' });
  const server = await serveDist();
  const { port } = server.address();
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
  const chosen = options.scene === 'all' ? Object.keys(SCENES) : options.scene.split(',');
  const rows = [];
  try {
    for (const name of chosen) {
      const scene = SCENES[name];
      if (!scene) throw new Error(`unknown scene ${name} (pendulum, boxes, chain or all)`);
      const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
      const problems = [];
      page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
      page.on('pageerror', (e) => problems.push(e.message));
      await page.goto(`http://127.0.0.1:${port}/?scene=${scene.file}`);
      await page.waitForFunction(() => (window.__featherweight?.time() ?? 0) > 0, null, { timeout: 120_000 });
      await page.waitForTimeout(WARMUP * 1000);
      const r = await measure(page, SECONDS);
      const frames = [...r.frames].sort((a, b) => a - b);
      const steps = [...r.steps].sort((a, b) => a - b);
      rows.push({
        scene: scene.file,
        bodies: r.bodies,
        frames: r.frames.length,
        'median frame (ms)': quantile(frames, 0.5).toFixed(1),
        'p90 frame (ms)': quantile(frames, 0.9).toFixed(1),
        'median stepping (ms/frame)': quantile(steps, 0.5).toFixed(2),
        'steps/s': Math.round(r.simSeconds / r.dt / r.wall),
        // What the engine alone could sustain: steps per second of stepping (real time needs 1/dt).
        'steps/s stepping only': Math.round(r.simSeconds / r.dt / (r.steps.reduce((a, b) => a + b, 0) / 1000)),
        '1/dt': Math.round(1 / r.dt),
        'sim s per real s': (r.simSeconds / r.wall).toFixed(3),
        finite: r.finite,
      });
      if (problems.length > 0) console.error(`${scene.file}: ${problems.join('; ')}`);
      await page.close();
    }
  } finally {
    await browser.close();
    server.close();
  }
  console.log(`frame time, headless Chromium (SwiftShader WebGL) 1280×720, ${SECONDS} s after ${WARMUP} s warm-up`);
  console.table(rows);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
