// What build mode edits: plain data, world-placed. Parts are bodies with one shape each, posed in
// the world; joints join two parts (or a part and the world) at a world anchor about a world
// axis, all at the built configuration. build_to_scene.ts turns it into an ordinary scene.
// Every edit makes a new BuildDoc (undo keeps the old one), so nothing here is mutated in place
// once it has been shown.

export type Vec3 = [number, number, number];
/** [w, x, y, z], as scenes write quaternions. */
export type Quat = [number, number, number, number];

// Springs, strings and ropes (build_parts.ts): each joins two points, on parts or on the world.
export const CONNECTOR_KINDS = ['spring', 'string', 'rope'] as const;
export type ConnectorKind = (typeof CONNECTOR_KINDS)[number];

interface Ends {
  id: number;
  name: string;
  a: number; // part id, or WORLD
  b: number;
  pointA: Vec3; // world, at the built configuration
  pointB: Vec3;
}

/** A linear spring: F = k (d − rest) + c ḋ along the line between its ends. */
export interface SpringConnector extends Ends {
  kind: 'spring';
  restLength: number; // m
  stiffness: number; // N/m
  damping: number; // N·s/m
}

/** An inextensible massless string (slack when shorter), over frictionless pulleys at its via points. */
export interface StringConnector extends Ends {
  kind: 'string';
  length: number; // m, end to end through the via points
  via: Vec3[]; // world points (pulleys)
}

/** A rope of `segments` capsules of total `mass`, joined by ball joints. */
export interface RopeConnector extends Ends {
  kind: 'rope';
  length: number;
  segments: number;
  mass: number; // kg, the whole rope
  radius: number; // m
}

export type Connector = SpringConnector | StringConnector | RopeConnector;
/** A connector before it has an id (each kind keeps its own fields). */
export type NewConnector = Connector extends infer C ? (C extends Connector ? Omit<C, 'id'> : never) : never;

export const PART_SHAPES = ['box', 'sphere', 'capsule', 'cylinder', 'wedge', 'slab'] as const;
export type PartShape = (typeof PART_SHAPES)[number];

export interface Part {
  id: number;
  name: string;
  shape: PartShape;
  /**
   * box, slab, wedge: full extents [x, y, z] (a wedge rises along −x: its slope faces +x·+z);
   * sphere: [radius]; capsule and cylinder: [radius, length] along local z.
   */
  size: number[];
  position: Vec3;
  quaternion: Quat;
  density: number; // kg/m³; the panel shows and edits the mass it gives
  friction: number;
  restitution: number;
  color: string;
  static: boolean;
  linearVelocity: Vec3; // world frame, initial
  angularVelocity: Vec3;
  /**
   * Kept from a scene opened in build mode, about the part's centre in its frame: the body's
   * own mass properties (instead of the shapes' densities) and its further shapes (scene JSON).
   */
  inertial?: { mass: number; com: Vec3; inertia?: Record<string, number> };
  extraShapes?: Record<string, unknown>[];
}

export const JOINT_KINDS = ['hinge', 'slider', 'ball', 'fixed'] as const;
export type JointKind = (typeof JOINT_KINDS)[number];

export interface BuildJoint {
  id: number;
  kind: JointKind;
  a: number; // part id
  b: number; // part id, or WORLD
  anchor: Vec3; // world, at the built configuration
  axis: Vec3; // world unit axis (hinge, slider)
  /** hinge: degrees; slider: metres. Only for joints of the tree (reduced coordinates). */
  limits?: { lower: number; upper: number };
  spring?: { stiffness: number; rest: number };
  damping?: number;
  armature?: number; // rotor inertia, kg·m² (hinge, ball) or kg (slider)
  motor?: { targetVelocity: number; maxEffort: number };
}

export const WORLD = -1;

export interface BuildMeta {
  title: string;
  description: string;
  observe: string[];
}

export interface BuildWorld {
  gravity: Vec3;
  timestep: number;
  integrator: 'semi-implicit-euler' | 'rk4' | 'rk45';
}

export interface BuildDoc {
  meta: BuildMeta;
  world: BuildWorld;
  ground: boolean; // a static plane at z = 0
  groundFriction: number;
  groundRestitution: number; // 1 by default: a pair takes the smaller e, so each part's own e decides its bounce
  parts: Part[];
  joints: BuildJoint[];
  /** Springs, strings and ropes (build_parts.ts); absent in docs made before there were any. */
  connectors?: Connector[];
  nextId: number;
}

export function emptyBuild(): BuildDoc {
  return {
    meta: { title: 'New scene', description: '', observe: [] },
    world: { gravity: [0, 0, -9.81], timestep: 1 / 240, integrator: 'semi-implicit-euler' },
    ground: true,
    groundFriction: 0.5,
    groundRestitution: 1,
    parts: [],
    joints: [],
    nextId: 1,
  };
}

const PALETTE_COLORS: Record<PartShape, string> = {
  box: '#c9874b',
  sphere: '#d9482b',
  capsule: '#2f6fb0',
  cylinder: '#4a9a6a',
  wedge: '#8a8f98',
  slab: '#6b7580',
};

const DEFAULT_SIZES: Record<PartShape, number[]> = {
  box: [0.4, 0.4, 0.4],
  sphere: [0.15],
  capsule: [0.05, 0.8],
  cylinder: [0.15, 0.3],
  wedge: [2, 1, 1],
  slab: [2, 1, 0.1],
};

/** A new part of the palette's defaults (slabs and wedges static), not yet in any doc. */
export function newPart(doc: BuildDoc, shape: PartShape, position: Vec3, quaternion: Quat = [1, 0, 0, 0]): Part {
  return {
    id: doc.nextId,
    name: uniqueName(doc, nameBase(shape)),
    shape,
    size: [...DEFAULT_SIZES[shape]],
    position,
    quaternion,
    density: shape === 'sphere' ? 1000 : 600,
    friction: 0.5,
    restitution: shape === 'slab' || shape === 'wedge' ? 1 : 0, // static surfaces, like the ground, let the moving part's e decide
    color: PALETTE_COLORS[shape],
    static: shape === 'slab' || shape === 'wedge',
    linearVelocity: [0, 0, 0],
    angularVelocity: [0, 0, 0],
  };
}

/** What parts of a shape are called: box1, ramp2 … */
export function nameBase(shape: PartShape): string {
  return shape === 'wedge' ? 'ramp' : shape;
}

/** `base` followed by the smallest number that no part, connector or mechanism uses yet. */
export function uniqueName(doc: BuildDoc, base: string): string {
  const taken = new Set([...doc.parts.map((p) => p.name), ...(doc.connectors ?? []).map((c) => c.name)]);
  for (let k = 1; ; k++) if (!taken.has(`${base}${k}`)) return `${base}${k}`;
}

/** The doc with `parts` appended, each with a new id and a new name (box3, ramp1 …). */
export function withParts(doc: BuildDoc, parts: Omit<Part, 'id' | 'name'>[]): { doc: BuildDoc; ids: number[] } {
  let next = { ...doc, parts: [...doc.parts] };
  const ids: number[] = [];
  parts.forEach((part) => {
    const id = next.nextId;
    const name = uniqueName(next, nameBase(part.shape));
    next = { ...next, parts: [...next.parts, { ...part, id, name }], nextId: id + 1 };
    ids.push(id);
  });
  return { doc: next, ids };
}

export function withJoint(doc: BuildDoc, joint: Omit<BuildJoint, 'id'>): { doc: BuildDoc; id: number } {
  const id = doc.nextId;
  return { doc: { ...doc, joints: [...doc.joints, { ...joint, id }], nextId: id + 1 }, id };
}

/** Volume of a part's shape, m³ (its mass is density × volume). */
export function volumeOf(part: Pick<Part, 'shape' | 'size'>): number {
  const [a, b = 0, c = 0] = part.size;
  switch (part.shape) {
    case 'box':
    case 'slab':
      return a * b * c;
    case 'wedge':
      return (a * b * c) / 2;
    case 'sphere':
      return (4 / 3) * Math.PI * a ** 3;
    case 'capsule':
      return Math.PI * a * a * b + (4 / 3) * Math.PI * a ** 3;
    case 'cylinder':
      return Math.PI * a * a * b;
  }
}

/** Half the part's extent along its local z: how far its centre sits above what it rests on. */
export function halfHeight(part: Pick<Part, 'shape' | 'size'>): number {
  const [a, b = 0, c = 0] = part.size;
  switch (part.shape) {
    case 'sphere':
      return a;
    case 'capsule':
      return a + b / 2;
    case 'cylinder':
      return b / 2;
    default:
      return c / 2;
  }
}

/** The size fields a part's shape has, for the properties panel. */
export function sizeLabels(shape: PartShape): string[] {
  if (shape === 'sphere') return ['radius'];
  if (shape === 'capsule' || shape === 'cylinder') return ['radius', 'length'];
  return ['size x', 'size y', 'size z'];
}

export function partById(doc: BuildDoc, id: number): Part | undefined {
  return doc.parts.find((p) => p.id === id);
}
