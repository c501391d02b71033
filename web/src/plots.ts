// Live plots (uPlot) of what a scene suggests in meta.plots, or any joint's q or q̇, or the
// energies; the last 20 s of simulated time, sampled once per frame, exportable as CSV.
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { FeatherweightModule, JointInfo, Simulation } from 'featherweight-wasm/featherweight.js';
import { Float64HeapView } from './heap_view';

interface Quantity {
  label: string;
  series: string[]; // names of the plotted series
  sample(out: number[]): void; // appends one value per series
}

const WINDOW_SECONDS = 20;

export class LivePlots {
  private quantities: Quantity[] = [];
  private current: Quantity | null = null;
  private times: number[] = [];
  private values: number[][] = [];
  private chart: uPlot | null = null;
  private readonly q: Float64HeapView;
  private readonly v: Float64HeapView;

  constructor(
    engine: FeatherweightModule,
    private readonly sim: Simulation,
    private readonly container: HTMLElement,
    private readonly picker: HTMLSelectElement,
  ) {
    this.q = new Float64HeapView(engine);
    this.v = new Float64HeapView(engine);
    picker.addEventListener('change', () => this.select(Number(picker.value)));
    window.addEventListener('resize', () => this.chart?.setSize(this.size()));
  }

  /** After a scene loads: the energies, then the scene's suggestions, then every joint's q and q̇. */
  setScene(suggested: { quantity: string; joint?: string }[] | undefined): void {
    const joints = (JSON.parse(this.sim.jointsJson()) as JointInfo[]).filter((j) => j.nv > 0);
    const energy: Quantity = {
      label: 'Energy (J)',
      series: ['kinetic', 'potential', 'total'],
      sample: (out) => {
        const k = this.sim.kineticEnergy(), p = this.sim.potentialEnergy();
        out.push(k, p, k + p);
      },
    };
    const jointQuantity = (joint: JointInfo, which: 'q' | 'qd'): Quantity => {
      const count = which === 'q' ? joint.nq : joint.nv;
      const names = Array.from({ length: count }, (_, k) => `${joint.name}.${which}${count > 1 ? k : ''}`);
      return {
        label: `${joint.name} ${which === 'q' ? 'q' : 'q̇'}`,
        series: names,
        sample: (out) => {
          const values = which === 'q' ? this.q.at(this.sim.qPointer(), this.sim.nq()) : this.v.at(this.sim.vPointer(), this.sim.nv());
          const first = which === 'q' ? joint.qIndex : joint.vIndex;
          for (let k = 0; k < count; k++) out.push(values[first + k]);
        },
      };
    };
    const perJoint = joints.flatMap((j) => [jointQuantity(j, 'q'), jointQuantity(j, 'qd')]);
    const suggestedFirst = (suggested ?? [])
      .map((s) => perJoint.find((p) => s.joint && p.series[0].startsWith(`${s.joint}.${s.quantity === 'joint.q' ? 'q' : 'qd'}`)))
      .filter((p): p is Quantity => p !== undefined);
    this.quantities = [energy, ...suggestedFirst, ...perJoint.filter((p) => !suggestedFirst.includes(p))];
    this.picker.replaceChildren(...this.quantities.map((quantity, i) => new Option(quantity.label, String(i))));
    this.select(0);
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
    this.chart.setData([this.times, ...this.values]);
  }

  get sampleCount(): number {
    return this.times.length;
  }

  /** What is plotted, as CSV: t, then one column per series. */
  csv(): string {
    const header = ['t', ...(this.current?.series ?? [])].join(',');
    const rows = this.times.map((t, r) => [t, ...this.values.map((series) => series[r])].join(','));
    return [header, ...rows].join('\n') + '\n';
  }

  private size(): { width: number; height: number } {
    return { width: Math.max(240, this.container.clientWidth), height: 160 };
  }
}
