// Play, Step, Reset and Frame all: the actions the panel, the keys and an embedding page share.
import { sceneBoxOf, type PageContext } from './page_context';

export interface Playback {
  setPaused(paused: boolean): void;
  stepOnce(): void;
  /** Back to the scene's start: a new recording, the plot and trails cleared (`events.reset` for the rest). */
  reset(): void;
  frameAll(): void;
}

export function wirePlayback(ctx: PageContext): Playback {
  const { sim, loop, framing, state } = ctx;
  return {
    setPaused: ctx.setPaused,
    stepOnce: () => {
      ctx.setPaused(true);
      loop.singleStep();
    },
    reset: () => {
      sim.reset();
      ctx.timeMachine.startRecording(JSON.stringify(state.doc));
      ctx.plots.newRecording();
      ctx.trails.clear();
      ctx.teaching.reset();
      loop.clearBacklog();
      ctx.events.reset.emit(); // a running controller starts again with it
    },
    frameAll: () => {
      // A builder gets room around the parts to place the next ones, and a view that holds still under the clicks.
      const building = state.build?.active ?? false;
      framing.frame(sceneBoxOf(ctx), building);
      if (building) framing.release();
    },
  };
}
