// The Clip control at the end of the timeline: a span of the recording (from/to, the whole
// recording by default), a speed (below 1× is slow motion) and a frame rate; Record makes a WebM
// clip of it (featherweight-clip.webm), Still a PNG of the view now (featherweight-still.png).
// It only shows and asks: clip_recorder.ts records, the wiring moves the world.
import { formatNumber, onLanguageChange, t } from '../i18n/i18n';
import type { ClipSpan } from './clip_recorder';
import './clips.css';

export const SPEEDS = [0.25, 0.5, 1, 2];
export const FRAME_RATES = [24, 30, 60];

export interface ClipPanelHandlers {
  /** The recorded span in simulated seconds, for the default span and the fields' limits. */
  recorded(): { from: number; to: number };
  record(span: ClipSpan): Promise<void>;
  still(): Promise<void>;
  /** Asks a recording under way to end with the frames so far. */
  stop(): void;
}

type Status = { key: string; vars?: Record<string, unknown> } | null;

function field(labelKey: string, control: HTMLElement): HTMLLabelElement {
  const label = document.createElement('label');
  const text = document.createElement('span');
  text.dataset.i18n = labelKey;
  text.textContent = t(labelKey);
  label.append(text, control);
  return label;
}

function numberInput(name: string): HTMLInputElement {
  const input = document.createElement('input');
  input.type = 'number';
  input.name = name;
  input.min = '0';
  input.step = '0.1';
  return input;
}

function choice(name: string, values: number[], chosen: number, text: (value: number) => string): HTMLSelectElement {
  const select = document.createElement('select');
  select.name = name;
  for (const value of values) select.add(new Option(text(value), String(value), value === chosen, value === chosen));
  return select;
}

function button(key: string, onClick: () => void): HTMLButtonElement {
  const b = document.createElement('button');
  b.type = 'button';
  b.dataset.i18n = key;
  b.textContent = t(key);
  b.addEventListener('click', onClick);
  return b;
}

export class ClipPanel {
  readonly toggle: HTMLButtonElement;
  readonly panel: HTMLElement;
  private readonly from = numberInput('from');
  private readonly to = numberInput('to');
  private readonly speed = choice('speed', SPEEDS, 1, (s) => `${formatNumber(s)}×`);
  private readonly fps = choice('fps', FRAME_RATES, 30, (f) => String(f));
  private readonly recordButton: HTMLButtonElement;
  private readonly stillButton: HTMLButtonElement;
  private readonly statusLine = document.createElement('p');
  private status: Status = null;
  private busy = false;

  constructor(timelineHost: HTMLElement, panelHost: HTMLElement, private readonly handlers: ClipPanelHandlers) {
    this.toggle = button('clips.open', () => this.setOpen(this.panel.hidden));
    this.toggle.id = 'clip-open';
    this.toggle.dataset.i18nTitle = 'clips.openTitle';
    this.toggle.title = t('clips.openTitle');
    this.toggle.setAttribute('aria-controls', 'clip-panel');
    this.toggle.setAttribute('aria-expanded', 'false');
    timelineHost.append(this.toggle);

    this.panel = document.createElement('section');
    this.panel.id = 'clip-panel';
    this.panel.hidden = true;
    this.panel.dataset.i18nAriaLabel = 'clips.panel';
    this.panel.setAttribute('aria-label', t('clips.panel'));
    this.recordButton = button('clips.record', () => void this.record());
    this.recordButton.id = 'clip-record';
    this.stillButton = button('clips.still', () => void this.runBusy(() => this.handlers.still(), null));
    this.stillButton.id = 'clip-still';
    this.statusLine.className = 'clip-status';
    this.statusLine.setAttribute('role', 'status');
    const fields = document.createElement('div');
    fields.className = 'clip-fields';
    fields.append(field('clips.from', this.from), field('clips.to', this.to), field('clips.speed', this.speed), field('clips.fps', this.fps));
    const actions = document.createElement('div');
    actions.className = 'clip-actions';
    actions.append(this.recordButton, this.stillButton);
    this.panel.append(fields, actions, this.statusLine);
    panelHost.append(this.panel);
    onLanguageChange(() => this.showStatus());
  }

  /** Opens the panel with the recorded span as the default span. */
  setOpen(open: boolean): void {
    this.panel.hidden = !open;
    this.toggle.setAttribute('aria-expanded', String(open));
    if (!open || this.busy) return;
    const { from, to } = this.handlers.recorded();
    this.from.value = String(Number(from.toFixed(3)));
    this.to.value = String(Number(to.toFixed(3)));
    this.from.max = this.to.max = String(to);
  }

  /** Shows how far a recording has got. */
  progress(done: number, total: number): void {
    this.setStatus({ key: 'clips.recording', vars: { done, total } });
  }

  private span(): ClipSpan {
    return { from: Number(this.from.value), to: Number(this.to.value), speed: Number(this.speed.value), fps: Number(this.fps.value) };
  }

  private async record(): Promise<void> {
    if (this.busy) {
      this.handlers.stop();
      return;
    }
    const span = this.span();
    const recorded = this.handlers.recorded();
    if (!(span.from >= recorded.from && span.to <= recorded.to + 1e-9 && span.to > span.from)) {
      this.setStatus({ key: 'clips.outside', vars: { from: formatNumber(recorded.from), to: formatNumber(recorded.to) } });
      return;
    }
    this.recordButton.dataset.i18n = 'clips.stop';
    this.recordButton.textContent = t('clips.stop');
    await this.runBusy(() => this.handlers.record(span), { key: 'clips.recorded', vars: { seconds: formatNumber((span.to - span.from) / span.speed, { maximumFractionDigits: 2 }) } });
    this.recordButton.dataset.i18n = 'clips.record';
    this.recordButton.textContent = t('clips.record');
  }

  private async runBusy(work: () => Promise<void>, done: Status): Promise<void> {
    this.busy = true;
    this.stillButton.disabled = true;
    try {
      await work();
      this.setStatus(done);
    } catch (error) {
      this.setStatus({ key: 'clips.failed', vars: { reason: error instanceof Error ? error.message : String(error) } });
    } finally {
      this.busy = false;
      this.stillButton.disabled = false;
    }
  }

  /** Says `status` (a key and its values, said again in a new language), or nothing. */
  setStatus(status: Status): void {
    this.status = status;
    this.showStatus();
  }

  private showStatus(): void {
    this.statusLine.textContent = this.status ? t(this.status.key, this.status.vars) : '';
  }
}
