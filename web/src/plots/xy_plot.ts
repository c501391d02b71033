// One variable against another (a phase portrait q against q̇, an XY path): uPlot draws against
// a rising x, so these curves, which turn back on themselves, are drawn here on a canvas of their
// own: scaled to fit, with axis labels and ranges, and a dot at the playhead (the last point shown).
import './plots.css';
import { seriesColour } from './chart_options';

export class XYPlot {
  readonly canvas = document.createElement('canvas');

  constructor(host: HTMLElement) {
    this.canvas.className = 'xy-plot';
    this.canvas.hidden = true;
    this.canvas.setAttribute('role', 'img');
    host.append(this.canvas);
  }

  /** Draws `ys` (one curve per series) against `xs`, the first `count` points. */
  draw(xs: number[], ys: number[][], count: number, xLabel: string, yLabels: string[], width: number, height: number): void {
    const ratio = window.devicePixelRatio || 1;
    this.canvas.width = Math.round(width * ratio);
    this.canvas.height = Math.round(height * ratio);
    this.canvas.style.width = `${width}px`;
    this.canvas.style.height = `${height}px`;
    this.canvas.setAttribute('aria-label', `${yLabels.join(', ')} against ${xLabel}`);
    const g = this.canvas.getContext('2d');
    if (!g) return;
    g.setTransform(ratio, 0, 0, ratio, 0, 0);
    g.clearRect(0, 0, width, height);
    const n = Math.min(count, xs.length);
    // A loop, not Math.min(...values): a window holds tens of thousands of samples.
    const range = (series: number[][]) => {
      let lo = Infinity, hi = -Infinity;
      for (const values of series) {
        for (let i = 0; i < n; i++) {
          lo = Math.min(lo, values[i]);
          hi = Math.max(hi, values[i]);
        }
      }
      if (!Number.isFinite(lo) || !Number.isFinite(hi)) lo = hi = 0;
      const pad = (hi - lo) * 0.05 || Math.max(1e-9, Math.abs(lo) * 0.05 || 1);
      return [lo - pad, hi + pad];
    };
    const [x0, x1] = range([xs]), [y0, y1] = range(ys);
    const left = 56, right = 10, top = 10, bottom = 34;
    const px = (x: number) => left + ((x - x0) / (x1 - x0)) * (width - left - right);
    const py = (y: number) => height - bottom - ((y - y0) / (y1 - y0)) * (height - top - bottom);
    g.strokeStyle = '#9aa4ad';
    g.lineWidth = 1;
    g.strokeRect(left, top, width - left - right, height - top - bottom);
    g.fillStyle = '#3a4650';
    g.font = '11px system-ui, sans-serif';
    g.textAlign = 'center';
    g.fillText(xLabel, (left + width - right) / 2, height - 6);
    g.fillText(x0.toPrecision(3), left, height - bottom + 13);
    g.fillText(x1.toPrecision(3), width - right, height - bottom + 13);
    g.textAlign = 'right';
    g.fillText(y1.toPrecision(3), left - 4, top + 9);
    g.fillText(y0.toPrecision(3), left - 4, height - bottom);
    ys.forEach((series, s) => {
      g.strokeStyle = seriesColour(s);
      g.lineWidth = 1.5;
      g.beginPath();
      for (let i = 0; i < n; i++) (i === 0 ? g.moveTo : g.lineTo).call(g, px(xs[i]), py(series[i]));
      g.stroke();
      if (n > 0) {
        g.fillStyle = seriesColour(s);
        g.beginPath();
        g.arc(px(xs[n - 1]), py(series[n - 1]), 4, 0, 2 * Math.PI); // the playhead
        g.fill();
      }
    });
    g.textAlign = 'left';
    yLabels.forEach((label, s) => {
      g.fillStyle = seriesColour(s);
      g.fillText(label, left + 6, top + 14 + 13 * s);
    });
  }
}
