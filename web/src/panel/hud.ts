// The numbers line under the controls: time, real-time factor, step cost, counts, fps.
import { speedLabel, type SimLoop } from '../engine/sim_loop';
import { formatFixed, t } from '../i18n/i18n';

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
    const state = loop.paused ? t('hud.paused') : speedLabel(loop.speed);
    this.element.textContent = [
      t('hud.line1', { time: formatFixed(time, 3), state, factor: formatFixed(loop.realTimeFactor, 2) }),
      t('hud.line2', { cost: formatFixed(loop.lastStepMs, 2), fps: formatFixed(this.fps, 0) }),
      t('hud.line3', { bodies, dofs, contacts }),
    ].join('\n');
  }
}
