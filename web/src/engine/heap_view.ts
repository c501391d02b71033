// Typed-array views over part of the engine's memory that follow memory growth: the view is
// re-created only when the wasm memory's ArrayBuffer has been replaced or the place moved.
import type { FeatherweightModule } from 'featherweight-wasm/featherweight.js';

type HeapArray = Float32Array | Float64Array;

class HeapView<T extends HeapArray> {
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
}

/** float64 data: joint coordinates, efforts, momentum, the drag spring. */
export class Float64HeapView extends HeapView<Float64Array> {
  constructor(engine: FeatherweightModule) {
    super(() => engine.HEAPF64, (buffer, pointer, length) => new Float64Array(buffer, pointer, length));
  }
}

/** float32 data: contact points. */
export class Float32HeapView extends HeapView<Float32Array> {
  constructor(engine: FeatherweightModule) {
    super(() => engine.HEAPF32, (buffer, pointer, length) => new Float32Array(buffer, pointer, length));
  }
}
