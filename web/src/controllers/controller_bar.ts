// The controller's line in the scene panel: which controller the scene carries, Run
// (the user's consent to run code that came with a link or a file), Stop (always works), Code
// (the editor), and what the controller is doing: its ticks and their cost, or why it stopped.
import type { ControllerEditor } from './controller_editor';
import type { RunnerStatus } from './controller_runner';

export interface ControllerBarHooks {
  run(): void;
  stop(): void;
  /** Runs the scene with another controller source (the editor's Apply): '' or why not. */
  apply(source: string): string;
}

export class ControllerBar {
  private readonly label = document.createElement('span');
  private readonly status = document.createElement('span');
  private readonly runButton = this.button('Run controller', 'Run the scene\'s controller from the start (its code runs isolated: no page, no storage, no network)', () => this.hooks.run());
  private readonly stopButton = this.button('Stop', 'Stop the controller (its last efforts stay)', () => this.hooks.stop());
  private editor: Promise<ControllerEditor> | null = null;
  private source = '';

  constructor(
    private readonly host: HTMLElement,
    private readonly editorPanel: HTMLElement,
    private readonly hooks: ControllerBarHooks,
  ) {
    this.status.setAttribute('role', 'status');
    this.status.className = 'controller-status';
    const code = this.button('Code', 'Show and edit the controller\'s code', () => void this.withEditor((e) => (e.isOpen ? e.close() : e.open())));
    const line = document.createElement('div');
    line.className = 'controller-buttons';
    line.append(this.runButton, this.stopButton, code);
    host.replaceChildren(this.label, line, this.status);
  }

  /** A scene was loaded: its controller (or none); `trusted` when it came from the gallery. */
  setScene(controller: { source: string; rate: number } | undefined): void {
    this.host.hidden = controller === undefined;
    if (!controller) return void this.editor?.then((e) => e.close());
    this.source = controller.source;
    this.label.textContent = `Controller: ${controller.rate} Hz, ${controller.source.split('\n').length} lines of JavaScript`;
    void this.editor?.then((e) => e.show(controller.source));
  }

  /** The runner's news. */
  show(status: RunnerStatus): void {
    this.runButton.hidden = status.state === 'running' || status.state === 'starting';
    this.stopButton.hidden = !this.runButton.hidden;
    this.status.classList.toggle('error', status.state === 'stopped' && !status.byUser && status.message !== '');
    switch (status.state) {
      case 'off':
        this.status.textContent = 'Not running: this code came with the scene. Read it (Code), then Run.';
        break;
      case 'starting':
        this.status.textContent = 'Starting…';
        break;
      case 'running':
        this.status.textContent = `Running: ${status.ticks} ticks, the last ${status.lastMs.toFixed(2)} ms`;
        break;
      case 'stopped': {
        const where = status.line !== null ? `line ${status.line}: ` : '';
        this.status.textContent = status.byUser ? 'Stopped.' : `Stopped — ${where}${status.message}`;
        if (!status.byUser && status.message) void this.withEditor((e) => e.showProblem(`${where}${status.message}`, status.line));
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
      this.status.textContent = `The code editor could not be loaded (${String(error)}).`;
    });
  }

  private button(label: string, title: string, action: () => void): HTMLButtonElement {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = label;
    b.title = title;
    b.addEventListener('click', action);
    return b;
  }
}
