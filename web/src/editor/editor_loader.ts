// The scene editor comes with CodeMirror, about a third of the page's script, so it is loaded when
// first wanted: the Edit button, a dropped file, or a draft to restore. A shared link opens without it.
import type { SceneObject } from '../scene/scene_doc';
import { readDraft } from './draft_store';
import { acceptDroppedFiles } from './file_drop';
import type { SceneEditor, SceneEditorHooks } from './scene_editor';
import { t } from '../i18n/i18n';

export class SceneEditorLoader {
  private loading: Promise<SceneEditor> | null = null;
  private editor: SceneEditor | null = null;
  private scene: SceneObject | null = null; // the running scene, for an editor loaded later

  constructor(
    private readonly panel: HTMLElement,
    private readonly openButton: HTMLButtonElement,
    private readonly hooks: SceneEditorHooks,
  ) {
    openButton.addEventListener('click', () => this.withEditor((e) => (e.isOpen ? e.close() : e.open())));
    acceptDroppedFiles((files) => this.withEditor((e) => void e.openFiles(files)));
    if (readDraft() !== null) this.withEditor(() => {}); // the editor opens with the draft
  }

  private withEditor(action: (editor: SceneEditor) => void): void {
    this.ready().then(action, () => {}); // a failed load is already said in the panel
  }

  /** The editor, loaded on the first call. A failed load (offline) is said in the panel; the next call retries. */
  private ready(): Promise<SceneEditor> {
    this.loading ??= import('./scene_editor').then(
      ({ SceneEditor }) => {
        this.editor = new SceneEditor(this.panel, this.openButton, this.hooks);
        if (this.scene) this.editor.showScene(this.scene);
        return this.editor;
      },
      (error: unknown) => {
        this.loading = null;
        this.panel.textContent = t('editor.loadFailed', { error: String(error) });
        this.panel.hidden = false;
        throw error;
      },
    );
    return this.loading;
  }

  /** A scene now runs: the editor's text follows it (once the editor is there). */
  showScene(scene: SceneObject): void {
    this.scene = scene;
    this.editor?.showScene(scene);
  }

  /** Whether an event comes from inside the editor (the page's shortcut keys leave those alone). */
  contains(target: EventTarget | null): boolean {
    return target instanceof Node && this.panel.contains(target);
  }
}
