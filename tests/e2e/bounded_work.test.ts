// Work that a link or an embedding page asks for is bounded or sliced: the page keeps drawing at
// least 5 frames a second, says what it refuses, and a long re-simulation shows its progress and
// stops within a second of Stop. Each scene here once froze the page (docs/security.md).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Frame, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { encodeSceneLink } from '../../web/src/share/scene_link';
import { siteUrl } from './browser';
import { usePageHarness } from './harness';

const harness = usePageHarness();
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const pendulum = (): Json => JSON.parse(readFileSync(fileURLToPath(new URL('../../public/scenes/pendulum.json', import.meta.url)), 'utf8')) as Json;

/** Frames a second over the next `count` frames, as the page draws them. */
function frameRate(page: Page | Frame, count = 10): Promise<number> {
  return page.evaluate(
    (n) => new Promise<number>((done) => {
      const times: number[] = [];
      const tick = (t: number) => {
        times.push(t);
        if (times.length > n) done((1000 * n) / (times[n] - times[0]));
        else requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    }),
    count,
  );
}

/**
 * Boxes 1 m apart in a square, weightless: many bodies, no contact. Boxes, because software
 * WebGL draws a few thousand of them quickly (as many spheres take it seconds a frame).
 */
function boxes(count: number): Json {
  const side = Math.ceil(Math.sqrt(count));
  const bodies = Array.from({ length: count }, (_, i) => ({
    name: `s${i}`,
    position: [i % side, Math.floor(i / side), 1],
    shapes: [{ type: 'box', size: [0.3, 0.3, 0.3] }],
  }));
  return { format: 'featherweight-scene', version: 1, world: { gravity: [0, 0, 0] }, bodies };
}

/** A course page on the site's own origin embedding the simulation, which runs; `send` posts to it. */
async function lesson(): Promise<{ page: Page; problems: string[]; frame: Frame; send: (message: object) => Promise<void> }> {
  const { page, problems } = await harness.open('', -1);
  const origin = new URL(siteUrl()).origin;
  await page.route(`${origin}/lesson.html`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><script>window.received = []; addEventListener('message', (e) => received.push(e.data));</script>
        <iframe id="sim" src="${siteUrl()}?embed" width="800" height="450"></iframe>`,
    }),
  );
  await page.goto(`${origin}/lesson.html`);
  const frame = (await (await page.waitForSelector('#sim')).contentFrame())!;
  await frame.waitForFunction(() => (window.__featherweight?.time() ?? 0) > 0.05, null, { timeout: 60_000 });
  const send = (message: object) => page.evaluate((m) => (document.getElementById('sim') as HTMLIFrameElement).contentWindow!.postMessage(m, '*'), message);
  return { page, problems, frame, send };
}

async function errorText(page: Page): Promise<string> {
  await page.locator('#error').waitFor({ state: 'visible' });
  return (await page.locator('#error').textContent()) ?? '';
}

describe('bounded work from links and embedding pages', () => {
  it('the 557-character link of 1,000 identical constraints is refused at once, naming the budget', async () => {
    const scene = JSON.parse(readFileSync(fileURLToPath(new URL('../fuzz/corpus/constraints-duplicate-fixed.json', import.meta.url)), 'utf8')) as Json;
    scene.constraints = Array.from({ length: 1000 }, () => scene.constraints[0]);
    const link = encodeSceneLink(scene);
    expect(link.length).toBeLessThan(700);
    const { page } = await harness.open(link, -1);
    expect(await errorText(page)).toMatch(/\/constraints\/1: the same constraint as \/constraints\/0/);
    expect(await frameRate(page)).toBeGreaterThan(5);
    await page.close();
  });

  it('a 30,000-body link is refused naming the body budget, and the page draws on', async () => {
    const link = encodeSceneLink(boxes(30_000));
    const { page } = await harness.open(link, -1);
    expect(await errorText(page)).toMatch(/\/bodies\/10000/);
    expect(await frameRate(page)).toBeGreaterThan(5);
    await page.close();
  });

  it('a link at 600 s with a microsecond step is refused past the re-simulation budget; the scene runs from 0', async () => {
    const scene = pendulum();
    scene.world.timestep = 1e-6;
    const { page } = await harness.open(`${encodeSceneLink(scene)}&t=600`, -1);
    expect(await errorText(page)).toMatch(/600,000,000 steps .* at most 1,000,000/);
    await page.waitForFunction(() => window.__featherweight!.time() > 0.001);
    expect(await frameRate(page)).toBeGreaterThan(5);
    await page.close();
  });

  it('a long re-simulation shows its progress, keeps drawing and stops within a second of Stop', async () => {
    const scene = pendulum();
    scene.world.timestep = 1e-4;
    const { page, problems } = await harness.open(`${encodeSceneLink(scene)}&t=100`, -1); // a million steps
    const progress = page.locator('#seek-progress');
    await progress.waitFor({ state: 'visible' });
    expect(await progress.textContent()).toMatch(/Re-simulating the link to t = 100\.00 s: \d+ %/);
    expect(await frameRate(page)).toBeGreaterThan(5);
    const stopMs = await page.evaluate(() => new Promise<number>((done) => {
      const start = performance.now();
      (document.querySelector('#seek-progress button') as HTMLButtonElement).click();
      const check = () => ((document.getElementById('seek-progress') as HTMLElement).hidden ? done(performance.now() - start) : requestAnimationFrame(check));
      check();
    }));
    expect(stopMs).toBeLessThan(1000);
    const reached = await page.evaluate(() => window.__featherweight!.time());
    expect(reached).toBeGreaterThan(0);
    expect(reached).toBeLessThan(100);
    expect(await page.evaluate(() => window.__featherweight!.paused())).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("an embedding page's step of 100,000 on a 2,000-box scene is taken over frames, the page drawing", async () => {
    const { page, problems, frame, send } = await lesson();
    await send({ type: 'loadScene', scene: boxes(2000) });
    await frame.waitForFunction(() => window.__featherweight!.bodyCount() === 2000, null, { timeout: 60_000 });
    await send({ type: 'step', count: 100_000 });
    await frame.waitForFunction(() => window.__featherweight!.paused() && window.__featherweight!.time() > 0.02);
    expect(await frameRate(frame)).toBeGreaterThan(5);
    const t = await frame.evaluate(() => window.__featherweight!.time());
    await frame.waitForFunction((before) => window.__featherweight!.time() > before, t); // still stepping, frame by frame
    expect(await frame.evaluate(() => window.__featherweight!.time())).toBeLessThan(100);
    await send({ type: 'reset' }); // drops the steps not yet taken
    await frame.waitForFunction(() => window.__featherweight!.time() === 0);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("an embedding page's step is all taken, then reported", async () => {
    const { page, frame, send } = await lesson();
    await send({ type: 'pause' });
    await frame.waitForFunction(() => window.__featherweight!.paused());
    const { t0, dt } = await frame.evaluate(() => ({ t0: window.__featherweight!.time(), dt: window.__featherweight!.timestep() }));
    await send({ type: 'step', count: 2000 });
    const stepped = await page.waitForFunction(() => (window as unknown as { received: { type: string; time: number }[] }).received.find((m) => m.type === 'stepped')?.time);
    expect(await stepped.jsonValue()).toBeCloseTo(t0 + 2000 * dt, 9);
    await page.close();
  });
});
