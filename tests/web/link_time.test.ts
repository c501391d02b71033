// A moment in a share link (web/src/share/link_time.ts): written and read back; bad values are named and left out.
import { describe, expect, it } from 'vitest';
import { MAX_LINK_TIME, splitMoment, withMoment } from '../../web/src/share/link_time';

describe('link moment', () => {
  it('round-trips t, paused and markers after the scene data', () => {
    const fragment = withMoment('#scene=1.abc_-', { t: 1.2345678912, paused: true, markers: [0.5, 1.25] });
    expect(fragment).toBe('#scene=1.abc_-&t=1.234568&paused=1&markers=0.5,1.25');
    expect(splitMoment(fragment)).toEqual({ scene: '#scene=1.abc_-', moment: { t: 1.234568, paused: true, markers: [0.5, 1.25] }, problems: [] });
    expect(withMoment('#scene=1.x', { paused: false, markers: [] })).toBe('#scene=1.x');
  });

  it('names a bad time or bad markers and leaves them out', () => {
    for (const bad of ['-1', 'NaN', '1e9', '', 'abc', String(MAX_LINK_TIME + 1)]) {
      const { moment, problems } = splitMoment(`#scene=1.x&t=${bad}`);
      expect(moment.t).toBeUndefined();
      expect(problems[0]).toMatch(/time t=/);
    }
    const { moment, problems } = splitMoment('#scene=1.x&markers=1,two');
    expect(moment.markers).toBeUndefined();
    expect(problems[0]).toMatch(/markers/);
  });
});
