// uPlot's options for a quantity against time: one scale and one axis per unit (N·m·s and kg·m/s
// never share one), axes labelled with their unit and as wide as their longest tick label, tick
// labels with as many digits as the tick spacing needs, and a scale that never collapses onto a
// single tick when a value is (nearly) constant.
import type uPlot from 'uplot';
import { formatTime, formatValue } from './plot_numbers';
import { seriesLabel, type Series } from './quantities';
import { formatFixed, t } from '../i18n/i18n';

const COLORS = ['#d9482b', '#2b6cd9', '#1d2329', '#2b9d58', '#9a4dc9', '#c98a1d', '#4dc9c0'];

/** The colour of a plot's i-th series: its curve, its legend entry, the XY plot's curve. */
export function seriesColour(i: number): string {
  return COLORS[i % COLORS.length];
}
const FONT = '11px system-ui, sans-serif';

/** What each unit's axis is called: short, so that it fits along a 160 px high plot. */
const AXIS_NAMES: Record<string, string> = {
  J: 'E (J)',
  'rad/s': 'ω (rad/s)',
  m: 'x (m)',
  'm/s': 'v (m/s)',
  'N·m·s': 'L (N·m·s)',
  'kg·m/s': 'p (kg·m/s)',
};

function axisName(unit: string): string {
  if (unit === 'rad') return t('quantities.angleAxis');
  return AXIS_NAMES[unit] ?? (unit === '' ? t('quantities.valueAxis') : unit);
}

/** Tick labels with the digits their spacing needs (0.25, 0.5 … not 0.250000001; 2e-7 when tiny). */
function tickLabels(_u: uPlot, splits: number[], _axis: number, _space: number, increment: number): string[] {
  const largest = Math.max(...splits.map(Math.abs));
  if (largest !== 0 && (largest < 1e-3 || largest >= 1e6)) return splits.map((v) => (v === 0 ? '0' : v.toExponential(1)));
  const decimals = Math.min(9, Math.max(0, -Math.floor(Math.log10(increment) + 1e-9)));
  return splits.map((v) => formatFixed(Math.abs(v) < increment / 2 ? 0 : v, decimals));
}

/** The data's range, widened to a minimum span (a constant value gets a few ticks around it) and padded. */
function valueRange(_u: uPlot, min: number | null, max: number | null): [number, number] {
  if (min === null || max === null || !Number.isFinite(min) || !Number.isFinite(max)) return [-1, 1];
  if (min === max) return [min - Math.max(1, 0.1 * Math.abs(min)), max + Math.max(1, 0.1 * Math.abs(max))]; // a constant: ticks around it
  const least = Math.max(1e-9, 1e-6 * Math.max(Math.abs(min), Math.abs(max)));
  if (max - min < least) {
    const mid = (min + max) / 2;
    return [mid - least / 2, mid + least / 2];
  }
  const pad = 0.05 * (max - min);
  return [min - pad, max + pad];
}

/** An axis as wide as its widest tick label (measured in its font), plus its ticks and gap. */
function axisWidth(u: uPlot, values: string[], axisIndex: number, cycle: number): number {
  const axis = u.axes[axisIndex] as uPlot.Axis & { _size?: number };
  if (cycle > 1 && axis._size) return axis._size; // settle: labels do not change width again
  u.ctx.font = FONT;
  const widest = Math.max(0, ...(values ?? []).map((text) => u.ctx.measureText(text ?? '').width));
  return Math.ceil(widest + 6 + 4 + 2); // ticks, gap, margin (measured in CSS pixels: the context is unscaled here)
}

/** The units in order of first use. */
function unitsOf(series: Series[]): string[] {
  return [...new Set(series.map((s) => s.unit))];
}

/** The cursor's read-out in the legend: a value in the page's language, '–' off the data. */
function readout(format: (x: number) => string): (u: uPlot, value: number | null) => string {
  return (_u, value) => (value === null ? '–' : format(value));
}

/** What the chart's owner draws on it and hears from it. */
export interface ChartHooks {
  draw(u: uPlot): void;
  /** A range dragged out on the plot (zoom to it). */
  select(u: uPlot): void;
}

/** The key every time plot's cursor shares: pointing at one moment shows it in every plot. */
export const CURSOR_SYNC_KEY = 'featherweight-plots';

export function chartOptions(series: Series[], size: { width: number; height: number }, hooks: ChartHooks): uPlot.Options {
  const units = unitsOf(series);
  const scales: uPlot.Scales = { x: { time: false } };
  for (const unit of units) scales[`u:${unit}`] = { range: valueRange };
  return {
    ...size,
    // The legend reads out t and every series at the cursor (labels carry the units).
    legend: { live: true },
    // A drag selects a time range, which the owner zooms to (plot_zoom.ts), not uPlot itself.
    // Cursors move together (a moment reads out in every plot), but a drag zooms only its own
    // plot: presses are not passed on.
    cursor: {
      drag: { x: true, y: false, setScale: false, dist: 4 },
      sync: { key: CURSOR_SYNC_KEY, filters: { pub: (type) => type !== 'mousedown' && type !== 'mouseup' } },
      points: { size: 6 },
    },
    scales,
    hooks: { draw: [hooks.draw], setSelect: [hooks.select] },
    axes: [
      { label: 't (s)', font: FONT, labelFont: `bold ${FONT}`, labelSize: 16, size: 26, space: 60, values: tickLabels },
      ...units.map((unit, i): uPlot.Axis => ({
        scale: `u:${unit}`,
        label: axisName(unit),
        side: i % 2 === 0 ? 3 : 1, // left, right, left …
        grid: { show: i === 0 },
        font: FONT,
        labelFont: `bold ${FONT}`,
        labelSize: 20,
        labelGap: 4, // the label clear of the tick values
        size: axisWidth,
        space: 24,
        values: tickLabels,
      })),
    ],
    series: [
      { label: t('plots.time'), value: readout(formatTime) },
      ...series.map((s, i) => ({ label: seriesLabel(s), scale: `u:${s.unit}`, stroke: seriesColour(i), width: 1.5, points: { show: false }, value: readout(formatValue) })),
    ],
  };
}
