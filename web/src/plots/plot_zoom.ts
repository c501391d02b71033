// Zoom and pan of a time plot's horizontal axis. The range shown is the owner's state (kept
// across the data arriving every frame, which would otherwise reset uPlot's scales): a drag
// selects a range (uPlot's select, plots/chart_options.ts), the wheel zooms about the cursor,
// Shift+drag pans; null shows the whole window again.
import type uPlot from 'uplot';

export type Range = [number, number];

/** The zoom state of one plot: the time range shown, or null for all of it. */
export class PlotZoom {
  range: Range | null = null;
  /** Called after every change (the owner redraws and shows its reset button). */
  onChange: () => void = () => {};

  set(range: Range | null): void {
    this.range = range && range[1] > range[0] ? range : null;
    this.onChange();
  }

  /** The range the user dragged out on `u` (uPlot's select), then the selection cleared. */
  fromSelect(u: uPlot): void {
    const { left, width } = u.select;
    if (width <= 0) return;
    const from = u.posToVal(left, 'x'), to = u.posToVal(left + width, 'x');
    u.setSelect({ left: 0, top: 0, width: 0, height: 0 }, false);
    this.set([from, to]);
  }

  /** Applies the range to the chart's x scale (after new data reset it). */
  apply(u: uPlot): void {
    if (this.range) u.setScale('x', { min: this.range[0], max: this.range[1] });
  }

  /**
   * The wheel zooms about the time under the cursor (by 1.25 a notch); Shift+drag pans. Both on
   * uPlot's overlay, the pan ahead of uPlot's own drag (which would select).
   */
  attach(u: uPlot): void {
    u.over.addEventListener('wheel', (event) => {
      event.preventDefault();
      const { min, max } = u.scales.x;
      if (min === undefined || max === undefined) return;
      const at = u.posToVal(event.offsetX, 'x');
      const factor = event.deltaY > 0 ? 1.25 : 0.8;
      this.set([at - (at - min) * factor, at + (max - at) * factor]);
    }, { passive: false });
    u.root.addEventListener('mousedown', (event) => {
      if (!event.shiftKey || event.target !== u.over) return;
      event.stopPropagation();
      event.preventDefault();
      const { min, max } = u.scales.x;
      if (min === undefined || max === undefined) return;
      const startX = event.clientX, perPixel = (max - min) / Math.max(1, u.over.clientWidth);
      const move = (e: MouseEvent) => {
        const shift = (startX - e.clientX) * perPixel;
        this.set([min + shift, max + shift]);
      };
      const up = () => {
        window.removeEventListener('mousemove', move);
        window.removeEventListener('mouseup', up);
      };
      window.addEventListener('mousemove', move);
      window.addEventListener('mouseup', up);
    }, { capture: true });
  }
}
