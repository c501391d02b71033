// What the Node run (compare.mjs) and the browser page (browser.mjs) share, so that both time
// the same way: the engines, the cases, the timing of one case in one engine, and the report.
// Only globals that Node and browsers both have (performance.now()).
/* global performance */
import * as E from './engines.mjs';
import * as S from './scenes.mjs';

export const REPS = 5;
const SLOW_MS = 1500; // a step slower than this (Rapier multibody, 1000 links): 1 timed step after 1 warm-up step

// targetMsPerRep: wall time of one repetition; warmupMs: at least this much warm-up stepping
// (beside the scene's settle steps). --quick shortens both, for checking the harness.
export function timingSettings(quick) {
  return { reps: REPS, targetMsPerRep: quick ? 60 : 250, warmupMs: quick ? 100 : 400 };
}

// A fresh table each call: a caller removes the engines that fail to load.
export function createEngines() {
  return {
    featherweight: { label: 'Featherweight', make: (s) => E.featherweight(s), rk4: true },
    mujoco: { label: 'MuJoCo', make: (s) => E.mujoco(s), rk4: true },
    rapierMultibody: { label: 'Rapier multibody', make: (s) => E.rapier(s, { multibody: true }) },
    rapierImpulse: { label: 'Rapier impulse', make: (s) => E.rapier(s, { multibody: false }) },
    cannon: { label: 'cannon-es', make: (s) => E.cannon(s) },
    jolt: { label: 'Jolt', make: (s) => E.jolt(s), contactOnly: true },
  };
}
export const ENGINE_LABELS = Object.fromEntries(Object.entries(createEngines()).map(([key, e]) => [key, e.label]));

// Loads every engine once up front; an engine that cannot load is reported in `errors` and removed.
export async function loadEngines(engines, errors) {
  for (const [key, e] of Object.entries(engines)) {
    try { (await e.make(e.contactOnly ? S.pyramidScene(2) : S.doublePendulumScene('euler'))).dispose(); }
    catch (error) { errors.push(`${e.label}: ${error.message}`); delete engines[key]; }
  }
}

// The cases: (a) hinge chains, (b) the arm, (c) boxes, (d) ragdolls.
// `engines` limits a case to the engines that have its integrator (default: all).
// Engines marked contactOnly (Jolt, whose adapter builds no joints) run the box cases only.
export const CASES = [];
for (const n of [7, 50, 150, 1000]) {
  CASES.push({ name: `chain${n} euler`, part: 'a', scene: () => S.chainScene(n, 'euler') });
  CASES.push({ name: `chain${n} rk4`, part: 'a', scene: () => S.chainScene(n, 'rk4'), engines: ['featherweight', 'mujoco'] });
}
CASES.push({ name: 'arm7 gravity-comp', part: 'b', scene: () => S.armScene() });
CASES.push({ name: 'pyramid20 (210 boxes)', part: 'c', scene: () => S.pyramidScene(20) });
CASES.push({ name: 'pile1000', part: 'c', scene: () => S.pileScene(1000) });
CASES.push({ name: 'spheres512 at rest', part: 'c', scene: () => S.spherePileScene(512) });
CASES.push({ name: 'ragdolls20', part: 'd', scene: () => S.ragdollScene(20) });

// A resting scene's check: every body finite and inside the scene's box (with a margin of 0.1 m);
// returns the fastest body's speed (m/s), which is near 0 for a world at rest.
function restingSpeed(sim, box) {
  let fastest = 0;
  for (const { p, speed } of sim.bodyStates()) {
    const inside = p.every((x, k) => x >= box.lower[k] - 0.1 && x <= box.upper[k] + 0.1);
    if (!inside || !Number.isFinite(speed)) throw new Error(`no figure: a body left the scene (at ${p.map((x) => x.toFixed(2)).join(', ')}, speed ${speed})`);
    fastest = Math.max(fastest, speed);
  }
  return fastest;
}

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); const m = s.length >> 1; return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2; };

// µs per step of one engine on one scene: settle, warm up, then `reps` timed repetitions of N steps.
export async function measure(engine, scene, settings) {
  const sim = await engine.make(scene);
  try {
    for (let i = 0; i < (scene.settleSteps ?? 0); ++i) sim.step();
    sim.step();
    const tip0 = scene.gravityCompensation ? sim.linkPoses().at(-1).p : null;
    const settledSpeed = scene.atRest ? restingSpeed(sim, scene.atRest) : null;
    let t = performance.now(), warm = 1;
    do { sim.step(); ++warm; } while (performance.now() - t < settings.warmupMs && warm < 100000);
    const perStep = (performance.now() - t) / warm;
    const slow = perStep > SLOW_MS;
    const steps = slow ? 1 : Math.max(3, Math.min(20000, Math.round(settings.targetMsPerRep / perStep)));
    const reps = slow ? 1 : settings.reps;
    const us = [];
    for (let r = 0; r < reps; ++r) {
      t = performance.now();
      for (let i = 0; i < steps; ++i) sim.step();
      us.push(((performance.now() - t) * 1000) / steps);
    }
    const failure = sim.failure?.();
    if (failure) throw new Error(`no figure: ${failure} (a stopped world would time as free)`);
    const result = { us: median(us), reps, steps, all: us.map((x) => +x.toFixed(2)) };
    if (scene.name.startsWith('pyramid')) result.topZ = +sim.topZ().toFixed(3); // 19.5 if the pyramid stands
    if (scene.atRest) {
      result.restSpeed = { settled: +settledSpeed.toPrecision(3), timed: +restingSpeed(sim, scene.atRest).toPrecision(3) };
      result.topZ = +sim.topZ().toFixed(3);
    }
    if (scene.gravityCompensation) {
      // how well the pose is held: the tip (link 7 frame) against where it was after the first step
      const tip = sim.linkPoses().at(-1).p;
      result.tipErrorMm = +(1000 * Math.hypot(...S.sub(tip, tip0))).toFixed(3);
      result.simulatedSeconds = +(scene.dt * (steps * reps + warm)).toFixed(2);
    }
    return result;
  } finally {
    sim.dispose();
  }
}

// Times every case in every engine it applies to; after each engine, `progress(line)` is awaited
// (the page uses it to show the line and let the browser paint).
export async function runCases(cases, engines, settings, progress) {
  const results = {};
  for (const c of cases) {
    const row = (results[c.name] = {});
    for (const key of c.engines ?? Object.keys(engines)) {
      if (!engines[key] || (engines[key].contactOnly && c.part !== 'c')) continue;
      const label = engines[key].label;
      let line;
      try {
        row[key] = await measure(engines[key], c.scene(), settings);
        line = `${c.name.padEnd(24)} ${label.padEnd(18)} ${row[key].us.toFixed(1).padStart(10)} µs/step  (${row[key].reps}×${row[key].steps} steps)`;
      } catch (error) {
        row[key] = { error: error.message };
        line = `${c.name} ${label}: ${error.message}`;
      }
      await progress(line);
    }
  }
  return results;
}

// ---- report: µs per step and Featherweight's ratio to every other engine, as markdown
const fmt = (r) => (!r ? '—' : r.error ? 'not run' : r.us >= 100 ? r.us.toFixed(0) : r.us.toFixed(1));
const ratio = (fw, o) => (!fw || !o || fw.error || o.error ? '—' : `${(fw.us / o.us).toFixed(2)}`);

export function casesTable(cases, engineKeys) {
  const keys = engineKeys.filter((k) => k !== 'featherweight');
  const label = (k) => ENGINE_LABELS[k];
  let md = `| scene | Featherweight | ${keys.map(label).join(' | ')} | ${keys.map((k) => `FW / ${label(k)}`).join(' | ')} |\n`;
  md += `|---|---:|${keys.map(() => '---:').join('|')}|${keys.map(() => '---:').join('|')}|\n`;
  for (const [name, row] of Object.entries(cases)) md += `| ${name} | ${fmt(row.featherweight)} | ${keys.map((k) => fmt(row[k])).join(' | ')} | ${keys.map((k) => ratio(row.featherweight, row[k])).join(' | ')} |\n`;
  md += `\nµs per step, median of ${REPS} repetitions; FW / X < 1 means Featherweight is faster.\n`;
  return md;
}

// Errors, single-step timings and the sanity figures (pyramid height, arm tip drift), as a markdown list.
export function caseNotes(cases, errors) {
  const notes = [];
  const label = (k) => ENGINE_LABELS[k];
  for (const [name, row] of Object.entries(cases)) {
    for (const [key, r] of Object.entries(row)) {
      if (r.error) notes.push(`${name}, ${label(key)}: ${r.error}`);
      if (r.reps === 1) notes.push(`${name}, ${label(key)}: one timed step only (after one warm-up step), it is that slow`);
    }
    const extra = Object.entries(row).filter(([, r]) => r.topZ !== undefined || r.tipErrorMm !== undefined);
    const figure = (r) => (r.restSpeed ? `fastest body ${r.restSpeed.settled} m/s when settled, ${r.restSpeed.timed} m/s after the timing; top z ${r.topZ} m`
      : r.topZ !== undefined ? `top box z ${r.topZ} m (19.5 standing)` : `tip off by ${r.tipErrorMm} mm after ${r.simulatedSeconds} s`);
    if (extra.length) notes.push(`${name}: ${extra.map(([k, r]) => `${label(k)} ${figure(r)}`).join('; ')}`);
  }
  for (const e of errors) notes.push(`Not run: ${e}`);
  return notes.length ? `\n${notes.map((n) => `- ${n}`).join('\n')}\n` : '';
}
