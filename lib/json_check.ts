// Walking untrusted JSON with a list of problems, each at its JSON Pointer (RFC 6901): the
// checks of a scene's page parts (lib/scene_meta.ts) and of its challenge (lib/challenge/).
// Every value is checked before it is used; nothing throws.

/** One problem: the JSON Pointer (RFC 6901) of the value and what is wrong with it. */
export interface SceneMetaProblem {
  path: string;
  message: string;
}

/** Every number of a scene lies within ±1e15 (docs/security.md). */
export const MAX_SCENE_NUMBER = 1e15;

export type JsonRecord = { [key: string]: unknown };

export const isRecord = (value: unknown): value is JsonRecord => value !== null && typeof value === 'object' && !Array.isArray(value);
export const own = (record: JsonRecord, key: string): boolean => Object.prototype.hasOwnProperty.call(record, key);
export const escapeToken = (token: string): string => token.replace(/~/g, '~0').replace(/\//g, '~1');

export function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return 'a string';
  if (typeof value === 'boolean') return 'a boolean';
  return typeof value === 'number' ? 'a number' : typeof value;
}

/** A string from the input, fit to be echoed: quoted, control characters escaped, cut at 60. */
export function quoted(text: string): string {
  const shown = text.length > 60 ? `${text.slice(0, 60)}…` : text;
  // eslint-disable-next-line no-control-regex
  return JSON.stringify(shown).replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Collects problems while walking the document; each check answers whether the value is fit. */
export class Checker {
  readonly problems: SceneMetaProblem[] = [];

  fail(path: string, message: string): false {
    this.problems.push({ path: path === '' ? '/' : path, message });
    return false;
  }

  object(value: unknown, path: string): value is JsonRecord {
    return isRecord(value) || this.fail(path, `expected an object, got ${typeName(value)}`);
  }

  array(value: unknown, path: string): value is unknown[] {
    return Array.isArray(value) || this.fail(path, `expected an array, got ${typeName(value)}`);
  }

  string(value: unknown, path: string): value is string {
    return typeof value === 'string' || this.fail(path, `expected a string, got ${typeName(value)}`);
  }

  boolean(value: unknown, path: string): value is boolean {
    return typeof value === 'boolean' || this.fail(path, `expected true or false, got ${typeName(value)}`);
  }

  number(value: unknown, path: string): value is number {
    if (typeof value !== 'number') return this.fail(path, `expected a number, got ${typeName(value)}`);
    if (!Number.isFinite(value)) return this.fail(path, 'expected a finite number');
    if (Math.abs(value) > MAX_SCENE_NUMBER) return this.fail(path, `numbers in a scene lie within ±1e15, got ${value}`);
    return true;
  }

  positive(value: unknown, path: string): value is number {
    return this.number(value, path) && (value > 0 || this.fail(path, `must be positive, got ${value}`));
  }

  /** Every member one of `known`: a misspelt field is an error, not a silent default. */
  allowOnly(record: JsonRecord, path: string, known: readonly string[]): void {
    for (const key of Object.keys(record)) {
      if (!known.includes(key)) this.fail(`${path}/${escapeToken(key)}`, `unknown field (expected one of: ${known.join(', ')})`);
    }
  }

  required(record: JsonRecord, path: string, key: string): boolean {
    return own(record, key) || this.fail(`${path}/${escapeToken(key)}`, 'required field is missing');
  }

  stringList(value: unknown, path: string): void {
    if (this.array(value, path)) value.forEach((item, i) => this.string(item, `${path}/${i}`));
  }
}

/** The names plots may refer to: bodies by name, links as "articulation/link". */
export function jointNames(scene: JsonRecord, withStatic = true): Set<string> {
  const names = new Set<string>();
  if (Array.isArray(scene.bodies)) {
    for (const body of scene.bodies) if (isRecord(body) && typeof body.name === 'string' && (withStatic || body.static !== true)) names.add(body.name);
  }
  if (Array.isArray(scene.articulations)) {
    for (const articulation of scene.articulations) {
      if (!isRecord(articulation) || typeof articulation.name !== 'string' || !Array.isArray(articulation.links)) continue;
      for (const link of articulation.links) if (isRecord(link) && typeof link.name === 'string') names.add(`${articulation.name}/${link.name}`);
    }
  }
  return names;
}

/** The names of a scene's static bodies (welded to the world). */
export function staticBodyNames(scene: JsonRecord): Set<string> {
  const names = new Set<string>();
  if (Array.isArray(scene.bodies)) for (const body of scene.bodies) if (isRecord(body) && typeof body.name === 'string' && body.static === true) names.add(body.name);
  return names;
}

/** The value a JSON Pointer names in the document, or undefined (also for a malformed pointer). */
export function atPointer(document: unknown, pointer: string): unknown {
  if (pointer === '') return document;
  if (!isPointer(pointer)) return undefined;
  let node: unknown = document;
  for (const raw of pointer.slice(1).split('/')) {
    const token = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(node)) {
      if (!/^(0|[1-9]\d*)$/.test(token)) return undefined;
      node = node[Number(token)];
    } else if (isRecord(node)) {
      node = own(node, token) ? node[token] : undefined;
    } else {
      return undefined;
    }
  }
  return node;
}

/** A well-formed JSON Pointer (RFC 6901) other than the whole document's (''). */
export function isPointer(pointer: string): boolean {
  return pointer.startsWith('/') && !/~[^01]|~$/.test(pointer);
}
