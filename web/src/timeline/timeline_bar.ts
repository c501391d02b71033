// The timeline bar under the view: the playhead over everything recorded, one-step buttons,
// markers, the time, and what the recording keeps in memory. It only shows and reports: the
// time machine decides what a drag or a click means.
import './timeline.css';
import { currentLanguage, formatFixed, formatNumber, t, translated } from '../i18n/i18n';

export interface TimelineView {
  step: number;
  end: number;
  timestep: number;
  markers: number[]; // times (s)
  keyframes: number;
  bytes: number;
  budgetBytes: number;
  spacing: number; // steps between keyframes
  seeking: boolean;
}

export interface TimelineBarHandlers {
  scrub(step: number): void; // while the playhead is dragged
  stepBy(steps: number): void;
  mark(): void;
  jumpTo(time: number): void; // a marker was clicked
  unmark(time: number): void; // a marker was clicked with Shift
}

/** Keys the focused playhead keeps for itself (it moves by them); every other key is a shortcut. */
const RANGE_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'PageUp', 'PageDown']);

/**
 * Whether a key pressed on `target` belongs to it rather than to the page's shortcuts: text
 * fields, lists and check boxes keep their keys; the playhead keeps only the keys that move it,
 * so Space, r or e still work after a drag (focus stays on it).
 */
export function targetOwnsKey(target: EventTarget | null, key: string): boolean {
  if (target instanceof HTMLInputElement) return target.type !== 'range' || RANGE_KEYS.has(key);
  return target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement || (target instanceof HTMLElement && target.isContentEditable);
}

/** "1 keyframe · 12 kB of 64 MB · one every 8.2 s": counts, sizes and spacing a person reads. */
export function memoryText(view: Pick<TimelineView, 'keyframes' | 'bytes' | 'budgetBytes' | 'spacing' | 'timestep'>): string {
  const size = (bytes: number) => {
    if (bytes < 1024 * 1024) return `${formatNumber(Math.ceil(bytes / 1024))} kB`;
    const mb = bytes / (1024 * 1024);
    return `${formatFixed(mb, mb >= 10 || Number.isInteger(mb) ? 0 : 1)} MB`;
  };
  const seconds = view.spacing * view.timestep;
  const every = seconds >= 10 ? `${formatFixed(seconds, 0)} s` : seconds >= 1 ? `${formatFixed(seconds, 1)} s` : `${formatNumber(Number((seconds * 1000).toPrecision(2)))} ms`;
  return t('timeline.memory', { count: view.keyframes, size: size(view.bytes), budget: size(view.budgetBytes), every });
}

export class TimelineBar {
  private readonly range: HTMLInputElement;
  private readonly markers: HTMLElement;
  private readonly time: HTMLElement;
  private readonly memory: HTMLElement;
  private shownMarkers = '';
  private dragging = false; // the pointer holds the playhead: the bar does not move it meanwhile

  constructor(host: HTMLElement, handlers: TimelineBarHandlers) {
    const button = (label: string, titleKey: string, onClick: () => void) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = label; // a symbol, or a catalogue key's text below
      if (label.includes('.')) translated(b, { text: label });
      translated(b, { title: titleKey, 'aria-label': titleKey });
      b.addEventListener('click', onClick);
      return b;
    };
    this.range = document.createElement('input');
    this.range.type = 'range';
    this.range.min = '0';
    this.range.step = '1';
    translated(this.range, { 'aria-label': 'timeline.scrub' });
    this.range.addEventListener('input', () => handlers.scrub(Number(this.range.value)));
    this.range.addEventListener('pointerdown', () => (this.dragging = true));
    const release = () => (this.dragging = false);
    window.addEventListener('pointerup', release);
    window.addEventListener('pointercancel', release);
    this.markers = document.createElement('div');
    this.markers.className = 'timeline-markers';
    this.markers.addEventListener('click', (event) => {
      const target = event.target as HTMLElement;
      const time = Number(target.dataset.time);
      if (!target.classList.contains('timeline-marker') || !Number.isFinite(time)) return;
      if (event.shiftKey) handlers.unmark(time);
      else handlers.jumpTo(time);
    });
    const track = document.createElement('div');
    track.className = 'timeline-track';
    track.append(this.range, this.markers);
    this.time = document.createElement('span');
    this.time.className = 'timeline-time';
    this.time.setAttribute('aria-live', 'off');
    this.memory = document.createElement('span');
    this.memory.className = 'timeline-memory';
    host.replaceChildren(
      button('◀', 'timeline.back', () => handlers.stepBy(-1)),
      button('▶', 'timeline.forward', () => handlers.stepBy(1)),
      track,
      button('timeline.mark', 'timeline.markTitle', () => handlers.mark()),
      this.time,
      this.memory,
    );
  }

  show(view: TimelineView): void {
    this.range.max = String(Math.max(1, view.end));
    if (!this.dragging || view.seeking) this.range.value = String(view.step);
    const now = view.step * view.timestep, end = view.end * view.timestep;
    this.time.textContent = view.seeking ? t('timeline.seeking', { time: formatFixed(now, 3) }) : t('timeline.time', { time: formatFixed(now, 3), end: formatFixed(end, 3) });
    this.memory.textContent = memoryText(view);
    this.memory.title = t('timeline.memoryTitle');
    const key = `${currentLanguage()}|${view.end}|${view.markers.join(',')}`;
    if (key !== this.shownMarkers) {
      this.shownMarkers = key;
      this.markers.replaceChildren(
        ...view.markers.map((time) => {
          const m = document.createElement('button');
          m.type = 'button';
          m.className = 'timeline-marker';
          m.dataset.time = String(time);
          m.title = t('timeline.marker', { time: formatFixed(time, 3) });
          m.setAttribute('aria-label', m.title);
          m.style.left = `${Math.min(100, (100 * time) / Math.max(end, view.timestep))}%`;
          return m;
        }),
      );
    }
  }
}
