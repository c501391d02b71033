// Instantiates the embind module in the browser; Vite hands us the URL of the .wasm file.
import createFeatherweight from 'featherweight-wasm/featherweight.js';
import wasmUrl from 'featherweight-wasm/featherweight.wasm?url';
import type { FeatherweightModule } from 'featherweight-wasm/featherweight.js';

export async function loadEngine(): Promise<FeatherweightModule> {
  return createFeatherweight({ locateFile: () => wasmUrl });
}
