// Controllers (web/src/controllers): a scene's control law, run isolated and in lockstep. They
// take the loop's steps (`events.takeSteps`): through the runner while a controller runs.
import { PageControllers } from '../controllers/page_controllers';
import type { PageContext } from './page_context';
import { byId } from './page_dom';
import type { Playback } from './playback';
import type { SceneFlow } from './scene_wiring';

export function wireControllers(ctx: PageContext, playback: Playback, scenes: SceneFlow): PageControllers {
  const { events, state } = ctx;
  const controllers = new PageControllers(byId('controller'), byId('controller-editor'), {
    views: ctx.views,
    timeline: ctx.timeMachine,
    scene: () => state.doc,
    load: (text, origin) => scenes.loadScene(text, origin),
    reset: () => playback.reset(),
    setPaused: (paused) => playback.setPaused(paused),
    signals: (values) => ctx.plots.setSignals(values),
  });
  events.takeSteps.handle((count) => controllers.step(count));
  // The gallery's own scenes run their controller at once.
  events.sceneLoaded.on((doc, rebuild) => controllers.sceneLoaded(doc, rebuild, state.galleryScene));
  events.reset.on(() => controllers.reset());
  events.moved.on(() => controllers.moved());
  return controllers;
}
