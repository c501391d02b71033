// Build mode (web/src/builder): scenes made with the mouse, each edit an ordinary scene.
import { BuildMode } from '../builder/build_mode';
import { loadSceneText } from '../guard/scene_entry';
import { cloneScene, type SceneObject } from '../scene/scene_doc';
import { withBuiltParts } from '../challenge/build_challenge';
import type { PageContext } from './page_context';
import { byId } from './page_dom';
import type { SceneFlow } from './scene_wiring';

export function wireBuild(ctx: PageContext, scenes: SceneFlow): BuildMode {
  const { sim, state, events } = ctx;
  // Over a challenge, build mode adds to the challenge as it was opened (a result link can carry that).
  let challenge: SceneObject | null = null;
  const overChallenge = (built: SceneObject): SceneObject | string => {
    const goal = JSON.stringify((state.doc.meta as { challenge?: unknown } | undefined)?.challenge ?? null);
    if (goal === 'null') challenge = null;
    else if (!challenge || JSON.stringify((challenge.meta as { challenge?: unknown }).challenge) !== goal) challenge = cloneScene(state.doc);
    if (!challenge) return built;
    const combined = withBuiltParts(challenge, built);
    if ('error' in combined) return `${combined.error} (this is a challenge)`;
    return combined.scene ?? built;
  };
  const build = new BuildMode(byId('build-bar'), byId('build-props'), {
    renderer: ctx.renderer,
    canvas: ctx.dom.canvas,
    run: (built) => {
      const scene = overChallenge(built);
      if (typeof scene === 'string') return scene;
      const error = loadSceneText(sim, JSON.stringify(scene));
      if (error !== '') return error;
      scenes.sceneRuns(cloneScene(scene), 'Built scene', true); // the view stays where the builder has it
      return '';
    },
    currentScene: () => state.doc,
    bodyNames: () => state.bodies.map((b) => b.name),
    poses: () => ctx.views.poses,
    bodyPose: (body) => ctx.views.bodyPoseData(body)?.slice() ?? [],
    setPaused: ctx.setPaused,
    time: () => sim.time(),
    rewind: () => ctx.timeMachine.goToStep(0, true), // back to t = 0 on the timeline: the recording stays
    suspendGrab: (suspended) => (ctx.drag.suspended = suspended),
    activeChanged: (active) => {
      if (active) ctx.framing.release(); // the builder's view is the builder's
      byId('gui-host').hidden = active;
      byId('build-open').setAttribute('aria-pressed', String(active));
      document.body.classList.toggle('building', active);
    },
  });
  state.build = build;
  events.playing.on(() => {
    if (build.active) build.leave(); // Play runs what was built
  });
  events.sceneLoaded.on((doc) => build.sceneChanged(doc));
  byId('build-open').addEventListener('click', () => build.toggle());
  return build;
}
