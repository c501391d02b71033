// One Float32Array over the engine's pose buffer: bodyCount × (x, y, z, qx, qy, qz, qw).
// The view is re-created only when the wasm memory grows (its ArrayBuffer is replaced) or a new
// scene is loaded; reading poses never calls into the module per body.
import type { FeatherweightModule, Simulation } from 'featherweight-wasm/featherweight.js';

export const POSE_STRIDE = 7;

export class PoseView {
  private view: Float32Array | null = null;

  constructor(
    private readonly engine: FeatherweightModule,
    private readonly sim: Simulation,
  ) {}

  /** Call after sim.load(): the buffer moved. */
  invalidate(): void {
    this.view = null;
  }

  get poses(): Float32Array {
    const buffer = this.engine.HEAPF32.buffer;
    if (this.view === null || this.view.buffer !== buffer) {
      this.view = new Float32Array(buffer, this.sim.posesPointer(), this.sim.bodyCount() * POSE_STRIDE);
    }
    return this.view;
  }
}
