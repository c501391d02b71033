// The recording behind the timeline: keyframes (whole world states from the engine's
// saveState) every `spacing` steps and a log of every input (drag, efforts, motor targets, a
// panel's rebuild) at the step it was given. Any recorded step is reached exactly by restoring
// the nearest keyframe at or before it and stepping on, applying the logged inputs at their
// steps: the engine is deterministic, so the result is bitwise the state first seen there.
//
// Memory: keyframes are kept within a byte budget. When it is exceeded every second keyframe
// goes (never the first) and the spacing doubles: old history gets coarser, never lost. Inputs
// are tiny and always kept. The spacing starts from the measured cost of a step, so that
// reaching any step re-steps about `restepMs` of work at most (until thinning coarsens it).

/** What the recorder needs of the engine: the page's Simulation satisfies it. */
export interface RecordableWorld {
  step(count: number): void;
  saveState(): Uint8Array;
  restoreState(state: Uint8Array): string;
}

/** An input as plain data; the wiring applies it to the world (and the page). */
export type TimelineInput =
  | { kind: 'effort'; index: number; value: number }
  | { kind: 'motor'; index: number; position: number; velocity: number }
  | { kind: 'drag-start'; body: number; point: [number, number, number] }
  | { kind: 'drag-move'; point: [number, number, number] }
  | { kind: 'drag-end' }
  | { kind: 'scene'; text: string }; // a panel edit: the same scene with other numbers, state carried over

export interface Keyframe {
  step: number;
  state: Uint8Array;
  /** The scene text the state belongs to (a panel edit changes it mid-recording). */
  scene: string;
}

export interface RecorderOptions {
  budgetBytes: number;
  /** Wall-clock milliseconds of re-stepping a seek may need at most (before thinning). */
  restepMs?: number;
  /** Applies a logged input to the world; for 'scene', loads it and carries the state over. */
  applyInput: (input: TimelineInput) => void;
  /** Makes `scene` the running scene before one of its keyframes is restored. */
  loadScene: (scene: string) => void;
  /** Steps between samples (sampling.ts); `sampled` is called at each multiple of it the world reaches. */
  sampleEvery?: number;
  sampled?: (step: number) => void;
}

const MIN_SPACING = 8;
const DEFAULT_RESTEP_MS = 40;

export class Recorder {
  /** The world's step now (its time is step·dt). */
  head = 0;
  /** The last step recorded: past the head after scrubbing back (the recorded future). */
  end = 0;
  /** Steps between keyframes. */
  spacing = MIN_SPACING;
  keyframes: Keyframe[] = [];
  /** Inputs by step, in the order they were given (kept sorted by step). */
  inputs: { step: number; input: TimelineInput }[] = [];
  /** While set, every step is taken alone and reported to it (a challenge's referee watches each one). */
  stepWatch: ((step: number) => void) | null = null;
  /** Playing forward stops at this step (a challenge was decided there); null: no stop. */
  stopAt: number | null = null;
  private bytes = 0;
  private msPerStep = 0;
  private spacingFixed = false;
  private scene: string;

  constructor(
    private readonly world: RecordableWorld,
    scene: string,
    private readonly options: RecorderOptions,
  ) {
    this.scene = scene;
    this.addKeyframe();
    this.reportSample();
  }

  /** Bytes of keyframes held now. */
  get keyframeBytes(): number {
    return this.bytes;
  }

  /**
   * An input given now (by the user): applied (unless the caller did), logged at the head. Given while scrubbed back,
   * it branches: the recorded future is discarded and recording continues from here.
   */
  give(input: TimelineInput, alreadyApplied = false): void {
    if (this.head < this.end) this.discardFuture();
    if (input.kind === 'scene') this.scene = input.text;
    this.inputs.push({ step: this.head, input });
    if (!alreadyApplied) this.options.applyInput(input);
    // A keyframe holds the inputs of its own step (restoring it applies none of them again): one
    // taken at this step before the input is retaken. After a scene change the next keyframe
    // must be of the new scene: one is taken at once.
    if (input.kind === 'scene' || this.hasKeyframe(this.head)) this.addKeyframe();
  }

  /** Steps forward `count` steps: replays the recording while inside it, records beyond it. */
  advance(count: number): void {
    const target = this.head + count;
    while (this.head < target && this.head < (this.stopAt ?? Infinity)) {
      const next = Math.min(target, this.nextInputStep(this.head), this.nextKeyframeStep(), this.stopAt ?? Infinity);
      if (next > this.head) this.timedStep(next - this.head, true);
      this.applyInputsAt(this.head);
      if (this.head > this.end) {
        this.end = this.head; // recording anew: keyframes on the grid
        if (this.head % this.spacing === 0) this.addKeyframe();
      }
    }
  }

  /**
   * Goes back to the keyframe at or before `step` and replays to where the world is now, calling
   * `sampled` on the way (the plot rebuilds its history); the world ends bitwise where it was.
   * Returns the step to reach: continueSeek finishes it.
   */
  startResample(step: number): number {
    const target = this.head;
    this.restore(this.keyframeAtOrBefore(this.clamp(Math.min(step, target))));
    this.seekTarget = target;
    return target;
  }

  /** Puts the world at `step` (clamped to the recording) exactly; synchronous. */
  seek(step: number): void {
    const target = this.clamp(step);
    const key = this.keyframeAtOrBefore(target);
    // Stepping on from where the world is costs less when the head is between the keyframe and the target.
    if (!(this.head <= target && this.head >= key.step)) this.restore(key);
    this.replayTo(target);
  }

  /**
   * Starts a seek that `continueSeek` finishes within a wall-clock budget per call (a frame), so
   * reaching a distant step never freezes the page. Returns the clamped target.
   */
  startSeek(step: number): number {
    const target = this.clamp(step);
    const key = this.keyframeAtOrBefore(target);
    if (!(this.head <= target && this.head >= key.step)) this.restore(key);
    this.seekTarget = target;
    return target;
  }
  seekTarget: number | null = null;

  /** Advances a started seek for up to `budgetMs`; true once it has arrived. */
  continueSeek(budgetMs: number): boolean {
    if (this.seekTarget === null) return true;
    const start = performance.now();
    const chunk = Math.max(1, this.msPerStep > 0 ? Math.floor(budgetMs / 2 / this.msPerStep) : 1);
    while (this.head < this.seekTarget && performance.now() - start < budgetMs) {
      this.replayTo(Math.min(this.seekTarget, this.head + chunk));
    }
    if (this.head >= this.seekTarget) this.seekTarget = null;
    return this.seekTarget === null;
  }

  clamp(step: number): number {
    return Math.max(0, Math.min(this.end, Math.round(step)));
  }

  /** Drops keyframes and inputs past the head: the branch point. (Inputs at the head were applied on the way here.) */
  private discardFuture(): void {
    const kept = this.keyframes.filter((k) => k.step <= this.head);
    for (const k of this.keyframes) if (k.step > this.head) this.bytes -= k.state.byteLength;
    this.keyframes = kept;
    this.inputs = this.inputs.filter((i) => i.step <= this.head);
    this.end = this.head;
  }

  private replayTo(target: number): void {
    while (this.head < target) {
      const next = Math.min(target, this.nextInputStep(this.head), this.end);
      this.timedStep(Math.max(1, next - this.head));
      this.applyInputsAt(this.head);
    }
  }

  private restore(key: Keyframe): void {
    if (key.scene !== this.scene) {
      this.options.loadScene(key.scene);
      this.scene = key.scene;
    }
    const error = this.world.restoreState(key.state);
    if (error !== '') throw new Error(`The timeline could not restore t at step ${key.step}: ${error}`);
    this.head = key.step;
    // Inputs logged at the keyframe's own step were given before it was taken.
    this.reportSample();
  }

  /** Tells the sampler when the world is at a sampling step. */
  private reportSample(): void {
    const every = this.options.sampleEvery ?? 0;
    if (every > 0 && this.head % every === 0) this.options.sampled?.(this.head);
  }

  private applyInputsAt(step: number): void {
    for (const entry of this.inputs) {
      if (entry.step !== step) continue;
      if (entry.input.kind === 'scene') this.scene = entry.input.text;
      this.options.applyInput(entry.input);
    }
  }

  private nextInputStep(after: number): number {
    for (const entry of this.inputs) if (entry.step > after) return entry.step;
    return Infinity;
  }

  private nextKeyframeStep(): number {
    return (Math.floor(this.head / this.spacing) + 1) * this.spacing;
  }

  // Steps in pieces that end on the sampling grid, so that each sampling step is seen.
  // Watched steps go one at a time; a live one stops where the watch set `stopAt`.
  private timedStep(count: number, live = false): void {
    const start = performance.now();
    const every = this.options.sampleEvery ?? 0;
    for (let left = count; left > 0; ) {
      if (live && this.head >= (this.stopAt ?? Infinity)) break;
      const piece = this.stepWatch ? 1 : every > 0 ? Math.min(left, every - (this.head % every)) : left;
      this.world.step(piece);
      this.head += piece;
      left -= piece;
      this.reportSample();
      this.stepWatch?.(this.head);
    }
    // Browsers coarsen performance.now() (to 0.1 ms or more): cheap steps are timed in bulk.
    this.timedMs += performance.now() - start;
    this.timedSteps += count;
    if (this.timedMs >= 2) {
      const perStep = this.timedMs / this.timedSteps;
      this.msPerStep = this.msPerStep > 0 ? 0.8 * this.msPerStep + 0.2 * perStep : perStep;
      this.timedMs = this.timedSteps = 0;
    }
    this.chooseSpacing();
  }
  private timedMs = 0;
  private timedSteps = 0;

  // Once the cost of a step is known: keyframes about restepMs of stepping apart (a power of two
  // times MIN_SPACING, so thinning keeps them on the grid).
  private chooseSpacing(): void {
    if (this.spacingFixed || this.msPerStep <= 0 || this.head < 4 * MIN_SPACING) return;
    const wanted = (this.options.restepMs ?? DEFAULT_RESTEP_MS) / this.msPerStep;
    while (this.spacing * 2 <= wanted) this.spacing *= 2;
    this.spacingFixed = true;
    this.thin(false);
  }

  private hasKeyframe(step: number): boolean {
    const last = this.keyframes[this.keyframes.length - 1];
    return last !== undefined && last.step === step;
  }

  private addKeyframe(): void {
    const state = this.world.saveState();
    if (this.hasKeyframe(this.head)) {
      const last = this.keyframes[this.keyframes.length - 1];
      this.bytes -= last.state.byteLength;
      this.keyframes.pop();
    }
    this.keyframes.push({ step: this.head, state, scene: this.scene });
    this.bytes += state.byteLength;
    while (this.bytes > this.options.budgetBytes && this.keyframes.length > 2) this.thin(true);
  }

  /** Keeps the first keyframe and those on the (doubled) spacing grid, and scene-change keyframes. */
  private thin(double: boolean): void {
    if (double) this.spacing *= 2;
    const first = this.keyframes[0];
    const kept = this.keyframes.filter(
      (k, i) => k === first || k.step % this.spacing === 0 || (i > 0 && this.keyframes[i - 1].scene !== k.scene),
    );
    this.bytes = kept.reduce((sum, k) => sum + k.state.byteLength, 0);
    this.keyframes = kept;
  }

  private keyframeAtOrBefore(step: number): Keyframe {
    let found = this.keyframes[0];
    for (const k of this.keyframes) {
      if (k.step > step) break;
      found = k;
    }
    return found;
  }
}
