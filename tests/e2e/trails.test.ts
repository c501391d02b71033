// Trails: in trace mode (T) a click on the pendulum's bob traces that point; the trail follows
// the bob, changes the picture, is cut back when the timeline goes back, and is cleared on reset.
import { describe, expect, it } from 'vitest';
import { usePageHarness } from './harness';
import { changedFraction, decode } from './pixels';

const harness = usePageHarness();

describe('trails', () => {
  it('traces the bob, follows it and the timeline, and clears on reset', async () => {
    const { page, problems } = await harness.open();
    // The bob sits 1 m from the pivot along the rod's −z axis (pose: x y z qx qy qz qw).
    const bob = () =>
      page.evaluate(() => {
        const [x, y, z, ux, uy, uz, w] = window.__featherweight!.bodyPose(0);
        const t = [-2 * uy, 2 * ux, 0];
        const v = [w * t[0] + (uy * t[2] - uz * t[1]), w * t[1] + (uz * t[0] - ux * t[2]), -1 + w * t[2] + (ux * t[1] - uy * t[0])];
        return [x + v[0], y + v[1], z + v[2]];
      });
    await page.evaluate(() => window.__featherweight!.pause());
    await page.locator('#view').click({ position: { x: 5, y: 5 } }); // focus on the page, not a control
    await page.keyboard.press('t');
    const start = await bob();
    const screen = await page.evaluate((p) => window.__featherweight!.toScreen(p[0], p[1], p[2]), start);
    await page.mouse.click(screen.x, screen.y);
    expect(await page.locator('.drag-label').isVisible()).toBe(false); // traced, not grabbed
    expect((await page.evaluate(() => window.__featherweight!.trails())).length).toBe(1);
    await page.evaluate(async () => {
      const frame = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      for (let k = 0; k < 30; k++) {
        window.__featherweight!.advance(40);
        await frame();
      }
    });
    const [trail] = await page.evaluate(() => window.__featherweight!.trails());
    expect(trail.samples).toBeGreaterThan(25);
    const now = await bob();
    // It follows the clicked point of the bob (on its surface, within its radius of the centre).
    const distance = (a: number[], b: number[]) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
    expect(distance(trail.last!, now)).toBeLessThan(0.1);
    expect(distance(trail.last!, start)).toBeGreaterThan(0.3);
    const traced = decode(await page.screenshot({ path: 'test-results/trail.png' }));
    await page.locator('#gui-host').getByText('clear trails').click();
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    const cleared = decode(await page.screenshot());
    expect(changedFraction(traced, cleared)).toBeGreaterThan(0.002); // the trail changes the picture

    // Traced again, then the timeline goes back: what came after the playhead goes.
    await page.mouse.click((await page.evaluate((p) => window.__featherweight!.toScreen(p[0], p[1], p[2]), now)).x, (await page.evaluate((p) => window.__featherweight!.toScreen(p[0], p[1], p[2]), now)).y);
    await page.evaluate(async () => {
      const frame = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      for (let k = 0; k < 10; k++) {
        window.__featherweight!.advance(40);
        await frame();
      }
      window.__featherweight!.seekStep(window.__featherweight!.timeline().step - 200);
      await frame();
    });
    const [back] = await page.evaluate(() => window.__featherweight!.trails());
    expect(back.samples).toBeGreaterThan(0);
    expect(back.samples).toBeLessThan(10);
    await page.locator('#reset').click();
    expect(await page.evaluate(() => window.__featherweight!.trails())).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });
});
