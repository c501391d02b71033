// The page's composition root: it starts the engine, builds the page context (page/page_context.ts:
// the engine, renderer, loop, time machine and the page's state, made in order) and wires the
// feature modules onto it, each after those it uses. Later features reach earlier ones directly;
// earlier objects reach later features only through the context's events (page/page_events.ts).
import { createFrameLoop } from './page/frame_loop';
import { wireBuild } from './page/build_wiring';
import { wireConnectors } from './page/parts_wiring';
import { wireChallenge } from './page/challenge_wiring';
import { wireClips } from './page/clips_wiring';
import { wireControllers } from './page/controllers_wiring';
import { wireEditor } from './page/editor_wiring';
import { wireEmbedding } from './page/embed_wiring';
import { reportErrors, startEngine } from './page/engine_start';
import { wireKeys } from './page/keys';
import { wireOffline } from './offline/offline';
import { wireLanguage } from './page/language_wiring';
import { createPageContext } from './page/page_context';
import { byId, shownTitle } from './page/page_dom';
import { createPageEvents } from './page/page_events';
import { wirePanel } from './page/panel_wiring';
import { wirePlayback } from './page/playback';
import { wireScenes } from './page/scene_wiring';
import { wireInstruments } from './page/instruments_wiring';
import { wireShare } from './page/share_wiring';
import { wireViewSwitch } from './page/view_wiring';
import { openFirstScene, wirePicker } from './page/startup';

async function main(): Promise<void> {
  wireLanguage();
  reportErrors();
  wireOffline(); // first: the page installs for offline use even when the engine fails to start
  const events = createPageEvents();
  const guard = await startEngine(events);
  if (!guard) return;
  const ctx = createPageContext(guard, events);
  const playback = wirePlayback(ctx);
  wireViewSwitch(ctx, playback);
  const scenes = wireScenes(ctx);
  // Subscribed in this order, they hear of a new scene in this order: panel, editor, controllers, build mode.
  const panel = wirePanel(ctx, playback, scenes);
  const editor = wireEditor(ctx, scenes);
  const controllers = wireControllers(ctx, playback, scenes);
  const build = wireBuild(ctx, scenes);
  const connectors = wireConnectors(ctx, build);
  const share = wireShare(ctx, scenes);
  const embedding = wireEmbedding(ctx, { playback, scenes, panel, controllers });
  const challenge = wireChallenge(ctx, { playback, scenes, panel, controllers });
  const instruments = wireInstruments(ctx);

  await openFirstScene(scenes, share, challenge);
  wirePicker(ctx, scenes);
  wireKeys(ctx, { playback, panel, editor, controllers });
  const frames = createFrameLoop(ctx, { build, embedding, connectors, instruments });
  wireClips(ctx, frames);
  // The browser tests' handle exists only in the test build (vite build --mode e2e, tests/e2e/site.ts).
  if (import.meta.env.MODE === 'e2e') {
    const { installTestHandle } = await import('./debug/test_handle');
    installTestHandle(ctx, { controllers, embedding, build, frames, instruments, connectors, shareLink: share.shareLink });
  }

  if (!embedding.options.autoplay) playback.setPaused(true);
  embedding.messages?.report('loaded', { title: shownTitle() });
  byId('loading').hidden = true;
  frames.start();
}

void main();
