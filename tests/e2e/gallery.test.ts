// Every scene of the gallery opens in the page, runs, and keeps finite poses; a screenshot of
// each lands in test-results/ for a person to look at.
import { mkdirSync, readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './browser';
import { serveBuiltSite } from './site';

const gallery = JSON.parse(readFileSync(new URL('../../public/gallery.json', import.meta.url), 'utf8')) as {
  file: string;
  title: string;
}[];

let site: Awaited<ReturnType<typeof serveBuiltSite>>;
let browser: Browser;

beforeAll(async () => {
  mkdirSync('test-results', { recursive: true });
  site = await serveBuiltSite();
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

describe('gallery', () => {
  it.each(gallery)('$file loads, runs and stays finite', async ({ file, title }) => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(e.message));
    await page.goto(`${site.url}?scene=${file}`);
    // Half a second of simulated time at least (slow scenes on software WebGL get longer).
    await page.waitForFunction(
      () => {
        const fw = (window as unknown as { __featherweight?: { time(): number } }).__featherweight;
        return (fw?.time() ?? 0) > 0.5;
      },
      null,
      { timeout: 45_000 },
    );
    expect(await page.locator('#scene-title').textContent()).toBe(title);
    const poses = await page.evaluate(() => {
      const fw = (window as unknown as { __featherweight: { bodyCount(): number; bodyPose(i: number): number[] } })
        .__featherweight;
      return Array.from({ length: fw.bodyCount() }, (_, i) => fw.bodyPose(i)).flat();
    });
    expect(poses.length).toBeGreaterThan(0);
    expect(poses.every(Number.isFinite)).toBe(true);
    await page.screenshot({ path: `test-results/scene-${file.replace('.json', '')}.png` });
    expect(problems).toEqual([]);
    await page.close();
  });
});
