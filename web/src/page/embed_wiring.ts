// ?embed and ?present (web/src/embed): the layout, and the parent page's postMessage commands.
import type { PageControllers } from '../controllers/page_controllers';
import { setUpEmbedding, type Embedding } from '../embed/embed';
import { readEmbedOptions } from '../embed/embed_options';
import type { Panel } from '../panel/panel';
import { MAX_SCENE_BYTES } from '../share/scene_link';
import type { PageContext } from './page_context';
import { byId } from './page_dom';
import type { Playback } from './playback';
import type { SceneFlow } from './scene_wiring';

export function wireEmbedding(ctx: PageContext, parts: { playback: Playback; scenes: SceneFlow; panel: Panel; controllers: PageControllers }): Embedding {
  const { sim, loop } = ctx;
  const { playback, scenes, panel, controllers } = parts;
  const embedding = setUpEmbedding(readEmbedOptions(window.location.search), panel.gui, byId('panel').querySelector('.controls')!, {
    play: () => playback.setPaused(false),
    pause: () => playback.setPaused(true),
    reset: playback.reset,
    // Taken over the next frames (a budget's worth each), so 100,000 steps never freeze the page.
    step: (count) => {
      playback.setPaused(true);
      const done = () => embedding.messages?.report('stepped', { time: sim.time() });
      if (!controllers.running) return loop.queueSteps(count, done);
      controllers.step(count, false);
      void controllers.whenIdle().then(done);
    },
    setSlider: (slider, value) => panel.setSlider(slider, value),
    loadScene: (scene) => {
      const text = typeof scene === 'string' ? scene : JSON.stringify(scene ?? null);
      if (text.length > MAX_SCENE_BYTES) return `the scene is larger than ${MAX_SCENE_BYTES / (1024 * 1024)} MB`;
      return scenes.loadScene(text, 'Embedding page');
    },
    state: () => ({
      time: sim.time(),
      paused: loop.paused,
      q: Array.from(ctx.views.q),
      qd: Array.from(ctx.views.qd),
      title: byId('scene-title').textContent ?? '',
    }),
  });
  return embedding;
}
