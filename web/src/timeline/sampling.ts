// How often the plot and the trails sample the world: at every step, but no more often than
// every MIN_SAMPLE_SECONDS of simulated time (every step of every gallery scene), so that a 20 s
// plot window or a 60 s trail stays at most 20,000 or 60,000 points whatever the time step. Samples fall on whole steps (a multiple of
// the interval), so their times are evenly spaced and the same however the frames fall.

export const MIN_SAMPLE_SECONDS = 1 / 1000;

/** Steps between samples for a time step of `dt`. */
export function sampleEvery(dt: number): number {
  return dt > 0 ? Math.max(1, Math.floor(MIN_SAMPLE_SECONDS / dt + 1e-9)) : 1;
}
