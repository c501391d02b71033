// Typed-array views over part of the engine's memory that follow memory growth: the view is
// re-created only when the wasm memory's ArrayBuffer has been replaced or the place moved.
import type { FeatherweightModule } from 'featherweight-wasm/featherweight.js';

export class Float64HeapView {
  private view: Float64Array | null = null;
  private pointer = -1;

  constructor(private readonly engine: FeatherweightModule) {}

  /** The `length` float64s at byte offset `pointer`. */
  at(pointer: number, length: number): Float64Array {
    const buffer = this.engine.HEAPF64.buffer;
    if (this.view === null || this.view.buffer !== buffer || pointer !== this.pointer || this.view.length !== length) {
      this.view = new Float64Array(buffer, pointer, length);
      this.pointer = pointer;
    }
    return this.view;
  }
}

/** The same for float32 data (contact points). */
export class Float32HeapView {
  private view: Float32Array | null = null;
  private pointer = -1;

  constructor(private readonly engine: FeatherweightModule) {}

  at(pointer: number, length: number): Float32Array {
    const buffer = this.engine.HEAPF32.buffer;
    if (this.view === null || this.view.buffer !== buffer || pointer !== this.pointer || this.view.length !== length) {
      this.view = new Float32Array(buffer, pointer, length);
      this.pointer = pointer;
    }
    return this.view;
  }
}
