// The library's World: a scene's simulation with names (joints, bodies, motors), the model
// queries and the scene's controller in the loop; its buffers' views come from lib/views.ts.
import type { FeatherweightModule, JointInfo, Simulation } from 'featherweight-wasm/featherweight.js';
import {
  ControllerError, effortRangesOf, loadControlFunction, signalsOf, sliderValuesOf, sourceLine, stepsPerTick,
  type ControlCommand, type ControlContext, type ControlFunction, type ControllerLoader, type ControllerSpec, type TickResult,
} from './controller';
import { controllerMath } from './controller_math';
import { linearize, lqr } from './control_design';
import type { ContactPoint, JointDescription, JointHandle, Matrix, ModelState, Pose, Vec3 } from './types';
import { POSE, WorldViews } from './views';
import { validateSceneMeta } from './scene_meta';
import { finiteNumber, indexInto, listed, nameOf, numbers, numbersByName, options, shown } from './arguments';
import { type SiteDescription, placeOnBody, plainNames, sceneNames } from './scene_names';

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
  private jointList: readonly JointDescription[] = [];
  private bodyList: readonly string[] = [];
  private readonly jointByName = new Map<string, JointHandle>();
  private readonly bodyByName = new Map<string, number>();
  private readonly motorByJoint = new Map<string, number>();
  /** Other names a joint or body answers to (its own joint name, a unique plain link name) → its engine name. */
  private readonly jointAlias = new Map<string, string>();
  private readonly bodyAlias = new Map<string, string>();
  private siteList: readonly SiteDescription[] = [];
  private readonly siteByName = new Map<string, SiteDescription>();
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
    /** The scene document (its joints' own names and its sites are read from it). */
    private scene: unknown = null,
  ) {
    super(module, simulation);
    this.readNames();
  }

  /** The joints, in the model's order: each one's name, type, bodies and coordinates in q and q̇ (read-only). */
  get joints(): readonly JointDescription[] {
    return this.jointList;
  }

  /** The bodies' names, by body index (read-only): what bodyPose, jacobian and the views' `body` take. */
  get bodies(): readonly string[] {
    return this.bodyList;
  }

  /** The sites (named frames on bodies) of the scene: each one's name, its body and its pose there (read-only). */
  get sites(): readonly SiteDescription[] {
    return this.siteList;
  }

  /** The joints', bodies', sites' and motors' names of the scene loaded. */
  private readNames(): void {
    const names = sceneNames(this.scene);
    const engineJoints = JSON.parse(this.simulation.jointsJson()) as JointInfo[];
    this.bodyList = Object.freeze((JSON.parse(this.simulation.bodiesJson()) as { name: string }[]).map((b) => b.name));
    this.jointAlias.clear();
    this.bodyAlias.clear();
    const engineJointNames = new Set(engineJoints.map((j) => j.name));
    for (const [plain, full] of plainNames(this.bodyList)) {
      this.bodyAlias.set(plain, full);
      if (!engineJointNames.has(plain)) this.jointAlias.set(plain, full);
    }
    for (const [own, full] of names.joints) if (!engineJointNames.has(own)) this.jointAlias.set(own, full);
    const aliasesOf = (full: string) => Object.freeze([...this.jointAlias].filter(([, f]) => f === full).map(([alias]) => alias));
    this.jointList = Object.freeze(
      engineJoints.map((j) =>
        Object.freeze({ name: j.name, aliases: aliasesOf(j.name), type: j.type, index: j.body, parentBody: j.parentBody, qIndex: j.qIndex, vIndex: j.vIndex, nq: j.nq, nv: j.nv }),
      ),
    );
    this.siteList = Object.freeze(names.sites);
    this.siteByName.clear();
    for (const site of this.siteList) if (!this.siteByName.has(site.name)) this.siteByName.set(site.name, site);
    this.jointByName.clear();
    this.bodyByName.clear();
    this.motorByJoint.clear();
    for (const { name, index, type, qIndex, vIndex, nq, nv } of this.jointList) this.jointByName.set(name, { index, type, qIndex, vIndex, nq, nv });
    this.bodyList.forEach((name, i) => this.bodyByName.set(name, i));
    (JSON.parse(this.simulation.motorsJson()) as { joint: string }[]).forEach((m, i) => this.motorByJoint.set(m.joint, i));
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
  async enableController(
    given: { sliders?: Record<string, number>; parameters?: Record<string, number>; load?: ControllerLoader } = {},
  ): Promise<void> {
    const { sliders, parameters, load = loadControlFunction } = options<typeof given>(given, 'enableController(options)', ['sliders', 'parameters', 'load']);
    numbersByName(sliders, 'enableController: options.sliders');
    numbersByName(parameters, 'enableController: options.parameters');
    if (typeof load !== 'function') throw new TypeError(`enableController: options.load must be a function (source, math) → control, got ${shown(load)}`);
    if (!this.controller) throw new ControllerError('this scene has no controller', null);
    this.stepsPerTick = stepsPerTick(this.controller.rate, this.timestep);
    // (Another runner, e.g. a sandbox that runs someone else's code: options.load.)
    this.control = await load(this.controller.source, controllerMath(this.module));
    this.context = this.makeContext({ ...this.sliders, ...sliders }, { ...this.controller.parameters, ...parameters });
  }

  /**
   * The same scene with other numbers (a slider moved, a mass edited): loaded into this world,
   * the controller keeps running with the new parameters and sliders. Throws SceneError.
   */
  updateScene(scene: string | object): void {
    const text = sceneText(scene, 'updateScene(scene)');
    checkSceneMeta(text);
    const error = this.simulation.load(text);
    if (error !== '') throw sceneError(error);
    this.invalidate();
    const doc = JSON.parse(text) as { controller?: ControllerSpec };
    this.scene = doc;
    this.readNames();
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
    if (typeof state !== 'object' || state === null) throw new TypeError(`tickAt(state) takes { t, q, qd, contacts }, got ${shown(state)}`);
    const t = finiteNumber(state.t, 'tickAt: state.t');
    // (q and q̇ as the mirrored world has them, NaN included: the controller sees what is there.)
    const q = numbers(state.q, 'tickAt: state.q', this.nq, 'nq', false), qd = numbers(state.qd, 'tickAt: state.qd', this.nv, 'nv', false);
    const contacts = state.contacts;
    if (!Array.isArray(contacts)) throw new TypeError(`tickAt: state.contacts must be an array of contact points, got ${shown(contacts)}`);
    this.q.set(q);
    this.qd.set(qd);
    return this.tick(t, () => contacts.map((c) => ({ ...c })));
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
    // The queries at the state now, or at (q, q̇) given (each call sets it, then puts it back).
    const queriesAt = (state?: ModelState) => ({
      massMatrix: () => world.massMatrix(state),
      inverseDynamics: (qdd: ArrayLike<number>) => world.inverseDynamics(qdd, state),
      forwardDynamics: (tau: ArrayLike<number>, at?: ModelState) => world.forwardDynamics(tau, at ?? state),
      gravityTorques: () => world.gravityTorques(state),
      jacobian: (body: string, point?: Vec3) => world.jacobian(body, point, state),
      bodyPose: (name: string) => world.bodyPose(name, state),
    });
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
      model: { ...queriesAt(), at: (state) => queriesAt(options<ModelState>(state, 'model.at(state)', ['q', 'qd'])) },
      design: {
        linearize: (inputs, at) => {
          const forward = (tau: ArrayLike<number>, q: ArrayLike<number>, qd: ArrayLike<number>) => world.forwardDynamics(tau, { q, qd });
          return linearize(forward, at?.q ?? world.q.slice(), at?.qd ?? world.qd.slice(), inputs.map((name) => world.joint(name).vIndex));
        },
        lqr: (A, B, Q, R) => lqr(A, B, Q, R, 1 / this.controller!.rate),
      },
      parameters,
      sliders: { ...sliders },
      // Applied here at once and recorded: a mirror's commands are replayed on the world it mirrors.
      setEffort: (joint, value) => {
        const effort = world.actuated(joint, value);
        world.setEffort(joint, effort);
        world.commands.push({ kind: 'effort', index: world.joint(joint).vIndex, value: effort });
      },
      setMotorTarget: (joint, position, velocity = 0) => {
        world.setMotorTarget(joint, position, velocity);
        world.commands.push({ kind: 'motor', index: world.motorByJoint.get(world.jointName(joint, 'setMotorTarget(name)'))!, position, velocity });
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

  /**
   * A joint by its name: "articulation/link" (a free body's name), the joint's own name in the
   * scene (an imported model's), or the link's plain name where it is unique; world.joints lists them.
   */
  joint(name: string): JointHandle {
    return this.jointByName.get(this.jointName(name, 'joint(name)'))!;
  }

  /**
   * A controller's effort as the scene's actuators allow it: where meta.efforts lists them, only
   * their joints, each clamped to its range (as a saturating drive, or MuJoCo's ctrlrange).
   */
  private actuated(joint: string, value: number): number {
    const ranges = effortRangesOf(this.scene);
    if (!ranges) return value;
    const name = this.jointName(joint, 'setEffort(joint)');
    const range = [...ranges].find(([listed]) => listed === name || this.jointAlias.get(listed) === name)?.[1];
    if (!range) throw new RangeError(`'${joint}' is not one of this scene's actuators (meta.efforts): a controller may drive only ${[...ranges.keys()].join(', ')}`);
    finiteNumber(value, `the effort for '${joint}'`);
    return Math.min(range.max, Math.max(range.min, value));
  }

  /** The engine's name of a joint given by any of its names. */
  private jointName(name: unknown, what: string): string {
    const given = nameOf(name, what);
    const full = this.jointByName.has(given) ? given : this.jointAlias.get(given);
    if (full === undefined) throw new RangeError(`no joint named '${given}' (there are: ${listed([...this.jointByName.keys(), ...this.jointAlias.keys()], 'world.joints')})`);
    return full;
  }

  /** A site's pose in the world (position; quaternion w, x, y, z), by its name; world.sites lists them. */
  site(name: string, at?: ModelState): Pose {
    const given = nameOf(name, 'site(name)'), site = this.siteByName.get(given);
    if (!site) throw new RangeError(`no site named '${given}' (there are: ${listed([...this.siteByName.keys()], 'world.sites') || 'none'})`);
    return placeOnBody(this.bodyPose(site.body, at), site);
  }

  /** Sets a 1-DoF joint's effort (N·m or N), held until changed (other joints: write world.tau). */
  setEffort(name: string, value: number): void {
    const j = this.joint(name);
    if (j.nv !== 1)
      throw new RangeError(`setEffort: '${name}' is a ${j.type} joint with ${j.nv} velocity coordinates, not 1; write world.tau[${j.vIndex} … ${j.vIndex + j.nv}) instead`);
    finiteNumber(value, `the effort for '${name}'`);
    this.tau[j.vIndex] = value;
  }

  /** A motor's target position (and velocity), by its joint's name. */
  setMotorTarget(name: string, position: number, velocity = 0): void {
    const index = this.motorByJoint.get(this.jointName(name, 'setMotorTarget(name)'));
    if (index === undefined) throw new RangeError(`the joint '${name}' has no motor (joints with one: ${listed([...this.motorByJoint.keys()], 'the scene') || 'none'})`);
    finiteNumber(position, `the motor target for '${name}'`);
    finiteNumber(velocity, `the motor target velocity for '${name}'`);
    this.simulation.setMotorTarget(index, position, velocity);
  }

  // The model queries: at the state now, or at another (q, q̇) given as `at` (either may be left
  // out), which is set for the call and put back after it, bit for bit.

  /** H(q), nv × nv. */
  massMatrix(at?: ModelState): Matrix {
    const n = this.nv;
    return this.atState(at, 'massMatrix', () => matrix(n, n, this.float64At(this.simulation.massMatrixPointer(), n * n), true));
  }

  /** The efforts τ that give the accelerations q̈ (the joints' own springs and damping included). */
  inverseDynamics(qdd: ArrayLike<number>, at?: ModelState): Float64Array {
    const input = numbers(qdd, 'inverseDynamics: q̈', this.nv, 'nv');
    return this.atState(at, 'inverseDynamics', () => {
      this.input().set(input);
      return this.float64At(this.simulation.inverseDynamicsPointer(), this.nv).slice();
    });
  }

  /** The accelerations q̈ that efforts τ give (contacts aside). */
  forwardDynamics(tau: ArrayLike<number>, at?: ModelState): Float64Array {
    const input = numbers(tau, 'forwardDynamics: τ', this.nv, 'nv');
    return this.atState(at, 'forwardDynamics', () => {
      this.input().set(input);
      return this.float64At(this.simulation.forwardDynamicsPointer(), this.nv).slice();
    });
  }

  /** The efforts that hold gravity where the model is: RNEA(q, 0, 0). */
  gravityTorques(at?: ModelState): Float64Array {
    return this.atState(at, 'gravityTorques', () => this.float64At(this.simulation.gravityTorquesPointer(), this.nv).slice());
  }

  /** A body frame's pose in the world: position, and its orientation as a unit quaternion w, x, y, z. */
  bodyPose(body: string | number, at?: ModelState): Pose {
    const index = this.body(body, 'bodyPose(body)');
    return this.atState(at, 'bodyPose', () => {
      const p = this.bodyPoseData(index)!;
      return { position: [p[POSE.x], p[POSE.y], p[POSE.z]], quaternion: [p[POSE.qw], p[POSE.qx], p[POSE.qy], p[POSE.qz]] };
    });
  }

  /** The 6 × nv Jacobian of a point fixed on a body (in its frame), world frame: rows ω, then ṗ. */
  jacobian(body: string | number, point: Vec3 = [0, 0, 0], at?: ModelState): Matrix {
    const index = this.body(body, 'jacobian(body)');
    const [x, y, z] = Array.from(numbers(point, 'jacobian: the point (x, y, z in the body frame)', 3));
    const n = this.nv;
    return this.atState(at, 'jacobian', () => matrix(6, n, this.float64At(this.simulation.jacobianPointer(index, x, y, z), 6 * n), false));
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

  /** A body by its name or its index in world.bodies. */
  private body(body: unknown, what: string): number {
    if (typeof body === 'number') return indexInto(body, `${what}: the body index`, this.bodyList.length);
    const name = nameOf(body, `${what} (or a body index)`), index = this.bodyByName.get(name) ?? this.bodyByName.get(this.bodyAlias.get(name) ?? '');
    if (index === undefined) throw new RangeError(`no body named '${name}' (there are: ${listed([...this.bodyList, ...this.bodyAlias.keys()], 'world.bodies')})`);
    return index;
  }

  private input(): Float64Array {
    return this.float64At(this.simulation.queryInputPointer(), this.nv);
  }

  /** `query()` at the state `at` (q, q̇; either may be left out), the world's own put back afterwards. */
  private atState<R>(at: ModelState | undefined, what: string, query: () => R): R {
    const state = options<ModelState>(at, `${what}: the state`, ['q', 'qd']);
    const q = state.q === undefined ? null : numbers(state.q, `${what}: the state's q`, this.nq, 'nq');
    const qd = state.qd === undefined ? null : numbers(state.qd, `${what}: the state's qd`, this.nv, 'nv');
    if (!q && !qd) return query();
    const savedQ = this.q.slice(), savedQd = this.qd.slice();
    try {
      if (q) this.q.set(q);
      if (qd) this.qd.set(qd);
      return query();
    } finally {
      // (Through the getters again: a first query may have grown the module's memory.)
      this.q.set(savedQ);
      this.qd.set(savedQd);
    }
  }
}

/** A scene argument as text: a string, or an object to serialise. */
export function sceneText(scene: unknown, what: string): string {
  if (typeof scene === 'string') return scene;
  if (typeof scene !== 'object' || scene === null) throw new TypeError(`${what} must be scene JSON text or a scene object, got ${shown(scene)}`);
  return JSON.stringify(scene);
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
  return { rows, cols, data, get: (row, col) => data[indexInto(row, 'get(row, col): row', rows) * cols + indexInto(col, 'get(row, col): col', cols)] };
}
