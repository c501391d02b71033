// The browser tests' handle, `window.__featherweight` (reads, plus a few actions), typed by its one
// declaration (debug_handle.ts). Only test builds have it: main.ts imports this module when the
// site is built in the 'e2e' mode (tests/e2e/site.ts); `npm run build` leaves it out.
import * as THREE from 'three';
import type { BuildMode } from '../builder/build_mode';
import type { PageControllers } from '../controllers/page_controllers';
import type { Embedding } from '../embed/embed';
import { VELOCITY } from '../../../lib/views';
import type { FrameLoop } from '../page/frame_loop';
import type { ConnectorView } from '../parts/connector_view';
import type { InstrumentsFeature } from '../page/instruments_wiring';
import { sceneBoxOf, type PageContext } from '../page/page_context';
import type { DebugHandle } from './debug_handle';

export interface TestHandleParts {
  controllers: PageControllers;
  embedding: Embedding;
  build: BuildMode;
  frames: FrameLoop;
  instruments: InstrumentsFeature;
  connectors: ConnectorView;
  shareLink(): string;
}

function reads(ctx: PageContext, parts: TestHandleParts) {
  const { sim, views, renderer, plots, loop, state, timeMachine, teaching } = ctx;
  return {
    time: () => sim.time(),
    timestep: () => sim.timestep(),
    bodyCount: () => sim.bodyCount(),
    bodyPose: (i: number) => Array.from(views.bodyPoseView(i)),
    bodyVelocity: (i: number) => Array.from(views.velocities.subarray(i * VELOCITY.stride, (i + 1) * VELOCITY.stride)),
    toScreen: (x: number, y: number, z: number) => renderer.toScreen(new THREE.Vector3(x, y, z)),
    plotSamples: () => plots.sampleCount,
    plot: () => plots.describe(),
    plots: () => plots.plots.map((plot) => plot.describe()),
    bodyNames: () => state.bodies.map((b) => b.name),
    camera: () => ({ position: renderer.camera.position.toArray(), target: renderer.target.toArray(), view: renderer.view, orthographic: renderer.camera instanceof THREE.OrthographicCamera }),
    speed: () => loop.speed,
    stepCostMs: () => loop.lastStepMs,
    selected: () => state.selected,
    contactCount: () => (ctx.hasContacts ? sim.contactCount() : -1),
    controllerRunning: () => parts.controllers.running,
    controllerSignals: () => parts.controllers.lastSignals,
    q: () => Array.from(views.q),
    v: () => Array.from(views.qd),
    // q and q̇ as bytes in hex: equal strings are bitwise equal states.
    qvHex: () => {
      const hex = (values: Float64Array) =>
        Array.from(new Uint8Array(values.buffer, values.byteOffset, values.byteLength), (b) => b.toString(16).padStart(2, '0')).join('');
      return `${hex(views.q)}|${hex(views.qd)}`;
    },
    timeline: () => timeMachine.status(),
    paused: () => loop.paused,
    trails: () => ctx.trails.describe(),
    overlays: () => ctx.overlays.describe(),
    drawnBody: (i: number) => renderer.describeBody(i),
    drawnLastFrame: () => renderer.drawnLastFrame(),
    embedIgnored: () => parts.embedding.messages?.ignored ?? 0,
    vectors: () => teaching.vectors.describe(),
    energy: () => teaching.energy.last,
    measure: () => teaching.measure.reading(),
    shareLink: parts.shareLink,
    sceneText: () => JSON.stringify(state.doc),
    instruments: () => parts.instruments.describe(),
    build: () => parts.build.describe(),
    connectors: () => parts.connectors.describe(),
    sceneBox: () => {
      const box = sceneBoxOf(ctx);
      return { min: box.min.toArray(), max: box.max.toArray() };
    },
  };
}

function actions(ctx: PageContext, parts: TestHandleParts) {
  const { timeMachine } = ctx;
  return {
    select: ctx.select,
    pause: () => ctx.setPaused(true),
    advance: (steps: number) => {
      ctx.setPaused(true);
      timeMachine.advance(steps);
      ctx.showPlayhead();
    },
    // Steps through the controller when one runs (its ticks in lockstep); resolves when taken.
    // `draw: false` holds the drawing meanwhile: a tick's answer waits behind each frame, and
    // software WebGL's frames are slow.
    advanceControlled: async (steps: number, draw = true) => {
      ctx.setPaused(true);
      parts.frames.hold(!draw);
      parts.controllers.step(steps, false);
      await parts.controllers.whenIdle();
      parts.frames.hold(false);
      ctx.showPlayhead();
    },
    seekStep: (step: number) => timeMachine.goToStep(step, true),
    stepBy: (steps: number) => timeMachine.stepBy(steps),
    setEffort: (index: number, value: number) => timeMachine.input({ kind: 'effort', index, value }),
    setView: (view: 'perspective' | 'front' | 'side' | 'top') => ctx.renderer.setView(view),
  };
}

export function installTestHandle(ctx: PageContext, parts: TestHandleParts): void {
  const handle: DebugHandle = { ...reads(ctx, parts), ...actions(ctx, parts) };
  Object.assign(window, { __featherweight: handle });
}
