// A batch of controller runs across threads: the cart-pole released from N initial conditions
// (pole angle and rate spread over the whole circle), each run for 10 s with the swing-up and LQR
// controller of examples/controllers/cart_pole.js; prints which ones it catches and the throughput
// in simulated seconds per wall-clock second. `npm run build:lib`, then
// `node examples/swing_up_sweep.mjs [N=1000] [threads=all cores]`.
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { URL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { loadEngine } from '../dist-lib/featherweight.mjs';

const SECONDS = 10;

// Initial condition k of n: a grid over angle ∈ (−π, π] and rate ∈ [−3, 3] rad/s.
function initial(k, n) {
  const side = Math.ceil(Math.sqrt(n));
  return { angle: -Math.PI + (2 * Math.PI * ((k % side) + 1)) / side, rate: -3 + (6 * Math.floor(k / side)) / Math.max(1, side - 1) };
}

async function runShare(indices, n) {
  const scene = JSON.parse(readFileSync(new URL('../public/scenes/cart-pole.json', import.meta.url), 'utf8'));
  const source = readFileSync(new URL('./controllers/cart_pole.js', import.meta.url), 'utf8');
  const engine = await loadEngine();
  const results = [];
  for (const k of indices) {
    const { angle, rate } = initial(k, n);
    scene.articulations[0].links[1].joint.position = angle;
    scene.articulations[0].links[1].joint.velocity = rate;
    scene.controller = { source, rate: 100 };
    const world = engine.createWorld(scene);
    await world.enableController(); // this script's own controller: the opt-in is ours to give
    let caughtAt = null;
    while (world.time < SECONDS - 1e-9) {
      world.step(10);
      const up = Math.abs(Math.atan2(Math.sin(world.q[1]), Math.cos(world.q[1])));
      if (up < 0.05 && caughtAt === null) caughtAt = world.time;
      if (up > 0.4) caughtAt = null; // fell again
    }
    results.push({ k, angle, rate, caughtAt });
    world.dispose();
  }
  return results;
}

if (isMainThread) {
  const n = Number(process.argv[2] ?? 1000);
  const threads = Math.min(n, Number(process.argv[3] ?? availableParallelism()));
  const start = performance.now();
  const shares = Array.from({ length: threads }, (_, t) => Array.from({ length: n }, (_, k) => k).filter((k) => k % threads === t));
  const results = (
    await Promise.all(
      shares.map(
        (indices) =>
          new Promise((done, fail) => {
            const worker = new Worker(new URL(import.meta.url), { workerData: { indices, n } });
            worker.once('message', done);
            worker.once('error', fail);
          }),
      ),
    )
  ).flat();
  const wall = (performance.now() - start) / 1000;
  const caught = results.filter((r) => r.caughtAt !== null);
  const slowest = Math.max(...caught.map((r) => r.caughtAt));
  console.log(`caught ${caught.length} of ${n} initial conditions within ${SECONDS} s (the slowest at ${slowest.toFixed(2)} s)`);
  for (const r of results.filter((r) => r.caughtAt === null).slice(0, 10)) console.log(`  not caught: angle ${r.angle.toFixed(3)} rad, rate ${r.rate.toFixed(3)} rad/s`);
  console.log(`${threads} threads, ${wall.toFixed(2)} s: ${((n * SECONDS) / wall).toFixed(0)} simulated seconds per wall-clock second`);
} else {
  parentPort.postMessage(await runShare(workerData.indices, workerData.n));
}
