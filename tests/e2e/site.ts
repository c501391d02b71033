// Builds the static site as `npm run build` does, but in the 'e2e' mode: the one difference is the
// browser tests' handle on the page (window.__featherweight, web/src/debug/test_handle.ts), which
// only this mode includes. Then serves it from a plain static server under a sub-path, as a static
// host would: the page must work there with relative URLs and no special headers (no COOP/COEP).
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const configFile = fileURLToPath(new URL('../../web/vite.config.ts', import.meta.url));
// FW_E2E_DIST lets several checkouts' runs share one tree without overwriting each other's site.
const distDir = process.env.FW_E2E_DIST ?? fileURLToPath(new URL('../../dist', import.meta.url));
export const SUB_PATH = '/courses/mechanics/featherweight/';
/** The build mode whose site has the tests' handle (main.ts imports it when import.meta.env.MODE is this). */
export const E2E_MODE = 'e2e';

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.png': 'image/png',
};

function serveDist(): Server {
  return createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    if (!path.startsWith(SUB_PATH)) {
      response.writeHead(404).end();
      return;
    }
    let file = normalize(join(distDir, path.slice(SUB_PATH.length)));
    if (!file.startsWith(distDir)) {
      response.writeHead(403).end();
      return;
    }
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(response);
  });
}

export async function serveBuiltSite(): Promise<{ url: string; close: () => Promise<void> }> {
  await build({ configFile, mode: E2E_MODE, logLevel: 'warn', build: { outDir: distDir, emptyOutDir: true } });
  const server = serveDist();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${SUB_PATH}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
