// Typed, named views of a Simulation's buffers in the module's memory, laid out as
// wasm_bindings/interface.mjs declares them (strides and field offsets: lib/layouts.generated.ts).
// The library's World is one; the page wraps its own (guarded) Simulation in one.
//
// A view is re-created only when the module's memory grew (its ArrayBuffer was replaced), the
// buffer moved or its size changed: reading them allocates nothing in the steady state. The per-body
// poses and velocities are kept without asking the module again until invalidate() (a new scene).
import type { FeatherweightModule, Simulation } from 'featherweight-wasm/featherweight.js';
import { BODY_FORCE, CONTACT, DRAG, ENERGY, MOMENTUM, PART, POSE, VELOCITY } from './layouts.generated';
import type { PartInfo } from 'featherweight-wasm/featherweight.js';
import type { ContactPoint, EnergyReport, PartState, Vec3 } from './types';

export { BODY_FORCE, BODY_POSE, BUFFERS, CONTACT, DRAG, ENERGY, MOMENTUM, PART, POSE, VELOCITY } from './layouts.generated';

type Heap = Float32Array | Float64Array;

/** One view over part of the module's memory, made again only when the memory or the place changed. */
class HeapView<T extends Heap> {
  private view: T | null = null;
  private pointer = -1;

  constructor(
    private readonly heap: () => T,
    private readonly create: (buffer: ArrayBufferLike, pointer: number, length: number) => T,
  ) {}

  /** The `length` numbers at byte offset `pointer`. */
  at(pointer: number, length: number): T {
    const buffer = this.heap().buffer;
    if (this.view === null || this.view.buffer !== buffer || pointer !== this.pointer || this.view.length !== length) {
      this.view = this.create(buffer, pointer, length);
      this.pointer = pointer;
    }
    return this.view;
  }

  /** The view as it was last made (no call into the module) while the memory is the same; else null. */
  kept(): T | null {
    return this.view !== null && this.view.buffer === this.heap().buffer ? this.view : null;
  }

  forget(): void {
    this.view = null;
  }
}

/** The `size` numbers of field `offset` of record `record` (stride `stride`), copied into `out`. */
export function readField(data: ArrayLike<number>, stride: number, record: number, offset: number, out: number[]): number[] {
  const o = record * stride + offset;
  for (let k = 0; k < out.length; k++) out[k] = data[o + k] ?? 0;
  return out;
}

export class WorldViews {
  private readonly f32 = () => new HeapView<Float32Array>(() => this.module.HEAPF32, (b, p, n) => new Float32Array(b, p, n));
  private readonly f64 = () => new HeapView<Float64Array>(() => this.module.HEAPF64, (b, p, n) => new Float64Array(b, p, n));
  private readonly views = {
    poses: this.f32(), velocities: this.f32(), contacts: this.f32(), bodyForces: this.f32(),
    q: this.f64(), qd: this.f64(), tau: this.f64(), energy: this.f64(), momentum: this.f64(), drag: this.f64(), bodyPose: this.f64(), parts: this.f64(),
    scratch: this.f64(),
  };

  constructor(
    /** The embind module (its memory). */
    readonly module: FeatherweightModule,
    /** The embind object whose buffers these are. */
    readonly simulation: Simulation,
  ) {}

  /** The simulation loaded another scene (its buffers moved): poses and velocities are looked up again. */
  invalidate(): void {
    for (const view of Object.values(this.views)) view.forget();
  }

  get bodyCount(): number {
    return this.simulation.bodyCount();
  }

  /** Every body's pose, bodyCount × POSE.stride float32s (x, y, z, qx, qy, qz, qw): live, updated by every step. */
  get poses(): Float32Array {
    return this.views.poses.kept() ?? this.views.poses.at(this.simulation.posesPointer(), this.bodyCount * POSE.stride);
  }

  /** Every body's velocity, bodyCount × VELOCITY.stride float32s (linear, then angular; world): live. */
  get velocities(): Float32Array {
    return this.views.velocities.kept() ?? this.views.velocities.at(this.simulation.velocitiesPointer(), this.bodyCount * VELOCITY.stride);
  }

  /** Body `body`'s pose (x, y, z, qx, qy, qz, qw) as a new subarray of the poses. */
  bodyPoseView(body: number): Float32Array {
    return this.poses.subarray(body * POSE.stride, (body + 1) * POSE.stride);
  }

  /** Body `body`'s position (m, world), into `out`. */
  bodyPosition(body: number, out: Vec3 = [0, 0, 0]): Vec3 {
    return readField(this.poses, POSE.stride, body, POSE.x, out) as Vec3;
  }

  /** Body `body`'s world angular velocity (rad/s), into `out`. */
  angularVelocity(body: number, out: Vec3 = [0, 0, 0]): Vec3 {
    return readField(this.velocities, VELOCITY.stride, body, VELOCITY.angular, out) as Vec3;
  }

  /** The velocity of body `body`'s frame origin (m/s, world), into `out`. */
  linearVelocity(body: number, out: Vec3 = [0, 0, 0]): Vec3 {
    return readField(this.velocities, VELOCITY.stride, body, VELOCITY.linear, out) as Vec3;
  }

  // Views of the module's memory: a view taken before the memory grew is detached (length 0), so
  // read world.q again rather than keeping it.
  /** Joint coordinates q (a live view: writing changes the state). */
  get q(): Float64Array {
    return this.views.q.at(this.simulation.qPointer(), this.simulation.nq());
  }

  /** Joint velocities q̇ (a live view). */
  get qd(): Float64Array {
    return this.views.qd.at(this.simulation.vPointer(), this.simulation.nv());
  }

  /** Joint efforts τ, held across steps (a live view: write to drive the joints). */
  get tau(): Float64Array {
    return this.views.tau.at(this.simulation.effortsPointer(), this.simulation.nv());
  }

  /** The last step's contact points, contactCount × CONTACT.stride float32s; valid until the next step. */
  contactData(): Float32Array {
    const count = this.simulation.contactCount();
    return this.views.contacts.at(count > 0 ? this.simulation.contactsPointer() : 0, count * CONTACT.stride);
  }

  /** Computes each body's dynamics: bodyCount × BODY_FORCE.stride float32s, valid until the next call into the module. */
  bodyForceData(): Float32Array {
    const count = this.bodyCount;
    return this.views.bodyForces.at(count > 0 ? this.simulation.bodyForcesPointer() : 0, count * BODY_FORCE.stride);
  }

  /** Computes the energy ledger: ENERGY.stride float64s. */
  energyData(): Float64Array {
    return this.views.energy.at(this.simulation.energyPointer(), ENERGY.stride);
  }

  /** Computes the momentum: MOMENTUM.stride float64s (angular about the origin, then linear). */
  momentumData(): Float64Array {
    return this.views.momentum.at(this.simulation.momentumPointer(), MOMENTUM.stride);
  }

  /** The mouse spring: DRAG.stride float64s (the grabbed point, then the force, N). */
  dragData(): Float64Array {
    return this.views.drag.at(this.simulation.dragPointer(), DRAG.stride);
  }

  /** Computes where the springs, then the strings, are now: partCount × PART.stride float64s (endA, endB, tension, length). */
  partData(): Float64Array {
    const count = this.simulation.partCount();
    return this.views.parts.at(count > 0 ? this.simulation.partsPointer() : 0, count * PART.stride);
  }

  /** The scene's springs, then its strings: kind, name, bodies, attachments, via points and parameters (fixed until the next load). */
  partInfo(): PartInfo[] {
    return JSON.parse(this.simulation.partsJson()) as PartInfo[];
  }

  /** The springs', then the strings', state now (computed by the call), in partInfo()'s order. */
  parts(): PartState[] {
    const p = this.partData(), s = PART.stride;
    return Array.from({ length: p.length / s }, (_, k) => ({
      endA: readField(p, s, k, PART.endA, [0, 0, 0]) as Vec3,
      endB: readField(p, s, k, PART.endB, [0, 0, 0]) as Vec3,
      tension: p[k * s + PART.tension],
      length: p[k * s + PART.length],
    }));
  }

  /** A body frame's pose in float64 (the POSE layout), computed now; null for no such body. */
  bodyPoseData(body: number): Float64Array | null {
    const pointer = this.simulation.bodyPosePointer(body);
    return pointer === 0 ? null : this.views.bodyPose.at(pointer, POSE.stride);
  }

  /** `length` float64s at `pointer` (the model queries' buffers). */
  protected float64At(pointer: number, length: number): Float64Array {
    return this.views.scratch.at(pointer, length);
  }

  /** The energy ledger: kinetic, potential, work in, losses and the balance (the integrator's error). */
  energy(): EnergyReport {
    const e = this.energyData();
    return {
      kinetic: e[ENERGY.kinetic], gravity: e[ENERGY.gravity], spring: e[ENERGY.spring], initial: e[ENERGY.initial],
      effortWork: e[ENERGY.effortWork], motorWork: e[ENERGY.motorWork], appliedWork: e[ENERGY.appliedWork],
      contactLoss: e[ENERGY.contactLoss], dampingLoss: e[ENERGY.dampingLoss], balance: e[ENERGY.balance],
    };
  }

  /** Angular momentum about the world origin and linear momentum, world frame. */
  momentum(): { angular: Vec3; linear: Vec3 } {
    const h = this.momentumData();
    return { angular: readField(h, MOMENTUM.stride, 0, MOMENTUM.angular, [0, 0, 0]) as Vec3, linear: readField(h, MOMENTUM.stride, 0, MOMENTUM.linear, [0, 0, 0]) as Vec3 };
  }

  /** The contact points of the last step. */
  contacts(): ContactPoint[] {
    const c = this.contactData(), s = CONTACT.stride;
    return Array.from({ length: c.length / s }, (_, k) => ({
      point: readField(c, s, k, CONTACT.position, [0, 0, 0]) as Vec3,
      normal: readField(c, s, k, CONTACT.normal, [0, 0, 0]) as Vec3,
      normalImpulse: c[k * s + CONTACT.normalImpulse],
      separation: c[k * s + CONTACT.separation],
    }));
  }
}

/** A simulation's energy ledger (World::energy, core/world/energy_ledger.h), read from the module. */
export function energyOf(module: FeatherweightModule, simulation: Simulation): EnergyReport {
  return new WorldViews(module, simulation).energy();
}

/** A simulation's contact points of the last step, read from the module. */
export function contactsOf(module: FeatherweightModule, simulation: Simulation): ContactPoint[] {
  return new WorldViews(module, simulation).contacts();
}
