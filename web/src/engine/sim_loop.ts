// Fixed-timestep driver: real time accumulates (times the playback speed) and is spent in
// whole steps of dt, independent of the display rate. A frame never runs more than
// MAX_FRAME_SECONDS of simulated time, and never steps for longer than STEP_BUDGET_MS of wall
// time whatever dt is: the steps are taken in chunks sized from the measured cost of a step,
// and what the budget leaves undone is dropped, so a slow world runs slower than real time
// (the HUD shows the factor) instead of freezing the page.

const MAX_FRAME_SECONDS = 0.1;
/** Wall-clock milliseconds a frame may spend stepping (the rest of a 60 Hz frame draws). */
export const STEP_BUDGET_MS = 12;
/** Steps in the first chunk of a frame, before the cost of a step is known. */
const FIRST_CHUNK = 1;

/** Playback speeds: powers of two from 1/16× to 4×. The time step never changes with them. */
export const SPEEDS = [1 / 16, 1 / 8, 1 / 4, 1 / 2, 1, 2, 4];

export function speedLabel(speed: number): string {
  return speed >= 1 ? `${speed}×` : `1/${Math.round(1 / speed)}×`;
}

export class SimLoop {
  paused = false;
  speed = 1;
  /** Wall-clock milliseconds of the last frame's stepping. */
  lastStepMs = 0;
  /** Simulated seconds per wall-clock second over the last frames. */
  realTimeFactor = 0;
  private accumulator = 0;
  /** Measured wall-clock milliseconds per step (smoothed); sizes the chunks. */
  private msPerStep = 0;
  private simTimeWindow = 0;
  private wallTimeWindow = 0;
  /** Steps asked for at once (an embedding page's `step`), taken paused, a budget's worth a frame. */
  private queued = 0;
  private whenQueueDone: (() => void) | null = null;

  constructor(
    /** Takes `count` steps; returns how many it took when that can be fewer (a controller's wait). */
    private readonly stepFn: (count: number) => number | void,
    private readonly timestep: () => number,
  ) {}

  /** Advance by one display frame of `wallSeconds`; returns how many steps were taken. */
  frame(wallSeconds: number): number {
    const dt = this.timestep();
    let steps = 0;
    if (this.queued > 0) {
      steps = this.stepWithinBudget(this.queued);
      this.queued -= steps;
      if (this.queued === 0) this.whenQueueDone?.();
    } else if (!this.paused && dt > 0) {
      this.accumulator += Math.min(wallSeconds, MAX_FRAME_SECONDS) * this.speed;
      const wanted = Math.floor(this.accumulator / dt + 1e-9);
      steps = wanted > 0 ? this.stepWithinBudget(wanted) : 0;
      // Time the budget could not buy is dropped, not carried into the next frame.
      this.accumulator = steps < wanted ? 0 : this.accumulator - steps * dt;
    }
    this.simTimeWindow += steps * dt;
    this.wallTimeWindow += wallSeconds;
    if (this.wallTimeWindow >= 0.5) {
      this.realTimeFactor = this.simTimeWindow / this.wallTimeWindow;
      this.simTimeWindow = this.wallTimeWindow = 0;
    }
    return steps;
  }

  /** Takes up to `wanted` steps in chunks until the budget is spent; returns how many were taken. */
  private stepWithinBudget(wanted: number): number {
    const start = performance.now();
    let taken = 0;
    let now = start;
    let chunk = FIRST_CHUNK;
    while (taken < wanted && now - start < STEP_BUDGET_MS) {
      const left = STEP_BUDGET_MS - (now - start);
      // A chunk fills about half of what is left, so the last one cannot overrun the budget by much;
      // while a chunk is too quick for the timer to measure, the next is twice as large.
      const affordable = this.msPerStep > 0 ? Math.floor(left / 2 / this.msPerStep) : chunk;
      chunk = Math.max(1, Math.min(wanted - taken, affordable));
      const done = this.stepFn(chunk) ?? chunk;
      const after = performance.now();
      if (after > now) {
        const perStep = (after - now) / chunk;
        this.msPerStep = this.msPerStep > 0 ? 0.7 * this.msPerStep + 0.3 * perStep : perStep;
      } else if (this.msPerStep === 0) chunk *= 2;
      taken += done;
      now = after;
      if (done < chunk) break; // waiting (a controller's tick): the rest when it answers
    }
    this.lastStepMs = now - start;
    return taken;
  }

  /** One notch slower (−1) or faster (+1) along SPEEDS. */
  changeSpeed(direction: -1 | 1): void {
    const index = SPEEDS.indexOf(this.speed);
    const next = index < 0 ? SPEEDS.indexOf(1) : Math.min(SPEEDS.length - 1, Math.max(0, index + direction));
    this.speed = SPEEDS[next];
  }

  /**
   * Steps the next frames take, within their budget, before any playing: many steps asked for at
   * once never freeze the page. `done` is called when the last of them is taken.
   */
  queueSteps(count: number, done: (() => void) | null = null): void {
    this.queued += count;
    this.whenQueueDone = done;
  }

  /** Steps still queued. */
  get queuedSteps(): number {
    return this.queued;
  }

  /** Exactly one step of dt, whatever the accumulator holds. */
  singleStep(): void {
    this.stepFn(1);
  }

  /** Drops the time owed and the queued steps (another scene, a reset, a seek). */
  clearBacklog(): void {
    this.accumulator = 0;
    this.queued = 0;
    this.whenQueueDone = null;
  }
}
