// The page lives in web/, static files in public/, the wasm module in build/wasm/dist
// (imported as 'featherweight-wasm/…'). base './' keeps every URL relative, so dist/ works from
// any sub-path of any static host.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { offlinePlugins } from './offline_build';

const repo = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  publicDir: `${repo}public`,
  // Installable and offline (web/offline_build.ts): manifest, icons, service worker.
  plugins: [offlinePlugins()],
  resolve: { alias: { 'featherweight-wasm': `${repo}build/wasm/dist` } },
  server: { port: 5173, strictPort: true, fs: { allow: [repo] } },
  preview: { port: 4173 },
  build: { outDir: `${repo}dist`, emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 1024 },
});
