// Plots against any variable: the pendulum's q̇ against its q is a closed curve (a phase
// portrait), exported as CSV (t, q, q̇) and as a PNG picture. Samples are taken at every
// sampling step, not once a frame: evenly spaced times whatever the frames did; the history
// survives choosing another quantity while paused, a branch and a link opened paused; the chart
// labels its series and axes with units, one axis per unit, potential energy from the start.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { downloadText, frames, runFor, snapshot, usePageHarness } from './harness';
import { control, openFolder } from './gui';

const harness = usePageHarness();

async function csvRows(page: Page): Promise<string[]> {
  const [csv] = await Promise.all([page.waitForEvent('download'), page.locator('#plot-csv').click()]);
  return (await downloadText(csv)).trim().split('\n');
}

/** Each value axis drew at least two different tick labels, each as wide as its room allows. */
async function expectTicksFit(page: Page): Promise<void> {
  const { ticks, widths } = await page.evaluate(() => {
    const { ticks } = window.__featherweight!.plot();
    const g = document.createElement('canvas').getContext('2d')!;
    g.font = '11px system-ui, sans-serif';
    return { ticks, widths: ticks.map((axis) => Math.max(...axis.labels.map((label) => g.measureText(label).width))) };
  });
  ticks.slice(1).forEach((axis, i) => {
    expect(axis.labels.length).toBeGreaterThanOrEqual(2);
    expect(new Set(axis.labels).size).toBe(axis.labels.length); // not "0, 0, 0"
    expect(axis.width).toBeGreaterThanOrEqual(widths[i + 1]);
  });
}

async function play(page: Page): Promise<void> {
  if (await page.evaluate(() => window.__featherweight!.paused())) await page.locator('#play').click();
}

/** Waits until the plot holds every sample from `from` to `to` (at every step). */
async function waitForHistory(page: Page, from: number, to: number): Promise<void> {
  await page.waitForFunction(
    ([a, b]) => {
      const { times } = window.__featherweight!.plot();
      return times.length > 0 && Math.abs(times[0] - a) < 1e-9 && Math.abs(times[times.length - 1] - b) < 1e-9;
    },
    [from, to],
    { timeout: 60_000 },
  );
  const times = await page.evaluate(() => window.__featherweight!.plot().times);
  const step = times[1] - times[0];
  for (let i = 1; i < times.length; i++) expect(Math.abs(times[i] - times[i - 1] - step)).toBeLessThan(1e-9);
}

describe('plots', () => {
  it("draws the pendulum's phase portrait as a closed curve and exports it as CSV and PNG", async () => {
    const { page, problems } = await harness.open();
    await page.locator('#plot-picker').selectOption({ label: 'pendulum/rod q̇ (rad/s)' });
    await page.locator('#plot-x').selectOption({ label: 'against rod: q (rad)' });
    await page.evaluate(async () => {
      const fw = window.__featherweight!;
      document.getElementById('reset')!.click();
      const frame = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      while (fw.time() < 2.6) {
        fw.advance(48);
        await frame();
      }
    });
    expect(await page.locator('#plot .xy-plot').isVisible()).toBe(true);
    const [csv] = await Promise.all([page.waitForEvent('download'), page.locator('#plot-csv').click()]);
    const rows = (await downloadText(csv)).trim().split('\n');
    expect(rows[0]).toBe('t (s),rod: q (rad),rod: q̇ (rad/s)');
    const points = rows.slice(1).map((row) => row.split(',').map(Number));
    expect(points[0][0]).toBe(0);
    expect(points.length).toBe(Math.round(points[points.length - 1][0] / 0.001) + 1); // every step of 1 ms, none missed
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
  it('samples at every sampling step: evenly spaced CSV times with units, potential energy from the start', async () => {
    const { page, problems } = await harness.open();
    await page.evaluate(() => document.getElementById('reset')!.click());
    await play(page);
    await runFor(page, 1.2, 0);
    await page.evaluate(() => window.__featherweight!.pause());
    const rows = await csvRows(page);
    expect(rows[0]).toBe('t (s),kinetic (J),potential − start (J),total (J),rod: q (rad)'); // the second plot's beside
    const table = rows.slice(1).map((row) => row.split(',').map(Number));
    expect(table[0].slice(0, 4)).toEqual([0, 0, 0, 0]); // released from rest: the potential energy's zero is the start
    const t = table.map((r) => r[0]);
    for (let i = 1; i < t.length; i++) expect(Math.abs(t[i] - t[i - 1] - 0.001)).toBeLessThan(1e-9); // however the frames fell
    expect(t[t.length - 1]).toBeCloseTo(await page.evaluate(() => window.__featherweight!.time()), 9);
    // Energy is conserved: the total stays at the start's 0 while the swing trades kinetic for potential.
    expect(Math.max(...table.map((r) => Math.abs(r[3])))).toBeLessThan(1e-3);
    expect(Math.min(...table.map((r) => r[2]))).toBeLessThan(-1);
    await frames(page, 2);
    await snapshot(page, 'test-results/plot-pendulum-energy.png', '#plot-panel');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('keeps the whole history when the quantity changes while paused, after a branch, in a link opened paused and back past the window', async () => {
    const { page, problems } = await harness.open();
    await page.evaluate(() => {
      const fw = window.__featherweight!;
      document.getElementById('reset')!.click();
      fw.advance(1000); // 1 s, paused
    });
    // Another quantity while paused: its history from t = 0 is replayed from the timeline.
    await page.locator('#plot-picker').selectOption({ label: 'pendulum/rod q (rad)' });
    await waitForHistory(page, 0, 1);
    const q = await page.evaluate(() => window.__featherweight!.plot());
    expect(q.series).toEqual(['rod: q (rad)']);
    expect(q.values[0][0]).toBeCloseTo(1, 12); // released at 1 rad
    expect(q.values[0][q.values[0].length - 1]).toBe(await page.evaluate(() => window.__featherweight!.q()[0])); // bitwise the world's
    // Back to 0.2 s, a gravity edit there branches: the plot keeps 0–0.2 s and goes on from there.
    await page.evaluate(() => window.__featherweight!.seekStep(200));
    await openFolder(page, 'World');
    const gravity = control(page, 'gravity z').locator('input').first();
    await gravity.fill('-5');
    await gravity.press('Enter');
    await page.evaluate(() => window.__featherweight!.advance(100));
    await waitForHistory(page, 0, 0.3);
    const branched = await page.evaluate(() => window.__featherweight!.plot());
    expect(branched.times.length).toBe(301);
    // A link opened paused at 0.9 s shows everything from t = 0, not the frames that reached it.
    const link = await page.evaluate(() => {
      window.__featherweight!.advance(600);
      return window.__featherweight!.shareLink();
    });
    await page.goto(link);
    await page.waitForFunction(() => window.__featherweight?.paused() && Math.abs(window.__featherweight.time() - 0.9) < 1e-9, null, { timeout: 60_000 });
    await waitForHistory(page, 0, 0.9);
    // 25 s on, then back to 2 s: the 20 s window no longer holds that moment's past; it is replayed.
    await page.evaluate(() => window.__featherweight!.advance(24100));
    await page.waitForFunction(() => window.__featherweight!.plot().times[0] > 4.9, null, { timeout: 60_000 }); // the window moved on
    await page.evaluate(() => window.__featherweight!.seekStep(2000));
    await waitForHistory(page, 0, 2);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('labels series and axes with units, one axis per unit, and ticks that fit', async () => {
    const { page, problems } = await harness.open('?scene=spinning-slider.json');
    await page.evaluate(() => window.__featherweight!.pause());
    await page.locator('#plot-picker').selectOption({ label: 'Momentum (angular N·m·s, linear kg·m/s)' });
    await frames(page, 2);
    const momentum = await page.evaluate(() => window.__featherweight!.plot());
    expect(momentum.series).toEqual(['Lx (N·m·s)', 'Ly (N·m·s)', 'Lz (N·m·s)', 'px (kg·m/s)', 'py (kg·m/s)', 'pz (kg·m/s)']);
    expect(momentum.axes).toEqual(['t (s)', 'L (N·m·s)', 'p (kg·m/s)']);
    expect(new Set(momentum.scales.slice(0, 3)).size).toBe(1);
    expect(new Set(momentum.scales.slice(3)).size).toBe(1);
    expect(momentum.scales[3]).not.toBe(momentum.scales[0]); // kg·m/s never shares N·m·s's axis
    expect(momentum.axisScales.slice(1)).toEqual([momentum.scales[0], momentum.scales[3]]); // each unit's own axis
    // What uPlot draws: the legend names the series with units, the axes carry their unit.
    expect(await page.locator('#plot .u-legend .u-series .u-label').allTextContents()).toEqual(expect.arrayContaining(['Lx (N·m·s)', 'pz (kg·m/s)']));
    await snapshot(page, 'test-results/plot-momentum.png', '#plot-panel');
    await expectTicksFit(page);
    await page.locator('#plot-picker').selectOption({ label: 'spinner/slider q (m)' });
    await waitForHistory(page, 0, await page.evaluate(() => window.__featherweight!.time()));
    expect((await page.evaluate(() => window.__featherweight!.plot())).series).toEqual(['slider: q (m)']);
    await page.locator('#plot-picker').selectOption({ label: 'Energy (J)' });
    await play(page);
    await runFor(page, 0.5);
    await page.evaluate(() => window.__featherweight!.pause());
    await frames(page, 2);
    await snapshot(page, 'test-results/plot-energy.png', '#plot-panel');
    await expectTicksFit(page);
    await snapshot(page, 'test-results/plot-page.png');
    expect(problems).toEqual([]);
    await page.close();
  });

  it("starts afresh with another scene: nothing of the previous scene's plot stays", async () => {
    const { page, problems } = await harness.open('?scene=pendulum', 1); // a second of the pendulum plotted
    expect((await page.evaluate(() => window.__featherweight!.plot())).times.length).toBeGreaterThan(500);
    await page.locator('#scene-picker').selectOption('sliding-to-rolling.json');
    await page.waitForFunction(() => window.__featherweight!.bodyCount() === 4 && window.__featherweight!.time() === 0);
    await frames(page, 2);
    const plot = await page.evaluate(() => window.__featherweight!.plot());
    expect(plot.times).toEqual([0]); // the new scene's start, paused at its question
    const [kinetic, potential, total] = plot.values.map((series) => series[0]);
    expect(kinetic).toBeGreaterThan(1); // its own energies: three balls launched at 3 m/s (the pendulum's at most 4.5 J)
    expect([potential, total]).toEqual([0, kinetic]);
    expect(problems).toEqual([]);
    await page.close();
  });
});
