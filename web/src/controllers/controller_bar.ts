// The controller's line in the scene panel: which controller the scene carries, Run
// (the user's consent to run code that came with a link or a file), Stop (always works), Code
// (the editor), and what the controller is doing: its ticks and their cost, or why it stopped.
import type { ControllerEditor } from './controller_editor';
import type { RunnerStatus } from './controller_runner';
import { formatFixed, formatNumber, onLanguageChange, t, translated } from '../i18n/i18n';

export interface ControllerBarHooks {
  run(): void;
  stop(): void;
  /** Runs the scene with another controller source (the editor's Apply): '' or why not. */
  apply(source: string): string;
}

export class ControllerBar {
  private readonly label = document.createElement('span');
  private readonly status = document.createElement('span');
  private readonly runButton = this.button('controllers.run', 'controllers.runTitle', () => this.hooks.run());
  private readonly stopButton = this.button('controllers.stop', 'controllers.stopTitle', () => this.hooks.stop());
  private controller: { source: string; rate: number } | undefined;
  private lastStatus: RunnerStatus | null = null;
  private editor: Promise<ControllerEditor> | null = null;
  private source = '';

  constructor(
    private readonly host: HTMLElement,
    private readonly editorPanel: HTMLElement,
    private readonly hooks: ControllerBarHooks,
  ) {
    this.status.setAttribute('role', 'status');
    this.status.className = 'controller-status';
    const code = this.button('controllers.code', 'controllers.codeTitle', () => void this.withEditor((e) => (e.isOpen ? e.close() : e.open())));
    const line = document.createElement('div');
    line.className = 'controller-buttons';
    line.append(this.runButton, this.stopButton, code);
    host.replaceChildren(this.label, line, this.status);
    onLanguageChange(() => {
      this.showLabel();
      if (this.lastStatus) this.showStatus(this.lastStatus);
    });
  }

  private showLabel(): void {
    if (this.controller) this.label.textContent = t('controllers.label', { rate: formatNumber(this.controller.rate), count: this.controller.source.split('\n').length });
  }

  /** A scene was loaded: its controller (or none); `trusted` when it came from the gallery. */
  setScene(controller: { source: string; rate: number } | undefined): void {
    this.host.hidden = controller === undefined;
    if (!controller) return void this.editor?.then((e) => e.close());
    this.source = controller.source;
    this.controller = controller;
    this.showLabel();
    void this.editor?.then((e) => e.show(controller.source));
  }

  /** The runner's news. */
  show(status: RunnerStatus): void {
    this.showStatus(status);
    const where = status.state === 'stopped' && status.line !== null ? t('controllers.line', { line: status.line }) : '';
    if (status.state === 'stopped' && !status.byUser && status.message) void this.withEditor((e) => e.showProblem(`${where}${status.message}`, status.line));
  }

  private showStatus(status: RunnerStatus): void {
    this.lastStatus = status;
    this.runButton.hidden = status.state === 'running' || status.state === 'starting';
    this.stopButton.hidden = !this.runButton.hidden;
    this.status.classList.toggle('error', status.state === 'stopped' && !status.byUser && status.message !== '');
    switch (status.state) {
      case 'off':
        this.status.textContent = t('controllers.off');
        break;
      case 'starting':
        this.status.textContent = t('controllers.starting');
        break;
      case 'running':
        this.status.textContent = t('controllers.running', { ticks: formatNumber(status.ticks), ms: formatFixed(status.lastMs, 2) });
        break;
      case 'stopped': {
        const where = status.line !== null ? t('controllers.line', { line: status.line }) : '';
        this.status.textContent = status.byUser ? t('controllers.stopped') : t('controllers.stoppedBecause', { where, message: status.message });
      }
    }
  }

  contains(target: EventTarget | null): boolean {
    return target instanceof Node && (this.host.contains(target) || this.editorPanel.contains(target));
  }

  private withEditor(action: (editor: ControllerEditor) => void): Promise<void> {
    this.editor ??= import('./controller_editor').then(({ ControllerEditor }) => {
      const editor = new ControllerEditor(this.editorPanel, { apply: (source) => this.hooks.apply(source) });
      editor.show(this.source, true);
      return editor;
    });
    return this.editor.then(action, (error: unknown) => {
      this.editor = null;
      this.status.textContent = t('controllers.editorFailed', { error: String(error) });
    });
  }

  private button(label: string, title: string, action: () => void): HTMLButtonElement {
    const b = translated(document.createElement('button'), { text: label, title });
    b.type = 'button';
    b.addEventListener('click', action);
    return b;
  }
}
