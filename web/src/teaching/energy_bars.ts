// Energy bars (PhET's "Energy Skate Park" kind): kinetic, potential, work put in and energy
// lost, from the core's ledger (World::energy, world/energy_ledger.h), with the check that
// K + U + lost = E₀ + W in, whose difference is the integrator's error. Nothing is computed
// here but the drawing.
import type { EnergyReport } from '../../../lib/types';
import type { WorldViews } from '../../../lib/views';
import { formatFixed, formatNumber, t } from '../i18n/i18n';

// Colours as the energy plot draws the same quantities (kinetic, potential, total); losses in the
// contact arrows' colour.
interface Bar {
  /** The bar's key in the teaching catalogue (teaching.bars.<key>, teaching.details.<key>). */
  key: string;
  color: string;
  value: (l: EnergyReport) => number;
  detail: (l: EnergyReport) => string;
}

const joules = (x: number) => `${formatFixed(x, 3)} J`;
const BARS: Bar[] = [
  { key: 'kinetic', color: '#d9482b', value: (l) => l.kinetic, detail: () => t('teaching.details.kinetic') },
  {
    key: 'potential', color: '#2b6cd9', value: (l) => l.gravity + l.spring,
    detail: (l) => t('teaching.details.potential', { gravity: joules(l.gravity), spring: joules(l.spring) }),
  },
  {
    key: 'lost', color: '#c98a1d', value: (l) => l.contactLoss + l.dampingLoss,
    detail: (l) => t('teaching.details.lost', { contact: joules(l.contactLoss), damping: joules(l.dampingLoss) }),
  },
  {
    key: 'total', color: '#1d2329', value: (l) => l.kinetic + l.gravity + l.spring + l.contactLoss + l.dampingLoss,
    detail: () => t('teaching.details.total'),
  },
  {
    key: 'work', color: '#9a4dc9', value: (l) => l.effortWork + l.motorWork + l.appliedWork,
    detail: (l) => t('teaching.details.work', { efforts: joules(l.effortWork), motors: joules(l.motorWork), applied: joules(l.appliedWork) }),
  },
  { key: 'start', color: '#9aa4ad', value: (l) => l.initial, detail: () => t('teaching.details.start') },
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
    title.dataset.i18n = 'teaching.energy'; // retranslated with the page (applyTranslations)
    title.textContent = t('teaching.energy');
    element.append(title);
    for (const bar of BARS) {
      const row = document.createElement('div');
      row.className = 'energy-row';
      const label = document.createElement('span');
      label.className = 'energy-label';
      label.dataset.i18n = `teaching.bars.${bar.key}`;
      label.textContent = t(label.dataset.i18n);
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
    const difference = formatNumber(-ledger.balance, { notation: 'scientific', minimumFractionDigits: 2, maximumFractionDigits: 2 });
    this.check.textContent = t('teaching.check', { difference, verdict: t(relative < 1e-3 ? 'teaching.balanced' : 'teaching.integratorError') });
    this.check.classList.toggle('energy-off', relative >= 1e-2);
  }
}
