// The library's plain data types, shared by the world (lib/world.ts), its views (lib/views.ts)
// and the controllers' runtime (lib/controller.ts) without their importing each other.
import type { JointInfo } from 'featherweight-wasm/featherweight.js';

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

/** One entry of world.joints: a joint's name, its parent body (−1: the world) and its JointHandle. */
export interface JointDescription extends Readonly<JointHandle> {
  readonly name: string;
  /** The other names joint() takes for it: the joint's own name in the scene (an imported model's), its link's plain name where unique. */
  readonly aliases: readonly string[];
  readonly parentBody: number;
}

/** A state to ask the model queries at: q (nq numbers) and q̇ (nv); one left out is the world's own. */
export interface ModelState {
  q?: ArrayLike<number>;
  qd?: ArrayLike<number>;
}

export interface Pose {
  position: [number, number, number];
  /** The unit quaternion w, x, y, z (scalar first, as the scene format and MuJoCo write it). */
  quaternion: [number, number, number, number];
}

/** A dense matrix, row-major. */
export interface Matrix {
  rows: number;
  cols: number;
  data: Float64Array;
  get(row: number, col: number): number;
}

/** The energy ledger (core/world/energy_ledger.h): the fields of the `energy` layout (lib/layouts.generated.ts). */
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

/** A spring's or string's state now (the PART buffer): where to draw it and what it pulls with. */
export interface PartState {
  /** its ends, world frame (m); a string runs endA → its via points (partsJson) → endB */
  endA: [number, number, number];
  endB: [number, number, number];
  /** N, > 0 pulling: a spring's k (d − L₀) + c ḋ over the last step; a string's (0 while slack) */
  tension: number;
  /** m: a spring's distance d now; a string's path length now */
  length: number;
}

export type Vec3 = [number, number, number];
