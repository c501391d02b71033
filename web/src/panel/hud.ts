// The numbers line under the controls: time, real-time factor, step cost, counts, fps.
import { speedLabel, type SimLoop } from '../engine/sim_loop';

export class Hud {
  private frames = 0;
  private since = performance.now();
  private fps = 0;

  constructor(private readonly element: HTMLElement) {}

  update(loop: SimLoop, time: number, bodies: number, dofs: number, contacts: number): void {
    this.frames++;
    const now = performance.now();
    if (now - this.since >= 500) {
      this.fps = (this.frames * 1000) / (now - this.since);
      this.frames = 0;
      this.since = now;
    }
    const state = loop.paused ? 'paused' : speedLabel(loop.speed);
    this.element.textContent =
      `t ${time.toFixed(3)} s   ${state}   real-time ${loop.realTimeFactor.toFixed(2)}\n` +
      `step cost ${loop.lastStepMs.toFixed(2)} ms/frame   ${this.fps.toFixed(0)} fps\n` +
      `${bodies} bodies   ${dofs} DoF   ${contacts} contacts`;
  }
}
