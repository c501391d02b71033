// The last line of defence between the page and the engine: every call into the module is
// caught. A C++ exception that escaped the bindings or a trap (WebAssembly.RuntimeError) leaves
// the module unsafe to use (its stack pointer is not restored: each failure leaks stack, and
// after some hundreds it is full), so the guard reports it, answers further calls harmlessly
// while a fresh module starts, and runs the last scene that loaded again, from its start.
// A JavaScript error from the bindings (a wrong argument) is reported; the module is fine.
import type { FeatherweightModule, Simulation } from 'featherweight-wasm/featherweight.js';

export interface EngineFailure {
  /** What failed, for the user. */
  message: string;
  /** True when a fresh module is being started (the scene will restart). */
  restarting: boolean;
}

export interface GuardOptions {
  create: () => Promise<FeatherweightModule>;
  onFailure: (failure: EngineFailure) => void;
  /** A fresh module runs: the last scene that loaded, from its initial state (its text), or none (null). */
  onRestarted: (sceneText: string | null) => void;
}

/** Calls that change the world: refused while a fresh module starts. */
const MUTATING = new Set<string>(['load', 'reset', 'step', 'applyForce', 'startDrag', 'moveDrag', 'setMotorTarget', 'restoreState', 'adoptState']);

export class GuardedEngine {
  /** Stand-ins for the module and its Simulation that always reach the current ones. */
  readonly engine: FeatherweightModule;
  readonly sim: Simulation;
  /** Failures of the module itself so far (traps, escaped exceptions). */
  failures = 0;
  private module: FeatherweightModule;
  private real: Simulation;
  private restarting = false;
  /** The scenes that loaded, newest last (two kept: a scene that fails again is given up for the one before). */
  private goodScenes: string[] = [];
  /** The scene a restart brought back, until it has run without failing. */
  private restartedScene: string | null = null;

  private constructor(module: FeatherweightModule, private readonly options: GuardOptions) {
    this.module = module;
    this.real = new module.Simulation();
    this.engine = new Proxy({} as FeatherweightModule, { get: (_target, key) => Reflect.get(this.module, key) as unknown });
    this.sim = new Proxy({} as Simulation, {
      get: (_target, key) => (...args: unknown[]) => this.call(String(key), args),
    });
  }

  static async start(options: GuardOptions): Promise<GuardedEngine> {
    return new GuardedEngine(await options.create(), options);
  }

  private call(method: string, args: unknown[]): unknown {
    if (this.restarting && MUTATING.has(method)) return method === 'load' ? 'The engine is restarting after an error; try again in a moment.' : undefined;
    const fn = Reflect.get(this.real, method) as unknown;
    if (typeof fn !== 'function') return undefined; // an older module without this call
    try {
      const result = (fn as (...a: unknown[]) => unknown).apply(this.real, args);
      if (method === 'load' && result === '') this.goodScenes = [...this.goodScenes.slice(-1), String(args[0])];
      if (method === 'step' && this.restartedScene !== null && this.real.time() > 1) this.restartedScene = null; // it ran on after the restart
      return result;
    } catch (error) {
      return this.failed(method, error);
    }
  }

  private failed(method: string, error: unknown): unknown {
    const moduleBroken = isWasmFailure(error);
    const what = error instanceof WebAssembly.RuntimeError ? `trap: ${error.message}`
      : moduleBroken ? 'an internal exception escaped the engine'
      : error instanceof Error && error.message ? error.message : String(error);
    if (!moduleBroken) {
      this.options.onFailure({ message: `The engine refused a call (${method}): ${what}`, restarting: false });
      return safeResult(method, `the engine refused the call: ${what}`);
    }
    this.failures++;
    if (!this.restarting) {
      this.restarting = true;
      // A failure inside load() is the new scene's; the scene that ran is not to blame.
      if (method === 'load') this.restartedScene = null;
      this.options.onFailure({
        message: `The physics engine failed inside ${method} (${what}). It is being restarted.`,
        restarting: true,
      });
      void this.restart();
    }
    return safeResult(method, `the engine failed (${what}); it is restarting and the previous scene will run again`);
  }

  private async restart(): Promise<void> {
    try {
      const module = await this.options.create();
      const sim = new module.Simulation();
      // A scene that failed again right after being brought back is given up for the one before.
      const latest = this.goodScenes.at(-1) ?? null;
      if (latest !== null && latest === this.restartedScene) this.goodScenes.pop();
      const scene = this.goodScenes.at(-1) ?? null;
      const running = scene !== null && sim.load(scene) === '' ? scene : null;
      if (running === null) this.goodScenes = [];
      this.restartedScene = running;
      this.module = module;
      this.real = sim;
      this.restarting = false;
      this.options.onRestarted(running);
    } catch (error) {
      this.options.onFailure({ message: `The physics engine could not be restarted (${String(error)}). Reload the page.`, restarting: false });
    }
  }
}

/** A trap, or a C++ exception that crossed into JavaScript. */
function isWasmFailure(error: unknown): boolean {
  if (error instanceof WebAssembly.RuntimeError) return true;
  const exception = (WebAssembly as unknown as { Exception?: new (...a: never[]) => unknown }).Exception;
  return exception !== undefined && error instanceof exception;
}

/** What a failed call answers: a message for load, an empty list for the *Json reads, else nothing. */
function safeResult(method: string, message: string): unknown {
  if (method === 'load') return `The scene could not be loaded: ${message}.`;
  if (method.endsWith('Json')) return '[]';
  if (method === 'stepError') return message;
  return 0;
}
