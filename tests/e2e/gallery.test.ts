// Every scene of the gallery, the MuJoCo models of its shelf included (converted as they open),
// picked one after another from the scene list of one page as a teacher would, opens with its
// title and runs (the one before was left paused; only a scene that
// asks a question waits for Play), runs in the page's own loop, then 2 s of simulated time,
// with no console error and finite poses; a picture of each lands in test-results/ for a person
// to look at. One page for all: each scene is a new world in the same module, as on the site.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { snapshot, usePageHarness } from './harness';

const gallery = JSON.parse(readFileSync(new URL('../../public/gallery.json', import.meta.url), 'utf8')) as {
  file: string;
  title: string;
  files?: string[];
}[];

const harness = usePageHarness();

describe('gallery', () => {
  it('opens every scene from the list: each runs 2 s and stays finite', async () => {
    // Opened on the last scene, so that picking each in order, the first included, changes the scene.
    const { page, problems } = await harness.open(`?scene=${gallery.at(-1)!.file}`, -1);
    await page.waitForFunction(() => window.__featherweight !== undefined && document.getElementById('loading')!.hidden);
    expect(await page.locator('#scene-picker option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value))).toEqual(gallery.map((g) => g.file));
    for (const { file, title } of gallery) {
      await page.locator('#scene-picker').selectOption(file);
      await page
        .waitForFunction((t) => document.getElementById('scene-title')!.textContent === t, title)
        .catch(async (error: Error) => {
          const shown = await page.evaluate(() => document.getElementById('scene-title')!.textContent);
          throw new Error(`${file}: expected "${title}", the page shows "${shown}"\n${error.message}`);
        });
      // The last scene was left paused (advance pauses): a scene picked afterwards runs at once,
      // unless it asks a question first (predict, then observe), when it waits for Play.
      const asks = file.endsWith('.json') && ((JSON.parse(readFileSync(new URL(`../../public/scenes/${file}`, import.meta.url), 'utf8')) as { meta?: { questions?: unknown[] } }).meta?.questions?.length ?? 0) > 0;
      expect(await page.evaluate(() => window.__featherweight!.paused()), file).toBe(asks);
      if (asks) await page.locator('#play').click();
      // The page's own loop takes the first steps in real time (render loop, plots, controllers) …
      await page.waitForFunction(() => window.__featherweight!.time() > 0, null, { timeout: 60_000 });
      // … then the rest at once.
      await page.evaluate((until) => {
        const fw = window.__featherweight!;
        fw.advance(Math.ceil((until - fw.time()) / fw.timestep()));
      }, 2);
      expect(await page.evaluate(() => window.__featherweight!.time()), file).toBeGreaterThanOrEqual(2 - 1e-9);
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      const poses = await page.evaluate(() => {
        const fw = window.__featherweight!;
        return Array.from({ length: fw.bodyCount() }, (_, i) => fw.bodyPose(i)).flat();
      });
      expect(poses.length, file).toBeGreaterThan(0);
      expect(poses.every(Number.isFinite), file).toBe(true);
      expect(await page.locator('#error').isHidden(), file).toBe(true);
      await snapshot(page, `test-results/scene-${file.replace(/\.(json|xml)$/, '').replace(/\//g, '-')}.png`);
      expect(problems, file).toEqual([]);
    }
    await page.close();
  }, 600_000);

  it('lists every shipped scene, and each model with files that exist', () => {
    const shipped = readdirSync(new URL('../../public/scenes', import.meta.url)).filter((f) => f.endsWith('.json'));
    expect(gallery.map((entry) => entry.file).filter((f) => f.endsWith('.json')).sort()).toEqual(shipped.sort());
    for (const { file, files } of gallery.filter((entry) => !entry.file.endsWith('.json'))) {
      const folder = file.slice(0, file.lastIndexOf('/') + 1);
      for (const part of [file.slice(folder.length), ...(files ?? [])]) expect(existsSync(new URL(`../../public/${folder}${part}`, import.meta.url)), `${file}: ${part}`).toBe(true);
    }
  });
});
