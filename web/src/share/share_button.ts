// The Share button: puts a link to the scene, as it is set up now, in the address bar and on the
// clipboard. When the browser refuses the clipboard (permissions, an insecure page), the link
// appears in a text field, selected, to be copied by hand.
import { t } from '../i18n/i18n';

const STATUS_SECONDS = 3;

export class ShareButton {
  private statusTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    button: HTMLElement,
    private readonly status: HTMLElement,
    private readonly field: HTMLInputElement,
    private readonly link: () => string,
  ) {
    button.addEventListener('click', () => void this.share());
    field.addEventListener('focus', () => field.select());
  }

  async share(): Promise<void> {
    const url = this.link();
    history.replaceState(history.state, '', url);
    try {
      if (!navigator.clipboard) throw new Error('no clipboard on this page');
      await navigator.clipboard.writeText(url);
      this.field.hidden = true;
      this.say(t('share.copied'));
    } catch {
      this.field.value = url;
      this.field.hidden = false;
      this.field.focus();
      this.field.select();
      this.say(t('share.copyThis'), false);
    }
  }

  /** A short status line; `fades` clears it after a few seconds. */
  private say(text: string, fades = true): void {
    clearTimeout(this.statusTimer);
    this.status.textContent = text;
    if (fades) this.statusTimer = setTimeout(() => (this.status.textContent = ''), STATUS_SECONDS * 1000);
  }
}
