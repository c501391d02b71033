// The Instruments section of the scene panel: the body-names toggle, each photogate with its
// passages (time, normal velocity, speed, body), each stopwatch with its time, state, laps and
// buttons, and the forms that add them. Lists are rebuilt when the instruments change; the
// readings are written each frame, and only when their text changed.
import type { Gate, Stopwatch, StopwatchReading } from '../../../lib/instruments';
import { formatFixed, onLanguageChange, t } from '../i18n/i18n';
import { element, gateForm, stopwatchForm, type GateFormHooks } from './instrument_forms';
import type { GateReading, InstrumentSet } from './instrument_log';
import './instruments.css';

/** Passages listed under a gate (the latest). */
const SHOWN_PASSAGES = 4;
/** Laps listed under a stopwatch (the latest). */
const SHOWN_LAPS = 6;

export interface InstrumentsPanelHooks extends GateFormHooks {
  addStopwatch(stopwatch: Omit<Stopwatch, 'name'>): void;
  removeGate(index: number): void;
  removeStopwatch(index: number): void;
  press(stopwatch: number, action: 'start' | 'stop' | 'reset'): void;
  showLabels(shown: boolean): void;
}

const seconds = (x: number) => formatFixed(x, 3);

/** A passage as a line; the body is named when more than one body may pass. */
function passageText(p: GateReading['passages'][number], named: boolean): string {
  const line = t('instruments.passage', { time: seconds(p.time), normal: formatFixed(p.normalSpeed, 3), speed: formatFixed(p.speed, 3) });
  return named ? t('instruments.passageBody', { passage: line, body: p.bodyName }) : line;
}

export class InstrumentsPanel {
  readonly root: HTMLDetailsElement;
  private readonly gateList = element('ul', 'gate-list');
  private readonly stopwatchList = element('ul', 'stopwatch-list');
  private readonly gateFormHost = element('div');
  private readonly stopwatchFormHost = element('div');
  private readonly labelsToggle = element('input');
  private instruments: InstrumentSet = { gates: [], stopwatches: [] };
  private bodies: readonly string[] = [];
  /** Per gate and stopwatch, the elements their readings go into, and the text they show. */
  private gateOutputs: { count: HTMLElement; list: HTMLElement; shown: string }[] = [];
  private stopwatchOutputs: { time: HTMLElement; state: HTMLElement; laps: HTMLElement; shown: string }[] = [];

  constructor(
    host: HTMLElement,
    private readonly hooks: InstrumentsPanelHooks,
  ) {
    this.root = element('details', 'instruments');
    this.root.id = 'instruments';
    this.labelsToggle.type = 'checkbox';
    this.labelsToggle.className = 'labels-toggle';
    this.labelsToggle.addEventListener('change', () => hooks.showLabels(this.labelsToggle.checked));
    host.append(this.root);
    this.build();
    onLanguageChange(() => this.build());
  }

  /** The scene's bodies (for the forms' choices) and its instruments. */
  show(instruments: InstrumentSet, bodies: readonly string[]): void {
    this.instruments = instruments;
    this.bodies = bodies;
    this.build();
  }

  /** Opens the section (a scene that brings instruments). */
  open(): void {
    this.root.open = true;
  }

  /** Writes the readings (each frame). */
  update(gates: GateReading[], stopwatches: StopwatchReading[]): void {
    gates.forEach((reading, i) => {
      const out = this.gateOutputs[i];
      if (!out) return;
      const latest = reading.passages.slice(-SHOWN_PASSAGES).reverse();
      const named = reading.gate.body === undefined && this.bodies.length > 1;
      const lines = latest.map((p) => passageText(p, named));
      const text = `${reading.passages.length}|${lines.join('\n')}`;
      if (text === out.shown) return;
      out.shown = text;
      out.count.textContent = t('instruments.passages', { count: reading.passages.length });
      out.list.replaceChildren(...lines.map((line) => element('li', '', line)));
    });
    stopwatches.forEach((reading, i) => {
      const out = this.stopwatchOutputs[i];
      if (!out) return;
      const laps = reading.laps.slice(-SHOWN_LAPS).map(seconds).join(' · ');
      const mean = reading.laps.length > 1 ? ` (${t('instruments.mean', { mean: seconds(reading.laps.reduce((a, b) => a + b, 0) / reading.laps.length), count: reading.laps.length })})` : '';
      const text = `${reading.state}|${seconds(reading.elapsed)}|${laps}${mean}`;
      if (text === out.shown) return;
      out.shown = text;
      out.time.textContent = t('instruments.seconds', { value: seconds(reading.elapsed) });
      out.state.textContent = t(`instruments.${reading.state}`);
      out.state.dataset.state = reading.state;
      out.laps.textContent = reading.laps.length > 0 ? t('instruments.laps', { laps: laps + mean }) : '';
    });
  }

  private build(): void {
    const summary = element('summary', '', t('instruments.title'));
    const labels = element('label', 'labels-row', this.labelsToggle, t('instruments.labels'));
    this.gateOutputs = [];
    this.stopwatchOutputs = [];
    this.gateList.replaceChildren(...this.instruments.gates.map((gate, i) => this.gateItem(gate, i)));
    if (this.instruments.gates.length === 0) this.gateList.append(element('li', 'empty', t('instruments.noGates')));
    this.stopwatchList.replaceChildren(...this.instruments.stopwatches.map((stopwatch, i) => this.stopwatchItem(stopwatch, i)));
    if (this.instruments.stopwatches.length === 0) this.stopwatchList.append(element('li', 'empty', t('instruments.noStopwatches')));
    this.gateFormHost.replaceChildren(gateForm(this.bodies, this.hooks));
    this.stopwatchFormHost.replaceChildren(stopwatchForm(this.instruments.gates, this.bodies, (s) => this.hooks.addStopwatch(s)));
    this.root.replaceChildren(
      summary, labels,
      element('h3', '', t('instruments.gates')), this.gateList, this.gateFormHost,
      element('h3', '', t('instruments.stopwatches')), this.stopwatchList, this.stopwatchFormHost,
    );
  }

  private gateItem(gate: Gate, index: number): HTMLElement {
    const count = element('span', 'gate-count');
    const list = element('ol', 'passages');
    this.gateOutputs[index] = { count, list, shown: '' };
    const remove = element('button', 'remove', '×');
    remove.type = 'button';
    remove.title = remove.ariaLabel = t('instruments.removeGate');
    remove.addEventListener('click', () => this.hooks.removeGate(index));
    const where = `(${gate.point.map((x) => formatFixed(x, 2)).join(', ')})${gate.body ? ` · ${gate.body}` : ''}`;
    const item = element('li', 'gate', element('strong', '', gate.name), ' ', element('span', 'where', where), ' ', count, remove, list);
    item.dataset.gate = gate.name;
    return item;
  }

  private stopwatchItem(stopwatch: Stopwatch, index: number): HTMLElement {
    const time = element('span', 'stopwatch-time', t('instruments.seconds', { value: seconds(0) }));
    const state = element('span', 'stopwatch-state');
    const laps = element('div', 'stopwatch-laps');
    this.stopwatchOutputs[index] = { time, state, laps, shown: '' };
    const action = (name: 'start' | 'stop' | 'reset') => {
      const b = element('button', `stopwatch-${name}`, t(`instruments.${name}`));
      b.type = 'button';
      b.addEventListener('click', () => this.hooks.press(index, name));
      return b;
    };
    const remove = element('button', 'remove', '×');
    remove.type = 'button';
    remove.title = remove.ariaLabel = t('instruments.removeStopwatch');
    remove.addEventListener('click', () => this.hooks.removeStopwatch(index));
    const item = element('li', 'stopwatch',
      element('div', 'stopwatch-head', element('strong', '', stopwatch.name), time, state, remove),
      element('div', 'stopwatch-buttons', action('start'), action('stop'), action('reset')),
      laps);
    item.dataset.stopwatch = stopwatch.name;
    return item;
  }
}
