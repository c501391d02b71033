// The scene happens where no panel covers it: on every gallery scene, at a desktop size, in an
// 800×450 embed with the plot and the description, and on a phone, each body's drawn bounds
// (the 8 corners of its box, projected) stay off every visible panel at t = 0 and at t = 3 s.
// On a phone the description shows and the Play row is reachable; on a desktop the predict
// question shows without scrolling, above Play. One page per size, picking the scenes in turn.
import { mkdirSync, readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, frames, settledCamera, snapshot, usePageHarness, type Viewport } from './harness';
import { control, openFolder } from './gui';

// The scene files (the MuJoCo models' shelf opens in gallery.test.ts).
const gallery = (JSON.parse(readFileSync(new URL('../../public/gallery.json', import.meta.url), 'utf8')) as { file: string; title: string }[]).filter((g) => g.file.endsWith('.json'));
const harness = usePageHarness();
const EMBED: Viewport = { width: 800, height: 450 };
// Pictures for a person to compare (FW_SCREENS_TAG names a run, e.g. before / after a change).
const SCREENS = 'test-results/screens';
const TAG = process.env.FW_SCREENS_TAG ?? 'after';
const PICTURED = ['pendulum.json', 'sliding-to-rolling.json', 'spinning-sphere-friction.json', 'arm-onto-ball.json'];
// Everything that is drawn over the view.
const PANELS = ['#panel', '#gui-host .lil-gui.lil-root', '#plot-panel', '#timeline', '#teaching > *', '#build-bar', '#build-props', '#editor-panel', '#controller-editor', '#view-switch'];

interface Box { left: number; top: number; right: number; bottom: number }

/** The visible panels' rectangles, named. */
function panelRects(page: Page): Promise<{ name: string; rect: Box }[]> {
  return page.evaluate((selectors) => selectors.flatMap((selector) => Array.from(document.querySelectorAll<HTMLElement>(selector))
    .filter((e) => e.checkVisibility() && e.getBoundingClientRect().width > 0 && e.getBoundingClientRect().height > 0)
    .map((e) => {
      const r = e.getBoundingClientRect();
      return { name: selector, rect: { left: r.left, top: r.top, right: r.right, bottom: r.bottom } };
    })), PANELS);
}

/**
 * Each body's drawn bounds on the screen: the 8 corners of its box projected. A body with a
 * plane shape is left out: the plane is the ground, drawn as a 40 m square that fills the view
 * behind every panel by design.
 */
function bodyRects(page: Page): Promise<{ name: string; rect: Box }[]> {
  return page.evaluate(() => {
    const fw = window.__featherweight!;
    const doc = JSON.parse(fw.sceneText()) as { bodies?: { name?: string; shapes?: { type?: string }[] }[] };
    const grounds = new Set((doc.bodies ?? []).filter((b) => b.shapes?.some((s) => s.type === 'plane')).map((b) => b.name));
    return fw.bodyNames().flatMap((name, i) => {
      const drawn = fw.drawnBody(i);
      if (grounds.has(name) || !drawn || !drawn.box.min.every(Number.isFinite)) return [];
      const { min, max } = drawn.box;
      const xs: number[] = [], ys: number[] = [];
      for (let k = 0; k < 8; k++) {
        const p = fw.toScreen(k & 1 ? max[0] : min[0], k & 2 ? max[1] : min[1], k & 4 ? max[2] : min[2]);
        xs.push(p.x);
        ys.push(p.y);
      }
      return [{ name, rect: { left: Math.min(...xs), top: Math.min(...ys), right: Math.max(...xs), bottom: Math.max(...ys) } }];
    });
  });
}

const overlap = (a: Box, b: Box) => Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) * Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));

/** Every body off every panel (1 px² of antialiasing allowed); returns what covers what. */
async function covered(page: Page, file: string, moment: string): Promise<string[]> {
  const panels = await panelRects(page);
  const found: string[] = [];
  for (const body of await bodyRects(page)) {
    for (const panel of panels) if (overlap(body.rect, panel.rect) > 1) found.push(`${file} at ${moment}: ${panel.name} covers body ${body.name}`);
  }
  return found;
}

/** Picks each gallery scene in turn (as the list does, also when the list is hidden in an embed) and checks it at t = 0 and t = 3 s. */
async function checkEveryScene(page: Page, size: string): Promise<string[]> {
  mkdirSync(SCREENS, { recursive: true });
  const found: string[] = [];
  for (const { file, title } of gallery) {
    await page.evaluate((f) => {
      const picker = document.getElementById('scene-picker') as HTMLSelectElement;
      picker.value = f;
      picker.dispatchEvent(new Event('change'));
    }, file);
    await page.waitForFunction((t) => document.getElementById('scene-title')!.textContent === t, title);
    // Back to the initial state (the timeline restores it), then 3 s on at once.
    await page.evaluate(() => window.__featherweight!.seekStep(0));
    await frames(page, 2);
    found.push(...(await covered(page, file, 't = 0')));
    if (PICTURED.includes(file)) await snapshot(page, `${SCREENS}/${TAG}-${size}-${file.replace('.json', '')}-t0.png`);
    await page.evaluate(() => {
      const fw = window.__featherweight!;
      fw.advance(Math.round((3 - fw.time()) / fw.timestep()));
    });
    await frames(page, 2);
    found.push(...(await covered(page, file, 't = 3 s')));
    if (PICTURED.includes(file)) await snapshot(page, `${SCREENS}/${TAG}-${size}-${file.replace('.json', '')}-t3.png`);
  }
  return found;
}

/**
 * The phone's layout at one device pixel per CSS pixel: the same in CSS pixels, and software
 * WebGL draws a quarter of the pixels (three times faster over the whole gallery).
 */
async function onePixelPerPoint(page: Page): Promise<void> {
  const session = await page.context().newCDPSession(page);
  await session.send('Emulation.setDeviceMetricsOverride', { width: PHONE.width, height: PHONE.height, deviceScaleFactor: 1, mobile: true });
}

describe('framing: the scene happens where no panel covers it', () => {
  it('on a desktop, every gallery scene stays off the panels at t = 0 and t = 3 s', async () => {
    const { page, problems } = await harness.open(`?scene=${gallery.at(-1)!.file}`, -1, DESKTOP);
    await page.waitForFunction(() => window.__featherweight !== undefined && document.getElementById('loading')!.hidden);
    expect(await checkEveryScene(page, 'desktop')).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  }, 300_000);

  it('in an 800×450 embed with the plot and the description, every scene stays off the panels', async () => {
    const { page, problems } = await harness.open(`?embed&panels=plot,description&scene=${gallery.at(-1)!.file}`, -1, EMBED);
    await page.waitForFunction(() => window.__featherweight !== undefined && document.getElementById('loading')!.hidden);
    expect(await page.locator('#scene-description').isVisible()).toBe(true);
    expect(await page.locator('#plot').isVisible()).toBe(true);
    expect(await checkEveryScene(page, 'embed')).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  }, 300_000);

  it('on a phone, every scene stays off the panels; the description shows and Play is reachable', async () => {
    const { page, problems } = await harness.open('?scene=sliding-to-rolling', -1, PHONE, onePixelPerPoint);
    await page.waitForFunction(() => window.__featherweight !== undefined && document.getElementById('loading')!.hidden);
    // A scene that asks: its question, the description and the Play row all show.
    const description = await page.locator('#scene-description').boundingBox();
    expect(await page.locator('#scene-description').isVisible()).toBe(true);
    expect(description!.height).toBeGreaterThan(10);
    expect(await page.locator('#questions .question').isVisible()).toBe(true);
    const play = (await page.locator('#play').boundingBox())!;
    expect(play.y).toBeGreaterThanOrEqual(0);
    expect(play.y + play.height).toBeLessThanOrEqual(PHONE.height);
    // What is at the middle of Play is Play itself (not a question over it, nor cut off by a scroller).
    expect(await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('#play') !== null, { x: play.x + play.width / 2, y: play.y + play.height / 2 })).toBe(true);
    // The plot, opened, has a usable height.
    await page.locator('#plot-toggle').click();
    await expect.poll(async () => (await page.locator('#plot').boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(100);
    expect(await checkEveryScene(page, 'phone')).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  }, 300_000);

  it('follows the panels as they fold and open; the body readout stays off the bodies', async () => {
    const { page, problems } = await harness.open('?scene=pendulum', 0.1, DESKTOP);
    await page.evaluate(() => window.__featherweight!.pause());
    const camera = () => page.evaluate(() => window.__featherweight!.camera());
    const opening = await settledCamera(page);
    // Controls and the plot fold to their title bars: the free part of the view grows, and the view with it.
    await page.locator('#gui-host > .lil-gui > .lil-title').click();
    await page.locator('#plot-toggle').click();
    await expect.poll(async () => (await camera()).position).not.toEqual(opening.position);
    await settledCamera(page);
    expect(await covered(page, 'pendulum.json', 'panels folded')).toEqual([]);
    await page.locator('#gui-host > .lil-gui > .lil-title').click();
    // The selected body's numbers, beside the scene panel: the view moves aside for them.
    await openFolder(page, 'Teaching');
    await control(page, 'selected body’s numbers').locator('input').check();
    await page.evaluate(() => window.__featherweight!.select(0));
    await expect.poll(() => page.locator('#body-readout').isVisible()).toBe(true);
    await frames(page, 3);
    await settledCamera(page);
    expect(await covered(page, 'pendulum.json', 'readout shown')).toEqual([]);
    await snapshot(page, `${SCREENS}/${TAG}-desktop-readout.png`);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('on a desktop, the predict question shows without scrolling, above Play', async () => {
    const { page, problems } = await harness.open('?scene=sliding-to-rolling', -1, DESKTOP);
    await page.waitForFunction(() => window.__featherweight !== undefined && document.getElementById('loading')!.hidden);
    const question = page.locator('#questions .question');
    await expect.poll(() => question.isVisible()).toBe(true);
    // Every choice is inside the part of its scrolling box that shows, and so is Play, below them.
    const inView = await page.evaluate(() => {
      const visible = (e: Element) => {
        const r = e.getBoundingClientRect();
        for (let p = e.parentElement; p; p = p.parentElement) {
          if (getComputedStyle(p).overflowY === 'visible') continue;
          const c = p.getBoundingClientRect();
          if (r.top < c.top - 0.5 || r.bottom > c.bottom + 0.5) return false;
        }
        return r.top >= 0 && r.bottom <= window.innerHeight;
      };
      const labels = Array.from(document.querySelectorAll('#questions .question label'));
      return { labels: labels.map(visible), play: visible(document.getElementById('play')!) };
    });
    expect(inView.labels).toEqual([true, true, true, true]);
    expect(inView.play).toBe(true);
    const lastChoice = (await question.locator('label').last().boundingBox())!;
    expect(lastChoice.y).toBeLessThan((await page.locator('#play').boundingBox())!.y);
    expect(problems).toEqual([]);
    await page.close();
  });
});
