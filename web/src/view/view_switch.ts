// The view switch over the scene: the perspective view (3D) or a flat orthographic one (front,
// side, top), one toggle button each; the pressed one is the view shown, whoever chose it (the
// reader, the scene's camera.view, a shared link).
import { onLanguageChange, t } from '../i18n/i18n';
import { VIEW_PRESETS, type ViewPreset } from './view_cameras';

export class ViewSwitch {
  readonly element: HTMLElement;
  private readonly buttons = new Map<ViewPreset, HTMLButtonElement>();

  /** `choose`: the reader picked a view. */
  constructor(parent: HTMLElement, choose: (preset: ViewPreset) => void) {
    this.element = document.createElement('div');
    this.element.id = 'view-switch';
    this.element.setAttribute('role', 'group');
    for (const preset of VIEW_PRESETS) {
      const button = document.createElement('button');
      button.type = 'button';
      button.dataset.view = preset;
      button.setAttribute('aria-pressed', 'false');
      button.addEventListener('click', () => choose(preset));
      this.buttons.set(preset, button);
      this.element.append(button);
    }
    this.label();
    onLanguageChange(() => this.label());
    parent.append(this.element);
  }

  /** Marks `preset` as the view shown. */
  show(preset: ViewPreset): void {
    for (const [p, button] of this.buttons) button.setAttribute('aria-pressed', String(p === preset));
  }

  private label(): void {
    this.element.setAttribute('aria-label', t('view.switchLabel'));
    for (const [preset, button] of this.buttons) {
      button.textContent = t(`view.${preset}`);
      button.title = t(`view.${preset}Title`);
    }
  }
}
