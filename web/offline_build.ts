// The installable, offline site at build time: the web app manifest, its icons (drawn here, a
// pendulum on the page's colours, encoded as PNG with node:zlib) and the service worker that
// vite-plugin-pwa generates with Workbox. Every URL is relative, so the worker's scope is the
// folder the site is served from (any sub-path). The precache is versioned by the files' hashes:
// a new build's worker replaces the old one at once (autoUpdate) and drops its stale files.
import { deflateSync } from 'node:zlib';
import type { Plugin, PluginOption } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const ICON_SIZES = [192, 512] as const;
const BACKGROUND = [0x1d, 0x23, 0x29] as const; // --ink
const ROD = [0xe9, 0xed, 0xf1] as const; // the page's background
const BOB = [0xd9, 0x48, 0x2b] as const; // --accent

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), body.length + 4);
  return out;
}

/** An RGBA image (rows of size·4 bytes) as a PNG file (PNG spec: IHDR, IDAT of filtered rows, IEND). */
export function encodePng(size: number, rgba: Uint8Array): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // colour type: RGBA
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) Buffer.from(rgba.buffer, rgba.byteOffset + y * size * 4, size * 4).copy(rows, y * (size * 4 + 1) + 1); // filter 0
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', new Uint8Array(0))]);
}

/** Distance from p to the segment a–b. */
function segmentDistance(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax, dy = by - ay;
  const s = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - (ax + s * dx), py - (ay + s * dy));
}

/** The icon: a pendulum swung out, on a full-bleed square (maskable: the drawing keeps to the safe circle). */
export function drawIcon(size: number): Uint8Array {
  const rgba = new Uint8Array(size * size * 4);
  const pivot = [0.5, 0.26], bob = [0.66, 0.62];
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const u = (x + 0.5) / size, v = (y + 0.5) / size;
      // Coverage of each shape, antialiased over one pixel.
      const cover = (distance: number) => Math.max(0, Math.min(1, 0.5 - distance * size));
      const rod = Math.max(cover(segmentDistance(u, v, pivot[0], pivot[1], bob[0], bob[1]) - 0.018), cover(Math.hypot(u - pivot[0], v - pivot[1]) - 0.035));
      const disc = cover(Math.hypot(u - bob[0], v - bob[1]) - 0.12);
      const o = (y * size + x) * 4;
      for (let c = 0; c < 3; c++) {
        const under = BACKGROUND[c] * (1 - rod) + ROD[c] * rod;
        rgba[o + c] = Math.round(under * (1 - disc) + BOB[c] * disc);
      }
      rgba[o + 3] = 255;
    }
  }
  return rgba;
}

const iconFile = (size: number) => `icons/icon-${size}.png`;

/** Emits the manifest's icons into the build, and serves them from the dev server. */
function offlineIcons(): Plugin {
  const png = new Map<string, Buffer>(ICON_SIZES.map((size) => [iconFile(size), encodePng(size, drawIcon(size))]));
  return {
    name: 'featherweight-offline-icons',
    generateBundle() {
      for (const [fileName, source] of png) this.emitFile({ type: 'asset', fileName, source });
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const file = png.get((request.url ?? '').replace(/^\//, '').split('?')[0]);
        if (!file) return next();
        response.setHeader('Content-Type', 'image/png');
        response.end(file);
      });
    },
  };
}

/** The manifest, icons and service worker, for web/vite.config.ts. */
export function offlinePlugins(): PluginOption[] {
  return [
    offlineIcons(),
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: false, // web/src/offline/offline.ts registers it and says when an update is ready
      includeManifestIcons: false, // the icons are emitted by the build, not kept in public/
      manifest: {
        name: 'Featherweight',
        short_name: 'Featherweight',
        description: 'Articulated rigid-body physics in the browser, for teaching mechanics.',
        start_url: './',
        scope: './',
        display: 'standalone',
        background_color: '#e9edf1',
        theme_color: '#1d2329',
        icons: ICON_SIZES.map((size) => ({ src: iconFile(size), sizes: `${size}x${size}`, type: 'image/png', purpose: 'any maskable' })),
      },
      workbox: {
        // The page, its code, the engine (wasm, worker), the gallery, its scenes and the schema;
        // the model files (meshes) are fetched when a scene needs them and kept then.
        globPatterns: ['**/*.{html,js,css,wasm,json,png,svg,xml,urdf,webmanifest}'],
        globIgnores: ['models/**'],
        maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
        navigateFallback: 'index.html',
        cleanupOutdatedCaches: true,
        // A new build's worker takes over at once and controls the open page (which then offers Reload).
        skipWaiting: true,
        clientsClaim: true,
        runtimeCaching: [
          {
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.includes('/models/'),
            handler: 'StaleWhileRevalidate',
            options: { cacheName: 'featherweight-models', expiration: { maxEntries: 400 } },
          },
        ],
      },
    }),
  ];
}
