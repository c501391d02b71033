// The deployed page, opened in headless Chromium: it loads without a console error, draws the
// rod where the engine has it, the pendulum swings, and pause + step advance by exactly one dt.
import { describe, expect, it } from 'vitest';
import { downloadText, frames, runFor, simTime, snapshot, usePageHarness } from './harness';

const harness = usePageHarness();

describe('the page', () => {
  it('loads the pendulum with no console errors, draws it where the engine has it, and it swings', async () => {
    const { page, problems } = await harness.open();
    expect(await page.locator('#scene-title').textContent()).toBe('Simple pendulum');
    // What the frame drew: the rod's object at the engine's pose, its mesh on the canvas.
    const drawn = () => page.evaluate(async () => {
      const fw = window.__featherweight!;
      fw.pause();
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      const body = fw.drawnBody(0)!;
      const corners = [0, 1, 2, 3, 4, 5, 6, 7].map((i) => fw.toScreen(i & 1 ? body.box.max[0] : body.box.min[0], i & 2 ? body.box.max[1] : body.box.min[1], i & 4 ? body.box.max[2] : body.box.min[2]));
      document.getElementById('play')!.click();
      return { pose: fw.bodyPose(0), body, corners, frame: fw.drawnLastFrame() };
    });
    const first = await drawn();
    await snapshot(page, 'test-results/pendulum-1.png', '#view');
    await runFor(page, 0.3);
    const second = await drawn();
    await snapshot(page, 'test-results/pendulum-2.png', '#view');
    // A third look 0.3 s on: two looks can straddle a turning point and find the rod where it was.
    await runFor(page, 0.3);
    const third = await drawn();
    for (const { pose, body, corners, frame } of [first, second, third]) {
      for (let k = 0; k < 7; k++) expect(body.pose[k]).toBeCloseTo(pose[k], 6);
      for (const c of corners) {
        expect(c.x).toBeGreaterThan(0);
        expect(c.x).toBeLessThan(1280);
        expect(c.y).toBeGreaterThan(0);
        expect(c.y).toBeLessThan(720);
      }
      expect(frame.calls).toBeGreaterThan(0);
      expect(frame.triangles).toBeGreaterThan(100);
    }
    // The rod turns about its pivot: the pivot stays put, its orientation changed, and the drawn bob moved.
    for (const later of [second, third]) expect(later.pose[2]).toBeCloseTo(1.5, 5);
    const turned = Math.max(...[second, third].map((later) => Math.abs(later.pose[4] - first.pose[4])));
    expect(turned).toBeGreaterThan(0.01);
    const moved = (later: typeof first) => Math.abs(later.body.box.min[0] - first.body.box.min[0]) + Math.abs(later.body.box.max[0] - first.body.box.max[0]);
    expect(Math.max(moved(second), moved(third))).toBeGreaterThan(0.01);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('pause then step advances time by exactly one timestep', async () => {
    const { page, problems } = await harness.open();
    await page.keyboard.press(' ');
    const t0 = await simTime(page);
    await frames(page, 5);
    expect(await simTime(page)).toBe(t0); // paused: five frames and not a step
    await page.locator('#step').click();
    const t1 = await page.evaluate(() => window.__featherweight!.time());
    const dt = await page.evaluate(() => window.__featherweight!.timestep());
    expect(t1 - t0).toBeCloseTo(dt, 12);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('drags the bob with the mouse: it follows the pointer, and is free again on release', async () => {
    const { page, problems } = await harness.open();
    // The bob sits 1 m from the pivot along the rod's −z axis: rotate (0, 0, −1) by the pose.
    const bob = () =>
      page.evaluate(() => {
        const [x, y, z, ux, uy, uz, w] = window.__featherweight!.bodyPose(0);
        // v' = v + w t + u × t with t = 2 u × v, v = (0, 0, −1): t = (−2uy, 2ux, 0).
        const t = [-2 * uy, 2 * ux, 0];
        const v = [w * t[0] + (uy * t[2] - uz * t[1]), w * t[1] + (uz * t[0] - ux * t[2]), -1 + w * t[2] + (ux * t[1] - uy * t[0])];
        return [x + v[0], y + v[1], z + v[2]];
      });
    await page.keyboard.press(' '); // pause to aim
    const start = await bob();
    const screen = await page.evaluate((p) => window.__featherweight!.toScreen(p[0], p[1], p[2]), start);
    await page.mouse.move(screen.x, screen.y);
    await page.mouse.down();
    await page.keyboard.press(' '); // run while holding the bob
    for (let i = 1; i <= 10; i++) await page.mouse.move(screen.x - 10 * i, screen.y); // 100 px to the left
    await runFor(page, 1.5); // held for a second and a half of simulated time
    expect(await page.locator('.drag-label').isVisible()).toBe(true);
    expect(await page.locator('.drag-label').textContent()).toMatch(/^\d+\.\d N$/);
    const held = await bob();
    expect(held[0]).toBeLessThan(start[0] - 0.1); // screen left is world −x from this camera
    await page.mouse.up();
    expect(await page.locator('.drag-label').isVisible()).toBe(false);
    await snapshot(page, 'test-results/pendulum-drag.png');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('plots the energy live and exports what it plots as CSV', async () => {
    const { page, problems } = await harness.open();
    await page.waitForFunction(() => window.__featherweight!.plotSamples() > 10, null, { timeout: 30_000 });
    expect(await page.locator('#plot-picker').inputValue()).toBe('0');
    expect(await page.locator('#plot-picker option').first().textContent()).toBe('Energy (J)');
    expect(await page.locator('#plot canvas').count()).toBeGreaterThan(0);
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#plot-csv').click()]);
    const text = (await downloadText(download)).trim().split('\n');
    expect(text[0]).toBe('t (s),kinetic (J),potential − start (J),total (J),rod: q (rad)'); // and the second plot's
    expect(text.length).toBeGreaterThan(10);
    const [, kinetic, potential, total] = text[text.length - 1].split(',').map(Number);
    expect(kinetic + potential).toBeCloseTo(total, 9);
    expect(total).toBeCloseTo(0, 3); // released from rest: potential energy counts from the start
    expect(problems).toEqual([]);
    await page.close();
  });
});
