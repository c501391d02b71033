// One Float32Array over one of the engine's per-body buffers: the poses, bodyCount × (x, y, z,
// qx, qy, qz, qw), or the velocities, bodyCount × (vx, vy, vz, ωx, ωy, ωz) in the world frame.
// The view is re-created only when the wasm memory grows (its ArrayBuffer is replaced) or a new
// scene is loaded; reading them never calls into the module per body.
import type { FeatherweightModule, Simulation } from 'featherweight-wasm/featherweight.js';

export const POSE_STRIDE = 7;
export const VELOCITY_STRIDE = 6;

export class BodyBufferView {
  private view: Float32Array | null = null;

  constructor(
    private readonly engine: FeatherweightModule,
    private readonly sim: Simulation,
    private readonly pointer: (sim: Simulation) => number,
    readonly stride: number,
  ) {}

  /** Call after sim.load(): the buffer moved. */
  invalidate(): void {
    this.view = null;
  }

  get values(): Float32Array {
    const buffer = this.engine.HEAPF32.buffer;
    if (this.view === null || this.view.buffer !== buffer) {
      this.view = new Float32Array(buffer, this.pointer(this.sim), this.sim.bodyCount() * this.stride);
    }
    return this.view;
  }
}

export const poseView = (engine: FeatherweightModule, sim: Simulation) =>
  new BodyBufferView(engine, sim, (s) => s.posesPointer(), POSE_STRIDE);
export const velocityView = (engine: FeatherweightModule, sim: Simulation) =>
  new BodyBufferView(engine, sim, (s) => s.velocitiesPointer(), VELOCITY_STRIDE);
