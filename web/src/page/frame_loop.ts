// The frame loop: each animation frame steps the loop (unless the time machine is busy), then
// draws — poses, overlays, the followed body, the framing, plot, trails, teaching aids — and the
// HUD. A frame that throws is said once and the loop goes on.
import * as THREE from 'three';
import type { BuildMode } from '../builder/build_mode';
import type { Embedding } from '../embed/embed';
import type { ConnectorView } from '../parts/connector_view';
import { POSE } from '../../../lib/views';
import { describeThrown } from '../guard/scene_entry';
import { StepErrorWatch } from '../guard/step_watch';
import type { PageContext } from './page_context';
import { showError } from './page_dom';
import { t } from '../i18n/i18n';

export interface FrameLoop {
  /** Holds the drawing (the browser tests' advanceControlled(steps, false)) or lets it go on. */
  hold(held: boolean): void;
  /** Starts drawing, every animation frame from now on. */
  start(): void;
  /** Draws one frame now, held or not, whatever changed (a clip's frames, web/src/clips). */
  drawNow(): void;
}

/** Follow: the orbit target sits on the selected body's centre of mass. */
function follower(ctx: PageContext): () => void {
  const { state, renderer } = ctx;
  const followPoint = new THREE.Vector3();
  const followRotation = new THREE.Quaternion();
  return () => {
    const selected = state.selected;
    if (!state.view.follow || selected < 0 || ctx.drag.active) return;
    ctx.framing.release(); // the followed body leads the view now
    const p = ctx.views.poses, o = selected * POSE.stride;
    followRotation.set(p[o + POSE.qx], p[o + POSE.qy], p[o + POSE.qz], p[o + POSE.qw]);
    followPoint.set(...(state.bodies[selected].centerOfMass ?? [0, 0, 0])).applyQuaternion(followRotation);
    followPoint.x += p[o + POSE.x];
    followPoint.y += p[o + POSE.y];
    followPoint.z += p[o + POSE.z];
    renderer.moveTargetTo(followPoint);
  };
}

export function createFrameLoop(ctx: PageContext, parts: { build: BuildMode; embedding: Embedding; connectors: ConnectorView; instruments: { frame(): void } }): FrameLoop {
  const { sim, loop, timeMachine, renderer, overlays, state } = ctx;
  const { build, embedding } = parts;
  const follow = follower(ctx);
  const frameBox = new THREE.Box3();
  const stepWatch = new StepErrorWatch(() => sim.stepError(), (message) => {
    ctx.setPaused(true);
    showError(message);
  });
  let last = performance.now();
  let drawingHeld = false;
  const drawFrame = (now: number) => {
    const wallSeconds = (now - last) / 1000;
    last = now;
    if (drawingHeld) return;
    paint(now, wallSeconds);
  };
  const paint = (now: number, wallSeconds: number) => {
    if (!timeMachine.busy) loop.frame(wallSeconds);
    timeMachine.frame();
    if (!loop.paused) ctx.showPlayhead();
    stepWatch.check();
    const current = ctx.views.poses;
    renderer.applyPoses(current);
    build.drawn();
    parts.connectors.update(ctx.views);
    parts.instruments.frame(); // photogates, stopwatches, body names
    ctx.readContacts();
    overlays.update(current);
    follow();
    ctx.framing.update(() => overlays.sceneBox(current, frameBox), sim.time());
    ctx.drag.update();
    ctx.plots.frame();
    ctx.trails.seconds = state.view.trailSeconds;
    ctx.trails.frame(sim.time());
    ctx.teaching.update(state.selected);
    ctx.questions.update(sim.time());
    embedding.messages?.reportTime(sim.time(), loop.paused);
    renderer.render(current, now);
    ctx.hud.update(loop, sim.time(), sim.bodyCount(), sim.nv(), sim.contactCount());
  };
  let frameFailed = false; // said once, not sixty times a second
  const frame = (now: number) => {
    requestAnimationFrame(frame); // first: a frame that throws must not end the loop
    try {
      drawFrame(now);
      frameFailed = false;
    } catch (error) {
      if (!frameFailed) showError(t('page.drawingFailed', { error: describeThrown(error) }));
      frameFailed = true;
    }
  };
  return {
    hold: (held) => (drawingHeld = held),
    drawNow: () => {
      renderer.invalidate();
      last = performance.now();
      paint(last, 0);
    },
    start: () => {
      // Whatever a person does may change the picture (a tint, a gizmo, an overlay, a dragged spring):
      // the renderer draws the next frames; otherwise it draws only when the poses or the camera move.
      for (const type of ['pointerdown', 'pointermove', 'pointerup', 'wheel', 'keydown', 'keyup', 'input', 'change', 'click', 'touchstart', 'touchmove', 'touchend', 'message']) {
        window.addEventListener(type, () => renderer.invalidate(), { capture: true, passive: true });
      }
      last = performance.now();
      requestAnimationFrame(frame);
    },
  };
}
