// Live plots (uPlot) of the quantities in plots/quantities.ts, the scene's meta.plots first: the
// last 20 s of simulated time, sampled by the timeline at every sampling step (not once a
// frame: timeline/sampling.ts), exportable as CSV (with units) and PNG. Against time, or against
// any other plotted variable (a phase portrait, an XY path: plots/xy_plot.ts). What is plotted
// is only the chosen quantity; choosing another asks the timeline to replay the window
// (`onHistory`), so the plot always shows its whole window up to now. Zoom and pan of its time
// axis: plots/plot_zoom.ts; several plots at once: plots/plot_set.ts.
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { BodyInfo, JointInfo, Simulation } from 'featherweight-wasm/featherweight.js';
import type { WorldViews } from '../../../lib/views';
import { XYPlot } from './xy_plot';
import { seriesLabel, signalsQuantity, worldQuantities, type Quantity, type QuantitySources } from './quantities';
import { PlotHistory } from './history';
import type { TableSource } from './value_table';
import { chartOptions, seriesColour } from './chart_options';
import type { LegendEntry } from './plot_picture';
import { PlotZoom } from './plot_zoom';
import { MIN_SAMPLE_SECONDS } from '../timeline/sampling';
import { t } from '../i18n/i18n';

/** One entry of a scene's meta.plots (docs/scene-format.md). */
export interface PlotSuggestion {
  quantity: string;
  joint?: string;
  body?: string;
}

const WINDOW_SECONDS = 20;

/** The key of the quantity a suggestion names ("joint.q pendulum/rod"). */
export function suggestionKey(s: PlotSuggestion): string {
  if (s.quantity.startsWith('joint.')) return `${s.quantity} ${s.joint ?? ''}`;
  if (s.quantity.startsWith('body.')) return `${s.quantity} ${s.body ?? ''}`;
  return s.quantity;
}

export class LivePlots {
  private quantities: Quantity[] = [];
  private sceneQuantities: Quantity[] = [];
  /** The controller's signal names (one per line; '' for none) and their values now. */
  private signalNames = '';
  private signalValues: Record<string, number> = {};
  private current: Quantity | null = null;
  private readonly history = new PlotHistory(WINDOW_SECONDS);
  private chart: uPlot | null = null;
  private readonly sources: QuantitySources;
  private readonly sim: Simulation;
  private potentialAtStart = 0;
  /** Samples later than this are recorded but not shown (the timeline went back); null: all. */
  private playhead: number | null = null;
  /** Something changed since the last drawing. */
  private dirty = true;
  /** Called with the time under a click on the plot (the timeline marks it). */
  onTimeClick: (time: number) => void = () => {};
  /** Asks the timeline to replay from `time` to now, sampling on the way: the plot's history. */
  onHistory: (time: number) => void = () => {};
  /** The variable on the horizontal axis instead of time (null: time). */
  private against: { quantity: Quantity; series: number } | null = null;
  private readonly xy: XYPlot;
  private readonly row: number[] = []; // one sample of the plotted quantity, reused every step
  private readonly againstRow: number[] = []; // and of the quantity it is plotted against
  /** The time range shown (null: the whole window). */
  readonly zoom = new PlotZoom();

  constructor(
    views: WorldViews,
    private readonly container: HTMLElement,
    private readonly picker: HTMLSelectElement,
    private readonly xPicker: HTMLSelectElement,
    private readonly resetZoom?: HTMLButtonElement,
  ) {
    this.sim = views.simulation;
    this.sources = {
      views,
      potentialAtStart: () => this.potentialAtStart,
    };
    this.xy = new XYPlot(container);
    picker.addEventListener('change', () => this.select(Number(picker.value)));
    xPicker.addEventListener('change', () => this.plotAgainst(xPicker.value));
    container.addEventListener('click', (event) => {
      if (!this.chart) return;
      const area = this.chart.over.getBoundingClientRect();
      if (event.clientX < area.left || event.clientX > area.right) return;
      const time = this.chart.posToVal(event.clientX - area.left, 'x');
      if (Number.isFinite(time)) this.onTimeClick(time);
    });
    window.addEventListener('resize', this.onResize);
    this.zoom.onChange = () => {
      this.dirty = true;
      if (this.resetZoom) this.resetZoom.hidden = this.zoom.range === null;
    };
    resetZoom?.addEventListener('click', () => this.zoom.set(null));
  }

  /**
   * After a scene loads: the energies, the scene's suggestions, then the momentum, every joint's
   * q and q̇ and every body's position and velocity. With `keep` (the panel rebuilt the same
   * scene) the quantity plotted so far stays selected, with its history, when the scene still
   * has it; otherwise the world is at its start, the zero of potential energy.
   */
  setScene(suggested: PlotSuggestion[] | undefined, bodies: BodyInfo[], keep = false, initialKey?: string, potentialAtStart?: number): void {
    const previous = keep ? this.current?.key : initialKey;
    if (!keep) this.potentialAtStart = potentialAtStart ?? this.sim.potentialEnergy();
    const joints = JSON.parse(this.sim.jointsJson()) as JointInfo[];
    const all = worldQuantities(this.sources, bodies, joints);
    const suggestedFirst = (suggested ?? [])
      .map((s) => all.find((quantity) => quantity.key === suggestionKey(s)))
      .filter((quantity): quantity is Quantity => quantity !== undefined);
    this.sceneQuantities = [...new Set([all[0], ...suggestedFirst, ...all])];
    if (!keep) this.signalNames = ''; // a rebuild keeps the controller and its signals
    this.list(previous, keep);
  }

  /** A new recording from the scene's start (reset): the zero of potential energy is this state's. */
  newRecording(): void {
    this.potentialAtStart = this.sim.potentialEnergy();
    this.clear();
  }

  /**
   * The controller's signals of its last tick: a quantity of their own, second in the list and
   * plotted as soon as the controller first names them.
   */
  setSignals(values: Record<string, number>, showFirst = true): void {
    this.signalValues = values;
    const names = Object.keys(values);
    if (names.join('\n') === this.signalNames) return;
    const first = this.signalNames === '';
    this.signalNames = names.join('\n');
    this.list(first && showFirst ? 'controller' : this.current?.key, true);
  }

  /** The pickers and the chart in the page's language (after a change of language). */
  relabel(): void {
    for (const option of this.picker.options) option.text = this.quantities[Number(option.value)]?.label ?? option.text;
    if (this.chart) this.clear(); // the chart's legend and axes, drawn anew in the new words (its history comes back from the timeline)
    for (const option of this.xPicker.options) {
      const [i, k] = option.value.split(':').map(Number);
      const series = option.value === '' ? undefined : this.quantities[i]?.series[k];
      option.text = series ? t('plots.againstSeries', { series: seriesLabel(series) }) : t('plots.againstTime');
    }
  }

  /** The picker lists (the scene's quantities, the controller's signals second), one kept selected. */
  private list(selectedKey: string | undefined, sameScene: boolean): void {
    const names = this.signalNames === '' ? [] : this.signalNames.split('\n');
    const signals = signalsQuantity(names, () => this.signalValues);
    this.quantities = names.length > 0 ? [this.sceneQuantities[0], signals, ...this.sceneQuantities.slice(1)] : this.sceneQuantities;
    this.picker.replaceChildren(...this.quantities.map((quantity, i) => new Option(quantity.label, String(i))));
    const keptAgainst = sameScene && this.against ? `${this.against.quantity.key}|${this.against.series}` : '';
    this.xPicker.replaceChildren(
      new Option(t('plots.againstTime'), ''),
      ...this.quantities.flatMap((quantity, i) => quantity.series.map((s, k) => new Option(t('plots.againstSeries', { series: seriesLabel(s) }), `${i}:${k}`))),
    );
    let against: LivePlots['against'] = null;
    if (keptAgainst) {
      const [key, series] = keptAgainst.split('|');
      const i = this.quantities.findIndex((quantity) => quantity.key === key);
      if (i >= 0) against = { quantity: this.quantities[i], series: Number(series) };
    }
    const kept = Math.max(0, this.quantities.findIndex((quantity) => quantity.key === selectedKey));
    const shown = (quantity: Quantity | null | undefined) => `${quantity?.key}|${quantity?.series.map(seriesLabel).join('|')}`;
    const same = shown(this.current) === shown(this.quantities[kept]) && keptAgainst === (against ? `${against.quantity.key}|${against.series}` : '');
    this.against = against;
    this.xPicker.value = against ? `${this.quantities.indexOf(against.quantity)}:${against.series}` : '';
    if (same && this.chart && sameScene) {
      // The same plot of the same scene (a rebuild with other numbers, new signals): its history
      // stays. Another scene's plot of the same quantity starts afresh.
      this.current = this.quantities[kept];
      this.picker.value = String(kept);
    } else this.select(kept);
  }

  select(index: number): void {
    this.current = this.quantities[index] ?? null;
    this.picker.value = String(index);
    this.clear();
  }

  /** The horizontal axis: '' for time, 'i:k' for series k of quantity i. */
  plotAgainst(choice: string): void {
    const [i, k] = choice.split(':').map(Number);
    const quantity = choice === '' ? undefined : this.quantities[i];
    this.against = quantity && k >= 0 && k < quantity.series.length ? { quantity, series: k } : null;
    this.xPicker.value = this.against ? choice : '';
    this.clear();
  }

  /** Starts the plot afresh and asks the timeline for the window's history. */
  clear(): void {
    this.history.reset(this.current?.series.length ?? 0);
    this.chart?.destroy();
    this.chart = null;
    this.dirty = true;
    this.zoom.set(null);
    if (!this.current) return;
    const hooks = { draw: (u: uPlot) => this.drawPlayhead(u), select: (u: uPlot) => this.zoom.fromSelect(u) };
    this.chart = new uPlot(chartOptions(this.current.series, this.size(), hooks), [[], ...this.history.values], this.container);
    this.zoom.attach(this.chart);
    this.chart.root.setAttribute('aria-label', t('quantities.chartLabel', { series: this.current.series.map(seriesLabel).join(', ') }));
    if (this.replayable) this.onHistory(Math.max(0, this.sim.time() - WINDOW_SECONDS));
  }

  /**
   * At every sampling step the world reaches (the timeline calls it, `time` = step·dt). A time
   * already sampled (the timeline went back and replays it) is not sampled again: the history up
   * to the playhead is what was recorded, bitwise the same.
   */
  sample(time: number): void {
    if (!this.current || time <= this.history.last) return;
    const row = this.row;
    row.length = 0;
    this.current.sample(row);
    let x: number | undefined;
    if (this.against) {
      if (this.against.quantity === this.current) x = row[this.against.series];
      else {
        const xs = this.againstRow;
        xs.length = 0;
        this.against.quantity.sample(xs);
        x = xs[this.against.series];
      }
    }
    this.history.push(time, row, x);
    this.dirty = true;
  }

  /** Once a frame: draws what was sampled since the last frame. */
  frame(): void {
    if (!this.dirty) return;
    this.history.trim();
    this.draw();
  }

  /** Shows the history up to `time` (the timeline's playhead), or all of it (null). */
  setPlayhead(time: number | null): void {
    if (time === this.playhead) return;
    this.playhead = time;
    this.dirty = true;
  }

  /**
   * The timeline moved to `time` (a seek, a step back, a branch there, which forgets what was
   * sampled after it). A window the history does not cover (gone back past it) is replayed.
   */
  moved(time: number, branched: boolean): void {
    if (branched) this.history.dropAfter(time);
    this.dirty = true;
    const first = this.history.times.length > 0 ? this.history.times[0] : Infinity;
    // The replay starts at a keyframe, so its first sample may be up to one sampling interval late.
    if (this.replayable && first > Math.max(0, time - WINDOW_SECONDS) + MIN_SAMPLE_SECONDS + 1e-9) this.clear();
  }

  /** Whether re-simulating gives the plotted past again (not for the controller's signals). */
  private get replayable(): boolean {
    return (this.current?.replayable ?? false) && (this.against?.quantity.replayable ?? true);
  }

  private draw(): void {
    if (!this.chart || this.container.clientWidth === 0) return;
    this.dirty = false;
    const { times, values, xs } = this.history;
    this.chart.root.hidden = this.against !== null;
    this.xy.canvas.hidden = this.against === null;
    const n = this.playhead === null ? times.length : this.history.countUpTo(this.playhead);
    if (this.against) {
      const { width, height } = this.size();
      this.xy.draw(xs, values, n, seriesLabel(this.against.quantity.series[this.against.series]), (this.current?.series ?? []).map(seriesLabel), width, height);
      return;
    }
    const chart = this.chart;
    chart.batch(() => {
      if (n === times.length) chart.setData([times, ...values]);
      else chart.setData([times.slice(0, n), ...values.map((series) => series.slice(0, n))]);
      this.zoom.apply(chart); // new data resets the scales: the zoomed range stays
    });
  }

  /** The zero of potential energy: the scene's start. */
  get potentialZero(): number {
    return this.potentialAtStart;
  }

  /** The key of the quantity plotted ("energy", "joint.q pendulum/rod"). */
  get quantityKey(): string | undefined {
    return this.current?.key;
  }

  /** How many quantities the picker offers. */
  get quantityCount(): number {
    return this.quantities.length;
  }

  /** The samples held (for the table of values: plots/value_table.ts). */
  get samples(): PlotHistory {
    return this.history;
  }

  /** The plotted series' labels with units ("rod: q (rad)"); none plotted: []. */
  get seriesLabels(): string[] {
    return (this.current?.series ?? []).map(seriesLabel);
  }

  /** The time shown last on the plot: the playhead when the timeline went back, else the newest sample. */
  get shownUntil(): number {
    return this.playhead ?? this.history.last;
  }

  get sampleCount(): number {
    return this.history.times.length;
  }

  /** For tests: what the chart shows — its series' labels and scales, its axes' labels and scales — and the samples held. */
  describe(): {
    series: string[]; scales: string[]; axes: string[]; axisScales: string[]; ticks: { labels: string[]; width: number }[]; times: number[]; values: number[][];
    xRange: [number, number] | null; zoom: [number, number] | null;
  } {
    const chart = this.chart;
    // uPlot keeps what each axis drew and the room it gave it as _values and _size.
    const drawn = (chart?.axes ?? []) as (uPlot.Axis & { _values?: (string | number)[]; _size?: number })[];
    return {
      ticks: drawn.map((a) => ({ labels: (a._values ?? []).map(String), width: a._size ?? 0 })),
      series: (chart?.series.slice(1) ?? []).map((s) => String(s.label ?? '')),
      scales: (chart?.series.slice(1) ?? []).map((s) => s.scale ?? ''),
      axes: (chart?.axes ?? []).map((a) => String(a.label ?? '')),
      axisScales: (chart?.axes ?? []).map((a) => a.scale ?? ''),
      times: [...this.history.times],
      values: this.history.values.map((v) => [...v]),
      xRange: chart && chart.scales.x.min !== undefined && chart.scales.x.max !== undefined ? [chart.scales.x.min, chart.scales.x.max] : null,
      zoom: this.zoom.range ? [...this.zoom.range] : null,
    };
  }

  private readonly onResize = () => this.resize();

  /** A plot removed from the page: its chart and its listener go. */
  dispose(): void {
    window.removeEventListener('resize', this.onResize);
    this.chart?.destroy();
    this.chart = null;
    this.current = null;
  }

  /** The chart follows its container (a resized window, a panel shown again). */
  resize(): void {
    this.chart?.setSize(this.size());
    this.dirty = true;
  }

  /** What the CSV exports (plots/value_table.ts): the horizontal variable when it is not t, then the series, as shown. */
  get exported(): TableSource {
    const labels = this.seriesLabels, until = this.shownUntil;
    if (!this.against) return { labels, history: this.history, until };
    const withX = new PlotHistory(Infinity);
    withX.times = this.history.times;
    withX.values = [this.history.xs, ...this.history.values];
    return { labels: [seriesLabel(this.against.quantity.series[this.against.series]), ...labels], history: withX, until };
  }

  /** The time plot's series, for the PNG's legend (the XY plot labels its own canvas). */
  get legend(): LegendEntry[] {
    if (this.against) return [];
    return this.seriesLabels.map((label, i) => ({ label, colour: seriesColour(i) }));
  }

  /** The chart's canvas (the PNG's picture), if drawn. */
  get canvas(): HTMLCanvasElement | null {
    return this.against ? this.xy.canvas : (this.chart?.root.querySelector('canvas') ?? null);
  }

  // Against time, with the timeline gone back: a line at the playhead.
  private drawPlayhead(u: uPlot): void {
    if (this.playhead === null) return;
    const x = u.valToPos(this.playhead, 'x', true);
    const g = u.ctx;
    g.save();
    g.strokeStyle = '#d9482b';
    g.setLineDash([4, 3]);
    g.beginPath();
    g.moveTo(x, u.bbox.top);
    g.lineTo(x, u.bbox.top + u.bbox.height);
    g.stroke();
    g.restore();
  }

  /** Lower, when several plots are stacked in the panel. */
  compact = false;

  private size(): { width: number; height: number } {
    const narrow = window.matchMedia('(max-width: 600px)').matches;
    const height = this.compact ? (narrow ? 90 : 110) : narrow ? 110 : 160;
    return { width: Math.max(160, this.container.clientWidth), height };
  }
}
