// The core's per-body dynamics (World::bodyForces, one call a frame): centre of mass, its velocity
// and acceleration, the forces that make up m a, kinetic energy and mass — read through the
// library's view of the module's memory (the BODY_FORCE layout), never recomputed here.
import { BODY_FORCE, readField, type WorldViews } from '../../../lib/views';

/** The body-force layout's 3-vectors. */
export type VectorField = Exclude<keyof typeof BODY_FORCE, 'stride' | 'kinetic' | 'mass'>;

export class BodyForces {
  private values: Float32Array<ArrayBufferLike> = new Float32Array(0);

  constructor(private readonly views: WorldViews) {}

  /** Asks the core for this frame's values (once a frame, after stepping). */
  refresh(): void {
    this.values = this.views.bodyForceData();
  }

  vector(body: number, field: VectorField, out: [number, number, number] = [0, 0, 0]): [number, number, number] {
    return readField(this.values, BODY_FORCE.stride, body, BODY_FORCE[field], out) as [number, number, number];
  }

  kinetic(body: number): number {
    return this.values[body * BODY_FORCE.stride + BODY_FORCE.kinetic] ?? 0;
  }

  mass(body: number): number {
    return this.values[body * BODY_FORCE.stride + BODY_FORCE.mass] ?? 0;
  }
}
