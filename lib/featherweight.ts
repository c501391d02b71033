// Featherweight as an ES-module library (issue 19): the same engine the page runs, for browsers
// and Node ≥ 20 alike. Load the engine once, build worlds from scene JSON, step them, read their
// state through typed-array views of the module's memory, and ask the model for H(q), inverse
// and forward dynamics, gravity torques and Jacobians. docs/library.md has runnable examples.
//
//   const engine = await loadEngine();
//   const world = engine.createWorld(scene);   // throws SceneError { path, message }
//   world.step(100); world.q; world.joint('cart/pole'); world.jacobian('arm/tool', [0, 0, 0.1]);
import createFeatherweight, { type FeatherweightModule, type JointInfo, type Simulation } from 'featherweight-wasm/featherweight.js';
import {
  ControllerError, loadControlFunction, signalsOf, sliderValuesOf, sourceLine, stepsPerTick,
  type ControlCommand, type ControlContext, type ControlFunction, type ControllerSpec, type TickResult,
} from './controller';
import { controllerMath } from './controller_math';
import { linearize, lqr } from './control_design';

export { ControllerError, type ControlCommand, type ControlContext, type ControlFunction, type ControllerSpec, type TickResult } from './controller';

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

export interface LoadOptions {
  /** The .wasm bytes (otherwise read beside this module: from disk in Node, fetched in a browser). */
  wasmBinary?: ArrayBuffer | Uint8Array;
  /** Where the .wasm is (a URL), when it is not beside this module. */
  wasmUrl?: string;
}

export interface JointHandle {
  /** Index of the joint's child body. */
  index: number;
  type: JointInfo['type'];
  /** Its coordinates: q[qIndex … qIndex + nq), q̇ and τ [vIndex … vIndex + nv). */
  qIndex: number;
  vIndex: number;
  nq: number;
  nv: number;
}

export interface Pose {
  position: [number, number, number];
  quaternion: [number, number, number, number]; // x, y, z, w
}

/** A dense matrix, row-major. */
export interface Matrix {
  rows: number;
  cols: number;
  data: Float64Array;
  get(row: number, col: number): number;
}

export interface EnergyReport {
  kinetic: number;
  gravity: number;
  spring: number;
  initial: number;
  effortWork: number;
  motorWork: number;
  appliedWork: number;
  contactLoss: number;
  dampingLoss: number;
  /** kinetic + potential + losses − initial − work in: the integrator's error. */
  balance: number;
}

export interface ContactPoint {
  point: [number, number, number];
  normal: [number, number, number];
  normalImpulse: number; // N·s over the last step
  separation: number; // m, < 0 penetrating
}

/** A simulation's energy ledger (World::energy, core/world/energy_ledger.h), read from the module. */
export function energyOf(module: FeatherweightModule, simulation: Simulation): EnergyReport {
  const e = new Float64Array(module.HEAPF64.buffer, simulation.energyPointer(), 10);
  return {
    kinetic: e[0], gravity: e[1], spring: e[2], initial: e[3], effortWork: e[4], motorWork: e[5], appliedWork: e[6],
    contactLoss: e[7], dampingLoss: e[8], balance: e[9],
  };
}

/** A simulation's contact points of the last step, read from the module (8 floats each). */
export function contactsOf(module: FeatherweightModule, simulation: Simulation): ContactPoint[] {
  const count = simulation.contactCount();
  const c = new Float32Array(module.HEAPF32.buffer, simulation.contactsPointer(), 8 * count);
  return Array.from({ length: count }, (_, k) => ({
    point: [c[8 * k], c[8 * k + 1], c[8 * k + 2]],
    normal: [c[8 * k + 3], c[8 * k + 4], c[8 * k + 5]],
    normalImpulse: c[8 * k + 6],
    separation: c[8 * k + 7],
  }));
}

const isNode = typeof process !== 'undefined' && typeof process.versions?.node === 'string';

/** Instantiates the engine: in Node it reads its .wasm itself. */
export async function loadEngine(options: LoadOptions = {}): Promise<Engine> {
  let wasmBinary = options.wasmBinary;
  if (!wasmBinary && !options.wasmUrl && isNode) {
    const { readFile } = await import('node:fs/promises');
    wasmBinary = await readFile(new URL('./featherweight.wasm', import.meta.url));
  }
  const module = await createFeatherweight(
    wasmBinary ? { wasmBinary } : { locateFile: () => options.wasmUrl ?? new URL('./featherweight.wasm', import.meta.url).href },
  );
  return new Engine(module);
}

export class Engine {
  constructor(
    /** The embind module itself (the page reads poses from its memory directly). */
    readonly module: FeatherweightModule,
  ) {}

  /** A world built from a scene (text or object); throws SceneError naming where the scene is wrong. */
  createWorld(scene: string | object): World {
    const text = typeof scene === 'string' ? scene : JSON.stringify(scene);
    const sim = new this.module.Simulation();
    const error = sim.load(text);
    if (error !== '') {
      sim.delete();
      throw sceneError(error);
    }
    const doc = JSON.parse(text) as { controller?: ControllerSpec };
    return new World(this.module, sim, doc.controller ?? null, sliderValuesOf(doc));
  }
}

export class World {
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
    private readonly module: FeatherweightModule,
    /** The embind object behind this world. */
    readonly simulation: Simulation,
    /** The scene's controller (its module text and rate), run only once enableController() is called. */
    readonly controller: ControllerSpec | null = null,
    /** The scene's slider values by label, as ctx.sliders shows them. */
    private sliders: Record<string, number> = {},
  ) {
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
    const error = this.simulation.load(text);
    if (error !== '') throw sceneError(error);
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

  // Views of the module's memory, made afresh at every read: a view taken before the memory grew
  // is detached (length 0), so read world.q again rather than keeping it.
  /** Joint coordinates q (a live view: writing changes the state). */
  get q(): Float64Array {
    return this.f64(this.simulation.qPointer(), this.nq);
  }

  /** Joint velocities q̇ (a live view). */
  get qd(): Float64Array {
    return this.f64(this.simulation.vPointer(), this.nv);
  }

  /** Joint efforts τ, held across steps (a live view: write to drive the joints). */
  get tau(): Float64Array {
    return this.f64(this.simulation.effortsPointer(), this.nv);
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
    return matrix(n, n, this.f64(this.simulation.massMatrixPointer(), n * n), true);
  }

  /** The efforts τ that give the accelerations q̈ now (the joints' own springs and damping included). */
  inverseDynamics(qdd: ArrayLike<number>): Float64Array {
    this.input().set(this.sized(qdd, 'q̈'));
    return this.f64(this.simulation.inverseDynamicsPointer(), this.nv).slice();
  }

  /** The accelerations q̈ that efforts τ give now (contacts aside). */
  forwardDynamics(tau: ArrayLike<number>): Float64Array {
    this.input().set(this.sized(tau, 'τ'));
    return this.f64(this.simulation.forwardDynamicsPointer(), this.nv).slice();
  }

  /** The efforts that hold gravity where the model is: RNEA(q, 0, 0). */
  gravityTorques(): Float64Array {
    return this.f64(this.simulation.gravityTorquesPointer(), this.nv).slice();
  }

  /** A body frame's pose in the world. */
  bodyPose(name: string): Pose {
    const p = this.f64(this.simulation.bodyPosePointer(this.body(name)), 7);
    return { position: [p[0], p[1], p[2]], quaternion: [p[3], p[4], p[5], p[6]] };
  }

  /** The 6 × nv Jacobian of a point fixed on a body (in its frame), world frame: rows ω, then ṗ. */
  jacobian(name: string, point: [number, number, number] = [0, 0, 0]): Matrix {
    const n = this.nv;
    return matrix(6, n, this.f64(this.simulation.jacobianPointer(this.body(name), point[0], point[1], point[2]), 6 * n), false);
  }

  /** The energy ledger: kinetic, potential, work in, losses and the balance (the integrator's error). */
  energy(): EnergyReport {
    return energyOf(this.module, this.simulation);
  }

  /** Angular momentum about the world origin and linear momentum, world frame. */
  momentum(): { angular: [number, number, number]; linear: [number, number, number] } {
    const h = this.f64(this.simulation.momentumPointer(), 6);
    return { angular: [h[0], h[1], h[2]], linear: [h[3], h[4], h[5]] };
  }

  /** The contact points of the last step. */
  contacts(): ContactPoint[] {
    return contactsOf(this.module, this.simulation);
  }

  /** Everything that decides the future, as bytes. */
  saveState(): Uint8Array {
    return this.simulation.saveState();
  }

  /** Back to a saved state of this scene; throws with the reason if the bytes are not one. */
  restoreState(state: Uint8Array): void {
    const error = this.simulation.restoreState(ownBytes(state, 'restoreState'));
    if (error !== '') throw new Error(error);
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
    return this.f64(this.simulation.queryInputPointer(), this.nv);
  }

  private sized(values: ArrayLike<number>, what: string, size = this.nv): ArrayLike<number> {
    if (values.length !== size) throw new Error(`${what} has ${values.length} numbers; this world has ${size === this.nv ? 'nv' : 'nq'} = ${size}`);
    return values;
  }

  private f64(pointer: number, length: number): Float64Array {
    return new Float64Array(this.module.HEAPF64.buffer, pointer, length);
  }
}

/** The loader's message ("/path: what") as a SceneError. */
function sceneError(message: string): SceneError {
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
