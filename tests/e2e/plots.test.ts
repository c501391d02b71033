// Plots against any variable: the pendulum's q̇ against its q is a closed curve (a phase
// portrait), exported as CSV (t, q, q̇) and as a PNG picture.
import { describe, expect, it } from 'vitest';
import { downloadText, snapshot, usePageHarness } from './harness';

const harness = usePageHarness();

describe('plots', () => {
  it("draws the pendulum's phase portrait as a closed curve and exports it as CSV and PNG", async () => {
    const { page, problems } = await harness.open();
    await page.locator('#plot-picker').selectOption({ label: 'pendulum/rod q̇' });
    await page.locator('#plot-x').selectOption({ label: 'against pendulum/rod.q' });
    await page.evaluate(async () => {
      const fw = window.__featherweight!;
      document.getElementById('reset')!.click();
      const frame = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      while (fw.time() < 2.6) {
        fw.advance(48); // a sample per frame: one every 48 ms of simulated time
        await frame();
      }
    });
    expect(await page.locator('#plot .xy-plot').isVisible()).toBe(true);
    const [csv] = await Promise.all([page.waitForEvent('download'), page.locator('#plot-csv').click()]);
    const rows = (await downloadText(csv)).trim().split('\n');
    expect(rows[0]).toBe('t,pendulum/rod.q,pendulum/rod.qd');
    const points = rows.slice(1).map((row) => row.split(',').map(Number));
    expect(points.length).toBeGreaterThan(45);
    await snapshot(page, 'test-results/phase-portrait.png', '#plot-panel');
    const [t0, q0, v0] = points[0];
    const qs = points.map((p) => p[1]), vs = points.map((p) => p[2]);
    const width = Math.max(...qs) - Math.min(...qs), height = Math.max(...vs) - Math.min(...vs);
    expect(width).toBeGreaterThan(1.8); // ±1 rad
    expect(height).toBeGreaterThan(4); // ±2.5 rad/s
    // After one period (2.14 s) the curve comes back to where it began: it closes.
    const later = points.filter((p) => p[0] > t0 + 1.5);
    const gap = Math.min(...later.map((p) => Math.hypot((p[1] - q0) / width, (p[2] - v0) / height)));
    expect(gap).toBeLessThan(0.05);
    const [png] = await Promise.all([page.waitForEvent('download'), page.locator('#plot-png').click()]);
    expect(png.suggestedFilename()).toBe('featherweight-plot.png');
    expect(problems).toEqual([]);
    await page.close();
  });
});
