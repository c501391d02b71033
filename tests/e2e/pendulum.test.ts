// The deployed page, opened in headless Chromium: it loads without a console error, draws
// something, the pendulum visibly swings, and pause + step advance by exactly one dt.
import { describe, expect, it } from 'vitest';
import { usePageHarness } from './harness';
import { changedFraction, decode, luminanceSpread } from './pixels';

const harness = usePageHarness();

describe('the page', () => {
  it('loads the pendulum with no console errors, draws it, and it swings', async () => {
    const { page, problems } = await harness.open();
    expect(await page.locator('#scene-title').textContent()).toBe('Simple pendulum');
    const canvas = page.locator('#view');
    const first = await canvas.screenshot({ path: 'test-results/pendulum-1.png' });
    const pose0 = await page.evaluate(() => window.__featherweight!.bodyPose(0));
    await page.waitForTimeout(500);
    const second = await canvas.screenshot({ path: 'test-results/pendulum-2.png' });
    const a = decode(first);
    const b = decode(second);
    expect(luminanceSpread(a)).toBeGreaterThan(5); // not a blank canvas
    expect(changedFraction(a, b)).toBeGreaterThan(0.0005); // the picture moved
    // And the body itself: the rod turns about its pivot, so its orientation changed.
    const pose1 = await page.evaluate(() => window.__featherweight!.bodyPose(0));
    expect(pose1[2]).toBeCloseTo(1.5, 5); // the pivot stays put
    expect(Math.abs(pose1[4] - pose0[4])).toBeGreaterThan(0.01);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('pause then step advances time by exactly one timestep', async () => {
    const { page, problems } = await harness.open();
    await page.keyboard.press(' ');
    const t0 = await page.evaluate(() => window.__featherweight!.time());
    await page.waitForTimeout(200);
    expect(await page.evaluate(() => window.__featherweight!.time())).toBe(t0); // paused
    await page.locator('#step').click();
    const t1 = await page.evaluate(() => window.__featherweight!.time());
    const dt = await page.evaluate(() => window.__featherweight!.timestep());
    expect(t1 - t0).toBeCloseTo(dt, 12);
    expect(problems).toEqual([]);
    await page.close();
  });
});
