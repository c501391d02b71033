// Fixed-timestep driver: real time accumulates (times the playback speed) and is spent in
// whole steps of dt, independent of the display rate. A frame never runs more than
// MAX_FRAME_SECONDS of simulated time, so a slow frame drops time instead of spiralling.

const MAX_FRAME_SECONDS = 0.1;

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

  /** One notch slower (−1) or faster (+1) along SPEEDS. */
  changeSpeed(direction: -1 | 1): void {
    const index = SPEEDS.indexOf(this.speed);
    const next = index < 0 ? SPEEDS.indexOf(1) : Math.min(SPEEDS.length - 1, Math.max(0, index + direction));
    this.speed = SPEEDS[next];
  }

  /** Exactly one step of dt, whatever the accumulator holds. */
  singleStep(): void {
    this.stepFn(1);
  }

  clearBacklog(): void {
    this.accumulator = 0;
  }
}
