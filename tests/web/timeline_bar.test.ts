// The timeline bar's memory line: plural only for several, sizes a person reads, the spacing
// to two significant digits.
import { describe, expect, it } from 'vitest';
import { memoryText } from '../../web/src/timeline/timeline_bar';

describe('timeline memory line', () => {
  it('reads "1 keyframe · 12 kB of 64 MB · one every 8.2 s", never "1 keyframes · 0.0 of 64.0 MB"', () => {
    const MB = 1024 * 1024;
    expect(memoryText({ keyframes: 1, bytes: 12_000, budgetBytes: 64 * MB, spacing: 1966, timestep: 1 / 240 })).toBe('1 keyframe · 12 kB of 64 MB · one every 8.2 s');
    expect(memoryText({ keyframes: 445, bytes: 1.5 * MB, budgetBytes: 4 * MB, spacing: 8, timestep: 0.001 })).toBe('445 keyframes · 1.5 MB of 4 MB · one every 8 ms');
    expect(memoryText({ keyframes: 3, bytes: 40 * MB, budgetBytes: 64 * MB, spacing: 4096, timestep: 1 / 120 })).toBe('3 keyframes · 40 MB of 64 MB · one every 34 s');
  });
});
