// Live plots (uPlot) of the energies, the momentum, any joint's q or q̇, any body's position or
// velocity (read from the engine's pose and velocity buffers), the scene's meta.plots first; the
// last 20 s of simulated time, sampled once per frame, exportable as CSV.
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { BodyInfo, FeatherweightModule, JointInfo, Simulation } from 'featherweight-wasm/featherweight.js';
import { Float64HeapView } from './heap_view';
import type { BodyBufferView } from './body_buffer_view';

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
  private current: Quantity | null = null;
  private times: number[] = [];
  private values: number[][] = [];
  private chart: uPlot | null = null;
  private readonly q: Float64HeapView;
  private readonly v: Float64HeapView;
  private readonly momentum: Float64HeapView;

  constructor(
    engine: FeatherweightModule,
    private readonly sim: Simulation,
    private readonly poses: BodyBufferView,
    private readonly velocities: BodyBufferView,
    private readonly container: HTMLElement,
    private readonly picker: HTMLSelectElement,
  ) {
    this.q = new Float64HeapView(engine);
    this.v = new Float64HeapView(engine);
    this.momentum = new Float64HeapView(engine);
    picker.addEventListener('change', () => this.select(Number(picker.value)));
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
    this.quantities = [...new Set([energy, ...suggestedFirst, ...all])];
    this.picker.replaceChildren(...this.quantities.map((quantity, i) => new Option(quantity.label, String(i))));
    const kept = this.quantities.findIndex((quantity) => quantity.key === previous);
    this.select(Math.max(0, kept));
  }

  select(index: number): void {
    this.current = this.quantities[index] ?? null;
    this.picker.value = String(index);
    this.clear();
  }

  clear(): void {
    this.times = [];
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
        axes: [{ label: 't (s)' }, {}],
        series: [{}, ...this.current.series.map((name, i) => ({ label: name, stroke: colors[i % colors.length], width: 1.5, points: { show: false } }))],
      },
      [[], ...this.values],
      this.container,
    );
  }

  /** Once per frame, after stepping. */
  sample(time: number): void {
    if (!this.current || !this.chart) return;
    if (this.times.length > 0 && time <= this.times[this.times.length - 1]) {
      if (time < this.times[this.times.length - 1]) this.clear(); // reset or a new scene
      return;
    }
    const row: number[] = [];
    this.current.sample(row);
    this.times.push(time);
    row.forEach((value, i) => this.values[i].push(value));
    while (this.times.length > 2 && this.times[0] < time - WINDOW_SECONDS) {
      this.times.shift();
      this.values.forEach((series) => series.shift());
    }
    if (this.container.clientWidth > 0) this.chart.setData([this.times, ...this.values]);
  }

  get sampleCount(): number {
    return this.times.length;
  }

  /** The chart follows its container (a resized window, a panel shown again). */
  resize(): void {
    this.chart?.setSize(this.size());
  }

  /** What is plotted, as CSV: t, then one column per series. */
  csv(): string {
    const header = ['t', ...(this.current?.series ?? [])].join(',');
    const rows = this.times.map((t, r) => [t, ...this.values.map((series) => series[r])].join(','));
    return [header, ...rows].join('\n') + '\n';
  }

  private size(): { width: number; height: number } {
    const narrow = window.matchMedia('(max-width: 600px)').matches;
    return { width: Math.max(200, this.container.clientWidth), height: narrow ? 110 : 160 };
  }
}
