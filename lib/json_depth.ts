// How deeply a JSON text nests, found without parsing it: recursive parsers (the page's
// tolerant one that locates syntax errors, structured cloning, the engine's) exhaust their
// stack on a few thousand levels, which a 150-character link can hold. Scenes need about ten.

/** The deepest nesting of objects and arrays a scene text may have. */
export const MAX_JSON_DEPTH = 64;

/** '' when the text nests no deeper than `limit`, else where it goes too deep ("line L, column C: …"). */
export function jsonDepthProblem(text: string, limit = MAX_JSON_DEPTH): string {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return `${place(text, i)}: the JSON nests deeper than ${limit} levels (a scene needs about ten)`;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return '';
}

function place(text: string, offset: number): string {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return `line ${line}, column ${offset - before.lastIndexOf('\n')}`;
}
