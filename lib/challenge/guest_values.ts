// Values across the QuickJS boundary, numbers bit for bit (handles of doubles, Float64Arrays as
// their bytes): what the host's ctx returns goes in as plain data (functions left behind), what
// the controller passes out comes back as plain data, bounded in size and depth so that a huge or
// cyclic argument is refused rather than copied.
import type { QuickJSContext, QuickJSHandle } from 'quickjs-emscripten-core';

const MAX_DEPTH = 8;
const MAX_ITEMS = 100_000;

export class GuestValues {
  constructor(
    private readonly vm: QuickJSContext,
    /** Guest helpers: bytes → Float64Array, and a value's kind (0 null, 1 array-like, 2 object). */
    private readonly float64: QuickJSHandle,
    private readonly kind: QuickJSHandle,
    private readonly keys: QuickJSHandle,
  ) {}

  /** A new handle of a host value (the caller disposes it). */
  toGuest(value: unknown, depth = 0): QuickJSHandle {
    const vm = this.vm;
    if (value === undefined) return vm.undefined;
    if (value === null) return vm.null;
    if (typeof value === 'number') return vm.newNumber(value);
    if (typeof value === 'string') return vm.newString(value);
    if (typeof value === 'boolean') return value ? vm.true : vm.false;
    if (depth > MAX_DEPTH || typeof value !== 'object') return vm.undefined;
    if (value instanceof Float64Array) return this.float64Array(value);
    if (Array.isArray(value) || ArrayBuffer.isView(value)) {
      const array = vm.newArray();
      Array.from(value as ArrayLike<unknown>).forEach((item, i) => this.put(array, i, item, depth));
      return array;
    }
    const object = vm.newObject();
    for (const [key, item] of Object.entries(value)) if (typeof item !== 'function') this.put(object, key, item, depth);
    return object;
  }

  /** A guest Float64Array with exactly these doubles. */
  float64Array(values: Float64Array): QuickJSHandle {
    const bytes = this.vm.newArrayBuffer(new Uint8Array(values.buffer, values.byteOffset, values.byteLength).slice().buffer);
    try {
      return this.vm.unwrapResult(this.vm.callFunction(this.float64, this.vm.undefined, bytes));
    } finally {
      bytes.dispose();
    }
  }

  private put(target: QuickJSHandle, key: string | number, item: unknown, depth: number): void {
    const handle = this.toGuest(item, depth + 1);
    this.vm.setProp(target, key, handle);
    handle.dispose();
  }

  /** The host copy of a guest value (the caller keeps the handle). Throws a TypeError or RangeError. */
  fromGuest(handle: QuickJSHandle, budget = { items: MAX_ITEMS }, depth = 0): unknown {
    const vm = this.vm;
    const type = vm.typeof(handle);
    if (type === 'number') return vm.getNumber(handle);
    if (type === 'string') return vm.getString(handle);
    if (type === 'undefined') return undefined;
    if (type === 'boolean') return vm.dump(handle) as boolean;
    if (type !== 'object') throw new TypeError(`a ${type} cannot be passed to the model`);
    if (depth > MAX_DEPTH) throw new RangeError(`a value nested more than ${MAX_DEPTH} deep cannot be passed to the model`);
    const kind = this.call(this.kind, handle, (h) => vm.getNumber(h));
    if (kind === 0) return null;
    if (kind === 1) {
      const length = vm.getLength(handle) ?? 0;
      if ((budget.items -= length) < 0) throw new RangeError(`more than ${MAX_ITEMS} values cannot be passed to the model`);
      const out: unknown[] = [];
      for (let i = 0; i < length; i++) out.push(this.item(handle, i, budget, depth));
      return out;
    }
    const names = this.call(this.keys, handle, (h) => this.fromGuest(h, budget, depth + 1)) as string[];
    const out: Record<string, unknown> = {};
    for (const name of names) out[name] = this.item(handle, name, budget, depth);
    return out;
  }

  private item(handle: QuickJSHandle, key: string | number, budget: { items: number }, depth: number): unknown {
    const item = this.vm.getProp(handle, key);
    try {
      return this.fromGuest(item, budget, depth + 1);
    } finally {
      item.dispose();
    }
  }

  private call<R>(fn: QuickJSHandle, arg: QuickJSHandle, read: (h: QuickJSHandle) => R): R {
    const result = this.vm.unwrapResult(this.vm.callFunction(fn, this.vm.undefined, arg));
    try {
      return read(result);
    } finally {
      result.dispose();
    }
  }
}

/** The guest helpers GuestValues takes, as one expression evaluated in the context. */
export const GUEST_HELPERS = `({
  float64: (bytes) => new Float64Array(bytes),
  kind: (v) => (v === null ? 0 : Array.isArray(v) || ArrayBuffer.isView(v) ? 1 : 2),
  keys: (v) => Object.keys(v),
})`;
