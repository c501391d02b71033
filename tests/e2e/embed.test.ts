// Embedding in a course page: an <iframe> with ?embed is driven by postMessage from the page that
// embeds it (pause → time stops; set a slider → the scene changes; state and events come back),
// while the same messages from an origin it was not told about are ignored. ?present enlarges
// the text; the Share box offers the <iframe> snippet.
import type { Frame, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { siteUrl } from './browser';
import { frames, usePageHarness } from './harness';

const harness = usePageHarness();

// The course pages are served (by route) from other loopback host names than the site's
// 127.0.0.1: other origins, which Chromium still lets embed a page on this machine.
const port = () => new URL(siteUrl()).port;
const COURSE = () => `http://localhost:${port()}`;
const ELSEWHERE = () => `http://127.0.0.2:${port()}`;
// The same site as the simulation (another port): one renderer process, where a message posted
// to the wrong origin is logged in the course page's console.
const SAME_SITE = () => `http://127.0.0.1:${Number(port()) + 1}`;

/** A course page at `origin` embedding the simulation, which allows messages from `allowed` (COURSE) only. */
async function coursePage(page: Page, origin: string, allowed = COURSE()): Promise<Frame> {
  const src = `${siteUrl()}?embed&panels=plot&origin=${allowed}`;
  await page.route(`${origin}/lesson.html`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>Lesson</title><script>window.received = []; addEventListener('message', (e) => received.push(e.data));</script>
        <iframe id="sim" src="${src}" width="800" height="450"></iframe>`,
    }),
  );
  await page.goto(`${origin}/lesson.html`);
  const frame = (await (await page.waitForSelector('#sim')).contentFrame())!;
  await frame.waitForLoadState();
  await frame.waitForFunction(() => (window.__featherweight?.time() ?? 0) > 0.2, null, { timeout: 60_000 });
  return frame;
}

/**
 * The browser's own console lines (not the page's console calls) of the page and its same-site
 * frame that match: a message posted to an origin that is not the receiver's is logged so, never thrown.
 */
async function browserLog(page: Page, pattern: RegExp): Promise<string[]> {
  const lines: string[] = [];
  const session = await page.context().newCDPSession(page); // the frame shares it: one site, one process
  session.on('Log.entryAdded', ({ entry }) => {
    if (pattern.test(entry.text)) lines.push(entry.text);
  });
  await session.send('Log.enable');
  return lines;
}

const send = (page: Page, message: object) =>
  page.evaluate((m) => (document.getElementById('sim') as HTMLIFrameElement).contentWindow!.postMessage(m, '*'), message);

describe('embedding', () => {
  it('obeys the course page by postMessage and reports back', async () => {
    const { page: blank, problems } = await harness.open('', -1);
    const page = blank;
    const frame = await coursePage(page, COURSE());
    expect(await frame.locator('#scene-picker').isVisible()).toBe(false); // minimal controls
    expect(await frame.locator('#scene-level').isVisible()).toBe(false); // the gallery's level filter goes with the list
    expect(await frame.locator('#build-open').isVisible()).toBe(false);
    expect(await frame.locator('#play').isVisible()).toBe(true);
    expect(await frame.locator('#plot-panel').isVisible()).toBe(true); // &panels=plot
    await expect.poll(() => page.evaluate(() => (window as unknown as { received: { type: string }[] }).received.some((m) => m.type === 'loaded'))).toBe(true);

    await send(page, { type: 'pause' });
    await expect.poll(() => frame.evaluate(() => window.__featherweight!.paused())).toBe(true);
    const stopped = await frame.evaluate(() => window.__featherweight!.time());
    await frames(frame, 5);
    expect(await frame.evaluate(() => window.__featherweight!.time())).toBe(stopped); // five frames, not a step

    await send(page, { type: 'setSlider', slider: 'Release angle', value: 0.5 });
    await expect.poll(() => frame.evaluate(() => window.__featherweight!.q()[0])).toBe(0.5); // the scene starts again from 0.5 rad
    await send(page, { type: 'getState', id: 7 });
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { received: { type: string; id?: number; q?: number[] }[] }).received.find((m) => m.type === 'state' && m.id === 7)?.q?.[0]))
      .toBe(0.5);
    await send(page, { type: 'setSlider', slider: 'No such slider', value: 1 });
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { received: { type: string; message?: string }[] }).received.find((m) => m.type === 'error')?.message ?? ''))
      .toMatch(/no slider "No such slider"/);
    await send(page, { type: 'play' });
    await expect.poll(() => frame.evaluate(() => window.__featherweight!.time())).toBeGreaterThan(0.1);
    // A scene sent by loadScene: 'loaded' comes back with its title.
    const scene = await frame.evaluate(() => JSON.parse(window.__featherweight!.sceneText()) as { meta?: { title?: string } });
    scene.meta = { ...scene.meta, title: 'Sent by the course page' };
    await send(page, { type: 'loadScene', scene, id: 9 });
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { received: { type: string; id?: number; title?: string }[] }).received.find((m) => m.type === 'loaded' && m.id === 9)?.title))
      .toBe('Sent by the course page');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('sends its events to the course page only: no origin errors in its console', async () => {
    const { page } = await harness.open('', -1);
    const frame = await coursePage(page, SAME_SITE(), SAME_SITE());
    const postMessageLines = await browserLog(page, /postMessage|target origin/i);
    // Two seconds of simulated time with time events going out.
    const from = await frame.evaluate(() => window.__featherweight!.time());
    await frame.waitForFunction((t) => window.__featherweight!.time() > t + 2, from, { timeout: 60_000 });
    await expect.poll(() => page.evaluate(() => (window as unknown as { received: { type: string }[] }).received.filter((m) => m.type === 'time').length)).toBeGreaterThan(3);
    expect(postMessageLines).toEqual([]);
    await page.close();
  });

  it('ignores the same messages from an origin it was not told about', async () => {
    const { page } = await harness.open('', -1);
    const frame = await coursePage(page, ELSEWHERE());
    await send(page, { type: 'pause' });
    await send(page, { type: 'setSlider', slider: 'Release angle', value: 0.5 });
    await expect.poll(() => frame.evaluate(() => window.__featherweight!.embedIgnored())).toBe(2); // both arrived, and were refused
    expect(await frame.evaluate(() => window.__featherweight!.paused())).toBe(false);
    expect(await frame.evaluate(() => window.__featherweight!.q()[0])).not.toBe(0.5);
    await page.close();
  });

  it('?present enlarges the text; Share offers the <iframe> snippet', async () => {
    const { page: normal } = await harness.open();
    const size = (p: Page) => p.evaluate(() => parseFloat(getComputedStyle(document.getElementById('scene-title')!).fontSize));
    const normalSize = await size(normal);
    const box = (p: Page, selector: string) => p.locator(selector).evaluate((e) => e.getBoundingClientRect().toJSON() as DOMRect);
    const normalPanel = await box(normal, '#panel'), normalHud = await box(normal, '#hud');
    const hudFont = (p: Page) => p.evaluate(() => parseFloat(getComputedStyle(document.getElementById('hud')!).fontSize));
    const normalHudFont = await hudFont(normal);
    await normal.locator('#share-box button', { hasText: 'Embed…' }).click();
    expect(await normal.locator('#embed-box textarea').inputValue()).toMatch(/^<iframe src="[^"]*\?embed&amp;panels=description#scene=1\.[^"]+" width="800" height="450"/);
    // The course page's origin goes into the address; each check box sits on its label's line.
    await normal.getByRole('textbox', { name: /Origin of the course page/ }).fill('https://course.example');
    expect(await normal.locator('#embed-box textarea').inputValue()).toMatch(/\?embed&amp;panels=description&amp;origin=https%3A%2F%2Fcourse\.example#scene=/);
    for (const label of await normal.locator('#embed-box label:has(input[type=checkbox])').all()) {
      const [input, text] = await label.evaluate((l) => {
        const range = document.createRange();
        range.selectNodeContents(l.lastChild!);
        return [l.querySelector('input')!.getBoundingClientRect().toJSON() as DOMRect, range.getBoundingClientRect().toJSON() as DOMRect];
      });
      expect(Math.abs(input.y + input.height / 2 - (text.y + text.height / 2))).toBeLessThan(6);
    }
    await normal.close();
    const { page: present } = await harness.open('?present');
    expect(await size(present)).toBeGreaterThan(1.4 * normalSize);
    expect((await box(present, '#panel')).width).toBeGreaterThan(1.3 * normalPanel.width);
    expect(await hudFont(present)).toBeGreaterThan(1.4 * normalHudFont);
    expect(normalHud.height).toBeGreaterThan(0);
    expect(await present.locator('#panel button', { hasText: 'Fullscreen' }).isVisible()).toBe(true);
    await present.close();
  });
});
