// The scene editor (web/src/editor): its text follows the running scene, and its messages stay in the editor.
import { SceneEditorLoader } from '../editor/editor_loader';
import type { PageContext } from './page_context';
import { byId } from './page_dom';
import type { SceneFlow } from './scene_wiring';

export function wireEditor(ctx: PageContext, scenes: SceneFlow): SceneEditorLoader {
  const editor = new SceneEditorLoader(byId('editor-panel'), byId<HTMLButtonElement>('edit-open'), {
    load: (text, origin) => scenes.loadScene(text, origin),
    sceneToSave: scenes.sceneToShare,
  });
  ctx.events.sceneLoaded.on((doc) => editor.showScene(doc));
  return editor;
}
