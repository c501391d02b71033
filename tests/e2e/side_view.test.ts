// The flat views (front, side, top: an orthographic camera): a scene whose camera.view is "front"
// opens in it, and the switch goes back to 3D; points at different depths then fall on one screen
// point, and on different ones in perspective. In the front view a grab picks the body under a
// body's projected point and drags it in the view plane (its depth y stays put), the ruler reads
// the world distance between two bodies' centres clicked on screen, and build mode drops parts
// on the floor below the pointer (the floor is seen edge-on), where the pointer is across.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { frames, usePageHarness } from './harness';

const harness = usePageHarness();
type V3 = [number, number, number];

const screenOf = (page: Page, p: number[]) => page.evaluate((q) => window.__featherweight!.toScreen(q[0], q[1], q[2]), p);
/** Several points' places on screen read in one evaluation, so that framing cannot move the view between them. */
const screensOf = (page: Page, points: number[][]) =>
  page.evaluate((ps) => ps.map((q) => window.__featherweight!.toScreen(q[0], q[1], q[2])), points);

/** The points' places on screen once the view has stopped moving (framing and damping run out). */
async function settledScreens(page: Page, points: number[][]): Promise<{ x: number; y: number }[]> {
  let last = await screensOf(page, points);
  for (let i = 0; i < 100; i++) {
    await frames(page, 3);
    const now = await screensOf(page, points);
    const moved = Math.max(...now.map((s, k) => Math.hypot(s.x - last[k].x, s.y - last[k].y)));
    last = now;
    if (moved < 0.01) break;
  }
  return last;
}
const position = (page: Page, body: number) => page.evaluate((b) => window.__featherweight!.bodyPose(b).slice(0, 3), body);
const advance = (page: Page, steps: number) => page.evaluate((n) => window.__featherweight!.advance(n), steps);
const bodyIndex = (page: Page, name: string) => page.evaluate((n) => window.__featherweight!.bodyNames().indexOf(n), name);
const pose = (page: Page, body: number) => page.evaluate((b) => window.__featherweight!.bodyPose(b), body);

/** Rotates v by the unit quaternion (x, y, z, w); `inverse`: by its inverse. */
function rotate(q: number[], v: number[], inverse = false): number[] {
  const [x, y, z] = inverse ? [-q[0], -q[1], -q[2]] : q, w = q[3];
  // v + 2w (u × v) + 2 u × (u × v), u = (x, y, z)
  const c = [y * v[2] - z * v[1], z * v[0] - x * v[2], x * v[1] - y * v[0]];
  const cc = [y * c[2] - z * c[1], z * c[0] - x * c[2], x * c[1] - y * c[0]];
  return v.map((vi, i) => vi + 2 * w * c[i] + 2 * cc[i]);
}
const nextFrames = (page: Page) => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

/** How far apart on screen (CSS px) two points 1 m apart in depth (y) fall, about `at`. */
async function depthParallax(page: Page, at: V3): Promise<number> {
  const [near, far] = await screensOf(page, [[at[0], at[1] - 0.5, at[2]], [at[0], at[1] + 0.5, at[2]]]);
  return Math.hypot(near.x - far.x, near.y - far.y);
}

async function chooseView(page: Page, view: string): Promise<void> {
  await page.click(`#view-switch [data-view="${view}"]`);
  await page.waitForFunction((v) => window.__featherweight!.camera().view === v, view);
}

describe('side view', () => {
  it('opens a scene whose camera.view is "front" orthographic, and the switch goes back to perspective', async () => {
    const { page, problems } = await harness.open('?scene=double-pendulum');
    const camera = await page.evaluate(() => window.__featherweight!.camera());
    expect(camera.view).toBe('front');
    expect(camera.orthographic).toBe(true);
    expect(await page.getAttribute('#view-switch [data-view="front"]', 'aria-pressed')).toBe('true');
    expect(await page.getAttribute('#view-switch [data-view="perspective"]', 'aria-pressed')).toBe('false');
    // Looking along +y: depth does not show, x runs to the right, z up.
    expect(await depthParallax(page, [0, 0, 1.5])).toBeLessThan(0.01);
    const [origin, right, up] = await screensOf(page, [[0, 0, 1.5], [0.5, 0, 1.5], [0, 0, 2]]);
    expect(right.x - origin.x).toBeGreaterThan(20);
    expect(Math.abs(right.y - origin.y)).toBeLessThan(0.01);
    expect(origin.y - up.y).toBeCloseTo(right.x - origin.x, 3); // one scale both ways
    // The bodies are framed whole in the window.
    const box = await page.evaluate(() => window.__featherweight!.sceneBox());
    for (const p of [box.min, box.max]) {
      const s = await screenOf(page, p);
      expect(s.x).toBeGreaterThan(0);
      expect(s.x).toBeLessThan(1280);
      expect(s.y).toBeGreaterThan(0);
      expect(s.y).toBeLessThan(720);
    }

    await chooseView(page, 'perspective');
    expect((await page.evaluate(() => window.__featherweight!.camera())).orthographic).toBe(false);
    expect(await depthParallax(page, [0, 0, 1.5])).toBeGreaterThan(2);
    await chooseView(page, 'side'); // looking along −x: now x is depth
    const [a, b] = await screensOf(page, [[-0.5, 0, 1.5], [0.5, 0, 1.5]]);
    expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeLessThan(0.01);
    expect(await page.getAttribute('#view-switch [data-view="side"]', 'aria-pressed')).toBe('true');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('a link shared in the side view opens in it, showing the same', async () => {
    const { page, problems } = await harness.open();
    await chooseView(page, 'side');
    const points = [[0, 0, 1.5], [0, 0.5, 0.5], [0.3, -0.4, 1]];
    await settledScreens(page, points);
    // The link and what the page shows are read in one go: the run goes on, and over its first
    // seconds the view may still step back to keep a falling body in frame.
    const { shown, link } = await page.evaluate((ps) => {
      const handle = window.__featherweight!;
      return { shown: ps.map((p) => handle.toScreen(p[0], p[1], p[2])), link: handle.shareLink() };
    }, points);
    const opened = await harness.open(new URL(link).hash);
    const camera = await opened.page.evaluate(() => window.__featherweight!.camera());
    expect(camera.view).toBe('side');
    expect(camera.orthographic).toBe(true);
    const reopened = await settledScreens(opened.page, points);
    reopened.forEach((s, i) => {
      expect(Math.abs(s.x - shown[i].x)).toBeLessThan(0.5);
      expect(Math.abs(s.y - shown[i].y)).toBeLessThan(0.5);
    });
    expect(Math.abs(shown[0].x - shown[1].x)).toBeGreaterThan(20); // y runs across the side view
    expect(problems).toEqual([]);
    expect(opened.problems).toEqual([]);
    await opened.page.close();
    await page.close();
  });

  it('in the front view a grab picks the body under its projected point and drags it in the view plane', async () => {
    const { page, problems } = await harness.open('?scene=table-toys', 0);
    await chooseView(page, 'front');
    const ball = await bodyIndex(page, 'ball');
    expect(ball).toBeGreaterThanOrEqual(0);
    await advance(page, 3 * 240); // it drops onto the table and comes to rest
    const before = await pose(page, ball), rest = before.slice(0, 3);
    const grab = await screenOf(page, [rest[0], rest[1], rest[2] + 0.04]);
    // The ray along +y through that point meets the ball (r = 0.07 m) on its near side: the point held.
    const held0 = [rest[0], rest[1] - Math.sqrt(0.07 ** 2 - 0.04 ** 2), rest[2] + 0.04];
    const local = rotate(before.slice(3), held0.map((x, i) => x - rest[i]), true);
    await page.mouse.move(grab.x, grab.y);
    await page.mouse.down();
    expect(await page.evaluate(() => window.__featherweight!.selected())).toBe(ball);
    // Up 0.3 m and right 0.3 m as the screen shows them, in small moves.
    const to = await screenOf(page, [rest[0] + 0.3, rest[1], rest[2] + 0.34]);
    for (let i = 1; i <= 10; i++) {
      await page.mouse.move(grab.x + ((to.x - grab.x) * i) / 10, grab.y + ((to.y - grab.y) * i) / 10);
      await advance(page, 12);
    }
    await page.mouse.wheel(0, -400); // in perspective this would push it away in depth
    await advance(page, 240);
    const after = await pose(page, ball), held = after.slice(0, 3);
    await page.mouse.up();
    expect(held[2] - rest[2]).toBeGreaterThan(0.25);
    expect(held[0] - rest[0]).toBeGreaterThan(0.25);
    // The point held stays in the view plane it was picked in (the ball may turn about it).
    const heldPoint = rotate(after.slice(3), local).map((x, i) => x + held[i]);
    expect(Math.abs(heldPoint[1] - held0[1])).toBeLessThan(0.005);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('in the front view the ruler reads the world distance between two bodies clicked on screen', async () => {
    const { page, problems } = await harness.open('?scene=table-toys', 0);
    await chooseView(page, 'front');
    await advance(page, 3 * 240);
    await page.locator('#view').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('u'); // ruler
    const crate = await position(page, await bodyIndex(page, 'crate'));
    const can = await position(page, await bodyIndex(page, 'can'));
    const [a, b] = await screensOf(page, [crate, can]);
    await page.mouse.click(a.x + 3, a.y - 2); // a few pixels off: snaps to the centres
    await page.mouse.click(b.x - 2, b.y + 3);
    await nextFrames(page);
    const expected = Math.hypot(crate[0] - can[0], crate[1] - can[1], crate[2] - can[2]);
    expect(expected).toBeGreaterThan(0.7);
    expect(await page.evaluate(() => window.__featherweight!.measure())).toBeCloseTo(expected, 6);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('in the front view build mode drops parts on the floor below the pointer', async () => {
    const { page, problems } = await harness.open('?scene=pendulum', 0);
    await page.waitForFunction(() => document.getElementById('loading')!.hidden);
    await page.click('#build-open');
    const hadParts = ((await page.evaluate(() => window.__featherweight!.build()!)).doc?.parts.length ?? 0) > 0;
    await page.click('#build-bar [data-build="new"]');
    if (hadParts) await page.locator('dialog.build-dialog button', { hasText: 'Discard' }).click();
    await chooseView(page, 'front');
    await page.click('#build-bar [data-build="place-capsule"]');
    const target = (await page.evaluate(() => window.__featherweight!.camera())).target;
    // Above the floor in the air: the floor is edge-on, so the part lands below the pointer.
    const air = await screenOf(page, [0.3, target[1], 0.6]);
    await page.mouse.click(air.x, air.y);
    let parts = (await page.evaluate(() => window.__featherweight!.build()!)).doc!.parts;
    expect(parts.length).toBe(1);
    expect(parts[0].position[0]).toBeCloseTo(0.3, 2);
    expect(parts[0].position[1]).toBeCloseTo(target[1], 2);
    expect(parts[0].position[2]).toBeCloseTo(0.45, 6); // 0.9 m tall, standing on the floor
    const left = await screenOf(page, [-0.4, target[1], 1.2]);
    await page.mouse.click(left.x, left.y);
    parts = (await page.evaluate(() => window.__featherweight!.build()!)).doc!.parts;
    expect(parts.length).toBe(2);
    expect(parts[1].position[0]).toBeCloseTo(-0.4, 2);
    expect(parts[1].position[2]).toBeCloseTo(0.45, 6);
    expect(problems).toEqual([]);
    await page.close();
  });
});
