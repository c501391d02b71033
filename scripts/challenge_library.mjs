// The library's challenge code (lib/, TypeScript) for Node scripts: the engine, verifyChallenge,
// the QuickJS controller sandbox and the grading helpers, bundled by rolldown into
// build/tools/challenge-<time>/ when missing or older than their sources, then imported. The engine's
// .wasm is the wasm build's (scripts/build-wasm.sh); QuickJS's comes from node_modules.
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..');
const ENTRIES = { featherweight: 'lib/featherweight.ts', grading: 'lib/challenge/grading.ts', sandbox: 'lib/challenge/quickjs_controller.ts' };
export const ENGINE_WASM = join(repo, 'build/wasm/dist/featherweight.wasm');

/**
 * The folder of the bundle for the sources as they are now, built when missing (call once, before
 * starting workers). Its name carries the sources' newest time, and it is built aside and renamed
 * into place, so that runs side by side (shards under GNU parallel) never read a half-written one.
 */
export async function buildChallengeLibrary() {
  const sources = ['lib', 'lib/challenge'].flatMap((dir) => readdirSync(join(repo, dir)).filter((f) => f.endsWith('.ts')).map((f) => join(repo, dir, f)));
  sources.push(join(repo, 'build/wasm/dist/featherweight.js'));
  const newest = Math.floor(Math.max(...sources.map((f) => statSync(f).mtimeMs)));
  const out = join(repo, 'build/tools', `challenge-${newest}`);
  if (existsSync(join(out, 'sandbox.mjs'))) return out;
  const { rolldown } = await import('rolldown');
  const build = await rolldown({
    input: Object.fromEntries(Object.entries(ENTRIES).map(([name, file]) => [name, join(repo, file)])),
    resolve: { alias: { 'featherweight-wasm/featherweight.js': join(repo, 'build/wasm/dist/featherweight.js') } },
    external: [/^node:/, /^quickjs-emscripten-core/, /^@jitl\//],
    platform: 'node',
    tsconfig: false,
    logLevel: 'silent',
  });
  const aside = `${out}.${process.pid}`;
  mkdirSync(aside, { recursive: true });
  await build.write({ dir: aside, format: 'esm', entryFileNames: '[name].mjs', chunkFileNames: '[name]-[hash].mjs' });
  await build.close();
  try {
    renameSync(aside, out);
  } catch {
    rmSync(aside, { recursive: true, force: true }); // another run put the same bundle in place first
  }
  return out;
}

/** The bundled modules of a folder buildChallengeLibrary() gave: { featherweight, grading, sandbox }. */
export async function importChallengeLibrary(folder) {
  const load = (name) => import(pathToFileURL(join(folder, `${name}.mjs`)).href);
  const [featherweight, grading, sandbox] = await Promise.all(Object.keys(ENTRIES).map(load));
  return { featherweight, grading, sandbox };
}

/** The engine, its .wasm read from the wasm build. */
export async function loadEngineForTools(featherweight) {
  return featherweight.loadEngine({ wasmBinary: readFileSync(ENGINE_WASM) });
}
