// Nothing a link or a file can do kills the page: each reproducer, as a
// link opened in a fresh page, as a link the running page navigates to, and as a dropped file,
// ends with a message and a scene that runs. No waiting in real time: the page is stepped.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { zlibSync } from 'fflate';
import { LINK_FORMAT, SCENE_LINK_PREFIX, toBase64Url } from '../../web/src/share/scene_link';
import { usePageHarness } from './harness';

const harness = usePageHarness();
const pendulum = JSON.parse(readFileSync(new URL('../../public/scenes/pendulum.json', import.meta.url), 'utf8')) as Record<string, unknown>;

interface EditableScene {
  version: number;
  world: Record<string, unknown>;
  meta: { description: string; sliders: { path: string }[] };
  bodies?: unknown[];
}

/** The pendulum with a change: the reproducers are small edits of a scene that runs. */
function pendulumWith(edit: (scene: EditableScene) => void): string {
  const scene = structuredClone(pendulum) as unknown as EditableScene;
  edit(scene);
  return JSON.stringify(scene);
}

const REPRODUCERS: Record<string, string> = {
  'convex hull with a 1e308 point': pendulumWith((s) => {
    s.bodies = [{ name: 'hull', position: [0, 0, 3], shapes: [{ type: 'convex', points: [[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1], [1e308, 1e308, 1e308]] }] }];
  }),
  'a number out of double range (1e999)': pendulumWith((s) => (s.world.gravity = [0, 0, -9.81])).replace('-9.81', '-1e999'),
  'a slider path with a huge index': pendulumWith((s) => (s.meta.sliders[0].path = '/articulations/99999999999999999999999')),
  'RK45 asked for 1e-30': pendulumWith((s) => Object.assign(s.world, { integrator: 'rk45', tolerance: { absolute: 1e-30, relative: 1e-30 } })),
  'gravity of 1e200': pendulumWith((s) => Object.assign(s.world, { gravity: [0, 0, -1e200], integrator: 'rk45' })),
  'a time step of 1e-9': pendulumWith((s) => (s.world.timestep = 1e-9)),
  'a version past 32 bits': pendulumWith((s) => (s.version = 4294967297)),
  'JSON nested 5000 deep': pendulumWith((s) => (s.meta.description = 'x')).replace('"x"', '['.repeat(5000) + ']'.repeat(5000)),
};

/** A share link of the text as it is (the nested reproducer is too deep to parse and re-encode). */
const linkOf = (text: string) => `${SCENE_LINK_PREFIX}${LINK_FORMAT}.${toBase64Url(zlibSync(new TextEncoder().encode(text), { level: 9 }))}`;

const time = (page: Page) => page.evaluate(() => window.__featherweight!.time());
const errorText = (page: Page) => page.locator('#error-text').textContent();

/** The page still draws and steps: frames keep coming and stepping advances simulated time. */
async function stillRuns(page: Page): Promise<void> {
  const frames = await page.evaluate(() => new Promise<number>((resolve) => {
    let n = 0;
    const count = () => (++n === 3 ? resolve(n) : requestAnimationFrame(count));
    requestAnimationFrame(count);
  }));
  expect(frames).toBe(3);
  // Within a moment (an engine that failed is restarted in the background), stepping advances time.
  await expect.poll(async () => {
    const t = await time(page);
    await page.evaluate(() => window.__featherweight!.advance(10));
    return (await time(page)) > t;
  }).toBe(true);
}

describe('hostile links and files', () => {
  it('every reproducer as a link in a fresh page: a message, and a scene that runs', async () => {
    for (const [name, text] of Object.entries(REPRODUCERS)) {
      const { page, problems } = await harness.open(linkOf(text), -1);
      await expect.poll(() => page.locator('#error').isVisible(), { message: name }).toBe(true);
      expect((await errorText(page))!.length, name).toBeGreaterThan(20);
      await stillRuns(page);
      expect(problems, name).toEqual([]);
      await page.close();
    }
  }, 180_000);

  it('every reproducer as a link the page navigates to, and as a dropped file: the running scene stays', async () => {
    const { page, problems } = await harness.open('?scene=double-pendulum');
    const title = await page.locator('#scene-title').textContent();
    for (const [name, text] of Object.entries(REPRODUCERS)) {
      await page.evaluate(() => (document.getElementById('error')!.hidden = true));
      await page.evaluate((hash) => (window.location.hash = hash), linkOf(text));
      await expect.poll(() => page.locator('#error').isVisible(), { message: name }).toBe(true);
      expect(await errorText(page), name).toMatch(/keeps running/);
      expect(await page.locator('#scene-title').textContent(), name).toBe(title);
      await stillRuns(page);

      await page.evaluate((content) => {
        const transfer = new DataTransfer();
        transfer.items.add(new File([content], 'hostile.json', { type: 'application/json' }));
        document.getElementById('view')!.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
      }, text);
      await expect.poll(() => page.locator('#editor-panel .editor-message').textContent(), { message: name }).toMatch(/^hostile\.json — /);
      expect(await page.locator('#scene-title').textContent(), name).toBe(title);
      await stillRuns(page);
    }
    expect(problems).toEqual([]);
    await page.close();
  }, 180_000);

  it('a world that cannot go on stops with the reason, and the page keeps drawing and loading', async () => {
    // Loads, but RK45 cannot hold this spring (ω = 3·10⁷ rad/s) to 1e-14: it used to freeze the tab.
    const stiff = JSON.stringify({
      format: 'featherweight-scene', version: 1, meta: { title: 'Too stiff' },
      world: { timestep: 0.001, integrator: 'rk45', minStep: 1e-15, gravity: [0, 0, 0], tolerance: { absolute: 1e-14, relative: 1e-14 } },
      articulations: [{ name: 'spring', links: [{ name: 'slider', joint: { type: 'prismatic', axis: [1, 0, 0], position: 1, spring: { stiffness: 1e15 } }, inertial: { mass: 1 } }] }],
    });
    const { page, problems } = await harness.open(linkOf(stiff), -1);
    await expect.poll(() => errorText(page)).toMatch(/^The simulation stopped: RK45 cannot advance at t = /);
    expect(await page.locator('#play').textContent()).toBe('Play'); // paused
    await page.evaluate(() => (window.location.hash = ''));
    await page.locator('#scene-picker').selectOption('pendulum.json');
    await expect.poll(() => page.locator('#scene-title').textContent()).toBe('Simple pendulum');
    await stillRuns(page);
    expect(problems).toEqual([]);
    await page.close();
  });
});
