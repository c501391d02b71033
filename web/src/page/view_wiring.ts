// The view switch (web/src/view/view_switch.ts) on the page: the reader's pick shows that view
// and frames the scene in it; any switch (a scene's camera.view, a shared link) shows as pressed.
import { ViewSwitch } from '../view/view_switch';
import type { PageContext } from './page_context';
import type { Playback } from './playback';

export function wireViewSwitch(ctx: PageContext, playback: Playback): ViewSwitch {
  const { renderer } = ctx;
  const viewSwitch = new ViewSwitch(document.body, (preset) => {
    renderer.setView(preset);
    playback.frameAll();
  });
  viewSwitch.show(renderer.view);
  renderer.onViewChange(() => viewSwitch.show(renderer.view));
  return viewSwitch;
}
