// Fails on any import cycle in web/src and lib: between files, and between folders (a folder
// imports another when one of its files imports one of the other's). Type-only imports count too:
// a cycle of types is still two modules that cannot be read one without the other.
// Imports are read with TypeScript's own pre-processor (comments and strings are no imports);
// only relative specifiers are followed.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const ROOTS = ['web/src', 'lib'];
const SOURCE = /\.(ts|mts|js|mjs)$/;

function filesUnder(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...filesUnder(path));
    else if (SOURCE.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** The file a relative specifier names, as TypeScript with bundler resolution finds it. */
function resolveImport(from, specifier) {
  const base = resolve(dirname(from), specifier);
  const stem = base.replace(/\.(js|mjs)$/, '');
  const candidates = [base, `${stem}.ts`, `${stem}.mts`, `${base}.ts`, `${base}.mts`, join(base, 'index.ts')];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile()) ?? null;
}

const files = ROOTS.flatMap((root) => filesUnder(join(repo, root)));
const inScope = new Set(files);
/** @type {Map<string, Set<string>>} */
const fileEdges = new Map();
for (const file of files) {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  const targets = new Set();
  for (const { fileName } of importedFiles) {
    if (!fileName.startsWith('.')) continue;
    const target = resolveImport(file, fileName.replace(/\?.*$/, ''));
    if (target && inScope.has(target) && target !== file) targets.add(target);
  }
  fileEdges.set(file, targets);
}

// The library's entry re-exports every module of lib/, its sub-folders' too (lib/challenge/, which
// builds on lib/): it is the top of the graph, a folder of its own, not part of lib/'s.
const FACADES = new Set([join(repo, 'lib/featherweight.ts')]);
const folderOf = (file) => (FACADES.has(file) ? file : dirname(file));
const folderEdges = new Map();
for (const [file, targets] of fileEdges) {
  const from = folderOf(file);
  if (!folderEdges.has(from)) folderEdges.set(from, new Set());
  for (const target of targets) if (folderOf(target) !== from) folderEdges.get(from).add(folderOf(target));
}

/** Strongly connected components with more than one member (Tarjan, iterative). */
function cycles(edges) {
  let index = 0;
  const indices = new Map(), low = new Map(), onStack = new Set(), stack = [], found = [];
  for (const start of edges.keys()) {
    if (indices.has(start)) continue;
    const work = [[start, [...(edges.get(start) ?? [])], 0]];
    indices.set(start, index); low.set(start, index); index++; stack.push(start); onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const [node, next] = frame;
      if (frame[2] < next.length) {
        const child = next[frame[2]++];
        if (!indices.has(child)) {
          indices.set(child, index); low.set(child, index); index++; stack.push(child); onStack.add(child);
          work.push([child, [...(edges.get(child) ?? [])], 0]);
        } else if (onStack.has(child)) low.set(node, Math.min(low.get(node), indices.get(child)));
        continue;
      }
      work.pop();
      if (work.length > 0) { const parent = work[work.length - 1][0]; low.set(parent, Math.min(low.get(parent), low.get(node))); }
      if (low.get(node) === indices.get(node)) {
        const component = [];
        let member;
        do { member = stack.pop(); onStack.delete(member); component.push(member); } while (member !== node);
        if (component.length > 1) found.push(component);
      }
    }
  }
  return found;
}

/** One concrete loop through a component, for the message: a → b → … → a. */
function loopThrough(component, edges) {
  const members = new Set(component);
  const start = [...component].sort()[0];
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    for (const next of edges.get(node) ?? []) {
      if (!members.has(next)) continue;
      if (next === start) {
        const path = [start];
        for (let at = node; at !== start; at = previous.get(at)) path.splice(1, 0, at);
        return [...path, start];
      }
      if (!previous.has(next)) { previous.set(next, node); queue.push(next); }
    }
  }
  return component;
}

const show = (path) => relative(repo, path) || '.';
let failed = 0;
for (const [kind, edges] of [['file', fileEdges], ['folder', folderEdges]]) {
  for (const component of cycles(edges)) {
    failed++;
    console.error(`import cycle between ${kind}s: ${loopThrough(component, edges).map(show).join(' → ')}`);
  }
}
if (failed > 0) {
  console.error(`import_cycles: ${failed} cycle(s) in ${ROOTS.join(', ')}`);
  process.exit(1);
}
