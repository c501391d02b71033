// The forms that add instruments: a photogate (a point typed or picked in the view, its normal,
// radius and body) and a stopwatch (what starts and stops it, the count, laps). Every text is
// set as text; names from the scene go into <option>s' textContent.
import type { Gate, Stopwatch, StopwatchTrigger } from '../../../lib/instruments';
import { t } from '../i18n/i18n';

type Vec3 = [number, number, number];

/** An element with a class and children (strings become text). */
export function element<K extends keyof HTMLElementTagNameMap>(tag: K, className = '', ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (className) e.className = className;
  e.append(...children);
  return e;
}

function button(text: string, onClick: () => void, title = ''): HTMLButtonElement {
  const b = element('button', '', text);
  b.type = 'button';
  if (title) b.title = title;
  b.addEventListener('click', onClick);
  return b;
}

function numberInput(value: number, step: string, label: string): HTMLInputElement {
  const input = element('input');
  input.type = 'number';
  input.step = step;
  input.value = String(value);
  input.setAttribute('aria-label', label);
  return input;
}

function select(options: [value: string, text: string][], label: string): HTMLSelectElement {
  const s = element('select');
  s.setAttribute('aria-label', label);
  for (const [value, text] of options) {
    const option = element('option', '', text);
    option.value = value;
    s.append(option);
  }
  return s;
}

export interface GateFormHooks {
  /** The next click in the view gives a point (null: cancelled). */
  pick(done: (point: Vec3 | null) => void): void;
  /** The camera's view direction now. */
  viewDirection(): Vec3;
  add(gate: Omit<Gate, 'name'>): void;
}

/** The form that adds a photogate. */
export function gateForm(bodies: readonly string[], hooks: GateFormHooks): HTMLElement {
  const coordinates = (['x', 'y', 'z'] as const).map((axis) => numberInput(0, '0.01', `${t('instruments.point')} ${axis}`));
  coordinates[2].value = '0.5';
  const normal = select([['view', t('instruments.normalView')], ['x', 'x'], ['y', 'y'], ['z', 'z']], t('instruments.normal'));
  const radius = numberInput(0.15, '0.01', t('instruments.radius'));
  radius.min = '0.001';
  const body = select([['', t('instruments.anyBody')], ...bodies.map((b): [string, string] => [b, b])], t('instruments.body'));
  const status = element('span', 'instrument-status');
  const pick = button(t('instruments.pick'), () => {
    status.textContent = t('instruments.picking');
    hooks.pick((point) => {
      status.textContent = '';
      if (point) point.forEach((x, i) => (coordinates[i].value = String(Math.round(x * 1000) / 1000)));
    });
  }, t('instruments.pickTitle'));
  pick.className = 'gate-pick';
  const add = button(t('instruments.addGate'), () => {
    const point = coordinates.map((c) => Number(c.value)) as Vec3;
    const r = Number(radius.value);
    if (!point.every(Number.isFinite) || !(r > 0)) return;
    const axes: Record<string, Vec3> = { x: [1, 0, 0], y: [0, 1, 0], z: [0, 0, 1] };
    const n = axes[normal.value] ?? hooks.viewDirection();
    hooks.add({ point, normal: n, radius: r, ...(body.value ? { body: body.value } : {}) });
  });
  add.className = 'gate-add';
  return element('div', 'instrument-form gate-form',
    element('label', '', t('instruments.point'), ...coordinates), pick, status,
    element('label', '', t('instruments.normal'), normal),
    element('label', '', t('instruments.radius'), radius),
    element('label', '', t('instruments.body'), body),
    add);
}

/** Picks a trigger: the stopwatch's button only, a gate's passage, or a contact beginning or ending. */
function triggerPicker(label: string, gates: readonly Gate[], bodies: readonly string[]): { element: HTMLElement; value(): StopwatchTrigger | undefined } {
  const kind = select([['manual', t('instruments.manual')], ['gate', t('instruments.gatePassage')], ['begin', t('instruments.contactBegins')], ['end', t('instruments.contactEnds')]], label);
  const gate = select(gates.map((g): [string, string] => [g.name, g.name]), t('instruments.gates'));
  const body = select(bodies.map((b): [string, string] => [b, b]), t('instruments.body'));
  const other = select([['', t('instruments.anything')], ...bodies.map((b): [string, string] => [b, b])], t('instruments.with'));
  const withLabel = element('span', '', t('instruments.with'));
  const showParts = () => {
    gate.hidden = kind.value !== 'gate';
    body.hidden = other.hidden = withLabel.hidden = kind.value !== 'begin' && kind.value !== 'end';
  };
  kind.addEventListener('change', showParts);
  if (gates.length > 0) kind.value = 'gate';
  showParts();
  return {
    element: element('label', 'trigger', label, kind, gate, body, withLabel, other),
    value: () => {
      if (kind.value === 'gate') return gate.value ? { gate: gate.value } : undefined;
      if (kind.value === 'begin' || kind.value === 'end') return body.value ? { contact: kind.value, body: body.value, ...(other.value ? { other: other.value } : {}) } : undefined;
      return undefined;
    },
  };
}

/** The form that adds a stopwatch. */
export function stopwatchForm(gates: readonly Gate[], bodies: readonly string[], add: (stopwatch: Omit<Stopwatch, 'name'>) => void): HTMLElement {
  const start = triggerPicker(t('instruments.startWith'), gates, bodies);
  const stop = triggerPicker(t('instruments.stopWith'), gates, bodies);
  const count = numberInput(1, '1', t('instruments.count'));
  count.min = '1';
  count.title = t('instruments.countTitle');
  const repeat = element('input');
  repeat.type = 'checkbox';
  const repeatLabel = element('label', '', repeat, t('instruments.repeat'));
  repeatLabel.title = t('instruments.repeatTitle');
  const addButton = button(t('instruments.addStopwatch'), () => {
    const n = Math.max(1, Math.min(1000, Math.round(Number(count.value) || 1)));
    const [from, to] = [start.value(), stop.value()];
    add({ ...(from ? { start: from } : {}), ...(to ? { stop: to } : {}), count: n, repeat: repeat.checked });
  });
  addButton.className = 'stopwatch-add';
  // A pendulum's period in one click: every second passage of a gate, again and again.
  const presets = gates.map((g) => {
    const preset = button(t('instruments.periodPreset', { gate: g.name }), () => add({ start: { gate: g.name }, stop: { gate: g.name }, count: 2, repeat: true }), t('instruments.periodPresetTitle'));
    preset.className = 'stopwatch-period';
    return preset;
  });
  const countLabel = element('label', '', t('instruments.count'), count);
  countLabel.title = t('instruments.countTitle');
  return element('div', 'instrument-form stopwatch-form', start.element, stop.element, countLabel, repeatLabel, addButton, ...presets);
}
