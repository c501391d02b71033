// Live plots (uPlot) of the energies, the momentum, any joint's q or q̇, any body's position or
// velocity (read from the engine's pose and velocity buffers), the scene's meta.plots first; the
// last 20 s of simulated time, sampled once per frame, exportable as CSV and PNG. Against time,
// or against any other plotted variable (a phase portrait, an XY path: plots/xy_plot.ts).
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { BodyInfo, FeatherweightModule, JointInfo, Simulation } from 'featherweight-wasm/featherweight.js';
import { Float64HeapView } from './heap_view';
import type { BodyBufferView } from './body_buffer_view';
import { XYPlot } from './plots/xy_plot';

/** One entry of a scene's meta.plots (docs/scene-format.md). */
export interface PlotSuggestion {
  quantity: string;
  joint?: string;
  body?: string;
}

interface Quantity {
  label: string;
  key: string; // as meta.plots names it: "energy", "joint.q pendulum/rod", "body.velocity box"
  series: string[]; // names of the plotted series
  sample(out: number[]): void; // appends one value per series
}

const WINDOW_SECONDS = 20;

function suggestionKey(s: PlotSuggestion): string {
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
  private times: number[] = [];
  private values: number[][] = [];
  private chart: uPlot | null = null;
  private readonly q: Float64HeapView;
  private readonly v: Float64HeapView;
  private readonly momentum: Float64HeapView;
  /** Samples later than this are recorded but not shown (the timeline went back); null: all. */
  private playhead: number | null = null;
  /** Called with the time under a click on the plot (the timeline marks it). */
  onTimeClick: (time: number) => void = () => {};
  /** The variable on the horizontal axis instead of time (null: time), and its samples. */
  private against: { quantity: Quantity; series: number } | null = null;
  private xs: number[] = [];
  private readonly xy: XYPlot;

  constructor(
    engine: FeatherweightModule,
    private readonly sim: Simulation,
    private readonly poses: BodyBufferView,
    private readonly velocities: BodyBufferView,
    private readonly container: HTMLElement,
    private readonly picker: HTMLSelectElement,
    private readonly xPicker: HTMLSelectElement,
  ) {
    this.q = new Float64HeapView(engine);
    this.v = new Float64HeapView(engine);
    this.momentum = new Float64HeapView(engine);
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
    window.addEventListener('resize', () => this.resize());
  }

  /**
   * After a scene loads: the energies, the scene's suggestions, then the momentum, every joint's
   * q and q̇ and every body's position and velocity. With `keep` (the panel rebuilt the same
   * scene) the quantity plotted so far stays selected when the scene still has it.
   */
  setScene(suggested: PlotSuggestion[] | undefined, bodies: BodyInfo[], keep = false): void {
    const previous = keep ? this.current?.key : undefined;
    const joints = (JSON.parse(this.sim.jointsJson()) as JointInfo[]).filter((j) => j.nv > 0);
    const energy: Quantity = {
      label: 'Energy (J)',
      key: 'energy',
      series: ['kinetic', 'potential', 'total'],
      sample: (out) => {
        const k = this.sim.kineticEnergy(), p = this.sim.potentialEnergy();
        out.push(k, p, k + p);
      },
    };
    const momentum: Quantity = {
      label: 'Momentum (angular N·m·s, linear N·s)',
      key: 'momentum',
      series: ['Lx', 'Ly', 'Lz', 'px', 'py', 'pz'],
      sample: (out) => {
        const h = this.momentum.at(this.sim.momentumPointer(), 6);
        for (let k = 0; k < 6; k++) out.push(h[k]);
      },
    };
    const jointQuantity = (joint: JointInfo, which: 'q' | 'qd'): Quantity => {
      const count = which === 'q' ? joint.nq : joint.nv;
      const names = Array.from({ length: count }, (_, k) => `${joint.name}.${which}${count > 1 ? k : ''}`);
      return {
        label: `${joint.name} ${which === 'q' ? 'q' : 'q̇'}`,
        key: `joint.${which} ${joint.name}`,
        series: names,
        sample: (out) => {
          const values = which === 'q' ? this.q.at(this.sim.qPointer(), this.sim.nq()) : this.v.at(this.sim.vPointer(), this.sim.nv());
          const first = which === 'q' ? joint.qIndex : joint.vIndex;
          for (let k = 0; k < count; k++) out.push(values[first + k]);
        },
      };
    };
    const bodyQuantity = (body: BodyInfo, index: number, which: 'position' | 'velocity'): Quantity => ({
      label: `${body.name} ${which === 'position' ? 'position (m)' : 'velocity (m/s)'}`,
      key: `body.${which} ${body.name}`,
      series: (which === 'position' ? ['x', 'y', 'z'] : ['vx', 'vy', 'vz']).map((axis) => `${body.name}.${axis}`),
      sample: (out) => {
        // Views, not copies: re-created only when the memory grows.
        const view = which === 'position' ? this.poses : this.velocities;
        const buffer = view.values;
        const first = index * view.stride;
        out.push(buffer[first], buffer[first + 1], buffer[first + 2]);
      },
    });
    const all = [
      energy,
      momentum,
      ...joints.flatMap((j) => [jointQuantity(j, 'q'), jointQuantity(j, 'qd')]),
      ...bodies.flatMap((b, i) => [bodyQuantity(b, i, 'position'), bodyQuantity(b, i, 'velocity')]),
    ];
    const suggestedFirst = (suggested ?? [])
      .map((s) => all.find((quantity) => quantity.key === suggestionKey(s)))
      .filter((quantity): quantity is Quantity => quantity !== undefined);
    this.sceneQuantities = [...new Set([energy, ...suggestedFirst, ...all])];
    if (!keep) this.signalNames = ''; // a rebuild keeps the controller and its signals
    this.list(previous, keep);
  }

  /**
   * The controller's signals of its last tick: a quantity of their own, second in the list and
   * plotted as soon as the controller first names them (issue 19).
   */
  setSignals(values: Record<string, number>): void {
    this.signalValues = values;
    const names = Object.keys(values);
    if (names.join('\n') === this.signalNames) return;
    const first = this.signalNames === '';
    this.signalNames = names.join('\n');
    this.list(first ? 'controller' : this.current?.key, true);
  }

  /** The picker lists (the scene's quantities, the controller's signals second), one kept selected. */
  private list(selectedKey: string | undefined, keepAgainst: boolean): void {
    const names = this.signalNames === '' ? [] : this.signalNames.split('\n');
    const signals: Quantity = {
      label: 'Controller signals',
      key: 'controller',
      series: names,
      sample: (out) => names.forEach((name) => out.push(this.signalValues[name] ?? NaN)),
    };
    this.quantities = names.length > 0 ? [this.sceneQuantities[0], signals, ...this.sceneQuantities.slice(1)] : this.sceneQuantities;
    this.picker.replaceChildren(...this.quantities.map((quantity, i) => new Option(quantity.label, String(i))));
    const keptAgainst = keepAgainst && this.against ? `${this.against.quantity.key}|${this.against.series}` : '';
    this.xPicker.replaceChildren(
      new Option('against t', ''),
      ...this.quantities.flatMap((quantity, i) => quantity.series.map((name, k) => new Option(`against ${name}`, `${i}:${k}`))),
    );
    this.against = null;
    if (keptAgainst) {
      const [key, series] = keptAgainst.split('|');
      const i = this.quantities.findIndex((quantity) => quantity.key === key);
      if (i >= 0) this.xPicker.value = `${i}:${series}`;
    }
    if (this.xPicker.value) this.plotAgainst(this.xPicker.value, false);
    const kept = this.quantities.findIndex((quantity) => quantity.key === selectedKey);
    this.select(Math.max(0, kept));
  }

  select(index: number): void {
    this.current = this.quantities[index] ?? null;
    this.picker.value = String(index);
    this.clear();
  }

  /** The horizontal axis: '' for time, 'i:k' for series k of quantity i. */
  plotAgainst(choice: string, clear = true): void {
    const [i, k] = choice.split(':').map(Number);
    const quantity = choice === '' ? undefined : this.quantities[i];
    this.against = quantity && k >= 0 && k < quantity.series.length ? { quantity, series: k } : null;
    this.xPicker.value = this.against ? choice : '';
    if (clear) this.clear();
  }

  clear(): void {
    this.times = [];
    this.xs = [];
    this.values = (this.current?.series ?? []).map(() => []);
    this.chart?.destroy();
    this.chart = null;
    if (!this.current) return;
    const colors = ['#d9482b', '#2b6cd9', '#1d2329', '#2b9d58', '#9a4dc9', '#c98a1d', '#4dc9c0'];
    this.chart = new uPlot(
      {
        ...this.size(),
        legend: { live: false },
        cursor: { show: false },
        scales: { x: { time: false } },
        hooks: { draw: [(u: uPlot) => this.drawPlayhead(u)] },
        axes: [{ label: 't (s)' }, {}],
        series: [{}, ...this.current.series.map((name, i) => ({ label: name, stroke: colors[i % colors.length], width: 1.5, points: { show: false } }))],
      },
      [[], ...this.values],
      this.container,
    );
  }

  /**
   * Once per frame, after stepping. A time already sampled (the timeline went back and replays)
   * is not sampled again: the history up to the playhead is what was recorded.
   */
  sample(time: number): void {
    if (!this.current || !this.chart) return;
    if (this.times.length > 0 && time <= this.times[this.times.length - 1]) return;
    const row: number[] = [];
    this.current.sample(row);
    this.times.push(time);
    row.forEach((value, i) => this.values[i].push(value));
    if (this.against) {
      const x: number[] = [];
      if (this.against.quantity === this.current) x.push(...row);
      else this.against.quantity.sample(x);
      this.xs.push(x[this.against.series]);
    }
    while (this.times.length > 2 && this.times[0] < time - WINDOW_SECONDS) {
      this.times.shift();
      this.xs.shift();
      this.values.forEach((series) => series.shift());
    }
    this.draw();
  }

  /** Shows the history up to `time` (the timeline's playhead), or all of it (null). */
  setPlayhead(time: number | null): void {
    this.playhead = time;
    this.draw();
  }

  /** Forgets what was sampled after `time`: the timeline branched there. */
  dropAfter(time: number): void {
    const kept = this.countUpTo(time);
    this.times.length = kept;
    this.xs.length = Math.min(this.xs.length, kept);
    for (const series of this.values) series.length = kept;
    this.draw();
  }

  private countUpTo(time: number): number {
    let lo = 0, hi = this.times.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.times[mid] <= time + 1e-12) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private draw(): void {
    if (!this.chart || this.container.clientWidth === 0) return;
    this.chart.root.hidden = this.against !== null;
    this.xy.canvas.hidden = this.against === null;
    if (this.against) {
      const count = this.playhead === null ? this.times.length : this.countUpTo(this.playhead);
      const { width, height } = this.size();
      this.xy.draw(this.xs, this.values, count, this.against.quantity.series[this.against.series], this.current?.series ?? [], width, height);
      return;
    }
    if (this.playhead === null) this.chart.setData([this.times, ...this.values]);
    else {
      const n = this.countUpTo(this.playhead);
      this.chart.setData([this.times.slice(0, n), ...this.values.map((series) => series.slice(0, n))]);
    }
  }

  get sampleCount(): number {
    return this.times.length;
  }

  /** The chart follows its container (a resized window, a panel shown again). */
  resize(): void {
    this.chart?.setSize(this.size());
  }

  /** What is plotted, as CSV: t, the horizontal variable when it is not t, then one column per series. */
  csv(): string {
    const against = this.against ? [this.against.quantity.series[this.against.series]] : [];
    const header = ['t', ...against, ...(this.current?.series ?? [])].join(',');
    const rows = this.times.map((t, r) => [t, ...(this.against ? [this.xs[r]] : []), ...this.values.map((series) => series[r])].join(','));
    return [header, ...rows].join('\n') + '\n';
  }

  /** What is plotted, as a PNG data URL. */
  png(): string {
    const canvas = this.against ? this.xy.canvas : this.chart?.root.querySelector('canvas');
    return canvas ? canvas.toDataURL('image/png') : '';
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

  private size(): { width: number; height: number } {
    const narrow = window.matchMedia('(max-width: 600px)').matches;
    return { width: Math.max(200, this.container.clientWidth), height: narrow ? 110 : 160 };
  }
}
