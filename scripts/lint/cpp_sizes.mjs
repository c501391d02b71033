// Fails on any C++ function over MAX_FUNCTION lines or file over MAX_FILE lines in core/ and
// wasm_bindings/ (the same limits eslint keeps on the TypeScript). Lines are counted as eslint's
// max-lines rules do with skipBlankLines/skipComments: blank and comment-only lines are free.
// A brace-depth scanner is enough: comments, strings, character literals and preprocessor lines
// are blanked out, then every `{` is classed by what precedes it — a namespace or extern "C"
// body and a class body hold functions; a `{` after a parameter list (and after a constructor's
// initialiser list) opens a function body, whose lines run from its head to its closing `}`;
// anything else (an initialiser, an enum) is skipped whole. Lambdas and local classes count as
// part of the function they are in.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const MAX_FUNCTION = 120;
export const MAX_FILE = 500;
const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const ROOTS = ['core', 'wasm_bindings'];
const SOURCE = /\.(cpp|cc|cxx|h|hpp|hh|inl)$/;

function filesUnder(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : SOURCE.test(name) ? [path] : [];
  });
}

/** The text with comments, literals and preprocessor lines blanked (newlines kept), and which lines held comments. */
export function blank(text) {
  const out = text.split('');
  const commentLines = new Set();
  let line = 1;
  const wipe = (from, to, comment) => {
    for (let k = from; k < to; k++) {
      if (text[k] === '\n') line++;
      else {
        if (comment) commentLines.add(line);
        out[k] = ' ';
      }
    }
  };
  let i = 0;
  let lineStart = true;
  while (i < text.length) {
    const c = text[i], next = text[i + 1];
    if (c === '\n') { line++; i++; lineStart = true; continue; }
    if (lineStart && c === '#') { // a preprocessor line, with its continuations
      let end = i;
      while (end < text.length && !(text[end] === '\n' && text[end - 1] !== '\\')) end++;
      wipe(i, end, false);
      i = end;
      continue;
    }
    if (c !== ' ' && c !== '\t' && c !== '\r') lineStart = false;
    if (c === '/' && next === '/') {
      let end = text.indexOf('\n', i);
      if (end < 0) end = text.length;
      wipe(i, end, true);
      i = end;
    } else if (c === '/' && next === '*') {
      let end = text.indexOf('*/', i + 2);
      end = end < 0 ? text.length : end + 2;
      wipe(i, end, true);
      i = end;
    } else if (c === '"' && /R$/.test(text.slice(Math.max(0, i - 3), i)) && /[uUL8]*R$/.test(text.slice(Math.max(0, i - 3), i))) {
      const open = text.indexOf('(', i);
      const delimiter = `)${text.slice(i + 1, open)}"`;
      let end = text.indexOf(delimiter, open);
      end = end < 0 ? text.length : end + delimiter.length;
      wipe(i + 1, end - 1, false);
      i = end;
    } else if (c === '"' || (c === "'" && !digitSeparator(text, i))) {
      let end = i + 1;
      while (end < text.length && text[end] !== c && text[end] !== '\n') end += text[end] === '\\' ? 2 : 1;
      wipe(i + 1, end, false);
      i = end + 1;
    } else i++;
  }
  return { text: out.join(''), commentLines };
}

/** A ' inside a number (1'000'000), not a character literal. */
function digitSeparator(text, at) {
  let start = at;
  while (start > 0 && /[0-9A-Za-z_']/.test(text[start - 1])) start--;
  return start < at && /[0-9]/.test(text[start]);
}

function stripParens(head) {
  let previous;
  do {
    previous = head;
    head = head.replace(/\([^()]*\)/g, '()');
  } while (head !== previous);
  return head;
}

/** What a `{` opens, from the text since the last `;`, `{` or `}` at the same level. */
function classify(head) {
  const h = head.replace(/\s+/g, ' ').trim();
  if (/^(inline )?namespace\b/.test(h) || /^extern "/.test(h)) return 'scope';
  const withoutTemplate = h.replace(/^template ?<.*?> ?/, '');
  const flat = stripParens(h).replace(/\boperator ?(\(\)|[^\s(]+)/g, 'operator');
  if (/^(class|struct|union)\b/.test(withoutTemplate) && !/\)\s*$/.test(flat)) return 'scope';
  if (/^enum\b/.test(withoutTemplate)) return 'other';
  if (flat.includes('=')) return /\]\s*(\(\))?[^=]*$/.test(flat) ? 'function' : 'other'; // a lambda bound to a name is a function
  return h.includes('(') ? 'function' : 'other';
}

/** The functions of one file: { name, first, last } (1-based lines of head and closing brace). */
export function functionsOf(source) {
  const { text } = blank(source);
  const functions = [];
  const lineAt = [];
  for (let i = 0, line = 1; i <= text.length; i++) {
    lineAt[i] = line;
    if (text[i] === '\n') line++;
  }
  let headStart = 0;
  let parens = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '(') parens++;
    else if (c === ')') parens--;
    else if (c === ';' && parens === 0) headStart = i + 1;
    else if (c === '}') headStart = i + 1; // a scope's end
    else if (c === '{') {
      const head = text.slice(headStart, i);
      const kind = parens > 0 ? 'other' : classify(head);
      // A constructor's initialiser `member{value}` is no body: it belongs to the head.
      if (kind === 'function' && /\)[^{;]*:[^:]/.test(stripParens(head)) && /[A-Za-z0-9_>]\s*$/.test(head)) {
        i = matching(text, i);
        continue;
      }
      if (kind === 'scope') {
        headStart = i + 1;
        continue;
      }
      const end = matching(text, i);
      if (kind === 'function') {
        const offset = headStart + head.search(/\S/);
        const name = (stripParens(head).match(/([A-Za-z_~][A-Za-z0-9_:~<>]*)\s*\(\)[^()]*$/) ?? [])[1] ?? head.trim().slice(0, 40);
        functions.push({ name, first: lineAt[offset], last: lineAt[end] });
      }
      i = end;
      headStart = end + 1;
    }
  }
  return functions;
}

function matching(text, open) {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return i;
  }
  return text.length - 1;
}

/** Lines between `first` and `last` (1-based, inclusive) that are neither blank nor only comment. */
export function countedLines(source, first = 1, last = Infinity) {
  const { text, commentLines } = blank(source);
  const lines = text.split('\n');
  let count = 0;
  for (let n = first; n <= Math.min(last, lines.length); n++) {
    if (lines[n - 1].trim() !== '') count++;
    else if (!commentLines.has(n) && source.split('\n')[n - 1]?.trim().startsWith('#')) count++; // a preprocessor line is code
  }
  return count;
}

function check() {
  const problems = [];
  for (const file of ROOTS.flatMap((root) => filesUnder(join(repo, root)))) {
    const source = readFileSync(file, 'utf8');
    const name = relative(repo, file);
    const lines = countedLines(source);
    if (lines > MAX_FILE) problems.push(`${name}: ${lines} lines (at most ${MAX_FILE})`);
    for (const f of functionsOf(source)) {
      const length = countedLines(source, f.first, f.last);
      if (length > MAX_FUNCTION) problems.push(`${name}:${f.first}: function ${f.name} has ${length} lines (at most ${MAX_FUNCTION})`);
    }
  }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const problems = check();
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) {
    console.error(`cpp_sizes: ${problems.length} file(s) or function(s) too long in ${ROOTS.join(', ')}`);
    process.exit(1);
  }
}
