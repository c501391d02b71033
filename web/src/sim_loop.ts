// Fixed-timestep driver: real time accumulates (times the playback speed) and is spent in
// whole steps of dt, independent of the display rate. A frame never runs more than
// MAX_FRAME_SECONDS of simulated time, so a slow frame drops time instead of spiralling.

const MAX_FRAME_SECONDS = 0.1;

export class SimLoop {
  paused = false;
  speed = 1;
  /** Wall-clock milliseconds of the last frame's stepping. */
  lastStepMs = 0;
  /** Simulated seconds per wall-clock second over the last frames. */
  realTimeFactor = 0;
  private accumulator = 0;
  private simTimeWindow = 0;
  private wallTimeWindow = 0;

  constructor(
    private readonly stepFn: (count: number) => void,
    private readonly timestep: () => number,
  ) {}

  /** Advance by one display frame of `wallSeconds`; returns how many steps were taken. */
  frame(wallSeconds: number): number {
    const dt = this.timestep();
    let steps = 0;
    if (!this.paused && dt > 0) {
      this.accumulator += Math.min(wallSeconds, MAX_FRAME_SECONDS) * this.speed;
      steps = Math.floor(this.accumulator / dt + 1e-9);
      this.accumulator -= steps * dt;
      if (steps > 0) {
        const start = performance.now();
        this.stepFn(steps);
        this.lastStepMs = performance.now() - start;
      }
    }
    this.simTimeWindow += steps * dt;
    this.wallTimeWindow += wallSeconds;
    if (this.wallTimeWindow >= 0.5) {
      this.realTimeFactor = this.simTimeWindow / this.wallTimeWindow;
      this.simTimeWindow = this.wallTimeWindow = 0;
    }
    return steps;
  }

  /** Exactly one step of dt, whatever the accumulator holds. */
  singleStep(): void {
    this.stepFn(1);
  }

  clearBacklog(): void {
    this.accumulator = 0;
  }
}
