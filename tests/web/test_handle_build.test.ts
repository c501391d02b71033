// The browser tests' handle (window.__featherweight, web/src/debug/test_handle.ts) is in the site
// built for them (vite build --mode e2e, tests/e2e/site.ts) and nowhere in the production build.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';

const configFile = fileURLToPath(new URL('../../web/vite.config.ts', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'fw-handle-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The built site's script files that mention the handle. */
async function filesWithHandle(mode: string): Promise<string[]> {
  const outDir = join(scratch, mode);
  await build({ configFile, mode, logLevel: 'silent', build: { outDir, emptyOutDir: true } });
  const assets = join(outDir, 'assets');
  return readdirSync(assets).filter((name) => name.endsWith('.js') && readFileSync(join(assets, name), 'utf8').includes('__featherweight'));
}

describe('the test handle', () => {
  it('is left out of the production build and is in the e2e build', async () => {
    expect(await filesWithHandle('production')).toEqual([]);
    expect((await filesWithHandle('e2e')).some((name) => name.startsWith('test_handle'))).toBe(true);
  }, 120_000);
});
