// The C++/TypeScript boundary, declared once: the buffers the embind module shares through its
// linear memory (element type, record layout with units) and the methods of its `Simulation`
// class (TypeScript signature and documentation). scripts/generate/interface.mjs writes from it
// core/world/buffer_layouts.generated.h (strides and field offsets for the bindings and the core),
// lib/layouts.generated.ts (the same for the library) and wasm_bindings/featherweight.generated.d.ts
// (the module's declarations). tests/web/bindings.test.ts checks the built module against it.
//
// A buffer: `element` float32 | float64; a record of `fields` (each `size` numbers, default 1,
// laid out in order: the offsets follow) repeated `count` times, or `length` numbers without
// named fields. `count` / `length` name Simulation methods (and products of them).

/** Per-record buffers: their layout is what both sides must agree on. */
export const buffers = [
  {
    name: 'pose',
    pointer: 'posesPointer',
    element: 'float32',
    count: 'bodyCount',
    doc: 'One pose per body in the world frame (Z up). Stable until the next load(); updated by every step.',
    fields: [
      { name: 'x', unit: 'm', doc: 'position of the body frame' },
      { name: 'y', unit: 'm' },
      { name: 'z', unit: 'm' },
      { name: 'qx', doc: 'orientation, a unit quaternion (x, y, z, w)' },
      { name: 'qy' },
      { name: 'qz' },
      { name: 'qw' },
    ],
  },
  {
    name: 'velocity',
    pointer: 'velocitiesPointer',
    element: 'float32',
    count: 'bodyCount',
    doc: 'Per body, world coordinates; updated with the poses.',
    fields: [
      { name: 'linear', size: 3, unit: 'm/s', doc: "velocity of the body frame's origin" },
      { name: 'angular', size: 3, unit: 'rad/s', doc: 'angular velocity' },
    ],
  },
  {
    name: 'contact',
    pointer: 'contactsPointer',
    element: 'float32',
    count: 'contactCount',
    doc: 'The contact points of the last step; valid until the next step.',
    fields: [
      { name: 'position', size: 3, unit: 'm', doc: 'the contact point, world frame' },
      { name: 'normal', size: 3, doc: 'unit normal, from the first shape to the second' },
      { name: 'normalImpulse', unit: 'N·s', doc: 'normal impulse over the last step' },
      { name: 'separation', unit: 'm', doc: '< 0 penetrating' },
      { name: 'bodyA', doc: "the first shape's body, its index in the bodies (a whole number)" },
      { name: 'bodyB', doc: "the second shape's body, its index in the bodies" },
    ],
  },
  {
    name: 'bodyForce',
    pointer: 'bodyForcesPointer',
    element: 'float32',
    count: 'bodyCount',
    doc: "Per body, world frame (the core's body forces, computed by the call); valid until the next call into the module.",
    fields: [
      { name: 'com', size: 3, unit: 'm', doc: 'centre of mass' },
      { name: 'velocity', size: 3, unit: 'm/s', doc: 'velocity of the centre of mass' },
      { name: 'acceleration', size: 3, unit: 'm/s²', doc: 'its acceleration over the last step' },
      { name: 'net', size: 3, unit: 'N', doc: 'net force, m a' },
      { name: 'gravity', size: 3, unit: 'N' },
      { name: 'contact', size: 3, unit: 'N' },
      { name: 'joint', size: 3, unit: 'N', doc: 'from the joints (parent and children)' },
      { name: 'applied', size: 3, unit: 'N', doc: 'applied forces and the mouse spring' },
      { name: 'kinetic', unit: 'J', doc: 'kinetic energy' },
      { name: 'mass', unit: 'kg' },
    ],
  },
  {
    name: 'energy',
    pointer: 'energyPointer',
    element: 'float64',
    count: 1,
    doc: 'The energy ledger (core/world/energy_ledger.h), computed by the call.',
    fields: [
      { name: 'kinetic', unit: 'J' },
      { name: 'gravity', unit: 'J', doc: 'gravitational potential (zero at height 0)' },
      { name: 'spring', unit: 'J', doc: "the joints' springs" },
      { name: 'initial', unit: 'J', doc: 'kinetic + potential at the start' },
      { name: 'effortWork', unit: 'J', doc: 'work by joint efforts' },
      { name: 'motorWork', unit: 'J', doc: 'work by motors' },
      { name: 'appliedWork', unit: 'J', doc: 'work by the mouse and applied forces' },
      { name: 'contactLoss', unit: 'J', doc: 'lost to contacts and limits' },
      { name: 'dampingLoss', unit: 'J', doc: 'lost to damping, friction and drag' },
      { name: 'balance', unit: 'J', doc: "kinetic + potential + losses − initial − work in: the integrator's error" },
    ],
  },
  {
    name: 'momentum',
    pointer: 'momentumPointer',
    element: 'float64',
    count: 1,
    doc: 'Spatial momentum, world frame, computed by the call.',
    fields: [
      { name: 'angular', size: 3, unit: 'N·m·s', doc: 'about the world origin' },
      { name: 'linear', size: 3, unit: 'kg·m/s' },
    ],
  },
  {
    name: 'drag',
    pointer: 'dragPointer',
    element: 'float64',
    count: 1,
    doc: 'The mouse spring (zeros when nothing is grabbed).',
    fields: [
      { name: 'point', size: 3, unit: 'm', doc: 'the grabbed point now, world frame' },
      { name: 'force', size: 3, unit: 'N', doc: "the spring's force over the last step" },
    ],
  },
  {
    name: 'bodyPose',
    pointer: 'bodyPosePointer',
    element: 'float64',
    count: 1,
    doc: "A body frame's pose in float64 (the pose buffer's layout), computed by the call; 0 for no such body.",
    fields: [
      { name: 'x', unit: 'm' },
      { name: 'y', unit: 'm' },
      { name: 'z', unit: 'm' },
      { name: 'qx' },
      { name: 'qy' },
      { name: 'qz' },
      { name: 'qw' },
    ],
  },
  {
    name: 'part',
    pointer: 'partsPointer',
    element: 'float64',
    count: 'partCount',
    doc: "The scene's springs, then its strings, in scene order (partsJson()), computed by the call: where each is drawn now.",
    fields: [
      { name: 'endA', size: 3, unit: 'm', doc: "the end on a, world frame, at the state now" },
      { name: 'endB', size: 3, unit: 'm', doc: 'the end on b' },
      { name: 'tension', unit: 'N', doc: "> 0 pulling: a spring's k (d − L₀) + c ḋ held over the last step; a string's impulse over the last step / h (0 slack)" },
      { name: 'length', unit: 'm', doc: "a spring's distance d now; a string's path length now (pointA → via… → pointB)" },
    ],
  },
  // Arrays of numbers without a record layout: sizes only.
  { name: 'q', pointer: 'qPointer', element: 'float64', length: 'nq', doc: 'Generalised coordinates q.' },
  { name: 'v', pointer: 'vPointer', element: 'float64', length: 'nv', doc: 'Generalised velocities q̇.' },
  { name: 'efforts', pointer: 'effortsPointer', element: 'float64', length: 'nv', doc: 'Joint efforts τ, held across steps; written to drive the joints.' },
  { name: 'queryInput', pointer: 'queryInputPointer', element: 'float64', length: 'nv', doc: "The model queries' input: q̈ (inverse) or τ (forward dynamics)." },
  { name: 'massMatrix', pointer: 'massMatrixPointer', element: 'float64', length: 'nv * nv', doc: 'H(q), symmetric.' },
  { name: 'inverseDynamics', pointer: 'inverseDynamicsPointer', element: 'float64', length: 'nv', doc: 'τ for the input q̈.' },
  { name: 'forwardDynamics', pointer: 'forwardDynamicsPointer', element: 'float64', length: 'nv', doc: 'q̈ for the input τ.' },
  { name: 'gravityTorques', pointer: 'gravityTorquesPointer', element: 'float64', length: 'nv', doc: 'τ that holds gravity.' },
  { name: 'jacobian', pointer: 'jacobianPointer', element: 'float64', length: '6 * nv', doc: 'Column-major 6 × nv: rows ω, then ṗ.' },
];

/**
 * The methods of the embind class `Simulation`, in the bindings' order. `params` are
 * [name, TypeScript type] pairs; a method with `buffer` returns that buffer's byte offset.
 */
export const methods = [
  {
    name: 'load', params: [['sceneJson', 'string']], returns: 'string',
    doc: `Parse a scene (JSON text) and build its world. Returns '' on success, otherwise a
message that starts with the JSON path of the problem ("/articulations/0/links/2/joint/axis: ...")
or "line L, column C: ..." for malformed JSON. On failure the previous scene keeps running.`,
  },
  { name: 'reset', returns: 'void', doc: "Back to the scene's initial state (time 0)." },
  { name: 'step', params: [['count', 'number']], returns: 'void', doc: "Advance by `count` fixed steps of timestep(); stops early once stepError() is not ''." },
  {
    name: 'stepError', returns: 'string',
    doc: `'' while the world steps; otherwise why it stopped (the state blew up, or RK45 could not
advance within its substep budget). Steps do nothing then until reset() or load().`,
  },
  { name: 'time', returns: 'number', doc: 'Simulated time (s).' },
  { name: 'timestep', returns: 'number', doc: 'The fixed step (s).' },

  { name: 'bodyCount', returns: 'number', doc: 'Number of rendered bodies (every link of every articulation, every free body).' },
  {
    name: 'posesPointer', returns: 'number', buffer: 'pose',
    doc: `Byte offset in the module's memory of the poses; the memory itself may grow, so re-create
views when HEAPF32.buffer changes.`,
  },
  { name: 'velocitiesPointer', returns: 'number', buffer: 'velocity', doc: 'Byte offset of the body velocities.' },
  { name: 'bodiesJson', returns: 'string', doc: 'JSON array describing each body for rendering: see BodyInfo. Valid until the next load().' },
  { name: 'jointsJson', returns: 'string', doc: 'JSON array describing each joint: see JointInfo.' },

  { name: 'contactCount', returns: 'number', doc: 'Contact points of the last step.' },
  { name: 'contactsPointer', returns: 'number', buffer: 'contact', doc: 'Byte offset of the contact points.' },
  { name: 'motorsJson', returns: 'string', doc: "JSON array of the scene's motors in order: see MotorInfo." },
  { name: 'partCount', returns: 'number', doc: 'Springs plus strings of the scene.' },
  { name: 'partsJson', returns: 'string', doc: 'JSON array describing each spring, then each string: see PartInfo. Valid until the next load().' },
  { name: 'partsPointer', returns: 'number', buffer: 'part', doc: 'Computes where the springs and strings are now; returns where that is.' },
  { name: 'setMotorTarget', params: [['motor', 'number'], ['position', 'number'], ['velocity', 'number']], returns: 'void', doc: 'New targets for motor `motor` (position: rad or m; velocity: rad/s or m/s); live.' },
  { name: 'motorEffort', params: [['motor', 'number']], returns: 'number', doc: 'The effort (N·m or N) the motor applied over the last step.' },

  { name: 'nq', returns: 'number', doc: 'Generalised coordinates: nq() float64s at qPointer().' },
  { name: 'nv', returns: 'number', doc: 'Generalised velocities: nv() float64s at vPointer().' },
  { name: 'qPointer', returns: 'number', buffer: 'q', doc: 'Byte offset of q.' },
  { name: 'vPointer', returns: 'number', buffer: 'v', doc: 'Byte offset of q̇.' },

  { name: 'effortsPointer', returns: 'number', buffer: 'efforts', doc: 'Joint efforts τ, held across steps; write to drive joints.' },
  { name: 'momentumPointer', returns: 'number', buffer: 'momentum', doc: 'Computes the momentum; returns where it is.' },

  { name: 'kineticEnergy', returns: 'number', doc: 'Kinetic energy (J).' },
  { name: 'potentialEnergy', returns: 'number', doc: 'Potential energy, gravity and springs (J).' },
  { name: 'energyPointer', returns: 'number', buffer: 'energy', doc: 'Computes the energy ledger; returns where it is.' },
  { name: 'bodyForcesPointer', returns: 'number', buffer: 'bodyForce', doc: "Computes each body's dynamics; returns where they are." },

  {
    name: 'queryInputPointer', returns: 'number', buffer: 'queryInput',
    doc: `The model at the current state. Inputs (q̈ for inverse, τ for forward dynamics) are written to
the nv float64s at queryInputPointer(); each result stays valid until the next query.`,
  },
  { name: 'massMatrixPointer', returns: 'number', buffer: 'massMatrix', doc: 'H(q) (symmetric).' },
  { name: 'inverseDynamicsPointer', returns: 'number', buffer: 'inverseDynamics', doc: "The efforts that give the input q̈ now (the joints' own springs and damping included)." },
  { name: 'forwardDynamicsPointer', returns: 'number', buffer: 'forwardDynamics', doc: 'The q̈ the input efforts give now, contacts aside.' },
  { name: 'gravityTorquesPointer', returns: 'number', buffer: 'gravityTorques', doc: 'The efforts that hold gravity where the model is.' },
  {
    name: 'jacobianPointer', params: [['body', 'number'], ['x', 'number'], ['y', 'number'], ['z', 'number']], returns: 'number', buffer: 'jacobian',
    doc: "Rows ω, then ṗ of the point (x, y, z) in a body's frame; world frame. 0 for no such body.",
  },
  { name: 'bodyPosePointer', params: [['body', 'number']], returns: 'number', buffer: 'bodyPose', doc: "A body frame's pose as float64s. 0 for no such body." },

  {
    name: 'applyForce', params: [['body', 'number'], ['px', 'number'], ['py', 'number'], ['pz', 'number'], ['fx', 'number'], ['fy', 'number'], ['fz', 'number']], returns: 'void',
    doc: 'A force (N) at a world point (m) on a body, held until clearForces().',
  },
  { name: 'clearForces', returns: 'void', doc: 'Removes the applied forces.' },

  {
    name: 'startDrag', params: [['body', 'number'], ['px', 'number'], ['py', 'number'], ['pz', 'number']], returns: 'void',
    doc: `The mouse spring: grab the point (world, m) of a body and pull it towards a target with a
critically damped spring scaled by the effective mass there, until endDrag().`,
  },
  { name: 'moveDrag', params: [['x', 'number'], ['y', 'number'], ['z', 'number']], returns: 'void', doc: "The mouse spring's target (world, m)." },
  { name: 'endDrag', returns: 'void', doc: 'Lets go.' },
  { name: 'dragPointer', returns: 'number', buffer: 'drag', doc: 'The grabbed point now and the spring force.' },

  {
    name: 'saveState', returns: 'Uint8Array',
    doc: `The world's whole state (time, q, q̇, efforts, forces, motors, drag, contacts with their
warm-start impulses, sleep, the integrator's step and FSAL stage), as a copy. Restoring it
continues bitwise as the uninterrupted run would.`,
  },
  { name: 'restoreState', params: [['bytes', 'Uint8Array']], returns: 'string', doc: "'' when restored; otherwise why not (another scene, a damaged or truncated blob); the world is unchanged." },
  { name: 'adoptState', params: [['bytes', 'Uint8Array']], returns: 'string', doc: 'As restoreState, but the scene may differ in numbers (masses, sizes, materials) as long as its structure is the same.' },
  { name: 'modelHash', returns: 'string', doc: "The loaded scene's fingerprint, 16 hex digits: equal for the same scene and settings." },
];

/** The module's free functions: the controllers' Math (lib/controller_math.ts), this module's libm. */
export const mathFunctions = {
  unary: ['mathSin', 'mathCos', 'mathTan', 'mathAsin', 'mathAcos', 'mathAtan', 'mathSinh', 'mathCosh', 'mathTanh',
    'mathAsinh', 'mathAcosh', 'mathAtanh', 'mathExp', 'mathExpm1', 'mathLog', 'mathLog1p', 'mathLog2', 'mathLog10', 'mathCbrt'],
  binary: [['mathAtan2', 'y', 'x'], ['mathPow', 'x', 'y'], ['mathHypot', 'x', 'y']],
};

/** The JSON the *Json() methods answer, declared as TypeScript as is. */
export const jsonTypes = `export interface ShapeInfo {
  type: 'sphere' | 'box' | 'capsule' | 'cylinder' | 'plane' | 'convex';
  radius?: number;
  /** box: full extents */
  size?: [number, number, number];
  /** capsule, cylinder: length of the axis (local z) between the end centres */
  length?: number;
  /** convex: hull points in the shape frame */
  points?: [number, number, number][];
  /** convex: a mesh file drawn in place of the hull (its coordinates times scale are the shape frame's) */
  mesh?: { url: string; scale: [number, number, number] };
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

export interface PartInfo {
  kind: 'spring' | 'string';
  name: string;
  /** the bodies of the ends, -1 for the world */
  bodyA: number;
  bodyB: number;
  /** the attachments in the bodies' frames (world points for the world) */
  pointA: [number, number, number];
  pointB: [number, number, number];
  /** a string's pulley points, world frame, in order from a to b (empty for springs) */
  via: [number, number, number][];
  /** spring: rest length L₀ (m), stiffness k (N/m), damping c (N·s/m); string: its length (m) */
  restLength?: number;
  stiffness?: number;
  damping?: number;
  length?: number;
}

export interface MotorInfo {
  joint: string; // "articulation/link"
  mode: 'velocity' | 'position' | 'prescribed';
}
`;
