// The plotted samples: times on the sampling grid (timeline/sampling.ts), one value per series,
// and the horizontal variable when the plot is against one. Kept for a window of simulated time.

export class PlotHistory {
  times: number[] = [];
  values: number[][] = [];
  xs: number[] = [];

  constructor(private readonly windowSeconds: number) {}

  get last(): number {
    return this.times.length > 0 ? this.times[this.times.length - 1] : -Infinity;
  }

  reset(seriesCount: number): void {
    this.times = [];
    this.xs = [];
    this.values = Array.from({ length: seriesCount }, () => []);
  }

  push(time: number, row: number[], x: number | undefined): void {
    this.times.push(time);
    for (let i = 0; i < this.values.length; i++) this.values[i].push(row[i]);
    if (x !== undefined) this.xs.push(x);
  }

  /** Forgets what is older than the window before the newest sample (in one go, not one by one). */
  trim(): void {
    const old = this.countUpTo(this.last - this.windowSeconds) - 1; // keeps one sample at the window's edge
    if (old <= 0) return;
    this.times.splice(0, old);
    this.xs.splice(0, old);
    for (const series of this.values) series.splice(0, old);
  }

  /** Forgets what came after `time`. */
  dropAfter(time: number): void {
    const kept = this.countUpTo(time);
    this.times.length = kept;
    this.xs.length = Math.min(this.xs.length, kept);
    for (const series of this.values) series.length = kept;
  }

  /** How many samples are at or before `time` (sample times are step·dt; the playhead is the engine's clock). */
  countUpTo(time: number): number {
    let lo = 0, hi = this.times.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.times[mid] <= time + 1e-9) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
