// One Float32Array over the engine's velocity buffer: bodyCount × (vx, vy, vz, ωx, ωy, ωz), world
// frame, the velocity of each body frame's origin then its angular velocity. Like PoseView, the
// view is re-created only when the wasm memory grows or a new scene is loaded.
import type { FeatherweightModule, Simulation } from 'featherweight-wasm/featherweight.js';

export const VELOCITY_STRIDE = 6;

export class VelocityView {
  private view: Float32Array | null = null;

  constructor(
    private readonly engine: FeatherweightModule,
    private readonly sim: Simulation,
  ) {}

  /** Call after sim.load(): the buffer moved. */
  invalidate(): void {
    this.view = null;
  }

  get velocities(): Float32Array {
    const buffer = this.engine.HEAPF32.buffer;
    if (this.view === null || this.view.buffer !== buffer) {
      this.view = new Float32Array(buffer, this.sim.velocitiesPointer(), this.sim.bodyCount() * VELOCITY_STRIDE);
    }
    return this.view;
  }
}
