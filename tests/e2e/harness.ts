// The run's one built site and one Chromium (global_setup.ts), and pages that record every
// console error and uncaught exception, opened once the simulation has run for a moment.
import { writeFileSync } from 'node:fs';
import type { Browser, Download, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { connectChromium, siteUrl } from './browser';

import type { DebugHandle } from '../../web/src/debug/debug_handle';

export type { DebugHandle };
declare global {
  interface Window {
    __featherweight?: DebugHandle;
  }
}

export interface OpenedPage {
  page: Page;
  problems: string[]; // console errors and page errors seen so far
}

export interface Viewport {
  width: number;
  height: number;
}

export const DESKTOP: Viewport = { width: 1280, height: 720 };
export const PHONE: Viewport = { width: 390, height: 844 };

/** Called with the new page before it navigates (to watch requests or add routes). */
export type BeforeOpen = (page: Page) => Promise<void> | void;

export function usePageHarness(): { open(query?: string, minSimTime?: number, viewport?: Viewport, before?: BeforeOpen): Promise<OpenedPage> } {
  let browser: Browser | undefined;
  const site = { url: '' };

  beforeAll(async () => {
    site.url = siteUrl();
    browser = await connectChromium();
  });

  afterAll(async () => {
    await browser?.close(); // disconnects this file; the shared browser keeps running
  });

  return {
    async open(query = '', minSimTime = 0.2, viewport = DESKTOP, before?: BeforeOpen) {
      if (!browser) throw new Error('harness not started');
      const phone = viewport.width <= 600;
      // No service worker: its cache would answer before page.route could (offline.test.ts opens its own context with one).
      const page = await browser.newPage({ viewport, isMobile: phone, hasTouch: phone, deviceScaleFactor: phone ? 2 : 1, serviceWorkers: 'block' });
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(`console: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      await before?.(page);
      await page.goto(site.url + query);
      // Slow scenes on software WebGL get time: this waits for simulated, not wall-clock, time.
      await page.waitForFunction((t) => (window.__featherweight?.time() ?? 0) > t, minSimTime, { timeout: 90_000 });
      return { page, problems };
    },
  };
}

/** A download's text (the browser is shared over a connection, so it is read as a stream, not a path). */
export async function downloadText(download: Download): Promise<string> {
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** A pendulum's period at amplitude θ₀: 2π√(L/g) / AGM(1, cos(θ₀/2)), exact for a point bob. */
export function pendulumPeriod(length: number, g: number, theta0: number): number {
  let a = 1, b = Math.cos(theta0 / 2);
  while (Math.abs(a - b) > 1e-15) [a, b] = [(a + b) / 2, Math.sqrt(a * b)];
  return (2 * Math.PI * Math.sqrt(length / g)) / a;
}

/** Takes `steps` steps in chunks of 500, a frame between them (what reads each step sees each one). */
export async function advance(page: Page, steps: number): Promise<void> {
  await page.evaluate(async (n) => {
    const frame = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    for (let left = n; left > 0; left -= 500) {
      window.__featherweight!.advance(Math.min(500, left));
      await frame();
    }
  }, steps);
  await frames(page, 2);
}

/** Resolves after `count` animation frames of the page: what a frame does (step, draw) has happened. */
export function frames(page: Page | Frame, count = 2): Promise<void> {
  return page.evaluate(
    (n) => new Promise<void>((done) => {
      let left = n;
      const tick = () => (--left <= 0 ? done() : requestAnimationFrame(tick));
      requestAnimationFrame(tick);
    }),
    count,
  );
}

/** The page's simulated time. */
export function simTime(page: Page): Promise<number> {
  return page.evaluate(() => window.__featherweight!.time());
}

/** Waits until the simulation has run `seconds` of simulated time past `from` (default: now). */
export async function runFor(page: Page, seconds: number, from?: number): Promise<number> {
  const start = from ?? (await simTime(page));
  await page.waitForFunction((t) => window.__featherweight!.time() >= t, start + seconds, { timeout: 60_000 });
  return simTime(page);
}

/**
 * Watches the clock from now on, once a frame: `clockWatch(page).restarted()` tells whether
 * simulated time ever went backwards (a rebuild or reset starts it again).
 */
export async function clockWatch(page: Page): Promise<{ restarted(): Promise<boolean> }> {
  await page.evaluate(() => {
    const w = window as unknown as { __clock?: { last: number; back: boolean } };
    const clock: { last: number; back: boolean } = (w.__clock = { last: window.__featherweight!.time(), back: false });
    const watch = () => {
      const t = window.__featherweight!.time();
      if (t < clock.last) clock.back = true;
      clock.last = t;
      if (w.__clock === clock) requestAnimationFrame(watch);
    };
    requestAnimationFrame(watch);
  });
  return { restarted: () => page.evaluate(() => (window as unknown as { __clock: { back: boolean } }).__clock.back) };
}

/** Waits until the view stops moving (the orbit's damping has run out): the same camera two frames running. */
export async function settledCamera(page: Page, maxFrames = 300): Promise<{ position: number[]; target: number[] }> {
  // The orbit controls recompute the camera each frame, which moves it by round-off alone.
  const still = (a: { position: number[]; target: number[] }, b: typeof a) =>
    [...a.position, ...a.target].every((v, k) => Math.abs(v - [...b.position, ...b.target][k]) <= 1e-9 * (1 + Math.abs(v)));
  let previous = await page.evaluate(() => window.__featherweight!.camera());
  for (let k = 0; k < maxFrames; k++) {
    await frames(page, 1);
    const camera = await page.evaluate(() => window.__featherweight!.camera());
    if (still(camera, previous)) return camera;
    previous = camera;
  }
  throw new Error(`the view was still moving after ${maxFrames} frames`);
}

/**
 * A picture for a person to look at (test-results/): the compositor's frame as it is, through the
 * DevTools protocol. Playwright's own screenshot waits for extra frames to hide the caret, which
 * on software WebGL costs seconds; nothing is asserted on these pixels.
 */
export async function snapshot(page: Page, path: string, selector?: string): Promise<void> {
  const box = selector ? await page.locator(selector).first().boundingBox() : null;
  const session = await page.context().newCDPSession(page);
  const { data } = await session.send('Page.captureScreenshot', { format: 'png', ...(box ? { clip: { ...box, scale: 1 } } : {}) });
  await session.detach();
  writeFileSync(path, Buffer.from(data, 'base64'));
}
