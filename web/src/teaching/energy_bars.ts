// Energy bars (PhET's "Energy Skate Park" kind): kinetic, potential, work put in and energy
// lost, from the core's ledger (World::energy, world/energy_ledger.h), with the check that
// K + U + lost = E₀ + W in, whose difference is the integrator's error. Nothing is computed
// here but the drawing.
import type { EnergyReport } from '../../../lib/types';
import type { WorldViews } from '../../../lib/views';

// Colours as the energy plot draws the same quantities (kinetic, potential, total); losses in the
// contact arrows' colour.
interface Bar {
  label: string;
  color: string;
  value: (l: EnergyReport) => number;
  detail: (l: EnergyReport) => string;
}

const joules = (x: number) => `${x.toFixed(3)} J`;
const BARS: Bar[] = [
  { label: 'Kinetic K', color: '#d9482b', value: (l) => l.kinetic, detail: () => 'motion: ½ m v² + ½ ωᵀ I ω of every body' },
  {
    label: 'Potential U', color: '#2b6cd9', value: (l) => l.gravity + l.spring,
    detail: (l) => `gravity ${joules(l.gravity)} (zero at height 0), springs ${joules(l.spring)}`,
  },
  {
    label: 'Lost', color: '#c98a1d', value: (l) => l.contactLoss + l.dampingLoss,
    detail: (l) => `impacts and friction ${joules(l.contactLoss)}, damping and drag ${joules(l.dampingLoss)}`,
  },
  {
    label: 'Total K+U+lost', color: '#1d2329', value: (l) => l.kinetic + l.gravity + l.spring + l.contactLoss + l.dampingLoss,
    detail: () => 'always equals start + work in, up to the integrator’s error',
  },
  {
    label: 'Work in W', color: '#9a4dc9', value: (l) => l.effortWork + l.motorWork + l.appliedWork,
    detail: (l) => `efforts ${joules(l.effortWork)}, motors ${joules(l.motorWork)}, mouse and forces ${joules(l.appliedWork)}`,
  },
  { label: 'Start E₀', color: '#9aa4ad', value: (l) => l.initial, detail: () => 'K + U at the start' },
];

export class EnergyBars {
  private readonly rows: { fill: HTMLElement; value: HTMLElement; row: HTMLElement }[] = [];
  private readonly check: HTMLElement;
  private scale = 0; // joules for a full half-width; grows at once, shrinks only on clear()
  last: EnergyReport | null = null;

  constructor(private readonly views: WorldViews, private readonly element: HTMLElement) {
    element.replaceChildren();
    const title = document.createElement('div');
    title.className = 'energy-title';
    title.textContent = 'Energy';
    element.append(title);
    for (const bar of BARS) {
      const row = document.createElement('div');
      row.className = 'energy-row';
      const label = document.createElement('span');
      label.className = 'energy-label';
      label.textContent = bar.label;
      const track = document.createElement('span');
      track.className = 'energy-track';
      const fill = document.createElement('span');
      fill.className = 'energy-fill';
      fill.style.background = bar.color;
      track.append(fill);
      const value = document.createElement('span');
      value.className = 'energy-value';
      row.append(label, track, value);
      element.append(row);
      this.rows.push({ fill, value, row });
    }
    this.check = document.createElement('div');
    this.check.className = 'energy-check';
    element.append(this.check);
  }

  get visible(): boolean {
    return !this.element.hidden;
  }

  set visible(shown: boolean) {
    this.element.hidden = !shown;
  }

  /** A new scene or a reset: the scale starts again. */
  clear(): void {
    this.scale = 0;
  }

  update(): void {
    if (this.element.hidden) return;
    const ledger = this.views.energy();
    this.last = ledger;
    const values = BARS.map((b) => b.value(ledger));
    this.scale = Math.max(this.scale, ...values.map(Math.abs), 1e-9);
    BARS.forEach((bar, i) => {
      const { fill, value, row } = this.rows[i];
      const fraction = values[i] / this.scale; // −1 … 1 around the middle line
      fill.style.left = `${50 + Math.min(0, fraction) * 50}%`;
      fill.style.width = `${Math.abs(fraction) * 50}%`;
      value.textContent = joules(values[i]);
      row.title = bar.detail(ledger);
    });
    const expected = ledger.initial + ledger.effortWork + ledger.motorWork + ledger.appliedWork;
    const relative = Math.abs(ledger.balance) / Math.max(Math.abs(expected), this.scale);
    this.check.textContent = `check: E₀ + W − total = ${(-ledger.balance).toExponential(2)} J (${relative < 1e-3 ? 'balanced' : 'integrator error'})`;
    this.check.classList.toggle('energy-off', relative >= 1e-2);
  }
}
