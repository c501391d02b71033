// The library's argument checks (lib/world.ts): each throws before anything reaches the module, a
// TypeError when a value is not of the kind asked for (a string for a number, a number for an
// array), a RangeError when it is of that kind but not one of the values allowed (NaN, a length
// other than nv, an index past the end, an unknown name), its message naming the argument and
// what was expected.

/** A value for a message, without running any of its code (a Symbol, an object's toString). */
export function shown(value: unknown): string {
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  if (value === null) return 'null';
  if (typeof value === 'string') return value.length <= 40 ? `'${value}'` : 'a string';
  return typeof value;
}

/** `value` as a finite number; `what` names it ("the effort for 'arm/elbow'"). */
export function finiteNumber(value: unknown, what: string): number {
  if (typeof value !== 'number') throw new TypeError(`${what} is ${shown(value)}, not a finite number`);
  if (!Number.isFinite(value)) throw new RangeError(`${what} is ${shown(value)}, not a finite number`);
  return value;
}

/** `value` as a whole number from `min` to `max` (inclusive). */
export function wholeNumber(value: unknown, what: string, min: number, max: number): number {
  if (typeof value !== 'number') throw new TypeError(`${what} must be a whole number from ${min} to ${max}, got ${shown(value)}`);
  if (!Number.isInteger(value) || value < min || value > max)
    throw new RangeError(`${what} must be a whole number from ${min} to ${max}, got ${shown(value)}`);
  return value;
}

/** An index into a list of `count` (a body, a matrix row): a whole number from 0 to count − 1. */
export function indexInto(value: unknown, what: string, count: number): number {
  if (count === 0) throw new RangeError(`${what}: there are none to index`);
  return wholeNumber(value, what, 0, count - 1);
}

/**
 * `values` as `size` numbers (an array or typed array), finite unless `finite` is false; `what`
 * names it ("forwardDynamics: τ") and `sizeName`, if any, what its size is ("nv").
 */
export function numbers(values: unknown, what: string, size: number, sizeName = '', finite = true): ArrayLike<number> {
  const expected = sizeName ? `${size} numbers (${sizeName} = ${size})` : `${size} numbers`;
  if (typeof values !== 'object' || values === null || typeof (values as ArrayLike<number>).length !== 'number')
    throw new TypeError(`${what} must be an array of ${expected}, got ${shown(values)}`);
  const list = values as ArrayLike<number>;
  if (list.length !== size) throw new RangeError(`${what} has length ${list.length}; it needs ${expected}`);
  for (let i = 0; i < size; i++) {
    if (finite) finiteNumber(list[i], `${what}[${i}]`);
    else if (typeof list[i] !== 'number') throw new TypeError(`${what}[${i}] is ${shown(list[i])}, not a number`);
  }
  return list;
}

/** Numbers by name (sliders, parameters), each finite; undefined is none. */
export function numbersByName(values: unknown, what: string): void {
  if (values === undefined) return;
  if (typeof values !== 'object' || values === null || Array.isArray(values))
    throw new TypeError(`${what} must be an object of numbers by name, got ${shown(values)}`);
  for (const [name, value] of Object.entries(values)) finiteNumber(value, `${what}.${name}`);
}

/** An options object (or undefined: none given) whose keys are among `keys`. */
export function options<T extends object>(value: unknown, what: string, keys: readonly string[]): Partial<T> {
  if (value === undefined) return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value) || ArrayBuffer.isView(value))
    throw new TypeError(`${what} must be an object with ${keys.join(', ')}, got ${shown(value)}`);
  for (const key of Object.keys(value))
    if (!keys.includes(key)) throw new RangeError(`${what} takes ${keys.join(', ')}, not '${key}'`);
  return value as Partial<T>;
}

/** A name to look up: a string, else a TypeError naming what it is for. */
export function nameOf(value: unknown, what: string): string {
  if (typeof value !== 'string') throw new TypeError(`${what} must be a name (a string), got ${shown(value)}`);
  return value;
}

/** A list of names for a message: all of them when few, else the first ones and how many more. */
export function listed(names: readonly string[], where: string): string {
  const shownNames = names.slice(0, kListedNames).join(', ');
  return names.length <= kListedNames ? shownNames : `${shownNames}, … and ${names.length - kListedNames} more: see ${where}`;
}

const kListedNames = 24;
