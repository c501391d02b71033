// The site works offline once its service worker (web/offline_build.ts, web/src/offline) holds
// it: opened once online under the site's sub-path, then reloaded with the network cut, the page
// opens, the engine loads and steps, a gallery scene opens and the offline indicator shows.
// Without the worker the same reload fails: the test can tell the difference. A new build (a
// new worker with another revision of the page) is announced, and Reload shows the new page.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectChromium, siteUrl } from './browser';
import { DESKTOP } from './harness';
import { SUB_PATH } from './site';

const gallery = JSON.parse(readFileSync(new URL('../../public/gallery.json', import.meta.url), 'utf8')) as { file: string; title: string }[];
const SCENE = gallery.find((g) => g.file === 'double-pendulum.json')!;

let browser: Browser;
beforeAll(async () => {
  browser = await connectChromium();
});
afterAll(async () => {
  await browser?.close(); // disconnects this file; the shared browser keeps running
});

/** A fresh context (its own service workers and caches), watching for page errors. */
async function openContext(serviceWorkers: 'allow' | 'block'): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport: DESKTOP, serviceWorkers });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return { context, page, problems };
}

/**
 * The run's built site (tests/e2e/site.ts builds it there) served as build 1, or as build 2: the
 * same files but for a page with a marker and a worker that lists the page under a new revision,
 * as the next build's would.
 */
async function serveBuilds(): Promise<{ url: string; nextBuild(): void; close(): Promise<void> }> {
  const dist = process.env.FW_E2E_DIST ?? fileURLToPath(new URL('../../dist', import.meta.url));
  let build = 1;
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    let file = normalize(join(dist, path.slice(SUB_PATH.length)));
    if (!path.startsWith(SUB_PATH) || !file.startsWith(dist)) return void response.writeHead(404).end();
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file)) return void response.writeHead(404).end();
    let body: string | Buffer = readFileSync(file);
    if (build === 2 && file.endsWith('index.html')) body = body.toString('utf8').replace('</head>', '<meta name="featherweight-build" content="2"></head>');
    if (build === 2 && file.endsWith('sw.js')) body = body.toString('utf8').replace(/("?url"?:\s*"index\.html",\s*"?revision"?:\s*")[^"]+"/, '$1build-2"');
    if (build === 2 && file.endsWith('sw.js') && !body.includes('build-2')) throw new Error('the worker lists no index.html to change');
    const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.wasm': 'application/wasm' };
    response.writeHead(200, { 'Content-Type': types[extname(file)] ?? 'application/octet-stream', 'Cache-Control': 'no-cache' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${SUB_PATH}`,
    nextBuild: () => (build = 2),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function simulatedTimePasses(page: Page, beyond: number): Promise<unknown> {
  return page.waitForFunction((t) => (window.__featherweight?.time() ?? 0) > t, beyond, { timeout: 90_000 });
}

describe('offline', () => {
  it('opens, runs and opens a gallery scene with the network cut, once the service worker holds the site', async () => {
    const { context, page, problems } = await openContext('allow');
    await page.goto(siteUrl());
    await simulatedTimePasses(page, 0.1);
    // The worker is active (its precache complete) and controls the page.
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(siteUrl());
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    expect(await page.locator('#offline-status').getAttribute('data-state')).not.toBe('offline');

    await context.setOffline(true);
    await page.reload();
    await simulatedTimePasses(page, 0.2);
    expect(await page.evaluate(() => navigator.onLine)).toBe(false);
    const status = page.locator('#offline-status');
    await expect.poll(() => status.isVisible()).toBe(true);
    expect(await status.getAttribute('data-state')).toBe('offline');
    expect((await status.textContent())!.length).toBeGreaterThan(0);

    // A gallery scene from the list: its file comes from the worker's cache.
    await page.locator('#scene-picker').selectOption(SCENE.file);
    await page.waitForFunction((title) => document.getElementById('scene-title')!.textContent === title, SCENE.title);
    const t0 = await page.evaluate(() => window.__featherweight!.time());
    await page.evaluate(() => window.__featherweight!.advance(100));
    expect(await page.evaluate(() => window.__featherweight!.time())).toBeGreaterThan(t0);
    expect(await page.evaluate(() => window.__featherweight!.bodyCount())).toBeGreaterThanOrEqual(2); // the two links (and the ground)
    expect(await page.locator('#error').isHidden()).toBe(true);

    // Back online: the indicator goes.
    await context.setOffline(false);
    await expect.poll(() => status.isVisible()).toBe(false);
    expect(problems).toEqual([]);
    await context.close();
  }, 180_000);

  it('fails the same reload without the service worker', async () => {
    const { context, page } = await openContext('block');
    await page.goto(siteUrl());
    await simulatedTimePasses(page, 0.1);
    await context.setOffline(true);
    await expect(page.reload()).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
    await context.close();
  }, 180_000);

  it('says when a new build is ready, and Reload opens the new page', async () => {
    const site = await serveBuilds();
    const { context, page, problems } = await openContext('allow');
    await page.goto(site.url);
    await simulatedTimePasses(page, 0.1);
    await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    expect(await page.locator('meta[name=featherweight-build]').count()).toBe(0);

    site.nextBuild();
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());
    const status = page.locator('#offline-status');
    await page.waitForFunction(() => document.getElementById('offline-status')!.dataset.state === 'update', null, { timeout: 30_000 });
    expect(await status.isVisible()).toBe(true);
    await Promise.all([page.waitForEvent('load'), status.locator('button').click()]);
    await simulatedTimePasses(page, 0.1);
    expect(await page.locator('meta[name=featherweight-build]').count()).toBe(1); // the new page, not the old one kept
    expect(await status.getAttribute('data-state')).not.toBe('update');
    expect(problems).toEqual([]);
    await context.close();
    await site.close();
  }, 180_000);
});
