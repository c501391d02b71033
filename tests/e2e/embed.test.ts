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

/** A course page at `origin` embedding the simulation, which allows messages from COURSE only. */
async function coursePage(page: Page, origin: string): Promise<Frame> {
  const src = `${siteUrl()}?embed&panels=plot&origin=${COURSE()}`;
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

const send = (page: Page, message: object) =>
  page.evaluate((m) => (document.getElementById('sim') as HTMLIFrameElement).contentWindow!.postMessage(m, '*'), message);

describe('embedding', () => {
  it('obeys the course page by postMessage and reports back', async () => {
    const { page: blank, problems } = await harness.open('', -1);
    const page = blank;
    const frame = await coursePage(page, COURSE());
    expect(await frame.locator('#scene-picker').isVisible()).toBe(false); // minimal controls
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
    expect(problems).toEqual([]);
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
    await normal.locator('#share-box button', { hasText: 'Embed…' }).click();
    expect(await normal.locator('#embed-box textarea').inputValue()).toMatch(/^<iframe src="[^"]*\?embed&amp;panels=description#scene=1\.[^"]+" width="800" height="450"/);
    await normal.close();
    const { page: present } = await harness.open('?present');
    expect(await size(present)).toBeGreaterThan(1.4 * normalSize);
    expect(await present.locator('#panel button', { hasText: 'Fullscreen' }).isVisible()).toBe(true);
    await present.close();
  });
});
