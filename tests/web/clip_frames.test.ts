// A clip's frames' simulated times (web/src/clips/clip_recorder.ts): t0 + k·s/fps for k = 0 … N
// with N = (t1 − t0)·fps/s, so that the clip lasts (t1 − t0)/s at fps frames per second.
import { describe, expect, it } from 'vitest';
import { clipFrameTimes } from '../../web/src/clips/clip_recorder';

describe('clip frame times', () => {
  it.each([
    [0.5, 1.5, 1, 30, 31],
    [0.5, 1.5, 0.5, 30, 61],
    [0, 2, 0.25, 24, 193],
    [1, 3, 2, 60, 61],
  ])('%f s to %f s at %f× and %i fps: %i frames, s/fps apart, both ends included', (from, to, speed, fps, count) => {
    const times = clipFrameTimes({ from, to, speed, fps });
    expect(times).toHaveLength(count);
    expect(times[0]).toBe(from);
    expect(times.at(-1)).toBeCloseTo(to, 12);
    for (let k = 1; k < times.length; k++) expect(times[k] - times[k - 1]).toBeCloseTo(speed / fps, 12);
    expect((times.length - 1) / fps).toBeCloseTo((to - from) / speed, 12); // the clip's length
  });
});
