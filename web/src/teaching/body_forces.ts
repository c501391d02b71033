// The core's per-body dynamics (World::bodyForces, one call a frame): centre of mass, its velocity
// and acceleration, the forces that make up m a, kinetic energy and mass — read through a view of
// the module's memory, never recomputed here.
import type { FeatherweightModule, Simulation } from 'featherweight-wasm/featherweight.js';
import { Float32HeapView } from '../engine/heap_view';

export const BODY_FORCE_STRIDE = 26;
/** Offsets of each quantity within a body's 26 floats (vectors take 3). */
export const FIELD = { com: 0, velocity: 3, acceleration: 6, net: 9, gravity: 12, contact: 15, joint: 18, applied: 21, kinetic: 24, mass: 25 } as const;
export type VectorField = Exclude<keyof typeof FIELD, 'kinetic' | 'mass'>;

export class BodyForces {
  private readonly view: Float32HeapView;
  private values: Float32Array<ArrayBufferLike> = new Float32Array(0);

  constructor(engine: FeatherweightModule, private readonly sim: Simulation) {
    this.view = new Float32HeapView(engine);
  }

  /** Asks the core for this frame's values (once a frame, after stepping). */
  refresh(): void {
    const count = this.sim.bodyCount();
    this.values = count > 0 ? this.view.at(this.sim.bodyForcesPointer(), count * BODY_FORCE_STRIDE) : new Float32Array(0);
  }

  vector(body: number, field: VectorField, out: [number, number, number] = [0, 0, 0]): [number, number, number] {
    const o = body * BODY_FORCE_STRIDE + FIELD[field];
    out[0] = this.values[o] ?? 0;
    out[1] = this.values[o + 1] ?? 0;
    out[2] = this.values[o + 2] ?? 0;
    return out;
  }

  kinetic(body: number): number {
    return this.values[body * BODY_FORCE_STRIDE + FIELD.kinetic] ?? 0;
  }

  mass(body: number): number {
    return this.values[body * BODY_FORCE_STRIDE + FIELD.mass] ?? 0;
  }
}
