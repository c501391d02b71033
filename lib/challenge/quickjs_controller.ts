// The controller boundary for verification: someone else's controller runs in QuickJS (a
// JavaScript interpreter compiled to wasm, quickjs-emscripten), a fresh interpreter per
// submission that sees only what is handed in: the ctx of lib/controller.ts (each method a call to
// the host's own ctx, so commands, checks and the model are the library's) and the page's
// deterministic Math (the engine module's libm, so a run here equals the page's bit for bit). No
// fetch, require, process, files, timers or code from strings: reaching for one fails the run.
// Limits: interpreter work and host calls per tick (counted, so deterministic), memory, stack,
// and a wall-clock ceiling per submission as a last resort.
import { newQuickJSWASMModuleFromVariant, newVariant, type QuickJSContext, type QuickJSHandle, type QuickJSRuntime } from 'quickjs-emscripten-core';
import releaseSync from '@jitl/quickjs-wasmfile-release-sync';
import type { ControlContext, ControlFunction, ControllerLoader } from '../controller';
import { ControllerError } from '../controller';
import { GUEST_HELPERS, GuestValues } from './guest_values';
import { SANDBOX_PRELUDE } from './sandbox_prelude';

export interface SandboxLimits {
  /** Interpreter work per tick, in QuickJS interrupt polls: one per about 10,000 loop turns or calls. */
  tickWork: number;
  /** The same for loading the module and its first tick, where a controller designs itself (the page allows these more time too). */
  firstTickWork: number;
  /** Calls into the host (ctx's methods, Math's libm functions) per tick. */
  hostCalls: number;
  /** Promise jobs (then-callbacks, import()) a tick may leave to run after it. */
  jobs: number;
  /** The interpreter's heap. */
  memoryBytes: number;
  /** The interpreter's stack. */
  stackBytes: number;
  /** Wall-clock time the controller may take over a whole submission, in seconds (a last resort: the counts above decide first). */
  wallSeconds: number;
}

export const SANDBOX_LIMITS: Readonly<SandboxLimits> = Object.freeze({
  tickWork: 2000, // ≈ 20 million loop turns: what V8 does in some 20 ms, under the page's 50 ms a tick
  firstTickWork: 20_000, // ≈ 200 million: the page allows its first tick 2 s
  hostCalls: 100_000,
  jobs: 10_000,
  memoryBytes: 32 * 2 ** 20,
  // (QuickJS counts its stack in its own memory; small enough that its check comes before V8's
  // native stack runs out under the interpreter even on Node's main thread, so the verdict is the
  // same there and in a worker: 369 plain calls deep, 140 through Array.prototype.map.)
  stackBytes: 64 * 2 ** 10,
  wallSeconds: 60,
});

export interface SandboxOptions {
  limits?: Partial<SandboxLimits>;
  /** QuickJS's .wasm bytes, where the package's own file is not at hand (a bundle). */
  wasmBinary?: ArrayBuffer;
}

/** A loader for World.enableController({ load }) that runs each controller in a fresh QuickJS interpreter. */
export function quickJsControllerLoader(options: SandboxOptions = {}): ControllerLoader {
  const limits = { ...SANDBOX_LIMITS, ...options.limits };
  return async (source, math) => (await Sandbox.create(limits, math, options.wasmBinary)).load(source);
}

/** How many times the interpreter itself broke (its wasm stack overflowed): a grader reloads its engine then. */
export function sandboxCrashes(): number {
  return crashes;
}
let crashes = 0;

const JOB_BATCH = 100;
/** The QuickJS module's own initial memory (its data, stack and first heap), in 64 KiB pages. */
const MODULE_PAGES = 256;
const UNARY = ['sin', 'cos', 'tan', 'asin', 'acos', 'atan', 'sinh', 'cosh', 'tanh', 'asinh', 'acosh', 'atanh', 'exp', 'expm1', 'log', 'log1p', 'log2', 'log10', 'cbrt'] as const;
const QUERIES = new Set(['massMatrix', 'inverseDynamics', 'forwardDynamics', 'gravityTorques', 'jacobian', 'bodyPose']);

class Sandbox {
  private polls = 0;
  private budget = 0;
  private calls = 0;
  private wallMs = 0;
  private started = 0;
  /** Why the run must stop, once something decided it (a violation, a budget). */
  private stop: string | null = null;
  private host: ControlContext | null = null;
  private values!: GuestValues;

  private constructor(
    private readonly limits: SandboxLimits,
    private readonly runtime: QuickJSRuntime,
    private readonly vm: QuickJSContext,
  ) {
    // (Setting up runs under the first tick's budget too.)
    this.budget = limits.firstTickWork;
    this.started = performance.now();
  }

  static async create(limits: SandboxLimits, math: Math, wasmBinary?: ArrayBuffer): Promise<Sandbox> {
    // The interpreter's memory is ours, with a maximum: QuickJS's own limit does not count typed
    // arrays' bytes, so this is what holds them (an allocation past it is QuickJS's out of memory).
    const wasmMemory = new WebAssembly.Memory({ initial: MODULE_PAGES, maximum: MODULE_PAGES + Math.ceil(limits.memoryBytes / 65536) });
    const quickjs = await newQuickJSWASMModuleFromVariant(newVariant(releaseSync, { wasmMemory, ...(wasmBinary ? { wasmBinary } : {}) }));
    const runtime = quickjs.newRuntime();
    runtime.setMemoryLimit(limits.memoryBytes);
    runtime.setMaxStackSize(limits.stackBytes);
    const sandbox = new Sandbox(limits, runtime, runtime.newContext());
    runtime.setInterruptHandler(() => sandbox.poll());
    runtime.setModuleLoader((name) => {
      sandbox.stop ??= `it tried to import '${name}': a controller has no modules, network or files`;
      return { error: new Error(`no module '${name}' here`) };
    });
    sandbox.setUp(math);
    return sandbox;
  }

  private poll(): boolean {
    if (++this.polls > this.budget) this.stop ??= `it ran past its budget of work for one tick (an endless loop?)`;
    else if (this.wallMs + performance.now() - this.started > this.limits.wallSeconds * 1000)
      this.stop ??= `it ran past the wall-clock ceiling of ${this.limits.wallSeconds} s for a submission`;
    return this.stop !== null;
  }

  private tick: QuickJSHandle | null = null;
  private start: QuickJSHandle | null = null;

  private setUp(math: Math): void {
    const vm = this.vm;
    const helpers = this.evaluate(GUEST_HELPERS, 'helpers.js');
    this.values = new GuestValues(vm, vm.getProp(helpers, 'float64'), vm.getProp(helpers, 'kind'), vm.getProp(helpers, 'keys'));
    helpers.dispose();
    const host = vm.newObject();
    const mathObject = vm.newObject();
    const m = math as unknown as Record<string, (...x: number[]) => number>;
    for (const name of UNARY) this.define(mathObject, name, (x) => vm.newNumber(m[name](vm.getNumber(x))));
    vm.setProp(host, 'math', mathObject);
    mathObject.dispose();
    for (const name of ['atan2', 'pow', 'hypot'])
      this.define(host, name, (a, b) => vm.newNumber(name === 'hypot' ? m.hypot(vm.getNumber(a), vm.getNumber(b)) : m[name](vm.getNumber(a), vm.getNumber(b))));
    const ctx = () => this.host!;
    const plain = (name: string, f: (...args: unknown[]) => unknown) =>
      this.define(host, name, (...args) => this.values.toGuest(f(...args.map((a) => this.values.fromGuest(a)))));
    plain('violation', (what) => {
      this.stop ??= `it reached for ${String(what)}, which a controller does not have (no network, files, processes, timers or code from strings)`;
      throw new Error(`${String(what)} is not available to a controller`);
    });
    plain('joint', (name) => ctx().joint(name as string));
    plain('bodyPose', (name) => ctx().bodyPose(name as string));
    plain('contacts', () => ctx().contacts());
    plain('query', (kind, state, ...args) => {
      if (typeof kind !== 'string' || !QUERIES.has(kind)) throw new TypeError(`no model query '${String(kind)}'`);
      const queries = state === undefined ? ctx().model : ctx().model.at(state as never);
      return (queries[kind as keyof typeof queries] as (...a: unknown[]) => unknown)(...args);
    });
    plain('linearize', (inputs, at) => ctx().design.linearize(inputs as string[], at as never));
    plain('lqr', (A, B, Q, R) => ctx().design.lqr(A as number[][], B as number[][], Q as number[][], R as number[][]));
    plain('setEffort', (joint, value) => ctx().setEffort(joint as string, value as number));
    plain('setMotorTarget', (joint, position, velocity) => ctx().setMotorTarget(joint as string, position as number, velocity as number | undefined));
    const prelude = this.evaluate(SANDBOX_PRELUDE, 'prelude.js');
    this.start = vm.unwrapResult(vm.callFunction(prelude, vm.undefined, host));
    prelude.dispose();
    host.dispose();
  }

  /** A host function on `target`, counted against the tick's calls. */
  private define(target: QuickJSHandle, name: string, f: (...args: QuickJSHandle[]) => QuickJSHandle | undefined): void {
    const fn = this.vm.newFunction(name, (...args) => {
      if (++this.calls > this.limits.hostCalls) {
        this.stop ??= `it made more than ${this.limits.hostCalls} calls into the model and Math in one tick`;
        throw new Error('too many calls in one tick');
      }
      return f(...args);
    });
    this.vm.setProp(target, name, fn);
    fn.dispose();
  }

  private evaluate(code: string, file: string): QuickJSHandle {
    return this.vm.unwrapResult(this.vm.evalCode(code, file, { type: 'global', strict: true }));
  }

  /** Evaluates the controller's module (under the same budgets as a tick) and returns its control function. */
  load(source: string): ControlFunction {
    const vm = this.vm;
    const result = this.guarded(this.limits.firstTickWork, () => vm.evalCode(source, 'controller.js', { type: 'module' }));
    if (this.stop !== null || result.error) {
      const error = result.error ? this.guestError(result.error) : null;
      throw new ControllerError(`the controller does not load: ${this.stop ?? error!.message}`, error?.controllerLine ?? null);
    }
    const namespace = result.value;
    const control = vm.getProp(namespace, 'control');
    const isFunction = vm.typeof(control) === 'function';
    control.dispose();
    if (!isFunction) {
      namespace.dispose();
      throw new ControllerError('the controller module must export a function control(ctx)', null);
    }
    this.tick = vm.unwrapResult(vm.callFunction(this.start!, vm.undefined, namespace));
    namespace.dispose();
    let first = true;
    return (ctx) => {
      const signals = this.run(ctx, first);
      first = false;
      return signals;
    };
  }

  /** One tick: the controller's control(ctx) in the interpreter, then its pending jobs (promises). */
  private run(ctx: ControlContext, first: boolean): Record<string, number> {
    if (this.stop !== null) throw new Error(this.stop);
    const vm = this.vm, values = this.values;
    this.host = ctx;
    const args = [
      vm.newNumber(ctx.t), values.float64Array(Float64Array.from(ctx.q)), values.float64Array(Float64Array.from(ctx.qd)),
      first ? values.toGuest(ctx.parameters) : vm.undefined, first ? values.toGuest(ctx.sliders) : vm.undefined, vm.newNumber(ctx.dt),
    ];
    const result = this.guarded(first ? this.limits.firstTickWork : this.limits.tickWork, () => {
      try {
        const called = vm.callFunction(this.tick!, vm.undefined, args);
        // What the tick left queued (promise callbacks, import()) runs now, under the tick's budgets.
        if (!called.error) this.runPendingJobs();
        return called;
      } finally {
        for (const arg of args) arg.dispose();
      }
    });
    try {
      if (this.stop !== null) throw new Error(this.stop);
      if (result.error) throw this.guestError(result.error);
      const flat = values.fromGuest(result.value) as (string | number)[];
      const signals: Record<string, number> = {};
      for (let i = 0; i + 1 < flat.length; i += 2) signals[flat[i] as string] = flat[i + 1] as number;
      return signals;
    } finally {
      if (result.error) result.error.dispose();
      else result.value.dispose();
    }
  }

  /** The promise jobs a tick left, counted: each is cheap to the interrupt counter but not to the clock. */
  private runPendingJobs(): void {
    for (let jobs = 0; this.runtime.hasPendingJob(); jobs += JOB_BATCH) {
      if (jobs >= this.limits.jobs) {
        this.stop ??= `it queued more than ${this.limits.jobs} promise jobs in one tick (an endless chain?)`;
        return;
      }
      this.runtime.executePendingJobs(JOB_BATCH).dispose();
    }
  }

  /** Runs `f` in the interpreter with the tick's counts reset; the interpreter's own breakage stops the run. */
  private guarded<R>(budget: number, f: () => R): R {
    this.polls = 0;
    this.budget = budget;
    this.calls = 0;
    this.started = performance.now();
    try {
      return f();
    } catch (error) {
      // The interpreter itself failed (its wasm stack overflowed inside a deep native recursion):
      // this interpreter is done, and the engine it called may be too.
      crashes++;
      this.stop ??= `it broke the interpreter (${error instanceof Error ? error.message : String(error)})`;
      throw new Error(this.stop);
    } finally {
      this.wallMs += performance.now() - this.started;
    }
  }

  /** The host Error for what the controller threw, with the line of its source where known. */
  private guestError(handle: QuickJSHandle): Error & { controllerLine?: number } {
    const thrown: unknown = this.vm.dump(handle);
    const object = typeof thrown === 'object' && thrown !== null ? (thrown as { message?: unknown; stack?: unknown }) : null;
    let message = object && typeof object.message === 'string' ? object.message : String(thrown);
    if (message === 'out of memory') message += ` (a controller has ${this.limits.memoryBytes / 2 ** 20} MiB)`;
    if (message === 'stack overflow') message += ` (a controller has ${this.limits.stackBytes / 2 ** 10} KiB of stack)`;
    const error: Error & { controllerLine?: number } = new Error(message);
    const line = /controller\.js:(\d+)/.exec(typeof object?.stack === 'string' ? object.stack : '');
    if (line) error.controllerLine = Number(line[1]);
    return error;
  }
}
