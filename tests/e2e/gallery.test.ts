// Every scene of the gallery, the MuJoCo models included (converted as they open),
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
  topic: string;
  level: string;
  shelf?: string;
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
  }, Math.max(600_000, gallery.length * 15_000)); // some 10 s a scene on software WebGL, more on a busy machine

  it('groups the list by topic, school scenes first, and the level filter shows one level (the running scene stays)', async () => {
    const { page, problems } = await harness.open('?scene=pendulum.json');
    await page.waitForFunction(() => document.querySelectorAll('#scene-picker optgroup').length > 0);
    const groups = () =>
      page.locator('#scene-picker optgroup').evaluateAll((list) =>
        list.map((g) => ({ group: (g as HTMLElement).dataset.group, label: (g as HTMLOptGroupElement).label, files: Array.from((g as HTMLOptGroupElement).children, (o) => (o as HTMLOptionElement).value) })),
      );
    // One group per topic, in the topics' order, then the Challenges shelf; each holds its entries in gallery order.
    const byGroup = new Map<string, string[]>();
    for (const entry of gallery) byGroup.set(entry.shelf?.toLowerCase() ?? entry.topic, [...(byGroup.get(entry.shelf?.toLowerCase() ?? entry.topic) ?? []), entry.file]);
    const all = await groups();
    expect(all.map((g) => ({ group: g.group, files: g.files }))).toEqual([...byGroup].map(([group, files]) => ({ group, files })));
    expect(all.find((g) => g.group === 'oscillations')?.label).toBe('Oscillations');
    expect(all.find((g) => g.group === 'momentum')?.label).toBe('Momentum and collisions');
    expect(await page.locator('#scene-method').isHidden()).toBe(false); // "How it is computed" under the description
    expect(await page.locator('#scene-method summary').textContent()).toBe('How it is computed');

    const level = async (value: string) => {
      await page.locator('#scene-level').selectOption(value);
      return (await groups()).flatMap((g) => g.files);
    };
    const school = gallery.filter((entry) => entry.level === 'school').map((entry) => entry.file);
    expect(school).toContain('pendulum.json');
    expect(await level('school')).toEqual(school);
    // University: the running school scene (the pendulum) stays listed and selected.
    const university = await level('university');
    expect(university.filter((f) => f !== 'pendulum.json')).toEqual(gallery.filter((entry) => entry.level === 'university').map((entry) => entry.file));
    expect(university).toContain('pendulum.json');
    expect(await page.locator('#scene-picker').inputValue()).toBe('pendulum.json');
    expect(await level('all')).toEqual(gallery.map((entry) => entry.file));

    // A school scene picked from the filtered list opens.
    await level('school');
    await page.locator('#scene-picker').selectOption('atwood.json');
    const atwood = gallery.find((entry) => entry.file === 'atwood.json')!;
    await page.waitForFunction((t) => document.getElementById('scene-title')!.textContent === t, atwood.title);
    expect(await page.locator('#scene-method-text').textContent()).toMatch(/string/);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('lists every shipped scene, and each model with files that exist', () => {
    const shipped = readdirSync(new URL('../../public/scenes', import.meta.url)).filter((f) => f.endsWith('.json'));
    expect(gallery.map((entry) => entry.file).filter((f) => f.endsWith('.json')).sort()).toEqual(shipped.sort());
    for (const { file, files } of gallery.filter((entry) => !entry.file.endsWith('.json'))) {
      const folder = file.slice(0, file.lastIndexOf('/') + 1);
      for (const part of [file.slice(folder.length), ...(files ?? [])]) expect(existsSync(new URL(`../../public/${folder}${part}`, import.meta.url)), `${file}: ${part}`).toBe(true);
    }
  });
});
