// The library's World: a scene's simulation with names (joints, bodies, motors), the model
// queries and the scene's controller in the loop; its buffers' views come from lib/views.ts.
import type { FeatherweightModule, JointInfo, Simulation } from 'featherweight-wasm/featherweight.js';
import {
  ControllerError, loadControlFunction, signalsOf, sliderValuesOf, sourceLine, stepsPerTick,
  type ControlCommand, type ControlContext, type ControlFunction, type ControllerSpec, type TickResult,
} from './controller';
import { controllerMath } from './controller_math';
import { linearize, lqr } from './control_design';
import type { ContactPoint, JointHandle, Matrix, Pose } from './types';
import { POSE, WorldViews } from './views';
import { validateSceneMeta } from './scene_meta';

/** The loader refused the scene: `path` is the JSON pointer of what is wrong ('/' for the whole). */
export class SceneError extends Error {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(message);
    this.name = 'SceneError';
  }
}

export class World extends WorldViews {
  private readonly joints = new Map<string, JointHandle>();
  private readonly bodies = new Map<string, number>();
  private readonly motors = new Map<string, number>();
  private disposed = false;
  private control: ControlFunction | null = null;
  private stepsPerTick = 1;
  private context: ControlContext | null = null;
  private commands: ControlCommand[] = [];
  /** The signals the controller returned at its last tick. */
  signals: Record<string, number> = {};

  constructor(
    module: FeatherweightModule,
    /** The embind object behind this world. */
    simulation: Simulation,
    /** The scene's controller (its module text and rate), run only once enableController() is called. */
    readonly controller: ControllerSpec | null = null,
    /** The scene's slider values by label, as ctx.sliders shows them. */
    private sliders: Record<string, number> = {},
  ) {
    super(module, simulation);
    for (const j of JSON.parse(simulation.jointsJson()) as JointInfo[])
      this.joints.set(j.name, { index: j.body, type: j.type, qIndex: j.qIndex, vIndex: j.vIndex, nq: j.nq, nv: j.nv });
    (JSON.parse(simulation.bodiesJson()) as { name: string }[]).forEach((b, i) => this.bodies.set(b.name, i));
    (JSON.parse(simulation.motorsJson()) as { joint: string }[]).forEach((m, i) => this.motors.set(m.joint, i));
  }

  /**
   * Advances n time steps (stops early if the world blew up: see `error`). With the controller
   * enabled, it runs at every control period's first step, its outputs held until the next.
   */
  step(n = 1): void {
    if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0)
      throw new RangeError(`step(n) takes a whole number of steps from 0 to 2^53 − 1, got ${shown(n)}`);
    if (!this.control) {
      // The module counts steps in 32 bits: a larger n is taken in parts.
      for (let left = n; left > 0 && this.error === ''; left -= kStepsPerCall) this.simulation.step(Math.min(left, kStepsPerCall));
      return;
    }
    for (let k = 0; k < n && this.error === ''; k++) {
      if (Math.round(this.time / this.timestep) % this.stepsPerTick === 0) this.signals = this.tick(this.time, () => this.contacts()).signals;
      this.simulation.step(1);
    }
  }

  /**
   * Runs the scene's controller from now on: the caller's explicit opt-in, since the code came
   * with the scene (someone else's code). Throws ControllerError if it does not load.
   */
  async enableController(options: { sliders?: Record<string, number>; parameters?: Record<string, number> } = {}): Promise<void> {
    if (!this.controller) throw new ControllerError('this scene has no controller', null);
    this.stepsPerTick = stepsPerTick(this.controller.rate, this.timestep);
    this.control = await loadControlFunction(this.controller.source, controllerMath(this.module));
    this.context = this.makeContext({ ...this.sliders, ...options.sliders }, { ...this.controller.parameters, ...options.parameters });
  }

  /**
   * The same scene with other numbers (a slider moved, a mass edited): loaded into this world,
   * the controller keeps running with the new parameters and sliders. Throws SceneError.
   */
  updateScene(scene: string | object): void {
    const text = typeof scene === 'string' ? scene : JSON.stringify(scene);
    checkSceneMeta(text);
    const error = this.simulation.load(text);
    if (error !== '') throw sceneError(error);
    this.invalidate();
    const doc = JSON.parse(text) as { controller?: ControllerSpec };
    this.sliders = sliderValuesOf(doc);
    if (this.context) {
      Object.assign(this.context.parameters, doc.controller?.parameters);
      Object.assign(this.context.sliders, this.sliders);
    }
  }

  disableController(): void {
    this.control = null;
  }

  /**
   * One tick at a state given from outside: this world mirrors another's (q, q̇, time and its
   * contacts) and answers with the commands to apply there. The page's isolated worker runs the
   * controller this way (web/src/controllers/controller_worker.ts); Node's step() the same tick.
   */
  tickAt(state: { t: number; q: ArrayLike<number>; qd: ArrayLike<number>; contacts: ContactPoint[] }): TickResult {
    this.q.set(state.q);
    this.qd.set(state.qd);
    return this.tick(state.t, () => state.contacts.map((c) => ({ ...c })));
  }

  private tick(t: number, contacts: () => ContactPoint[]): TickResult {
    if (!this.control || !this.context) throw new ControllerError('the controller is not enabled', null);
    const ctx = this.context;
    ctx.t = t;
    ctx.q = this.q.slice();
    ctx.qd = this.qd.slice();
    ctx.contacts = contacts;
    this.commands = [];
    let returned: unknown;
    try {
      returned = this.control(ctx);
    } catch (error) {
      this.control = null;
      throw new ControllerError(`the controller failed at t = ${t.toFixed(4)} s: ${error instanceof Error ? error.message : String(error)}`, sourceLine(error));
    }
    return { commands: this.commands, signals: signalsOf(returned) };
  }

  private makeContext(sliders: Record<string, number>, parameters: Record<string, number>): ControlContext {
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    const world = this;
    const queries = {
      massMatrix: () => world.massMatrix(),
      inverseDynamics: (qdd: ArrayLike<number>) => world.inverseDynamics(qdd),
      forwardDynamics: (tau: ArrayLike<number>, at?: { q?: ArrayLike<number>; qd?: ArrayLike<number> }): Float64Array => (at ? queriesAt(at).forwardDynamics(tau) : world.forwardDynamics(tau)),
      gravityTorques: () => world.gravityTorques(),
      jacobian: (body: string, point?: [number, number, number]) => world.jacobian(body, point),
      bodyPose: (name: string) => world.bodyPose(name),
    };
    // Each query with the world's state set to (q, q̇) for the call, then put back.
    const queriesAt = (state: { q?: ArrayLike<number>; qd?: ArrayLike<number> }): typeof queries => {
      const around = <A extends unknown[], R>(query: (...args: A) => R) => (...args: A): R => {
        const q = world.q.slice(), qd = world.qd.slice();
        if (state.q) world.q.set(world.sized(state.q, 'q', world.nq));
        if (state.qd) world.qd.set(world.sized(state.qd, 'q̇'));
        try {
          return query(...args);
        } finally {
          world.q.set(q);
          world.qd.set(qd);
        }
      };
      return {
        massMatrix: around(() => world.massMatrix()),
        inverseDynamics: around((qdd: ArrayLike<number>) => world.inverseDynamics(qdd)),
        forwardDynamics: around((tau: ArrayLike<number>) => world.forwardDynamics(tau)),
        gravityTorques: around(() => world.gravityTorques()),
        jacobian: around((body: string, point?: [number, number, number]) => world.jacobian(body, point)),
        bodyPose: around((name: string) => world.bodyPose(name)),
      };
    };
    return {
      t: 0,
      dt: 1 / this.controller!.rate,
      q: new Float64Array(0),
      qd: new Float64Array(0),
      joint: (name) => {
        const j = world.joint(name);
        return { q: world.q[j.qIndex], qd: world.qd[j.vIndex] };
      },
      bodyPose: (name) => world.bodyPose(name),
      contacts: () => [],
      model: { ...queries, at: (state) => queriesAt(state) },
      design: {
        linearize: (inputs, at) => {
          const forward = (tau: ArrayLike<number>, q: ArrayLike<number>, qd: ArrayLike<number>) => queriesAt({ q, qd }).forwardDynamics(tau);
          return linearize(forward, at?.q ?? world.q.slice(), at?.qd ?? world.qd.slice(), inputs.map((name) => world.joint(name).vIndex));
        },
        lqr: (A, B, Q, R) => lqr(A, B, Q, R, 1 / this.controller!.rate),
      },
      parameters,
      sliders: { ...sliders },
      // Applied here at once and recorded: a mirror's commands are replayed on the world it mirrors.
      setEffort: (joint, value) => {
        finite(value, `the effort for '${joint}'`);
        world.setEffort(joint, value);
        world.commands.push({ kind: 'effort', index: world.joint(joint).vIndex, value });
      },
      setMotorTarget: (joint, position, velocity = 0) => {
        finite(position, `the motor target for '${joint}'`);
        finite(velocity, `the motor target velocity for '${joint}'`);
        world.setMotorTarget(joint, position, velocity);
        world.commands.push({ kind: 'motor', index: world.motors.get(joint)!, position, velocity });
      },
    };
  }

  reset(): void {
    this.simulation.reset();
  }

  get time(): number {
    return this.simulation.time();
  }

  get timestep(): number {
    return this.simulation.timestep();
  }

  /** '' while the world steps; otherwise why it stopped. */
  get error(): string {
    return this.simulation.stepError();
  }

  get nq(): number {
    return this.simulation.nq();
  }

  get nv(): number {
    return this.simulation.nv();
  }

  /** A joint by its name ("articulation/link", or a free body's name). */
  joint(name: string): JointHandle {
    const j = this.joints.get(name);
    if (!j) throw new Error(`no joint named '${name}' (there are: ${[...this.joints.keys()].join(', ')})`);
    return j;
  }

  /** Sets a 1-DoF joint's effort (N·m or N), held until changed. */
  setEffort(name: string, value: number): void {
    const index = this.joint(name).vIndex;
    finite(value, `the effort for '${name}'`);
    this.tau[index] = value;
  }

  /** A motor's target position (and velocity), by its joint's name. */
  setMotorTarget(name: string, position: number, velocity = 0): void {
    const index = this.motors.get(name);
    if (index === undefined) throw new Error(`the joint '${name}' has no motor`);
    finite(position, `the motor target for '${name}'`);
    finite(velocity, `the motor target velocity for '${name}'`);
    this.simulation.setMotorTarget(index, position, velocity);
  }

  /** H(q), nv × nv. */
  massMatrix(): Matrix {
    const n = this.nv;
    return matrix(n, n, this.float64At(this.simulation.massMatrixPointer(), n * n), true);
  }

  /** The efforts τ that give the accelerations q̈ now (the joints' own springs and damping included). */
  inverseDynamics(qdd: ArrayLike<number>): Float64Array {
    this.input().set(this.sized(qdd, 'q̈'));
    return this.float64At(this.simulation.inverseDynamicsPointer(), this.nv).slice();
  }

  /** The accelerations q̈ that efforts τ give now (contacts aside). */
  forwardDynamics(tau: ArrayLike<number>): Float64Array {
    this.input().set(this.sized(tau, 'τ'));
    return this.float64At(this.simulation.forwardDynamicsPointer(), this.nv).slice();
  }

  /** The efforts that hold gravity where the model is: RNEA(q, 0, 0). */
  gravityTorques(): Float64Array {
    return this.float64At(this.simulation.gravityTorquesPointer(), this.nv).slice();
  }

  /** A body frame's pose in the world. */
  bodyPose(name: string): Pose {
    const p = this.bodyPoseData(this.body(name))!;
    return { position: [p[POSE.x], p[POSE.y], p[POSE.z]], quaternion: [p[POSE.qx], p[POSE.qy], p[POSE.qz], p[POSE.qw]] };
  }

  /** The 6 × nv Jacobian of a point fixed on a body (in its frame), world frame: rows ω, then ṗ. */
  jacobian(name: string, point: [number, number, number] = [0, 0, 0]): Matrix {
    const n = this.nv;
    return matrix(6, n, this.float64At(this.simulation.jacobianPointer(this.body(name), point[0], point[1], point[2]), 6 * n), false);
  }

  /** Everything that decides the future, as bytes. */
  saveState(): Uint8Array {
    return this.simulation.saveState();
  }

  /** Back to a saved state of this scene; throws with the reason if the bytes are not one. */
  restoreState(state: Uint8Array): void {
    const error = this.simulation.restoreState(ownBytes(state, 'restoreState'));
    if (error !== '') throw new Error(error);
    this.invalidate();
  }

  /** Frees the world's memory in the module; the world cannot be used afterwards. */
  dispose(): void {
    if (!this.disposed) this.simulation.delete();
    this.disposed = true;
  }

  private body(name: string): number {
    const index = this.bodies.get(name);
    if (index === undefined) throw new Error(`no body named '${name}' (there are: ${[...this.bodies.keys()].join(', ')})`);
    return index;
  }

  private input(): Float64Array {
    return this.float64At(this.simulation.queryInputPointer(), this.nv);
  }

  private sized(values: ArrayLike<number>, what: string, size = this.nv): ArrayLike<number> {
    if (values.length !== size) throw new Error(`${what} has ${values.length} numbers; this world has ${size === this.nv ? 'nv' : 'nq'} = ${size}`);
    return values;
  }
}

/**
 * The scene's meta and controller, which the core passes by, checked before the loader sees the
 * scene (so a world keeps its scene when an update is refused); throws SceneError at the first
 * problem. Text that is not JSON is left to the loader, which places the syntax error.
 */
export function checkSceneMeta(text: string): void {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    return;
  }
  const [problem] = validateSceneMeta(document);
  if (problem) throw new SceneError(problem.path, problem.message);
}

/** The loader's message ("/path: what") as a SceneError. */
export function sceneError(message: string): SceneError {
  const colon = message.indexOf(': ');
  return colon > 0 && message.startsWith('/') ? new SceneError(message.slice(0, colon), message.slice(colon + 2)) : new SceneError('/', message);
}

function finite(value: number, what: string): void {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new Error(`${what} is ${shown(value)}, not a finite number`);
}

/** A value for a message, without running any of its code (a Symbol, an object's toString). */
function shown(value: unknown): string {
  return typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean' ? String(value) : typeof value;
}

/** Steps per call into the module, which counts them as a 32-bit int. */
const kStepsPerCall = 2 ** 30;
/** The largest saved state taken (a world of the largest scene saves a few MiB). */
const kMaxStateBytes = 64 * 2 ** 20;
// A typed array's own length and kind, read from its internal slots: no getter, proxy or subclass
// of the caller's runs, so nothing can throw or lie while the module is inside the call.
const typedArrayPrototype = Object.getPrototypeOf(Uint8Array.prototype) as object;
const typedArrayLength = Object.getOwnPropertyDescriptor(typedArrayPrototype, 'length')!.get!;
const typedArrayKind = Object.getOwnPropertyDescriptor(typedArrayPrototype, Symbol.toStringTag)!.get!;

/**
 * A fresh copy of bytes handed to the module: a JavaScript exception thrown while wasm frames are
 * on the stack (a length getter that throws) leaves the module's stack pointer unrestored, so
 * everything that could throw happens here, before the call.
 */
function ownBytes(value: unknown, what: string): Uint8Array {
  if (typedArrayKind.call(value) !== 'Uint8Array') throw new TypeError(`${what} takes a Uint8Array, got ${shown(value)}`);
  const length = typedArrayLength.call(value) as number;
  if (length > kMaxStateBytes) throw new RangeError(`${what}: ${length} bytes is larger than any saved state (at most ${kMaxStateBytes})`);
  const copy = new Uint8Array(length);
  copy.set(value as Uint8Array);
  return copy;
}

// Eigen stores column-major; the library hands out row-major copies.
function matrix(rows: number, cols: number, columnMajor: Float64Array, symmetric: boolean): Matrix {
  const data = new Float64Array(rows * cols);
  if (symmetric) data.set(columnMajor);
  else for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) data[r * cols + c] = columnMajor[c * rows + r];
  return { rows, cols, data, get: (row, col) => data[row * cols + col] };
}
