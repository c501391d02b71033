// Every scene of the gallery opens in the page, runs 2 s of simulated time with no console error,
// and keeps finite poses; a screenshot of each lands in test-results/ for a person to look at.
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
    const { page, problems } = await harness.open(`?scene=${file}`, 2);
    expect(await page.locator('#scene-title').textContent()).toBe(title);
    const poses = await page.evaluate(() => {
      const fw = window.__featherweight!;
      return Array.from({ length: fw.bodyCount() }, (_, i) => fw.bodyPose(i)).flat();
    });
    expect(poses.length).toBeGreaterThan(0);
    expect(poses.every(Number.isFinite)).toBe(true);
    await page.screenshot({ path: `test-results/scene-${file.replace('.json', '')}.png` });
    expect(problems).toEqual([]);
    await page.close();
  }, 120_000); // the slowest (chain-100, RK45 through a whip) runs at ~0.3× real time on software WebGL

  it('lists every shipped scene', () => {
    const shipped = readdirSync(new URL('../../public/scenes', import.meta.url)).filter((f) => f.endsWith('.json'));
    expect(gallery.map((entry) => entry.file).sort()).toEqual(shipped.sort());
  });
});
