// Re-simulating a link to its moment can take a while (every step from t = 0 is taken again):
// the page says so with a progress bar and a Stop button, and keeps drawing meanwhile (the work
// is sliced per frame by the time machine). Stop leaves the world where the re-simulation got.
import { formatFixed, t, translated } from '../i18n/i18n';

export interface SeekProgressView {
  /** Steps re-simulated so far and in all. */
  done: number;
  total: number;
  /** The link's time, in seconds. */
  target: number;
}

export class SeekProgress {
  private readonly box: HTMLDivElement;
  private readonly label: HTMLSpanElement;
  private readonly bar: HTMLProgressElement;
  private shown = false;

  constructor(host: HTMLElement, stop: () => void) {
    this.box = document.createElement('div');
    this.box.id = 'seek-progress';
    this.box.setAttribute('role', 'status');
    this.box.hidden = true;
    this.label = document.createElement('span');
    this.bar = document.createElement('progress');
    this.bar.max = 1;
    const button = document.createElement('button');
    button.type = 'button';
    translated(button, { text: 'timeline.stop', title: 'timeline.stopTitle' });
    button.addEventListener('click', stop);
    this.box.append(this.label, this.bar, button);
    host.append(this.box);
  }

  show(view: SeekProgressView | null): void {
    if (!view) {
      if (this.shown) this.box.hidden = true;
      this.shown = false;
      return;
    }
    const fraction = view.total > 0 ? view.done / view.total : 1;
    this.label.textContent = t('timeline.resimulating', { time: formatFixed(view.target, 2), percent: Math.floor(fraction * 100) });
    this.bar.value = fraction;
    if (!this.shown) this.box.hidden = false;
    this.shown = true;
  }
}
