// Clips for slides (web/src/clips): the Clip control at the end of the timeline records a span
// of the recording as WebM (the world sought to each frame's moment, drawn, captured), and saves
// the view as a PNG, overlays included. After a clip the world is back where it was.
import { ClipPanel } from '../clips/clip_panel';
import { ClipUnsupportedError, clipProblem, recordClip, type ClipSpan } from '../clips/clip_recorder';
import { download, ViewComposer } from '../clips/view_composer';
import { t } from '../i18n/i18n';
import type { FrameLoop } from './frame_loop';
import type { PageContext } from './page_context';
import { byId } from './page_dom';

export interface Clips {
  panel: ClipPanel;
  composer: ViewComposer;
}

export function wireClips(ctx: PageContext, frames: FrameLoop): Clips {
  const { timeMachine, sim } = ctx;
  const composer = new ViewComposer(ctx.dom.canvas, () => frames.drawNow());
  let stopAsked = false;
  const record = async (span: ClipSpan) => {
    if (clipProblem(span) === 'unsupported') throw new Error(t('clips.unsupported'));
    const wasPaused = ctx.loop.paused;
    const step = timeMachine.step;
    ctx.setPaused(true);
    frames.hold(true); // the page's own frames would draw between the clip's
    stopAsked = false;
    try {
      const clip = await recordClip(
        span,
        { seek: (time) => timeMachine.goToTime(time, true), compose: () => composer.compose() },
        (done, total) => panel.progress(done, total),
        () => stopAsked,
      );
      download(clip, 'featherweight-clip.webm');
    } catch (error) {
      throw error instanceof ClipUnsupportedError ? new Error(t('clips.unsupported')) : error;
    } finally {
      timeMachine.goToStep(step, true);
      frames.hold(false);
      ctx.setPaused(wasPaused);
    }
  };
  const panel = new ClipPanel(byId('timeline'), document.body, {
    recorded: () => ({ from: 0, to: timeMachine.end * sim.timestep() }),
    record,
    still: async () => download(await composer.png(), 'featherweight-still.png'),
    stop: () => (stopAsked = true),
  });
  return { panel, composer };
}
