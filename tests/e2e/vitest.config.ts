import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const repo = fileURLToPath(new URL('../..', import.meta.url));

// Browser tests: one file at a time (one Chromium), generous timeouts for software WebGL.
export default defineConfig({
  root: repo,
  // Some browser tests run the same scene in Node to compare (the engine's module as the page has it).
  resolve: { alias: { 'featherweight-wasm': `${repo}build/wasm/dist` } },
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    globalSetup: ['tests/e2e/global_setup.ts'],
  },
});
