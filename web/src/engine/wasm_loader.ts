// Instantiates the engine in the browser through the library (lib/featherweight.ts), the page
// being its first user; Vite hands us the URL of the .wasm file. The page then works on the
// embind module itself (the guard around every call), reading its memory through the library's
// WorldViews (lib/views.ts).
import wasmUrl from 'featherweight-wasm/featherweight.wasm?url';
import type { FeatherweightModule } from 'featherweight-wasm/featherweight.js';
import { loadEngine as loadLibrary } from '../../../lib/featherweight';

export async function loadEngine(): Promise<FeatherweightModule> {
  return (await loadLibrary({ wasmUrl })).module;
}
