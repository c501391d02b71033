// The header's buttons and the page's keys (the help overlay lists them: web/src/panel/help.ts).
import type { PageControllers } from '../controllers/page_controllers';
import type { SceneEditorLoader } from '../editor/editor_loader';
import type { Panel } from '../panel/panel';
import { targetOwnsKey } from '../timeline/timeline_bar';
import type { PageContext } from './page_context';
import { byId } from './page_dom';
import type { Playback } from './playback';

export function wireKeys(ctx: PageContext, parts: { playback: Playback; panel: Panel; editor: SceneEditorLoader; controllers: PageControllers }): void {
  const { loop, help, timeMachine, teaching, state } = ctx;
  const { playback, panel, editor, controllers } = parts;
  const { setPaused, stepOnce, reset, frameAll } = playback;
  ctx.dom.playButton.addEventListener('click', () => setPaused(!loop.paused));
  byId('step').addEventListener('click', stepOnce);
  byId('reset').addEventListener('click', reset);
  byId('help-open').addEventListener('click', () => help.toggle());
  window.addEventListener('keydown', (event) => {
    if (targetOwnsKey(event.target, event.key)) return; // a text field's, a list's, the playhead's arrows
    if (editor.contains(event.target) || controllers.bar.contains(event.target)) return; // typing in an editor
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.target instanceof HTMLButtonElement && (event.key === ' ' || event.key === 'Enter')) return; // the button's own
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    if (key === 'Escape' && help.isOpen) help.close();
    else if (key === 'h' || key === '?') help.toggle();
    else if (timeMachine.handleKey(key)) panel.syncPlayback();
    else if (key === ' ') setPaused(!loop.paused);
    else if (key === 's') stepOnce();
    else if (key === 'r') reset();
    else if (key === 'f') frameAll();
    else if (teaching.handleKey(key)) return event.preventDefault();
    else if (key === 't') {
      state.view.trace = !state.view.trace;
      panel.gui.controllersRecursive().forEach((c) => c.updateDisplay());
    }
    else if (key === 'l') {
      state.view.follow = !state.view.follow;
      panel.gui.controllersRecursive().forEach((c) => c.updateDisplay());
    } else if (key === '[' || key === ']') {
      loop.changeSpeed(key === '[' ? -1 : 1);
      panel.syncPlayback();
    } else return;
    event.preventDefault();
  });
}
