// Every scene of the gallery opens in the page, runs 2 s of simulated time with no console error,
// and keeps finite poses; a screenshot of each lands in test-results/ for a person to look at.
// The page runs a moment in real time (render loop, plots), then steps the rest at once: waiting
// 2 s of simulated time on software WebGL made this file take minutes.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { usePageHarness } from './harness';

const gallery = JSON.parse(readFileSync(new URL('../../public/gallery.json', import.meta.url), 'utf8')) as {
  file: string;
  title: string;
}[];

const harness = usePageHarness();

describe('gallery', () => {
  it.each(gallery)('$file loads, runs and stays finite', async ({ file, title }) => {
    // A scene with questions waits at t = 0 for Play (predict, then observe): press it.
    const { page, problems } = await harness.open(`?scene=${file}`, -1);
    await page.waitForFunction(() => window.__featherweight !== undefined && document.getElementById('loading')!.hidden);
    await page.evaluate(() => {
      if (window.__featherweight!.paused()) document.getElementById('play')!.click();
    });
    await page.waitForFunction(() => window.__featherweight!.time() > 0.1, null, { timeout: 90_000 });
    expect(await page.locator('#scene-title').textContent()).toBe(title);
    await page.evaluate((until) => {
      const fw = window.__featherweight!;
      fw.advance(Math.ceil((until - fw.time()) / fw.timestep()));
    }, 2);
    expect(await page.evaluate(() => window.__featherweight!.time())).toBeGreaterThanOrEqual(2 - 1e-9);
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    const poses = await page.evaluate(() => {
      const fw = window.__featherweight!;
      return Array.from({ length: fw.bodyCount() }, (_, i) => fw.bodyPose(i)).flat();
    });
    expect(poses.length).toBeGreaterThan(0);
    expect(poses.every(Number.isFinite)).toBe(true);
    await page.screenshot({ path: `test-results/scene-${file.replace('.json', '')}.png` });
    expect(problems).toEqual([]);
    await page.close();
  }, 120_000);

  it('lists every shipped scene', () => {
    const shipped = readdirSync(new URL('../../public/scenes', import.meta.url)).filter((f) => f.endsWith('.json'));
    expect(gallery.map((entry) => entry.file).sort()).toEqual(shipped.sort());
  });
});
