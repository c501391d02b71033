// The timeline's recorder (web/src/timeline/recorder.ts) on the real engine: any recorded step
// is reached again bitwise, inputs are replayed at their steps, an input after going back
// branches, a panel edit mid-recording is replayed, keyframes stay within the budget by
// thinning (10 minutes of a 1000-box pile's state size at 60 Hz), and the samplers see every
// sampling step whatever the chunks, again when a history replay (resample) runs.
import { beforeAll, describe, expect, it } from 'vitest';
import type { FeatherweightModule, Simulation } from 'featherweight-wasm/featherweight.js';
import { Recorder, type RecordableWorld, type TimelineInput } from '../../web/src/timeline/recorder';
import { loadEngineInNode, readScene } from './engine';
import { stateDigest } from './world_scenes';

let engine: FeatherweightModule;
beforeAll(async () => {
  engine = await loadEngineInNode();
});

function digest(sim: Simulation): string {
  const q = new Float64Array(engine.HEAPF64.buffer, sim.qPointer(), sim.nq()).slice();
  const v = new Float64Array(engine.HEAPF64.buffer, sim.vPointer(), sim.nv()).slice();
  return `${stateDigest(q, v)}|${sim.time()}`;
}

/** A recorder on `sim` whose inputs act on it as the page's time machine applies them. */
function recorderOn(sim: Simulation, scene: string, budgetBytes = 64 * 1024 * 1024, sampling: { sampleEvery?: number; sampled?: (step: number) => void } = {}): Recorder {
  const apply = (input: TimelineInput) => {
    if (input.kind === 'effort') new Float64Array(engine.HEAPF64.buffer, sim.effortsPointer(), sim.nv())[input.index] = input.value;
    else if (input.kind === 'motor') sim.setMotorTarget(input.index, input.position, input.velocity);
    else if (input.kind === 'drag-start') sim.startDrag(input.body, ...input.point);
    else if (input.kind === 'drag-move') sim.moveDrag(...input.point);
    else if (input.kind === 'drag-end') sim.endDrag();
    else if (input.kind === 'scene') {
      const state = sim.saveState();
      expect(sim.load(input.text)).toBe('');
      expect(sim.adoptState(state)).toBe('');
    }
  };
  return new Recorder(sim, scene, { budgetBytes, applyInput: apply, loadScene: (text) => expect(sim.load(text)).toBe(''), ...sampling });
}

describe('timeline recorder', () => {
  it('calls the sampler at every sampling step, whatever the chunks, and again through a history replay', () => {
    const text = JSON.stringify(readScene('double-pendulum.json'));
    const sim = new engine.Simulation();
    expect(sim.load(text)).toBe('');
    const seen: { step: number; state: string }[] = [];
    const recorder = recorderOn(sim, text, 64 * 1024 * 1024, { sampleEvery: 3, sampled: (step) => seen.push({ step, state: digest(sim) }) });
    for (const chunk of [1, 7, 40, 2, 100, 50]) recorder.advance(chunk);
    expect(recorder.head).toBe(200);
    expect(seen.map((s) => s.step)).toEqual(Array.from({ length: 67 }, (_, k) => 3 * k)); // 0, 3, … 198
    const now = digest(sim);
    const first = [...seen];
    seen.length = 0;
    recorder.startResample(100);
    while (!recorder.continueSeek(0.01)); // a tiny budget: several calls
    expect(recorder.head).toBe(200);
    expect(digest(sim)).toBe(now); // back bitwise where it was
    expect(seen[0].step).toBeLessThanOrEqual(100); // from the keyframe at or before 100
    expect(seen).toEqual(first.filter((s) => s.step >= seen[0].step)); // the same states at the same steps
    sim.delete();
  });

  it('reaches any recorded step bitwise, replaying efforts and a drag at their steps', () => {
    const text = JSON.stringify(readScene('double-pendulum.json'));
    const sim = new engine.Simulation();
    expect(sim.load(text)).toBe('');
    const recorder = recorderOn(sim, text);
    const seen: string[] = [digest(sim)];
    for (let step = 1; step <= 600; step++) {
      recorder.advance(1);
      seen.push(digest(sim));
      if (step === 100) recorder.give({ kind: 'effort', index: 0, value: 2.5 });
      if (step === 150) recorder.give({ kind: 'drag-start', body: 1, point: [0, 0, 1.2] });
      if (step > 150 && step < 250) recorder.give({ kind: 'drag-move', point: [0.5, 0, 1.5 + step / 1000] });
      if (step === 250) recorder.give({ kind: 'drag-end' });
      if (step === 300) recorder.give({ kind: 'effort', index: 0, value: 0 });
    }
    expect(recorder.end).toBe(600);
    for (const target of [0, 1, 99, 100, 101, 200, 240, 333, 599, 600]) {
      recorder.seek(target);
      expect(recorder.head).toBe(target);
      expect(digest(sim), `step ${target}`).toBe(seen[target]);
    }
    // Back, then play forward through the logged inputs: the first pass again.
    recorder.seek(120);
    recorder.advance(240);
    expect(digest(sim)).toBe(seen[360]);
    // One step back, then forward, ten times.
    for (let k = 0; k < 10; k++) recorder.seek(recorder.head - 1);
    expect(digest(sim)).toBe(seen[350]);
    recorder.advance(10);
    expect(digest(sim)).toBe(seen[360]);
    sim.delete();
  });

  it('branches on an input after going back: the old future is discarded', () => {
    const text = JSON.stringify(readScene('double-pendulum.json'));
    const sim = new engine.Simulation();
    expect(sim.load(text)).toBe('');
    const recorder = recorderOn(sim, text);
    recorder.advance(400);
    const old = (recorder.seek(300), digest(sim));
    recorder.seek(200);
    recorder.give({ kind: 'effort', index: 1, value: -3 });
    expect(recorder.end).toBe(200);
    expect(recorder.keyframes.every((k) => k.step <= 200)).toBe(true);
    recorder.advance(100);
    expect(recorder.end).toBe(300);
    expect(digest(sim)).not.toBe(old);
    const branched = digest(sim);
    recorder.seek(50);
    recorder.seek(300);
    expect(digest(sim)).toBe(branched);
    sim.delete();
  });

  it('replays a panel edit (another mass) at its step and restores keyframes of the scene before it', () => {
    const scene = readScene('double-pendulum.json') as { articulations: { links: { inertial: { mass: number } }[] }[] };
    const text = JSON.stringify(scene);
    scene.articulations[0].links[1].inertial.mass = 4;
    const heavier = JSON.stringify(scene);
    const sim = new engine.Simulation();
    expect(sim.load(text)).toBe('');
    const recorder = recorderOn(sim, text);
    const seen: string[] = [digest(sim)];
    for (let step = 1; step <= 300; step++) {
      recorder.advance(1);
      if (step === 100) {
        const state = sim.saveState();
        expect(sim.load(heavier)).toBe('');
        expect(sim.adoptState(state)).toBe('');
        recorder.give({ kind: 'scene', text: heavier }, true);
      }
      seen.push(digest(sim));
    }
    recorder.seek(50);
    expect(digest(sim)).toBe(seen[50]);
    recorder.seek(250);
    expect(digest(sim)).toBe(seen[250]);
    recorder.seek(99);
    expect(digest(sim)).toBe(seen[99]);
    sim.delete();
  });

  it('keeps 10 minutes of a 1000-box pile within the budget by thinning, every moment still reachable', () => {
    // A stand-in world with the pile's state size (0.9 MB) and free steps: the budget logic, not the physics.
    const STATE_BYTES = 900_000, BUDGET = 64 * 1024 * 1024, STEPS = 10 * 60 * 60;
    let step = 0;
    const world: RecordableWorld = {
      step: (n) => void (step += n),
      saveState: () => {
        const blob = new Uint8Array(STATE_BYTES);
        new DataView(blob.buffer).setFloat64(0, step);
        return blob;
      },
      restoreState: (blob) => {
        step = new DataView(blob.buffer, blob.byteOffset).getFloat64(0);
        return '';
      },
    };
    // restepMs 0: keyframes as dense as they go (the stand-in's steps cost nothing; the pile's cost ~10 ms).
    const recorder = new Recorder(world, 'pile', { budgetBytes: BUDGET, restepMs: 0, applyInput: () => {}, loadScene: () => {} });
    let largest = 0;
    for (let k = 0; k < STEPS; k += 60) {
      recorder.advance(60);
      largest = Math.max(largest, recorder.keyframeBytes);
    }
    expect(recorder.end).toBe(STEPS);
    expect(largest).toBeLessThanOrEqual(BUDGET);
    expect(recorder.keyframes[0].step).toBe(0); // the start is never thinned away
    expect(recorder.keyframes.length).toBeGreaterThan(30); // thinned, not emptied
    expect(recorder.spacing).toBeGreaterThan(8);
    for (const target of [0, 1, 12345, 20000, STEPS - 1, STEPS]) {
      recorder.seek(target);
      expect(step).toBe(target);
    }
  });
});
