// The Controls panel (web/src/panel/panel.ts) on the page: its edits, playback and view toggles.
import { Panel } from '../panel/panel';
import type { PageContext } from './page_context';
import { byId, showError } from './page_dom';
import type { Playback } from './playback';
import type { SceneFlow } from './scene_wiring';
import { t } from '../i18n/i18n';

export function wirePanel(ctx: PageContext, playback: Playback, scenes: SceneFlow): Panel {
  const { timeMachine, events, state } = ctx;
  const panel = new Panel(byId('gui-host'), {
    loop: ctx.loop,
    setPaused: playback.setPaused,
    step: playback.stepOnce,
    reset: playback.reset,
    // The panel's edits: the motion carries on from now with the new numbers (the timeline
    // records the edit; after going back it branches there), or, when the scene's structure or
    // time step changed, starts again from the initial state. The view and the plot are kept.
    rebuild: (doc) => {
      const { error, carried } = timeMachine.rebuild(JSON.stringify(doc));
      if (error !== '') {
        showError(t('page.panelError', { error }));
        return false;
      }
      scenes.sceneLoaded(doc, true);
      if (!carried) ctx.plots.newRecording();
      return true;
    },
    setMotorTarget: (index, position, velocity) => timeMachine.input({ kind: 'motor', index, position, velocity }),
    setEffort: (index, value) => timeMachine.input({ kind: 'effort', index, value }),
    overlays: ctx.overlays.toggles,
    contactsAvailable: ctx.hasContacts,
    view: state.view,
    clearTrails: () => ctx.trails.clear(),
    frameAll: playback.frameAll,
    help: () => ctx.help.toggle(),
  });
  ctx.teaching.addControls(panel.gui);
  events.pausedChanged.on(() => panel.syncPlayback());
  events.sceneLoaded.on((doc, rebuild) => {
    if (!rebuild) panel.setScene(doc, state.bodies, state.joints);
  });
  return panel;
}
