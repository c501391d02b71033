// The wasm module under Node: Emscripten 3.1.6's own fetch of the .wasm breaks on Node 20,
// so the bytes are read here and handed over as wasmBinary.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import createFeatherweight, { type FeatherweightModule } from 'featherweight-wasm/featherweight.js';
import { loadEngine, type Engine } from '../../lib/featherweight';

export const repoPath = (relative: string): string => fileURLToPath(new URL(`../../${relative}`, import.meta.url));

export function loadEngineInNode(): Promise<FeatherweightModule> {
  return createFeatherweight({ wasmBinary: readFileSync(repoPath('build/wasm/dist/featherweight.wasm')) });
}

/** The library (lib/featherweight.ts) on the same module. */
export function loadLibraryInNode(): Promise<Engine> {
  return loadEngine({ wasmBinary: readFileSync(repoPath('build/wasm/dist/featherweight.wasm')) });
}

export function readScene(file: string): Record<string, unknown> {
  return JSON.parse(readFileSync(repoPath(`public/scenes/${file}`), 'utf8')) as Record<string, unknown>;
}
