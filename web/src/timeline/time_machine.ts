// The time machine: every step the page takes goes through it, and every input the user gives
// (drag, efforts, motor targets, a panel edit), so that any recorded moment can be reached
// again exactly (recorder.ts). It pauses for scrubbing, seeks within a wall-clock budget per
// frame (a distant moment never freezes the page), branches on an edit after going back,
// keeps the markers and says where the world is in time.
import type { Simulation } from 'featherweight-wasm/featherweight.js';
import { Recorder, type TimelineInput } from './recorder';
import { TimelineBar } from './timeline_bar';
import { MAX_LINK_STEPS, type LinkMoment } from '../share/link_time';
import { SeekProgress } from './seek_progress';
import { sampleEvery } from './sampling';

export const DEFAULT_BUDGET_MB = 64;
/** Wall-clock milliseconds a frame may spend re-stepping towards a seek's goal. */
const SEEK_MS_PER_FRAME = 30;

export interface TimeMachineHooks {
  sim: Simulation;
  /** The engine's joint efforts (nv float64s), a live view. */
  efforts(): Float64Array;
  /** A copy of the world's q and q̇ now, one after the other. */
  coordinates(): Float64Array;
  /** The engine now runs `text` (a panel edit replayed, or an earlier edit's keyframe restored): the page shows it. */
  sceneRan(text: string): void;
  /** Pauses or resumes playback (scrubbing pauses). */
  setPaused(paused: boolean): void;
  /** The world moved to another moment (not by playing forward): the page shows it. */
  moved(time: number, branched: boolean): void;
  /** The world is at a sampling step (every `sampleEvery` steps, at time step·dt): the plot and trails read it. */
  sampled(step: number, time: number): void;
  /** A history replay (resample) has brought the world back to where it was. */
  resampled(): void;
}

export type { TimelineInput };

function sameValues(a: Float64Array, b: Float64Array): boolean {
  return a.length === b.length && a.every((x, i) => Object.is(x, b[i]));
}

export class TimeMachine {
  markers: number[] = [];
  private recorder: Recorder | null = null;
  private readonly bar: TimelineBar;
  private seeking = false;
  private readonly progress: SeekProgress;
  /** The running scene's initial q and q̇: an edit that changes them is a new start, not a change of course. */
  private initial: Float64Array = new Float64Array(0);

  constructor(
    host: HTMLElement,
    private readonly hooks: TimeMachineHooks,
    readonly budgetBytes = DEFAULT_BUDGET_MB * 1024 * 1024,
  ) {
    this.bar = new TimelineBar(host, {
      scrub: (step) => this.goToStep(step, false),
      stepBy: (steps) => this.stepBy(steps),
      mark: () => this.mark(),
      jumpTo: (time) => this.goToTime(time, false),
      unmark: (time) => (this.markers = this.markers.filter((m) => m !== time)),
    });
    this.progress = new SeekProgress(document.body, () => this.stopLinkSeek());
  }

  /** A scene runs from its start (loaded, reset, restarted): a new recording, no markers. */
  startRecording(sceneText: string): void {
    this.initial = this.hooks.coordinates();
    this.markers = [];
    this.seeking = false;
    this.resampling = false;
    this.resampleFrom = null;
    this.recorder = new Recorder(this.hooks.sim, sceneText, {
      budgetBytes: this.budgetBytes,
      applyInput: (input) => this.apply(input),
      loadScene: (text) => this.runScene(text),
      sampleEvery: this.sampleEvery,
      sampled: (step) => this.hooks.sampled(step, step * this.hooks.sim.timestep()),
    });
    this.recorder.stepWatch = this.stepWatch;
  }

  /**
   * Sees every step taken from now on, this recording's and the next ones' (null: none; steps go in
   * pieces). Each `owner` (the challenge's referee, the instruments) has its own watch.
   */
  watchSteps(watch: ((step: number) => void) | null, owner = 'challenge'): void {
    if (watch) this.stepWatches.set(owner, watch);
    else this.stepWatches.delete(owner);
    const watches = [...this.stepWatches.values()];
    this.stepWatch = watches.length === 0 ? null : watches.length === 1 ? watches[0] : (step) => watches.forEach((w) => w(step));
    if (this.recorder) this.recorder.stepWatch = this.stepWatch;
  }
  private stepWatch: ((step: number) => void) | null = null;
  private readonly stepWatches = new Map<string, (step: number) => void>();

  /** Playing forward stops at `step` in this recording (a challenge decided there); null lets it go on. */
  stopAt(step: number | null): void {
    if (this.recorder) this.recorder.stopAt = step;
  }

  /** Whether playing forward goes no further from here (stopAt reached). */
  get stopped(): boolean {
    const r = this.recorder;
    return r !== null && r.stopAt !== null && r.head >= r.stopAt;
  }

  /** Steps between samples of the running scene. */
  get sampleEvery(): number {
    return sampleEvery(this.hooks.sim.timestep());
  }

  /**
   * Replays the recording from the keyframe at or before `step` back to the step now, so that the
   * samplers see every sampling step since (the plot rebuilds its history), within the per-frame
   * budget like a seek. The world ends bitwise where it was; asked during a seek, it follows it.
   */
  resample(step: number): void {
    if (!this.recorder) return;
    if (this.seeking) {
      this.resampleFrom = Math.min(step, this.resampleFrom ?? step);
      return;
    }
    this.recorder.startResample(step);
    this.seeking = this.resampling = true;
    this.frame();
  }
  private resampling = false;
  private resampleFrom: number | null = null;

  get step(): number {
    return this.recorder?.head ?? 0;
  }
  get end(): number {
    return this.recorder?.end ?? 0;
  }
  get busy(): boolean {
    return this.seeking;
  }

  /** The loop's steps: replay inside the recording, record beyond it. Nothing while a seek runs. */
  advance(count: number): void {
    if (this.resampling) this.finishSeek(); // a history replay ends where it began: the steps go on from there
    if (this.seeking || !this.recorder) return;
    this.recorder.advance(count);
  }

  /** An input from the user: applied and logged; after going back, it branches. */
  input(input: TimelineInput): void {
    if (input.kind === 'effort') {
      const efforts = this.hooks.efforts();
      if (input.index < 0 || input.index >= efforts.length || efforts[input.index] === input.value) return; // nothing changes
    }
    if (!this.recorder) {
      this.apply(input);
      return;
    }
    this.finishSeek();
    const branched = this.recorder.head < this.recorder.end;
    this.recorder.give(input);
    if (branched) this.hooks.moved(this.time(), true);
  }

  /**
   * A panel edit as `text` (the same scene with other numbers). When the new scene has the same
   * bodies, joints, time step and initial state, the motion carries on from this moment with the
   * new numbers (a mass, gravity, restitution; after going back, it branches there); an edit of
   * the initial state (a release angle), the time step or the structure starts it again from its
   * beginning. '' or the loader's message (the previous scene keeps running).
   */
  rebuild(text: string): { error: string; carried: boolean } {
    const sim = this.hooks.sim;
    this.finishSeek();
    const state = sim.saveState();
    const dt = sim.timestep();
    const error = sim.load(text);
    if (error !== '') return { error, carried: false };
    const sameStart = sameValues(this.hooks.coordinates(), this.initial); // the new world is at its initial state
    const carried = this.recorder !== null && sameStart && sim.timestep() === dt && sim.adoptState(state) === '';
    if (carried && this.recorder) {
      const branched = this.recorder.head < this.recorder.end;
      this.recorder.give({ kind: 'scene', text }, true);
      if (branched) this.hooks.moved(this.time(), true);
    } else this.startRecording(text);
    return { error: '', carried };
  }

  /** Goes to a recorded step (clamped), pausing; `now` finishes at once (tests, links), else over frames. */
  goToStep(step: number, now: boolean): void {
    if (!this.recorder) return;
    if (this.resampling) this.finishSeek(); // the history replay first: it ends where it began
    this.hooks.setPaused(true);
    this.recorder.startSeek(step);
    this.seeking = true;
    if (now) this.finishSeek();
    else this.frame();
  }

  goToTime(time: number, now: boolean): void {
    this.goToStep(Math.round(time / this.hooks.sim.timestep()), now);
  }

  /** One step back or forward (pauses): back re-reaches the step before; forward replays or records. */
  stepBy(steps: number): void {
    if (!this.recorder) return;
    this.finishSeek();
    this.hooks.setPaused(true);
    const target = Math.max(0, this.recorder.head + steps);
    if (steps > 0) {
      this.recorder.advance(target - this.recorder.head);
      this.hooks.moved(this.time(), false);
    } else this.goToStep(target, true);
  }

  /**
   * Re-simulates from the start to `time` (a link's moment), beyond the recording if need be,
   * within the per-frame budget: the link's scene shows its moment as soon as it is reached, and
   * a progress bar with Stop meanwhile. '' or why the moment is refused (too many steps).
   */
  openAt(time: number, paused: boolean): string {
    if (!this.recorder) return '';
    const steps = Math.round(time / this.hooks.sim.timestep());
    if (steps > MAX_LINK_STEPS)
      return `re-simulating to t = ${time} s takes ${steps.toLocaleString('en')} steps of ${this.hooks.sim.timestep()} s; a link may ask for at most ${MAX_LINK_STEPS.toLocaleString('en')}, so the scene starts at 0`;
    if (this.resampling) this.finishSeek();
    this.hooks.setPaused(true);
    this.pendingRecord = steps;
    this.pendingTime = time;
    this.pausedOnArrival = paused;
    this.seeking = true;
    this.frame();
    return '';
  }
  private pendingTime = 0;

  /** Stops a link's re-simulation where it got (paused there); the recording up to it stays. */
  stopLinkSeek(): void {
    if (this.pendingRecord === null) return;
    this.pendingRecord = null;
    this.pausedOnArrival = true;
    this.finishSeek();
    this.hooks.setPaused(true);
  }
  private pendingRecord: number | null = null;
  private pausedOnArrival = true;

  /** Marks a time (now by default); markers travel in share links. */
  mark(time = this.time()): void {
    const rounded = Math.round(time * 1e6) / 1e6;
    if (!this.markers.includes(rounded)) this.markers = [...this.markers, rounded].sort((a, b) => a - b);
    this.show();
  }

  /** Every frame: continues a seek within its budget, and shows the bar. */
  frame(): void {
    const r = this.recorder;
    if (r && this.seeking) {
      if (this.pendingRecord !== null) {
        // Recording forward to a link's moment, a budget's worth of steps per frame.
        const start = performance.now();
        while (r.head < this.pendingRecord && performance.now() - start < SEEK_MS_PER_FRAME) r.advance(Math.min(8, this.pendingRecord - r.head));
        // A challenge decided on the way stops it there (Recorder.stopAt).
        if (r.head >= Math.min(this.pendingRecord, r.stopAt ?? Infinity)) this.pendingRecord = null;
      } else r.continueSeek(SEEK_MS_PER_FRAME);
      if (this.pendingRecord === null && r.seekTarget === null) this.arrived();
    }
    this.show();
    this.progress.show(r && this.pendingRecord !== null ? { done: r.head, total: this.pendingRecord, target: this.pendingTime } : null);
  }

  /** Where a share link should open: the moment shown now (when paused or scrubbed), and the markers. */
  moment(paused: boolean): LinkMoment {
    return { t: paused ? this.time() : undefined, paused, markers: this.markers };
  }

  time(): number {
    return this.hooks.sim.time();
  }

  /** Keys: ←/→ one step, Home the start, M a marker. True when the key was the timeline's. */
  handleKey(key: string): boolean {
    if (key === 'ArrowLeft') this.stepBy(-1);
    else if (key === 'ArrowRight') this.stepBy(1);
    else if (key === 'Home') this.goToStep(0, true);
    else if (key === 'm') this.mark();
    else return false;
    return true;
  }

  /** For tests and the page's status: what the recording holds. */
  status(): { step: number; end: number; keyframes: number; bytes: number; budgetBytes: number; spacing: number; markers: number[]; inputs: number } {
    const r = this.recorder;
    return {
      step: r?.head ?? 0,
      end: r?.end ?? 0,
      keyframes: r?.keyframes.length ?? 0,
      bytes: r?.keyframeBytes ?? 0,
      budgetBytes: this.budgetBytes,
      spacing: r?.spacing ?? 0,
      markers: this.markers,
      inputs: r?.inputs.length ?? 0,
    };
  }

  /** Finishes the seek under way at once, and a history replay asked for during it. */
  private finishSeek(): void {
    const r = this.recorder;
    while (r && this.seeking) {
      if (this.pendingRecord !== null) {
        // A link's re-simulation may be long: anything that interrupts it stops it where it got.
        this.pendingRecord = null;
        this.pausedOnArrival = true;
      }
      r.continueSeek(Infinity);
      this.arrived();
    }
  }

  private arrived(): void {
    this.seeking = false;
    if (this.resampling) {
      this.resampling = false;
      this.hooks.resampled();
    } else {
      this.hooks.moved(this.time(), false);
      if (!this.pausedOnArrival) this.hooks.setPaused(false);
      this.pausedOnArrival = true;
    }
    if (this.resampleFrom !== null) {
      const from = this.resampleFrom;
      this.resampleFrom = null;
      this.resample(from);
    }
  }

  private apply(input: TimelineInput): void {
    const sim = this.hooks.sim;
    switch (input.kind) {
      case 'effort':
        this.hooks.efforts()[input.index] = input.value;
        break;
      case 'motor':
        sim.setMotorTarget(input.index, input.position, input.velocity);
        break;
      case 'drag-start':
        sim.startDrag(input.body, ...input.point);
        break;
      case 'drag-move':
        sim.moveDrag(...input.point);
        break;
      case 'drag-end':
        sim.endDrag();
        break;
      case 'scene':
        this.runScene(input.text);
        break;
    }
  }

  /** Runs a scene text the recording holds, carrying the state over (the restore that may follow sets it anyway). */
  private runScene(text: string): void {
    const sim = this.hooks.sim;
    const state = sim.saveState();
    const error = sim.load(text);
    if (error !== '') throw new Error(`The timeline could not run a recorded edit of the scene: ${error}`);
    sim.adoptState(state);
    this.hooks.sceneRan(text);
  }

  private show(): void {
    const r = this.recorder;
    this.bar.show({
      step: r?.head ?? 0,
      end: r?.end ?? 0,
      timestep: this.hooks.sim.timestep(),
      markers: this.markers,
      keyframes: r?.keyframes.length ?? 0,
      bytes: r?.keyframeBytes ?? 0,
      budgetBytes: this.budgetBytes,
      spacing: r?.spacing ?? 0,
      seeking: this.seeking,
    });
  }
}
