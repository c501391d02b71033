// A moment in a share link: `#scene=1.<data>&t=1.25&paused=1&markers=0.5,1.2`. The scene data
// never holds '&' (base64url), so the moment follows it in the same fragment. Opening such a
// link re-simulates the scene from its start to t (deterministic: the same motion everywhere)
// and shows it there. Every value is checked; a bad one is named and left out, never trusted.

/** The latest time a link may ask for: reaching it re-simulates every step up to it. */
export const MAX_LINK_TIME = 600;
/**
 * The most steps a link's moment may take to reach (at t = 600 s, a time step of 0.6 ms): a
 * millisecond step reaches any link time, a microsecond one would re-simulate for hours.
 */
export const MAX_LINK_STEPS = 1_000_000;
const MAX_MARKERS = 50;

export interface LinkMoment {
  t?: number;
  paused?: boolean;
  markers?: number[];
}

/** Splits a fragment into its scene part and its moment; problems name the bad parameter. */
export function splitMoment(fragment: string): { scene: string; moment: LinkMoment; problems: string[] } {
  const amp = fragment.indexOf('&');
  if (amp < 0) return { scene: fragment, moment: {}, problems: [] };
  const moment: LinkMoment = {};
  const problems: string[] = [];
  for (const [key, value] of new URLSearchParams(fragment.slice(amp + 1))) {
    if (key === 't') {
      const t = Number(value);
      if (value !== '' && Number.isFinite(t) && t >= 0 && t <= MAX_LINK_TIME) moment.t = t;
      else problems.push(`the link's time t=${value.slice(0, 20)} is not a number of seconds from 0 to ${MAX_LINK_TIME}; the scene starts at 0`);
    } else if (key === 'paused') {
      moment.paused = value === '1';
    } else if (key === 'markers') {
      const times = value.split(',').slice(0, MAX_MARKERS).map(Number);
      if (times.every((t) => Number.isFinite(t) && t >= 0 && t <= MAX_LINK_TIME)) moment.markers = times;
      else problems.push("the link's markers are not times in seconds; they are left out");
    }
  }
  return { scene: fragment.slice(0, amp), moment, problems };
}

/** The fragment with a moment appended (times rounded to the microsecond). */
export function withMoment(sceneFragment: string, moment: LinkMoment): string {
  const params: string[] = [];
  if (moment.t !== undefined && moment.t > 0) params.push(`t=${round(moment.t)}`);
  if (moment.paused) params.push('paused=1');
  if (moment.markers && moment.markers.length > 0) params.push(`markers=${moment.markers.slice(0, MAX_MARKERS).map(round).join(',')}`);
  return params.length > 0 ? `${sceneFragment}&${params.join('&')}` : sceneFragment;
}

function round(t: number): string {
  return String(Math.round(t * 1e6) / 1e6);
}
