// The page context: one plain typed value holding what the page's features share — the engine,
// the renderer, the loop, the time machine, the views over the engine's memory, the DOM roots and
// the page's state — built here in order, so that nothing calls an object made after it. Where
// an early object must reach a later feature, it emits one of the page's events (page_events.ts)
// and the feature subscribes when it is wired (the *_wiring.ts modules; main.ts composes them).
import { t } from '../i18n/i18n';
import type { BodyInfo, FeatherweightModule, JointInfo, Simulation } from 'featherweight-wasm/featherweight.js';
import * as THREE from 'three';
import { WorldViews } from '../../../lib/views';
import { SimLoop } from '../engine/sim_loop';
import type { GuardedEngine } from '../guard/engine_guard';
import { HelpOverlay } from '../panel/help';
import { Hud } from '../panel/hud';
import { PlotSet } from '../plots/plot_set';
import { Questions } from '../questions/questions';
import type { SceneObject } from '../scene/scene_doc';
import { Teaching } from '../teaching/teaching';
import { DEFAULT_BUDGET_MB, TimeMachine } from '../timeline/time_machine';
import { Trails } from '../trails/trails';
import { DragController } from '../view/drag';
import { Framing } from '../view/framing';
import { Overlays } from '../view/overlays';
import { Renderer } from '../view/renderer';
import { byId, collapsible } from './page_dom';
import type { PageEvents } from './page_events';

/** What the page knows of the running scene and the view, changed by the features. */
export interface PageState {
  /** The scene running now, with the panel's edits (its initial state, not the state reached). */
  doc: SceneObject;
  bodies: BodyInfo[];
  joints: JointInfo[];
  /** The selected body, −1 for none. */
  selected: number;
  /** Set while one of the gallery's own scenes loads: its controller runs at once. */
  galleryScene: boolean;
  view: { follow: boolean; trace: boolean; trailSeconds: number };
  /** Build mode, once wired (build_wiring.ts). */
  build: { readonly active: boolean } | null;
}

export interface PageContext {
  events: PageEvents;
  guard: GuardedEngine;
  engine: FeatherweightModule;
  sim: Simulation;
  /** Whether the module reports contact points (contactCount/contactsPointer). */
  hasContacts: boolean;
  dom: { canvas: HTMLCanvasElement; playButton: HTMLButtonElement };
  renderer: Renderer;
  /** The scene framed in the part of the view no panel covers (web/src/view/framing.ts). */
  framing: Framing;
  overlays: Overlays;
  /** The library's typed views of the engine's buffers (poses, velocities, q, contacts, …), over the guarded Simulation. */
  views: WorldViews;
  state: PageState;
  hud: Hud;
  help: HelpOverlay;
  questions: Questions;
  plots: PlotSet;
  trails: Trails;
  loop: SimLoop;
  /** Every step and every input goes through the time machine (web/src/timeline), which records them. */
  timeMachine: TimeMachine;
  drag: DragController;
  teaching: Teaching;
  setPaused(paused: boolean): void;
  select(body: number): void;
  /** The plot's playhead: shown while the world is at an earlier moment than the recording's end. */
  showPlayhead(): void;
  /** The contact overlay's points, read from the engine when the toggle is on. */
  readContacts(): void;
}

function livePlots(views: WorldViews): PlotSet {
  const plots = new PlotSet(views, {
    panel: byId('plot-panel'),
    list: byId('plot-list'),
    first: { chart: byId('plot'), picker: byId<HTMLSelectElement>('plot-picker'), xPicker: byId<HTMLSelectElement>('plot-x'), resetZoom: byId<HTMLButtonElement>('plot-reset-zoom') },
    add: byId<HTMLButtonElement>('plot-add'),
    layout: byId<HTMLSelectElement>('plot-layout'),
    tableToggle: byId<HTMLButtonElement>('plot-table-toggle'),
    table: byId('plot-table'),
  });
  byId('plot-png').addEventListener('click', () => {
    const link = document.createElement('a');
    link.href = plots.png();
    link.download = 'featherweight-plot.png';
    link.click();
  });
  byId('plot-csv').addEventListener('click', () => {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([plots.csv()], { type: 'text/csv' }));
    link.download = 'featherweight-plot.csv';
    link.click();
    URL.revokeObjectURL(link.href);
  });
  return plots;
}

function timeMachineOf(sim: Simulation, events: PageEvents, parts: { views: WorldViews; plots: PlotSet; trails: Trails; setPaused(paused: boolean): void }): TimeMachine {
  const { views, plots, trails } = parts;
  const bodyPose64 = (body: number) => views.bodyPoseData(body);
  const budgetMb = Number(new URLSearchParams(window.location.search).get('timeline-mb'));
  return new TimeMachine(
    byId('timeline'),
    {
      sim,
      efforts: () => views.tau,
      coordinates: () => {
        const q = views.q, v = views.qd;
        const both = new Float64Array(q.length + v.length);
        both.set(q);
        both.set(v, q.length);
        return both;
      },
      sceneRan: (text) => events.sceneRan.emit(text),
      setPaused: (paused) => parts.setPaused(paused),
      moved: (time, branched) => events.moved.emit(time, branched),
      // Plot and trails sample the world at every sampling step, never once a frame.
      sampled: (_step, time) => {
        plots.sample(time);
        trails.sample(time, bodyPose64);
      },
      resampled: () => events.resampled.emit(),
    },
    (budgetMb > 0 && budgetMb <= 4096 ? budgetMb : DEFAULT_BUDGET_MB) * 1024 * 1024,
  );
}

/** The page's shared objects, made in order on a started engine. */
export function createPageContext(guard: GuardedEngine, events: PageEvents): PageContext {
  const { engine, sim } = guard;
  const canvas = byId<HTMLCanvasElement>('view');
  const playButton = byId<HTMLButtonElement>('play');
  const renderer = new Renderer(canvas);
  const framing = new Framing(renderer, canvas);
  const views = new WorldViews(engine, sim);
  const hasContacts = typeof sim.contactCount === 'function' && typeof sim.contactsPointer === 'function';
  const state: PageState = { doc: {}, bodies: [], joints: [], selected: -1, galleryScene: false, view: { follow: false, trace: false, trailSeconds: 5 }, build: null };
  const loop = new SimLoop((count) => events.takeSteps.call(count), () => sim.timestep());
  const setPaused = (paused: boolean) => {
    if (!paused) events.playing.emit(); // Play runs what was built (build mode leaves)
    loop.paused = paused;
    playButton.dataset.i18n = paused ? 'page.play' : 'page.pause'; // a change of language retranslates it
    playButton.textContent = t(playButton.dataset.i18n);
    events.pausedChanged.emit(paused);
  };
  const hud = new Hud(byId('hud'));
  const overlays = new Overlays(renderer.scene);
  const help = new HelpOverlay(byId('help'));
  const questions = new Questions(byId('questions'));
  const plots = livePlots(views);
  // Trails (web/src/trails): in trace mode a click on a body traces that point instead of grabbing it.
  const trails = new Trails(renderer.scene);
  const timeMachine = timeMachineOf(sim, events, { views, plots, trails, setPaused });
  const showPlayhead = () => plots.setPlayhead(timeMachine.step < timeMachine.end ? sim.time() : null);
  events.moved.on((time, branched) => {
    plots.moved(time, branched);
    trails.truncateAfter(time);
    showPlayhead();
    loop.clearBacklog();
  });
  events.resampled.on(showPlayhead);
  plots.onHistory = (time) => timeMachine.resample(Math.floor(time / sim.timestep() + 1e-9));
  plots.onTimeClick = (time) => timeMachine.mark(time);
  collapsible(byId('panel-toggle'), byId('panel'), () => {});
  collapsible(byId('plot-toggle'), byId('plot-panel'), () => plots.resize());
  if (window.matchMedia('(max-width: 600px)').matches) byId('plot-toggle').click(); // a phone starts with the plot folded

  const drag = new DragController(views, renderer, canvas, {
    start: (body, point) => timeMachine.input({ kind: 'drag-start', body, point }),
    move: (point) => timeMachine.input({ kind: 'drag-move', point }),
    end: () => timeMachine.input({ kind: 'drag-end' }),
  });
  drag.onPress = (body, point) => {
    if (!state.view.trace) return false;
    trails.add(body, point, views.bodyPoseData(body) ?? views.bodyPoseView(body));
    return true;
  };
  // Teaching aids (web/src/teaching): energy bars, vectors, ruler and protractor, readout.
  const teaching = new Teaching(views, renderer.scene, renderer, canvas);
  const select = (body: number) => {
    state.selected = body < state.bodies.length ? body : -1;
    renderer.setSelected(state.selected);
  };
  drag.onPick = select;
  const readContacts = () => {
    if (!hasContacts || !overlays.toggles.contacts) return;
    overlays.setContacts(views.contactData());
  };
  return {
    events, guard, engine, sim, hasContacts, dom: { canvas, playButton }, renderer, framing, overlays, views, state, hud, help, questions, plots, trails, loop, timeMachine, drag, teaching,
    setPaused, select, showPlayhead, readContacts,
  };
}

/** The scene's bodies' box now (its shapes' AABBs). */
export function sceneBoxOf(ctx: PageContext, into = new THREE.Box3()): THREE.Box3 {
  return ctx.overlays.sceneBox(ctx.views.poses, into);
}
