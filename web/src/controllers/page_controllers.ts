// Controllers in the page, wired: the runner (controller_runner.ts) steps the timeline
// in lockstep with the sandboxed worker, the bar says what runs, the editor changes it. A
// scene's code runs only on the user's click (Run, or the editor's Apply) — except the gallery's
// own demos, which are this site's code and run when picked.
import wasmUrl from 'featherweight-wasm/featherweight.wasm?url';
import workerSource from 'featherweight-wasm/controller_worker.js?raw';
import type { ControlCommand } from '../../../lib/featherweight';
import type { WorldViews } from '../../../lib/views';
import type { SceneObject } from '../scene/scene_doc';
import { ControllerBar } from './controller_bar';
import { ControllerRunner } from './controller_runner';

export interface PageControllerHooks {
  /** The page's views of the engine's world (the simulation among them). */
  views: WorldViews;
  timeline: {
    step: number;
    end: number;
    advance(steps: number): void;
    input(command: ControlCommand): void;
    /** Playing forward goes no further (a challenge decided there). */
    readonly stopped?: boolean;
  };
  /** The scene running now (with the panel's edits). */
  scene(): SceneObject;
  /** Runs scene text from its start: '' or the loader's message (the running scene stays). */
  load(text: string, origin: string): string;
  /** Back to the scene's start (a new recording). */
  reset(): void;
  setPaused(paused: boolean): void;
  signals(values: Record<string, number>): void;
}

export class PageControllers {
  readonly bar: ControllerBar;
  private readonly runner: ControllerRunner;
  /** The signals of the controller's last tick. */
  lastSignals: Record<string, number> = {};
  /** The controller source and rate the runner runs (a rebuild with the same keeps it running). */
  private runningSpec = '';

  constructor(host: HTMLElement, editorPanel: HTMLElement, private readonly hooks: PageControllerHooks) {
    const { views, timeline } = hooks;
    const sim = views.simulation;
    this.runner = new ControllerRunner(
      {
        stepIndex: () => timeline.step,
        live: () => timeline.step >= timeline.end,
        timestep: () => sim.timestep(),
        advance: (steps) => timeline.advance(steps),
        stopped: () => timeline.stopped ?? false,
        input: (command) => timeline.input(command),
        state: () => ({
          t: sim.time(),
          q: views.q.slice(),
          qd: views.qd.slice(),
          contacts: views.contacts(),
        }),
        sizes: () => ({ efforts: sim.nv(), motors: (JSON.parse(sim.motorsJson()) as unknown[]).length }),
        wasm: async () => (await fetch(wasmUrl)).arrayBuffer(),
        signals: (values) => {
          this.lastSignals = values;
          hooks.signals(values);
        },
        status: (status) => {
          this.bar.show(status);
          if (status.state === 'stopped') {
            this.runningSpec = '';
            if (!status.byUser) hooks.setPaused(true); // the moment it failed stays in view
          }
        },
      },
      workerSource,
    );
    this.bar = new ControllerBar(host, editorPanel, {
      run: () => void this.run(true),
      stop: () => this.runner.stop('', null, true),
      apply: (source) => this.applySource(source),
    });
  }

  get running(): boolean {
    return this.runner.running;
  }

  /** The loop's steps: through the runner while a controller runs. Returns the steps taken. */
  step(count: number, capped = true): number {
    if (this.runner.running) return this.runner.request(count, capped);
    this.hooks.timeline.advance(count);
    return count;
  }

  /** Resolves when the steps asked for are taken (a test's, an embedding page's). */
  whenIdle(): Promise<void> {
    return this.runner.whenIdle();
  }

  /**
   * A scene was loaded (`rebuild`: the same one with other numbers, the state carried on).
   * `trusted`: the gallery's own scene, whose controller runs at once.
   */
  sceneLoaded(doc: SceneObject, rebuild: boolean, trusted: boolean): void {
    const controller = doc.controller as { source: string; rate: number } | undefined;
    const spec = controller ? `${controller.rate}\n${controller.source}` : '';
    if (rebuild && spec !== '' && spec === this.runningSpec) {
      void this.runner.sceneChanged(JSON.stringify(doc)); // its mirror follows the new numbers
      return;
    }
    this.runner.stop();
    this.runningSpec = '';
    this.bar.setScene(controller);
    if (controller) this.bar.show({ state: 'off' });
    if (controller && trusted && !rebuild) void this.run();
  }

  /** Runs the scene's controller from the scene's start, playing (a click: a challenge's Verify). */
  runFromStart(): Promise<void> {
    return this.run(true);
  }

  /** The scene went back to its start: a running controller starts again with it (fresh state). */
  reset(): void {
    if (this.runner.running) void this.run();
  }

  /** The timeline moved (a seek): the next tick is due at the next control period. */
  moved(): void {
    this.runner.rewound();
  }

  /**
   * Runs the scene's controller from the scene's start. `play`: the user's click, which also
   * plays (a teacher who clicks Run expects motion, not a paused page waiting for Play).
   */
  private async run(play = false): Promise<void> {
    const doc = this.hooks.scene();
    const controller = doc.controller as { source: string; rate: number } | undefined;
    if (!controller) return;
    this.runner.stop();
    this.hooks.reset();
    if (play) this.hooks.setPaused(false);
    this.runningSpec = `${controller.rate}\n${controller.source}`;
    await this.runner.start(JSON.stringify(doc));
  }

  /** The editor's Apply: the scene with this source, from its start, and run (the user's click). */
  private applySource(source: string): string {
    const doc = { ...this.hooks.scene(), controller: { ...(this.hooks.scene().controller as object), source } };
    const problem = this.hooks.load(JSON.stringify(doc), 'Edited controller');
    if (problem === '') void this.run(true);
    return problem;
  }
}
