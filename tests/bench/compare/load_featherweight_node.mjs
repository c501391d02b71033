// Creates Featherweight's wasm module under Node (the browser page imports it directly instead):
// builds build/wasm/dist first if it is missing, and hands Emscripten the .wasm bytes itself.
import { existsSync, readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { URL, fileURLToPath, pathToFileURL } from 'node:url';

const repoPath = (relative) => fileURLToPath(new URL(`../../../${relative}`, import.meta.url));

export async function loadFeatherweightNode() {
  const js = repoPath('build/wasm/dist/featherweight.js');
  const wasm = repoPath('build/wasm/dist/featherweight.wasm');
  if (!existsSync(js) || !existsSync(wasm)) {
    console.log('build/wasm/dist is missing: running scripts/build-wasm.sh');
    const r = spawnSync('bash', [repoPath('scripts/build-wasm.sh')], { stdio: 'inherit' });
    if (r.status !== 0) throw new Error('scripts/build-wasm.sh failed');
  }
  const create = (await import(pathToFileURL(js).href)).default;
  // Emscripten 3.1.6's own fetch of the .wasm breaks on Node 20 (as in tests/web/engine.ts).
  return create({ wasmBinary: readFileSync(wasm) });
}
