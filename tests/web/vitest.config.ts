import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const repo = fileURLToPath(new URL('../..', import.meta.url));

export default defineConfig({
  root: repo,
  resolve: { alias: { 'featherweight-wasm': `${repo}build/wasm/dist` } },
  test: { include: ['tests/web/**/*.test.ts', 'tests/reference/**/*.test.ts'], environment: 'node' },
});
