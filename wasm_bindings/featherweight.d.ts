// TypeScript declarations of the embind module built from wasm_bindings/bindings.cpp.
// Debian's Emscripten 3.1.6 has no --emit-tsd, so this file is written by hand;
// tests/web/bindings.test.ts fails if it and the module's exports drift apart.

export interface Simulation {
  /**
   * Parse a scene (JSON text) and build its world. Returns '' on success, otherwise a
   * message that starts with the JSON path of the problem ("/articulations/0/links/2/joint/axis: ...")
   * or "line L, column C: ..." for malformed JSON. On failure the previous scene keeps running.
   */
  load(sceneJson: string): string;
  /** Back to the scene's initial state (time 0). */
  reset(): void;
  /** Advance by `count` fixed steps of timestep(); stops early once stepError() is not ''. */
  step(count: number): void;
  /**
   * '' while the world steps; otherwise why it stopped (the state blew up, or RK45 could not
   * advance within its substep budget). Steps do nothing then until reset() or load().
   */
  stepError(): string;
  time(): number;
  timestep(): number;

  /** Number of rendered bodies (every link of every articulation, every free body). */
  bodyCount(): number;
  /**
   * Byte offset in the module's memory of bodyCount() * 7 float32s, one pose per body in the
   * world frame (Z up): x, y, z, qx, qy, qz, qw. Stable until the next load(); the memory
   * itself may grow, so re-create views when HEAPF32.buffer changes.
   */
  posesPointer(): number;
  /**
   * Byte offset of bodyCount() * 6 float32s, per body in world coordinates: the velocity of the
   * body frame's origin (m/s), then the angular velocity (rad/s). Updated with the poses.
   */
  velocitiesPointer(): number;
  /** JSON array describing each body for rendering: see BodyInfo. Valid until the next load(). */
  bodiesJson(): string;
  /** JSON array describing each joint: see JointInfo. */
  jointsJson(): string;

  /** Contact points of the last step. */
  contactCount(): number;
  /**
   * Byte offset of contactCount() * 8 float32s, per contact point: position (x, y, z), normal
   * (x, y, z, from the first shape to the second), normal impulse (N·s), separation (m).
   * Valid until the next step.
   */
  contactsPointer(): number;
  /** JSON array of the scene's motors in order: see MotorInfo. */
  motorsJson(): string;
  /** New targets for motor `motor` (position: rad or m; velocity: rad/s or m/s); live. */
  setMotorTarget(motor: number, position: number, velocity: number): void;
  /** The effort (N·m or N) the motor applied over the last step. */
  motorEffort(motor: number): number;

  /** Generalised coordinates: nq() float64s at qPointer(), nv() at vPointer(). */
  nq(): number;
  nv(): number;
  qPointer(): number;
  vPointer(): number;

  /** Joint efforts τ: nv() float64s at effortsPointer(), held across steps; write to drive joints. */
  effortsPointer(): number;
  /** Computes the momentum; 6 float64s at the returned offset: angular (about the origin), linear. */
  momentumPointer(): number;

  kineticEnergy(): number;
  potentialEnergy(): number;
  /**
   * Computes the energy ledger; 10 float64s at the returned offset: kinetic, gravity, spring,
   * initial, work by efforts, by motors, by the mouse and applied forces, lost to contacts and
   * limits, to damping, friction and drag, and the balance (the integrator's error).
   */
  energyPointer(): number;
  /**
   * Per body 26 float32s at the returned offset, world frame: centre of mass, its velocity, its
   * acceleration over the last step, then the net, gravity, contact, joint and applied forces;
   * then its kinetic energy (J) and mass (kg).
   * Valid until the next call into the module.
   */
  bodyForcesPointer(): number;

  /**
   * The model at the current state. Inputs (q̈ for inverse, τ for forward dynamics) are written to
   * the nv float64s at queryInputPointer(); each result stays valid until the next query.
   */
  queryInputPointer(): number;
  /** H(q): nv × nv float64s (symmetric). */
  massMatrixPointer(): number;
  /** The efforts that give the input q̈ now (the joints' own springs and damping included): nv float64s. */
  inverseDynamicsPointer(): number;
  /** The q̈ the input efforts give now, contacts aside: nv float64s. */
  forwardDynamicsPointer(): number;
  /** The efforts that hold gravity where the model is: nv float64s. */
  gravityTorquesPointer(): number;
  /** 6 × nv float64s, column-major: rows ω, then ṗ of the point (x, y, z) in a body's frame; world frame. 0 for no such body. */
  jacobianPointer(body: number, x: number, y: number, z: number): number;
  /** A body frame's pose as float64s: x, y, z, qx, qy, qz, qw. 0 for no such body. */
  bodyPosePointer(body: number): number;

  /** A force (N) at a world point (m) on a body, held until clearForces(). */
  applyForce(body: number, px: number, py: number, pz: number, fx: number, fy: number, fz: number): void;
  clearForces(): void;

  /**
   * The mouse spring: grab the point (world, m) of a body and pull it towards a target with a
   * critically damped spring scaled by the effective mass there, until endDrag().
   */
  startDrag(body: number, px: number, py: number, pz: number): void;
  moveDrag(x: number, y: number, z: number): void;
  endDrag(): void;
  /** 6 float64s at the returned offset: the grabbed point now, then the spring force (N). */
  dragPointer(): number;

  /**
   * The world's whole state (time, q, q̇, efforts, forces, motors, drag, contacts with their
   * warm-start impulses, sleep, the integrator's step and FSAL stage), as a copy. Restoring it
   * continues bitwise as the uninterrupted run would.
   */
  saveState(): Uint8Array;
  /** '' when restored; otherwise why not (another scene, a damaged or truncated blob); the world is unchanged. */
  restoreState(bytes: Uint8Array): string;
  /** As restoreState, but the scene may differ in numbers (masses, sizes, materials) as long as its structure is the same. */
  adoptState(bytes: Uint8Array): string;
  /** The loaded scene's fingerprint, 16 hex digits: equal for the same scene and settings. */
  modelHash(): string;

  /** Frees the C++ object (embind). */
  delete(): void;
}

export interface ShapeInfo {
  type: 'sphere' | 'box' | 'capsule' | 'cylinder' | 'plane' | 'convex';
  radius?: number;
  /** box: full extents */
  size?: [number, number, number];
  /** capsule, cylinder: length of the axis (local z) between the end centres */
  length?: number;
  /** convex: hull points in the shape frame */
  points?: [number, number, number][];
  /** local pose relative to the body frame */
  position: [number, number, number];
  quaternion: [number, number, number, number]; // w, x, y, z
  color: string; // CSS colour
}

export interface BodyInfo {
  name: string; // "articulation/link" or the free body's name
  shapes: ShapeInfo[];
  mass: number; // kg
  centerOfMass: [number, number, number]; // in the body frame
}

export interface JointInfo {
  name: string; // "articulation/link"
  type: 'revolute' | 'prismatic' | 'spherical' | 'free' | 'fixed';
  body: number;
  /** the parent body's index, -1 for the world */
  parentBody: number;
  /** revolute/prismatic axis in the body (child) frame */
  axis: [number, number, number];
  qIndex: number;
  vIndex: number;
  nq: number;
  nv: number;
}

export interface MotorInfo {
  joint: string; // "articulation/link"
  mode: 'velocity' | 'position' | 'prescribed';
}

/** The module's libm, for controllers' Math (lib/controller_math.ts): the same bits everywhere. */
export type ControllerMathName =
  | 'mathSin' | 'mathCos' | 'mathTan' | 'mathAsin' | 'mathAcos' | 'mathAtan' | 'mathSinh' | 'mathCosh' | 'mathTanh'
  | 'mathAsinh' | 'mathAcosh' | 'mathAtanh' | 'mathExp' | 'mathExpm1' | 'mathLog' | 'mathLog1p' | 'mathLog2' | 'mathLog10' | 'mathCbrt';

export type FeatherweightModule = {
  Simulation: new () => Simulation;
  HEAPF32: Float32Array;
  HEAPF64: Float64Array;
  mathAtan2(y: number, x: number): number;
  mathPow(x: number, y: number): number;
  mathHypot(x: number, y: number): number;
} & { [name in ControllerMathName]: (x: number) => number };

export interface FeatherweightOptions {
  /** The .wasm bytes (required under Node: Emscripten 3.1.6's fetch path breaks on Node 20). */
  wasmBinary?: ArrayBuffer | Uint8Array;
  /** Where the browser finds featherweight.wasm. */
  locateFile?: (path: string, prefix: string) => string;
}

export default function createFeatherweight(options?: FeatherweightOptions): Promise<FeatherweightModule>;
