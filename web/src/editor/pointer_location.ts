// Where in the scene text a loader message points: the engine names a problem either by a JSON
// Pointer ("/articulations/0/links/2/joint/axis: expected 3 numbers, got 2") or, for text that
// is not JSON, by line and column ("/: not valid JSON at line 3, column 7: …"). The editor turns
// that into a range to mark and a line to show.
import { findNodeAtLocation, parseTree, type Node } from 'jsonc-parser';

export interface TextLocation {
  from: number; // offsets into the text
  to: number;
  line: number; // 1-based line of `from`
}

function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

function tokensOf(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer.slice(1).split('/').map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** One step down from a node: an array index or an object member, or undefined. */
function childOf(node: Node, token: string): Node | undefined {
  if (node.type === 'array') return /^(0|[1-9]\d*)$/.test(token) ? findNodeAtLocation(node, [Number(token)]) : undefined;
  return node.type === 'object' ? findNodeAtLocation(node, [token]) : undefined;
}

/**
 * The text a JSON Pointer (RFC 6901) names. A member inside an object is marked with its key;
 * a member or element that is not there falls back to the deepest parent that is.
 * Null when the text has no JSON value at all.
 */
export function locatePointer(text: string, pointer: string): TextLocation | null {
  const root = parseTree(text);
  if (!root) return null;
  let node = root;
  for (const token of tokensOf(pointer)) {
    const next = childOf(node, token);
    if (!next) break;
    node = next;
  }
  // A value inside an object: take its property, so the mark starts at the key.
  const marked = node.parent?.type === 'property' ? node.parent : node;
  return { from: marked.offset, to: marked.offset + marked.length, line: lineOf(text, marked.offset) };
}

/** The character at a 1-based line and column (clamped to the text), marked one character wide. */
export function locateLineColumn(text: string, line: number, column: number): TextLocation {
  const lines = text.split('\n');
  const row = Math.min(Math.max(line, 1), lines.length);
  let start = 0;
  for (let i = 0; i < row - 1; i++) start += lines[i].length + 1;
  const end = start + lines[row - 1].length;
  let from = Math.min(start + Math.max(column, 1) - 1, end);
  // Past the end of the line (the parser read the line break): mark its last character instead.
  if (from === end && from > start) from--;
  return { from, to: Math.min(from + 1, end), line: row };
}

const SYNTAX_ERROR = /not valid JSON at line (\d+), column (\d+)/;
const PAGE_PLACE = /^line (\d+), column (\d+): /; // the page's own checks (nesting depth)
const POINTER_PREFIX = /^(\/.*?): /; // up to the first ": "

/** Where a loader message points in the text it was about, or null if it names no place. */
export function locateMessage(text: string, message: string): TextLocation | null {
  const syntax = SYNTAX_ERROR.exec(message);
  const place = syntax ?? PAGE_PLACE.exec(message);
  if (place) return locateLineColumn(text, Number(place[1]), Number(place[2]));
  const prefix = POINTER_PREFIX.exec(message);
  if (!prefix) return null;
  try {
    // The loader writes the whole document as "/" (RFC 6901 would read it as the member "").
    return locatePointer(text, prefix[1] === '/' ? '' : prefix[1]);
  } catch {
    return null; // a text too deep for the recursive tree parser: the message alone says it
  }
}
