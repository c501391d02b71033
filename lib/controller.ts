// Controllers in the loop: a scene's `controller` is a JavaScript module exporting
// control(ctx). It runs at its rate, in lockstep with the steps, its efforts and motor targets
// held between ticks (zero-order hold), so a run is the same wherever it runs. This is the
// runtime the library uses in Node, where code runs only when the caller opts in
// (World.enableController); the page will run the same module in an isolated worker.
import { parse as parseModule } from 'acorn';
import type { ContactPoint, Matrix, Pose } from './types';

export interface ControllerSpec {
  source: string;
  rate: number; // ticks per second
  /** Named numbers the law reads as ctx.parameters (gains, set points); sliders may tune them. */
  parameters?: Record<string, number>;
}

/** What a tick told the world to do, in the page timeline's own terms (its inputs are recorded). */
export type ControlCommand =
  | { kind: 'effort'; index: number; value: number } // τ[index] (a joint's first velocity index)
  | { kind: 'motor'; index: number; position: number; velocity: number }; // the index-th motor's target

/** One tick's outcome: its commands in the order given, and the signals it returned (numbers only). */
export interface TickResult {
  commands: ControlCommand[];
  signals: Record<string, number>;
}

/** What a tick sees and may do. Arrays are copies: writing them changes nothing. */
export interface ControlContext {
  t: number;
  /** The control period, 1 / rate. */
  dt: number;
  q: Float64Array;
  qd: Float64Array;
  /** A joint's coordinate and velocity now (1-DoF joints: its first coordinate). */
  joint(name: string): { q: number; qd: number };
  /** A body frame's pose now: position, and the quaternion w, x, y, z. */
  bodyPose(name: string): Pose;
  contacts(): ContactPoint[];
  model: {
    massMatrix(): Matrix;
    inverseDynamics(qdd: ArrayLike<number>): Float64Array;
    /** q̈ for efforts τ, at the state now or at another (q, q̇): linearising about a set point. */
    forwardDynamics(tau: ArrayLike<number>, at?: { q?: ArrayLike<number>; qd?: ArrayLike<number> }): Float64Array;
    gravityTorques(): Float64Array;
    jacobian(body: string, point?: [number, number, number]): Matrix;
    bodyPose(name: string): Pose;
    /** The same queries at another state (q, q̇), e.g. along a planned path. */
    at(state: { q?: ArrayLike<number>; qd?: ArrayLike<number> }): Omit<ControlContext['model'], 'at'>;
  };
  /** Control design on this model (lib/control_design.ts). */
  design: {
    /** ẋ = A x + B u about a set point (default: now), x = (q, q̇) offsets, u the named joints' efforts. */
    linearize(inputs: string[], at?: { q?: ArrayLike<number>; qd?: ArrayLike<number> }): { A: number[][]; B: number[][] };
    /** Discrete LQR over the control period dt: u = −K x; P the cost-to-go matrix. */
    lqr(A: number[][], B: number[][], Q: number[][], R: number[][]): { K: number[][]; P: number[][] };
  };
  /** The scene's controller.parameters, with the page's slider edits (Node: the scene's, or those given). */
  parameters: Record<string, number>;
  /** The scene's slider values by label (the page's; none in Node unless given). */
  sliders: Record<string, number>;
  setEffort(joint: string, value: number): void;
  setMotorTarget(joint: string, position: number, velocity?: number): void;
}

/** Returns named signals to plot (or nothing). */
export type ControlFunction = (ctx: ControlContext) => Record<string, number> | void;

/**
 * Turns a controller's module text into its control function, its Math being `math`: this
 * process's own (loadControlFunction) or a sandbox's (lib/challenge/quickjs_controller.ts).
 */
export type ControllerLoader = (source: string, math: Math) => Promise<ControlFunction>;

/** A controller failed: its message, and the line of its source where it happened when known. */
export class ControllerError extends Error {
  constructor(
    /** What went wrong, without the line. */
    readonly reason: string,
    readonly line: number | null,
  ) {
    super(line === null ? reason : `line ${line}: ${reason}`);
    this.name = 'ControllerError';
  }
}

/** The line in the controller's source of an error thrown from it (a data: URL module's stack). */
export function sourceLine(error: unknown): number | null {
  // A sandbox's error carries its line itself.
  const own = (error as { controllerLine?: unknown } | null)?.controllerLine;
  if (typeof own === 'number') return own;
  const stack = error instanceof Error ? (error.stack ?? '') : '';
  const match = /data:text\/javascript[^\n]*?:(\d+):\d+/.exec(stack);
  return match ? Number(match[1]) : null;
}

/**
 * The line of the first syntax error in a module's text, or null if it parses. Engines report a
 * module's syntax error without its place (V8: "Unexpected token ';'" and no line), so it is
 * parsed again here (acorn: parsing only, nothing runs) to find it.
 */
export function syntaxErrorLine(source: string): number | null {
  try {
    parseModule(source, { ecmaVersion: 'latest', sourceType: 'module' });
    return null;
  } catch (error) {
    const loc = (error as { loc?: { line?: unknown } }).loc;
    return typeof loc?.line === 'number' ? loc.line : null;
  }
}

/** Evaluates the module text and returns its control function (Node, or a worker's own scope). */
export async function loadControlFunction(source: string, math: Math = Math): Promise<ControlFunction> {
  let module: { control?: unknown };
  // The module's Math is `math` (lib/controller_math.ts), handed over through a global slot of
  // this load's own, read on line 1 before the controller's first line (the line numbers stay).
  // A module is evaluated once per URL: the numbered last line makes every load a fresh instance
  // (its own module-level state).
  const slot = `featherweight.controllerMath.${++loads}`;
  const text = `const Math = globalThis[Symbol.for(${JSON.stringify(slot)})]; ${source}\n// load ${loads}`;
  const global = globalThis as unknown as Record<symbol, Math>;
  global[Symbol.for(slot)] = math;
  try {
    module = (await import(/* @vite-ignore */ `data:text/javascript;base64,${base64(text)}`)) as { control?: unknown };
  } catch (error) {
    throw new ControllerError(`the controller does not load: ${error instanceof Error ? error.message : String(error)}`, sourceLine(error) ?? syntaxErrorLine(source));
  } finally {
    delete global[Symbol.for(slot)];
  }
  if (typeof module.control !== 'function') throw new ControllerError('the controller module must export a function control(ctx)', null);
  return module.control as ControlFunction;
}

let loads = 0;

/** The scene's slider values by label (meta.sliders, each at its JSON pointer). */
export function sliderValuesOf(scene: unknown): Record<string, number> {
  const values: Record<string, number> = {};
  const sliders = (scene as { meta?: { sliders?: { label?: unknown; path?: unknown }[] } })?.meta?.sliders;
  if (!Array.isArray(sliders)) return values;
  for (const slider of sliders) {
    if (typeof slider.label !== 'string' || typeof slider.path !== 'string') continue;
    let at: unknown = scene;
    for (const key of slider.path.split('/').slice(1)) at = (at as Record<string, unknown> | undefined)?.[key.replaceAll('~1', '/').replaceAll('~0', '~')];
    if (typeof at === 'number') values[slider.label] = at;
  }
  return values;
}

/**
 * The scene's actuators (meta.efforts): the joints a controller may drive, each with its range of
 * effort, by "articulation/link"; null when the scene names none (then any 1-DoF joint, unbounded).
 */
export function effortRangesOf(scene: unknown): Map<string, { min: number; max: number }> | null {
  const efforts = (scene as { meta?: { efforts?: { joint?: unknown; min?: unknown; max?: unknown }[] } })?.meta?.efforts;
  if (!Array.isArray(efforts) || efforts.length === 0) return null;
  const ranges = new Map<string, { min: number; max: number }>();
  for (const e of efforts) if (typeof e.joint === 'string' && typeof e.min === 'number' && typeof e.max === 'number') ranges.set(e.joint, { min: e.min, max: e.max });
  return ranges;
}

function base64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

/** The numbers of what a control function returned, at most MAX_SIGNALS of them: the rest is dropped. */
export function signalsOf(returned: unknown): Record<string, number> {
  const signals: Record<string, number> = {};
  if (!returned || typeof returned !== 'object') return signals;
  for (const [name, value] of Object.entries(returned).slice(0, MAX_SIGNALS)) if (typeof value === 'number') signals[name] = value;
  return signals;
}

export const MAX_SIGNALS = 16;

/** How many steps one control period is: 1 / (rate · dt) must be a whole number. */
export function stepsPerTick(rate: number, dt: number): number {
  const steps = 1 / (rate * dt);
  const whole = Math.round(steps);
  if (!(rate > 0) || whole < 1 || Math.abs(steps - whole) > 1e-6 * whole)
    throw new ControllerError(`a controller rate of ${rate} Hz is not a whole number of ${dt} s steps`, null);
  return whole;
}
