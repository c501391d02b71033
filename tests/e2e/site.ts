// Builds the static site exactly as `npm run build` does and serves dist/ with Vite's preview
// server on a free port, so the browser tests exercise what gets deployed.
import { fileURLToPath } from 'node:url';
import { build, preview, type PreviewServer } from 'vite';

const configFile = fileURLToPath(new URL('../../web/vite.config.ts', import.meta.url));

export async function serveBuiltSite(): Promise<{ url: string; close: () => Promise<void> }> {
  await build({ configFile, logLevel: 'warn' });
  const server: PreviewServer = await preview({ configFile, preview: { port: 0, strictPort: false } });
  const address = server.httpServer.address();
  if (address === null || typeof address === 'string') throw new Error('preview server has no port');
  return { url: `http://127.0.0.1:${address.port}/`, close: () => server.close() };
}
