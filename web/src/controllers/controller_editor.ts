// The controller's code beside the running scene: CodeMirror in JavaScript mode. "Apply
// and run" is the user's click that runs it (from the scene's start); a failure is shown under the
// text and marked at its line. Loaded when first opened (it brings CodeMirror's JavaScript).
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { javascript } from '@codemirror/lang-javascript';
import { bracketMatching, defaultHighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { type Diagnostic, lintGutter, setDiagnostics } from '@codemirror/lint';
import { EditorState } from '@codemirror/state';
import { drawSelection, EditorView, highlightActiveLine, keymap, lineNumbers } from '@codemirror/view';
import { element } from '../editor/element';
import { t, translated } from '../i18n/i18n';

export interface ControllerEditorHooks {
  /** Runs the scene with this controller source, from its start: '' or why not. */
  apply(source: string): string;
}

export class ControllerEditor {
  private readonly view: EditorView;
  private readonly message = element('div', 'editor-message');
  /** The source that runs (or last ran): the text is an unapplied edit when it differs. */
  private shown = '';

  constructor(
    private readonly panel: HTMLElement,
    private readonly hooks: ControllerEditorHooks,
  ) {
    this.view = new EditorView({
      parent: element('div', 'editor-text'),
      state: EditorState.create({
        extensions: [
          lineNumbers(),
          highlightActiveLine(),
          drawSelection(),
          bracketMatching(),
          javascript(),
          syntaxHighlighting(defaultHighlightStyle),
          EditorView.contentAttributes.of({ 'aria-label': t('controllers.editorLabel') }),
          history(),
          lintGutter(),
          keymap.of([{ key: 'Mod-Enter', run: () => (this.apply(), true) }, indentWithTab, ...historyKeymap, ...defaultKeymap]),
        ],
      }),
    });
    const bar = element('div', 'editor-bar');
    const button = (label: string, hint: string, action: () => void, className = '') => {
      const b = translated(element('button', className), label.includes('.') ? { text: label, title: hint } : { title: hint });
      if (!label.includes('.')) b.textContent = label; // a symbol
      b.type = 'button';
      b.addEventListener('click', action);
      return b;
    };
    bar.append(
      translated(element('strong', 'editor-title'), { text: 'controllers.editorTitle' }),
      button('controllers.apply', 'controllers.applyTitle', () => this.apply(), 'editor-apply'),
      button('✕', 'controllers.close', () => this.close()),
    );
    this.message.setAttribute('role', 'status');
    this.message.hidden = true;
    panel.replaceChildren(bar, this.view.dom.parentElement!, this.message);
  }

  get isOpen(): boolean {
    return !this.panel.hidden;
  }

  open(): void {
    this.panel.hidden = false;
    this.view.requestMeasure();
  }

  close(): void {
    this.panel.hidden = true;
  }

  get source(): string {
    return this.view.state.doc.toString();
  }

  /** The running scene's controller: shown unless the text being edited differs from what ran. */
  show(source: string, force = false): void {
    if (!force && this.edited) return;
    this.shown = source;
    this.view.dispatch({ changes: { from: 0, to: this.view.state.doc.length, insert: source } });
    this.view.dispatch(setDiagnostics(this.view.state, []));
  }

  /** A failure of the code: said under the text and marked at its line when known. */
  showProblem(message: string, line: number | null): void {
    this.message.textContent = message;
    this.message.className = 'editor-message error';
    this.message.hidden = false;
    const doc = this.view.state.doc;
    if (line === null || line < 1 || line > doc.lines) return;
    const at = doc.line(line);
    const diagnostic: Diagnostic = { from: at.from, to: at.to, severity: 'error', message };
    this.view.dispatch(setDiagnostics(this.view.state, [diagnostic]));
    this.view.dispatch({ selection: { anchor: at.from }, scrollIntoView: true });
  }

  showMessage(message: string): void {
    this.message.textContent = message;
    this.message.className = 'editor-message';
    this.message.hidden = message === '';
  }

  contains(target: EventTarget | null): boolean {
    return target instanceof Node && this.panel.contains(target);
  }

  private get edited(): boolean {
    return this.source !== this.shown;
  }

  private apply(): void {
    this.view.dispatch(setDiagnostics(this.view.state, []));
    const problem = this.hooks.apply(this.source);
    if (problem !== '') return this.showProblem(problem, null);
    this.shown = this.source;
    this.showMessage(t('controllers.applied'));
  }
}
