// The page's challenge logic in Node: the goal said in words, the live progress line, the
// attempt read off the edited scene (and applied back by the library's applyAttempt, it gives
// that scene again), the timeline's step watch that the page's referee hangs on (every step
// seen once, in order; playing forward stops where a run was decided), the run that observes
// each new step once and stops at its verdict, and where a scene differs from the challenge.
import { describe, expect, it } from 'vitest';
import { applyAttempt } from '../../lib/challenge/attempt';
import type { Scene } from '../../lib/scene.generated';
import { attemptOf } from '../../web/src/challenge/attempt';
import { ChallengeRun } from '../../web/src/challenge/challenge_run';
import type { PanelVerdict } from '../../web/src/challenge/challenge_panel';
import { allowText, goalText, temporalParts } from '../../web/src/challenge/goal_text';
import { progressText } from '../../web/src/challenge/progress_text';
import { sceneDifference } from '../../web/src/challenge/scene_difference';
import type { SceneObject } from '../../web/src/scene/scene_doc';
import { Recorder } from '../../web/src/timeline/recorder';
import { readScene } from './engine';

describe('the goal in words', () => {
  it('says every kind of predicate', () => {
    expect(goalText({ inside: { body: 'launch/ball', region: 'cup' } })).toBe('“ball” inside the region “cup”');
    expect(goalText({ inside: { body: 'box', region: 'shelf', point: [0, 0, 0.1] } })).toBe('“box” (its point [0, 0, 0.1]) inside the region “shelf”');
    expect(goalText({ joint: { name: 'cart-pole/pole', near: 0, within: 0.1 } })).toBe('joint “pole” within 0.1 of 0');
    expect(goalText({ speed: { body: 'box', below: 0.05 } })).toBe('“box” moving slower than 0.05 m/s');
    expect(goalText({ height: { body: 'box', above: 0.5 } })).toBe('“box” higher than 0.5 m');
    expect(goalText({ energyUsed: { below: 50 } })).toBe('less than 50 J of work put in');
    expect(goalText({ touching: { a: 'ball', b: 'floor' } })).toBe('“ball” touching “floor”');
    expect(goalText({ any: [{ height: { body: 'a', above: 1 } }, { height: { body: 'b', above: 1 } }] })).toBe('either “a” higher than 1 m or “b” higher than 1 m');
    expect(goalText({ always: { not: { touching: { a: 'box', b: 'floor' } } } })).toBe('all the time: not (“box” touching “floor”)');
    expect(goalText({ before: { time: 5, goal: { height: { body: 'box', above: 1 } } } })).toBe('“box” higher than 1 m by t = 5 s');
    expect(goalText({ mystery: {} })).toBe('a condition');
  });

  it('finds the holdFor and the before the progress follows', () => {
    expect(temporalParts({ all: [{ before: { time: 4, goal: { holdFor: { seconds: 2, goal: { height: { body: 'a', above: 0 } } } } } }] })).toEqual({ holdSeconds: 2, deadline: 4 });
    expect(temporalParts({ height: { body: 'a', above: 0 } })).toEqual({ holdSeconds: null, deadline: null });
  });

  it('says what may be changed', () => {
    expect(allowText({ sliders: true, build: { maxParts: 8, maxMass: 40 } })).toBe('the sliders (Controls → Scene); parts added in build mode (at most 8 parts, 40 kg in all)');
    expect(allowText(undefined)).toBe('nothing (watch it run)');
  });

  it('shows the time left, the time held and the deadline', () => {
    expect(progressText({ time: 1.234, timeLimit: 5, held: { seconds: 0.25, needed: 0.5 }, deadline: 4 })).toBe('t = 1.23 s · 3.77 s left · held 0.25 of 0.5 s · deadline t = 4 s');
    expect(progressText({ time: 6, timeLimit: 5, held: null, deadline: 4 })).toBe('t = 6.00 s · 0.00 s left · deadline t = 4 s passed');
  });
});

describe('the attempt', () => {
  const original = readScene('challenge-ball-in-cup.json') as unknown as SceneObject;
  const SPEED = '/articulations/0/links/0/joint/velocity/linear/1';

  it('carries the sliders moved, and the library applies it back to the same scene', () => {
    const edited = structuredClone(original);
    ((edited.articulations as { links: { joint: { velocity: { linear: number[] } } }[] }[])[0].links[0].joint.velocity.linear)[1] = 5.5;
    const attempt = attemptOf(original, edited, { sliders: true });
    expect(attempt).toEqual({ sliders: { [SPEED]: 5.5 } });
    expect(applyAttempt(original as unknown as Scene, attempt).scene).toEqual(edited);
    expect(attemptOf(original, edited, {})).toEqual({}); // not allowed: not carried
  });

  it('carries an edited controller and the parts build mode appended', () => {
    const base: SceneObject = { meta: { challenge: { goal: { height: { body: 'a', above: 1 } }, timeLimit: 1, score: 'parts', allow: { controller: true, build: { maxParts: 3 } } } }, bodies: [{ name: 'a' }], controller: { source: 'x', rate: 10 } };
    const edited: SceneObject = { ...structuredClone(base), bodies: [{ name: 'a' }, { name: 'plank' }], constraints: [{ type: 'fixed' }], controller: { source: 'y', rate: 10 } };
    expect(attemptOf(base, edited, { controller: true, build: {} })).toEqual({ controller: { source: 'y' }, parts: { bodies: [{ name: 'plank' }], constraints: [{ type: 'fixed' }] } });
    expect(attemptOf(base, structuredClone(base), { controller: true, build: {} })).toEqual({});
  });
});

describe('what a result cannot carry', () => {
  it('names where the scene that ran differs from the challenge with the attempt applied', () => {
    const a = { world: { gravity: [0, 0, -9.81] }, bodies: [{ name: 'a/b' }], camera: { fov: 50 } };
    expect(sceneDifference(a, structuredClone(a))).toBe('');
    expect(sceneDifference(a, { ...structuredClone(a), camera: { fov: 30 } })).toBe(''); // the view is the viewer's
    expect(sceneDifference(a, { ...structuredClone(a), world: { gravity: [0, 0, -1.62] } })).toBe('/world/gravity/2');
    expect(sceneDifference(a, { ...structuredClone(a), bodies: [{ name: 'a/b' }, { name: 'c' }] })).toBe('/bodies/1');
    expect(sceneDifference({ 'x/y': 1 }, { 'x/y': 2 })).toBe('/x~1y');
  });
});

/** A world that only counts steps, for the recorder. */
function countingWorld() {
  let steps = 0;
  return {
    step: (n: number) => void (steps += n),
    saveState: () => new Uint8Array(new Float64Array([steps]).buffer),
    restoreState: (s: Uint8Array) => {
      steps = new Float64Array(s.buffer.slice(s.byteOffset, s.byteOffset + 8))[0];
      return '';
    },
  };
}

describe('the step watch', () => {
  it('sees every step once in order, and stops playing where the run was decided', () => {
    const recorder = new Recorder(countingWorld(), '{}', { budgetBytes: 1 << 20, applyInput: () => {}, loadScene: () => {}, sampleEvery: 4, sampled: () => {} });
    const seen: number[] = [];
    recorder.stepWatch = (step) => {
      seen.push(step);
      if (step === 37) recorder.stopAt = 37;
    };
    recorder.advance(30);
    recorder.advance(30);
    expect(seen).toEqual(Array.from({ length: 37 }, (_, i) => i + 1));
    expect(recorder.head).toBe(37);
    recorder.advance(5);
    expect(recorder.head).toBe(37); // decided: playing forward goes no further
    recorder.seek(10); // replaying the recording is not stopped, and the watch sees the replayed steps again
    expect(recorder.head).toBe(10);
  });

  it('lets the page observe each new step once and stop at the verdict', () => {
    const decided: [PanelVerdict, number][] = [];
    let observed = 0;
    const run = new ChallengeRun({
      makeReferee: () => ({ observe: () => (++observed === 3 ? { status: 'success', time: 3, score: 3, reason: '' } : null) }),
      dragging: () => false,
      decided: (verdict, step) => decided.push([verdict, step]),
      voided: () => {},
    });
    run.start();
    for (const step of [1, 2, 1, 2, 3, 4]) run.stepped(step); // 1, 2 replayed after a seek: not again
    expect(observed).toBe(3);
    expect(decided).toEqual([[{ status: 'success', time: 3, score: 3, reason: '' }, 3]]);
    run.start();
    expect(run.verdict).toBeNull();
  });
});
