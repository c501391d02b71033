// Bundles the controller's worker (web/src/controllers/controller_worker.ts: the library and the
// engine's loader in one ES module) into build/wasm/dist/controller_worker.js. The page imports its
// text (?raw) and starts it from a blob inside the sandbox frame, where nothing can be fetched.
// Run by scripts/build-wasm.sh after the module is built.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rolldown } from 'rolldown';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..');
const wasmDist = join(repo, 'build/wasm/dist');
const build = await rolldown({
  input: join(repo, 'web/src/controllers/controller_worker.ts'),
  resolve: { alias: { 'featherweight-wasm/featherweight.js': join(wasmDist, 'featherweight.js') } },
  external: [/^node:/], // the library's Node branch, never taken in a worker
  tsconfig: false,
  // A classic worker has no import.meta: the loader only resolves its .wasm's name against it
  // (never fetched here, the bytes come with the first message).
  transform: { define: { 'import.meta.url': JSON.stringify('https://featherweight.invalid/controller-worker.js') } },
  logLevel: 'silent',
});
await build.write({ file: join(wasmDist, 'controller_worker.js'), format: 'iife', minify: true }); // a classic worker: an opaque origin cannot start a module worker
await build.close();
