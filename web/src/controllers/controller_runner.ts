// Runs a scene's controller beside the page's simulation. The code runs in the
// sandbox's worker (controller_sandbox.ts); the simulation stays here, where the page reads its
// poses. Stepping is in lockstep with the control period: at a tick's step the runner sends the
// state, waits for the answer, applies its efforts and motor targets through the timeline (so they
// are recorded and replayed like any input) and only then steps on — the same sequence
// World.step runs in Node, so both give the same motion bit for bit. A tick that takes longer
// than its budget, throws, or answers nonsense stops the controller with a message.
import type { ContactPoint, ControlCommand } from '../../../lib/featherweight';
import { MAX_SIGNALS, stepsPerTick } from '../../../lib/controller';
import type { ControllerReply, ControllerRequest } from './controller_protocol';
import { ControllerSandbox } from './controller_sandbox';

/** Wall-clock milliseconds a tick may take. */
export const TICK_BUDGET_MS = 50;
/** The first tick may take longer: a controller designs itself there (an LQR gain, a trajectory). */
export const FIRST_TICK_BUDGET_MS = 2000;
/** Starting: compiling the engine, building the mirror world, evaluating the module. */
const START_BUDGET_MS = 10_000;
/** A reply can wait behind a busy frame: an unanswered tick is ended this much after its budget. */
const GRACE_MS = 250;
/** Stepping done in one go before the page gets its thread back (a frame's share). */
const PUMP_MS = 8;
/** A signal's name is shown in the plot's list: longer ones are refused. */
const MAX_SIGNAL_NAME = 64;

export interface RunnerHooks {
  /** The timeline's step index, and whether it is recording anew (not replaying a recording). */
  stepIndex(): number;
  live(): boolean;
  timestep(): number;
  /** Steps through the timeline, and an input given to it (applied and recorded). */
  advance(steps: number): void;
  /** Whether the timeline goes no further forward (a challenge decided there): the steps owed are dropped. */
  stopped?(): boolean;
  input(command: ControlCommand): void;
  state(): { t: number; q: Float64Array; qd: Float64Array; contacts: ContactPoint[] };
  /** How many efforts (nv) and motors the world has: an answer outside them is refused. */
  sizes(): { efforts: number; motors: number };
  wasm(): Promise<ArrayBuffer>;
  signals(values: Record<string, number>): void;
  status(status: RunnerStatus): void;
}

export type RunnerStatus =
  | { state: 'off' }
  | { state: 'starting' }
  | { state: 'running'; ticks: number; lastMs: number }
  | { state: 'stopped'; message: string; line: number | null; byUser: boolean };

export class ControllerRunner {
  private sandbox: ControllerSandbox | null = null;
  private stepsPerTick = 1;
  private sizes = { efforts: 0, motors: 0 };
  private owed = 0;
  private doneSinceAsked = 0;
  private waiting = false;
  private lastTickStep = -1;
  private ticks = 0;
  private lastMs = 0;
  private readonly timers = new Set<number>();
  private run = 0; // which start the replies belong to
  private generation = 0; // which stretch of the timeline a tick's answer belongs to
  private seq = 0; // the last request's number: its one reply must repeat it
  private pending: { seq: number; type: ControllerReply['type']; resolve: (reply: ControllerReply) => void }[] = [];
  private idle: (() => void)[] = [];

  constructor(
    private readonly hooks: RunnerHooks,
    private readonly workerSource: string,
  ) {}

  get running(): boolean {
    return this.sandbox !== null;
  }

  /**
   * Starts the controller of `sceneText` (its `controller`), the simulation at its start. The
   * caller has the user's consent: this runs the scene's code (isolated).
   */
  async start(sceneText: string): Promise<void> {
    this.stop();
    const spec = (JSON.parse(sceneText) as { controller?: { rate: number } }).controller;
    if (!spec) return;
    const run = ++this.run;
    this.stepsPerTick = stepsPerTick(spec.rate, this.hooks.timestep());
    this.sizes = this.hooks.sizes(); // a rebuild keeps the structure: read once per start, not per tick
    this.sandbox = new ControllerSandbox(this.workerSource);
    this.waiting = true; // no step before the controller is there to tick at t = 0
    this.sandbox.port.onmessage = (event: MessageEvent<unknown>) => this.received(event.data);
    this.hooks.status({ state: 'starting' });
    const wasm = await this.hooks.wasm();
    if (run !== this.run) return;
    const reply = await this.ask({ type: 'init', seq: ++this.seq, wasm, scene: sceneText }, START_BUDGET_MS, [wasm]);
    if (run !== this.run || reply === null) return;
    this.ticks = 0;
    this.lastTickStep = -1;
    this.hooks.status({ state: 'running', ticks: 0, lastMs: 0 });
    this.pump();
  }

  /** Ends the controller (and its worker, whatever it is doing). The efforts it set stay. */
  stop(message = '', line: number | null = null, byUser = false): void {
    this.run++;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.sandbox?.dispose();
    const wasRunning = this.sandbox !== null;
    this.sandbox = null;
    this.pending = [];
    this.waiting = false;
    this.owed = 0;
    this.release();
    if (wasRunning || message) this.hooks.status(message || byUser ? { state: 'stopped', message, line, byUser } : { state: 'off' });
  }

  /** The same scene with other numbers (a slider, a panel edit): the mirror follows. */
  async sceneChanged(text: string): Promise<void> {
    if (this.sandbox) await this.ask({ type: 'scene', seq: ++this.seq, text }, START_BUDGET_MS);
  }

  /**
   * The timeline moved (a seek, a branch, a rebuild): the next tick is due at the next period, and
   * the answer of a tick still on its way belongs to a moment that is gone.
   */
  rewound(): void {
    this.generation++;
    this.lastTickStep = -1;
    this.owed = 0;
  }

  /**
   * The loop's steps: owed, and taken as far as the control ticks allow. Returns the steps taken
   * since the last call (some while waiting on a tick's answer in between). `capped`: the frame
   * loop's request, whose backlog is bounded like the loop's own; a test's is not.
   */
  request(steps: number, capped = true): number {
    this.owed = capped ? Math.min(this.owed + steps, Math.max(steps, Math.ceil(0.1 / this.hooks.timestep()))) : this.owed + steps;
    this.pump();
    const done = this.doneSinceAsked;
    this.doneSinceAsked = 0;
    return done;
  }

  /** Resolves when all the owed steps are taken (or the controller stopped). */
  whenIdle(): Promise<void> {
    if (this.owed === 0 && !this.waiting) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  private pump(): void {
    const start = performance.now();
    while (this.owed > 0 && !this.waiting && performance.now() - start < PUMP_MS) {
      if (!this.sandbox) {
        this.take(this.owed);
        break;
      }
      const head = this.hooks.stepIndex();
      if (this.hooks.live() && head % this.stepsPerTick === 0 && head !== this.lastTickStep) {
        void this.tick(head);
        return;
      }
      // To the next period's first step, where the next tick is due.
      if (!this.take(Math.min(this.owed, this.stepsPerTick - (head % this.stepsPerTick)))) {
        if (this.hooks.stopped?.()) this.owed = 0; // nothing to wait for: no retrying
        break;
      }
    }
    if (this.owed > 0 && !this.waiting && this.sandbox) setTimeout(() => this.pump()); // the page draws in between
    if (this.owed === 0 && !this.waiting) this.release();
  }

  /** Steps `steps` through the timeline; false when it could not (a seek is running). */
  private take(steps: number): boolean {
    const before = this.hooks.stepIndex();
    this.hooks.advance(steps);
    const taken = this.hooks.stepIndex() - before;
    this.owed -= steps;
    this.doneSinceAsked += taken;
    return taken > 0;
  }

  private async tick(step: number): Promise<void> {
    this.lastTickStep = step;
    const run = this.run;
    const state = this.hooks.state();
    const budget = this.ticks === 0 ? FIRST_TICK_BUDGET_MS : TICK_BUDGET_MS;
    const generation = this.generation;
    const reply = await this.ask({ type: 'tick', seq: ++this.seq, ...state }, budget, [state.q.buffer, state.qd.buffer]);
    if (run !== this.run || reply?.type !== 'tick') return;
    if (generation !== this.generation) return this.pump(); // not applied: ticks again where it is now
    if (!(reply.ms <= budget)) return this.stop(`the controller took ${reply.ms.toFixed(0)} ms for one tick at t = ${state.t.toFixed(3)} s; its budget is ${budget} ms`);
    const refused = this.refusal(reply.commands) || signalRefusal(reply.signals);
    if (refused) return this.stop(`the controller's answer was refused: ${refused}`);
    for (const command of reply.commands) this.hooks.input(command);
    this.ticks++;
    this.lastMs = reply.ms;
    this.hooks.signals(reply.signals);
    this.hooks.status({ state: 'running', ticks: this.ticks, lastMs: this.lastMs });
    this.pump();
  }

  /** Sends a request and waits for its answer, within a budget; null if it failed (then stopped). */
  private ask(request: ControllerRequest, budgetMs: number, transfer: Transferable[] = []): Promise<ControllerReply | null> {
    const sandbox = this.sandbox;
    if (!sandbox) return Promise.resolve(null);
    this.waiting = true;
    return new Promise((resolve) => {
      const timer = window.setTimeout(() => {
        const what = request.type === 'tick' ? `one tick at t = ${(request.t).toFixed(3)} s` : 'starting';
        this.stop(`the controller did not answer within its budget (${budgetMs} ms for ${what}); it was stopped`);
        resolve(null);
      }, budgetMs + GRACE_MS);
      this.timers.add(timer);
      const expects = request.type === 'init' ? 'ready' : request.type;
      this.pending.push({ seq: request.seq, type: expects, resolve: (reply) => {
        clearTimeout(timer);
        this.timers.delete(timer);
        this.waiting = false;
        if (reply.type === 'error') {
          this.stop(reply.message, reply.line);
          resolve(null);
        } else resolve(reply);
      } });
      sandbox.port.postMessage(request, transfer);
    });
  }

  /**
   * A message from the worker: the reply to the oldest request still open, or the controller's
   * code posting on its own (a flood of junk taken as answers ran the scene uncontrolled), which
   * stops it. One reply per request, of the request's kind, repeating its number.
   */
  private received(data: unknown): void {
    const expected = this.pending[0];
    const reply = data as Partial<ControllerReply> | null;
    if (expected && typeof reply === 'object' && reply !== null && reply.seq === expected.seq && (reply.type === expected.type || reply.type === 'error')) {
      this.pending.shift();
      expected.resolve(reply as ControllerReply);
      return;
    }
    this.stop('the controller posted a message the page did not ask for (one answer per tick); it was stopped');
  }

  /** Why an answer cannot be applied ('' when it can): it comes from someone else's code. */
  private refusal(commands: unknown): string {
    if (!Array.isArray(commands)) return 'not a list of commands';
    const { efforts, motors } = this.sizes;
    // Each effort and motor target set at most once a tick would do; a few times over is tolerated.
    if (commands.length > 4 * (efforts + motors)) return `${commands.length} commands for ${efforts} efforts and ${motors} motors`;
    for (const c of commands as ControlCommand[]) {
      const index = (c as { index?: unknown })?.index;
      if (c?.kind === 'effort' && Number.isInteger(index) && c.index >= 0 && c.index < efforts && Number.isFinite(c.value)) continue;
      if (c?.kind === 'motor' && Number.isInteger(index) && c.index >= 0 && c.index < motors && Number.isFinite(c.position) && Number.isFinite(c.velocity)) continue;
      return `${JSON.stringify(c)?.slice(0, 80)} is not an effort or motor target of this world`;
    }
    return '';
  }

  private release(): void {
    const waiting = this.idle;
    this.idle = [];
    for (const resolve of waiting) resolve();
  }
}

/** Why a tick's signals cannot be plotted ('' when they can): numbers, at most MAX_SIGNALS, short names. */
function signalRefusal(signals: unknown): string {
  if (typeof signals !== 'object' || signals === null || Array.isArray(signals)) return 'its signals are not an object of named numbers';
  let count = 0;
  for (const name in signals) {
    if (++count > MAX_SIGNALS) return `more than ${MAX_SIGNALS} signals (the plot shows at most ${MAX_SIGNALS})`;
    if (name.length > MAX_SIGNAL_NAME) return `the signal name ${JSON.stringify(name.slice(0, 40))}… is over ${MAX_SIGNAL_NAME} characters`;
    if (typeof (signals as Record<string, unknown>)[name] !== 'number') return `the signal ${JSON.stringify(name)} is not a number`;
  }
  return '';
}
