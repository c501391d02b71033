// The scene editor: the running scene as JSON text that can be changed and applied. The engine's
// loader judges the text; its message is shown under the text, marked in it and the cursor put
// there, while the previous scene keeps running. Unapplied text is kept as a draft across reloads.
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { json, jsonParseLinter } from '@codemirror/lang-json';
import { bracketMatching, defaultHighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { type Diagnostic, forceLinting, lintGutter, linter } from '@codemirror/lint';
import { EditorState, StateEffect, StateField, Transaction } from '@codemirror/state';
import { drawSelection, EditorView, highlightActiveLine, keymap, lineNumbers, type ViewUpdate } from '@codemirror/view';
import type { SceneObject } from '../scene/scene_doc';
import { clearDraft, readDraft, saveDraft } from './draft_store';
import { locateMessage } from './pointer_location';
import type { DroppedFile } from './file_drop';
import { downloadAs, downloadScene, sceneTextFromFiles } from './scene_files';
import { element } from './element';
import { t, translated } from '../i18n/i18n';

export interface SceneEditorHooks {
  /** Loads scene text: '' when it runs, else the loader's message (the running scene is kept). */
  load(text: string, origin: string): string;
  /** The running scene as it should be saved (with the current view). */
  sceneToSave(): SceneObject;
}

const DRAFT_SAVE_MS = 300;
const EDITED = 'Edited scene'; // the origin of text applied from the editor (and the fallback title)

// The loader's last complaint, as a diagnostic; any edit of the text retires it.
const setProblem = StateEffect.define<Diagnostic | null>();
const problemField = StateField.define<Diagnostic | null>({
  create: () => null,
  update(problem, tr) {
    for (const effect of tr.effects) if (effect.is(setProblem)) return effect.value;
    return tr.docChanged ? null : problem;
  },
});

const syntaxLint = jsonParseLinter();

/** What is marked: the loader's complaint while it stands, else JSON syntax errors as one types. */
function diagnostics(view: EditorView): readonly Diagnostic[] {
  const problem = view.state.field(problemField);
  return problem ? [problem] : syntaxLint(view);
}

export class SceneEditor {
  private readonly view: EditorView;
  private readonly note = translated(element('p', 'editor-note'), { text: 'editor.draftRestored' });
  private readonly message = element('div', 'editor-message');
  private readonly applyButton = translated(element('button', 'editor-apply'), { text: 'editor.apply', title: 'editor.applyTitle' });
  /** The text of the scene that runs now: the editor holds a draft when its text differs. */
  private runningText = '';
  private applying = false;
  private draftTimer = 0;

  constructor(
    private readonly panel: HTMLElement,
    private readonly openButton: HTMLButtonElement,
    private readonly hooks: SceneEditorHooks,
  ) {
    const draft = readDraft();
    this.view = new EditorView({
      parent: element('div', 'editor-text'),
      state: EditorState.create({
        doc: draft ?? '',
        extensions: [
          lineNumbers(),
          highlightActiveLine(),
          drawSelection(),
          bracketMatching(),
          json(),
          syntaxHighlighting(defaultHighlightStyle),
          EditorView.lineWrapping,
          EditorView.contentAttributes.of({ 'aria-label': t('editor.label') }),
          history(),
          problemField,
          linter(diagnostics, {
            delay: 400,
            needsRefresh: (update) => update.transactions.some((tr) => tr.effects.some((e) => e.is(setProblem))),
          }),
          lintGutter(),
          keymap.of([
            { key: 'Mod-Enter', run: () => (this.apply(), true) },
            ...historyKeymap,
            ...defaultKeymap,
          ]),
          EditorView.updateListener.of((update) => this.changed(update)),
        ],
      }),
    });
    this.build();
    this.note.hidden = draft === null;
    if (draft !== null) this.open();
    // The Edit button and dropped files reach it through SceneEditorLoader (editor_loader.ts).
    // A reload right after typing must not lose the last keystrokes.
    window.addEventListener('pagehide', () => this.saveDraftNow());
  }

  private build(): void {
    const bar = element('div', 'editor-bar');
    const title = translated(element('strong', 'editor-title'), { text: 'editor.title' });
    // A label is a catalogue key, or a name or symbol the same in every language (MJCF, ✕).
    const button = (label: string, hint: string, action: () => void) => {
      const b = label.startsWith('editor.') ? translated(element('button', ''), { text: label, title: hint }) : translated(element('button', '', label), { title: hint });
      b.type = 'button';
      b.addEventListener('click', action);
      return b;
    };
    this.applyButton.type = 'button';
    this.applyButton.addEventListener('click', () => this.apply());
    const fileInput = element('input', 'editor-file');
    fileInput.type = 'file';
    fileInput.accept = '.json,.urdf,.xml,.mjcf,.zip,application/json';
    fileInput.multiple = true; // a model with the files it includes
    fileInput.hidden = true;
    fileInput.addEventListener('change', () => {
      const files = [...(fileInput.files ?? [])].map((file) => ({ path: file.webkitRelativePath || file.name, file }));
      fileInput.value = ''; // choosing the same file again still opens it
      if (files.length > 0) void this.openFiles(files);
    });
    bar.append(
      title,
      this.applyButton,
      button('editor.discard', 'editor.discardTitle', () => this.discard()),
      button('editor.download', 'editor.downloadTitle', () => downloadScene(this.hooks.sceneToSave())),
      button('MJCF', 'editor.mjcfTitle', () => this.exported('MJCF', downloadAs(this.hooks.sceneToSave(), 'mjcf'))),
      button('URDF', 'editor.urdfTitle', () => this.exportUrdf()),
      button('editor.open', 'editor.openTitle', () => fileInput.click()),
      button('✕', 'editor.close', () => this.close()),
    );
    this.message.setAttribute('role', 'status');
    this.message.hidden = true;
    this.note.hidden = true;
    this.panel.replaceChildren(bar, this.note, this.view.dom.parentElement!, this.message, fileInput);
  }

  get isOpen(): boolean {
    return !this.panel.hidden;
  }

  open(): void {
    this.panel.hidden = false;
    this.openButton.setAttribute('aria-expanded', 'true');
    this.view.requestMeasure(); // it was laid out while hidden
  }

  close(): void {
    this.panel.hidden = true;
    this.openButton.setAttribute('aria-expanded', 'false');
  }

  /** Whether an event comes from inside the editor (the page's shortcut keys leave those alone). */
  contains(target: EventTarget | null): boolean {
    return target instanceof Node && this.panel.contains(target);
  }

  private get text(): string {
    return this.view.state.doc.toString();
  }

  private get hasDraft(): boolean {
    return this.text !== this.runningText;
  }

  /** A scene now runs (picked, linked, rebuilt by the panel): the text follows unless it is a draft. */
  showScene(scene: SceneObject): void {
    if (this.applying) return; // the text being applied is the scene's text
    const hadDraft = this.hasDraft;
    this.runningText = JSON.stringify(scene, null, 2);
    if (!hadDraft) this.replaceText(this.runningText, false);
    this.refreshDraftState();
  }

  /** Hands the text to the loader; shows where it is wrong if it is. True when it runs. */
  apply(origin = EDITED): boolean {
    const text = this.text;
    this.applying = true;
    let problem: string;
    try {
      problem = this.hooks.load(text, origin);
    } finally {
      this.applying = false;
    }
    if (problem !== '') {
      this.showProblem(text, problem, origin === EDITED ? '' : `${origin} — `);
      return false;
    }
    this.runningText = text;
    this.view.dispatch({ effects: setProblem.of(null) });
    this.showMessage(origin === EDITED ? t('editor.applied') : t('editor.opened', { origin }), 'ok');
    this.refreshDraftState();
    return true;
  }

  private exportUrdf(): void {
    try {
      this.exported('URDF', downloadAs(this.hooks.sceneToSave(), 'urdf'));
    } catch (error) {
      this.showMessage(error instanceof Error ? error.message : String(error), 'error');
    }
  }

  /** After an export: what the format could not carry, said once. */
  private exported(format: string, unsupported: string[]): void {
    this.showMessage(
      unsupported.length === 0 ? t('editor.saved', { format }) : t('editor.savedPartly', { format, list: unsupported.map((n) => `• ${n}`).join('\n') }),
      'ok',
    );
  }

  /**
   * A .json, .urdf or MJCF file, or several (a folder, a .zip: a model with the files it
   * includes): its scene goes into the editor and is applied; on an error the running scene stays.
   */
  async openFiles(files: DroppedFile[]): Promise<void> {
    this.open();
    let scene;
    try {
      scene = await sceneTextFromFiles(files);
    } catch (error) {
      this.showMessage(t('editor.keepsRunning', { problem: error instanceof Error ? error.message : String(error) }), 'error');
      return;
    }
    this.replaceText(scene.text);
    if (this.apply(scene.name) && scene.notices.length > 0) {
      this.showMessage(t('editor.openedNotes', { name: scene.name, list: scene.notices.map((n) => `• ${n}`).join('\n') }), 'ok');
    }
  }

  private discard(): void {
    this.replaceText(this.runningText);
    this.view.dispatch({ effects: setProblem.of(null) });
    this.showMessage('', 'ok');
    this.refreshDraftState();
  }

  private showProblem(text: string, problem: string, source: string): void {
    const place = locateMessage(text, problem);
    this.showMessage(t('editor.problem', { source, where: place ? t('editor.line', { line: place.line }) : '', problem }), 'error');
    if (!place) return;
    this.view.dispatch({
      effects: setProblem.of({ from: place.from, to: place.to, severity: 'error', message: problem }),
      selection: { anchor: place.from },
      scrollIntoView: true,
    });
    forceLinting(this.view);
    this.view.focus();
  }

  private showMessage(text: string, kind: 'ok' | 'error'): void {
    this.message.textContent = text;
    this.message.hidden = text === '';
    this.message.classList.toggle('error', kind === 'error');
  }

  /** Replaces the whole text; `undoable` false when nothing before it is worth going back to. */
  private replaceText(text: string, undoable = true): void {
    this.view.dispatch({
      changes: { from: 0, to: this.view.state.doc.length, insert: text },
      annotations: Transaction.addToHistory.of(undoable),
    });
  }

  private changed(update: ViewUpdate): void {
    if (!update.docChanged) return;
    this.applyButton.classList.toggle('pending', this.hasDraft);
    window.clearTimeout(this.draftTimer);
    this.draftTimer = window.setTimeout(() => this.saveDraftNow(), DRAFT_SAVE_MS);
  }

  private saveDraftNow(): void {
    window.clearTimeout(this.draftTimer);
    if (this.hasDraft) saveDraft(this.text);
    else clearDraft();
  }

  /** After the text or the running scene changed: the stored draft, the note and Apply's look follow. */
  private refreshDraftState(): void {
    this.saveDraftNow();
    if (!this.hasDraft) this.note.hidden = true;
    this.applyButton.classList.toggle('pending', this.hasDraft);
  }
}
