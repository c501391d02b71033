// Plots to read: a scene that suggests several plots opens with two, stacked or side by side, more
// added and removed; a drag on one zooms its time axis (the other keeps its own), the wheel zooms,
// Reset shows the whole window again; the cursor reads out t and each series at that sample,
// in step across the plots; a table at a 0.1 s step holds the samples at t = 0, 0.1, 0.2 …
// and downloads as CSV with units in the header and the same numbers. The plot's own CSV holds
// every plot's samples side by side, its PNG every plot, one above the other.
import { writeFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { downloadText, frames, usePageHarness } from './harness';

const harness = usePageHarness();
const SECONDS = 3;

/** From the start, paused, `SECONDS` of the pendulum sampled at every 1 ms step in every plot. */
async function pendulumFromStart(page: Page): Promise<void> {
  await page.evaluate((seconds) => {
    const fw = window.__featherweight!;
    fw.pause();
    document.getElementById('reset')!.click();
    fw.advance(Math.round(seconds / fw.timestep())); // every step sampled, however few frames are drawn
  }, SECONDS);
  await page.waitForFunction(
    (seconds) => window.__featherweight!.plots().every((p) => p.times.length === Math.round(seconds / 0.001) + 1 && p.times[0] === 0),
    SECONDS,
    { timeout: 60_000 },
  );
  await frames(page, 2);
}

/** A number as the page writes it in English ("1,234.5" → 1234.5, "1.8E-14"). */
function parseShown(text: string): number {
  return Number(text.replace(/,/g, '').replace('−', '-'));
}

/** What the page shows for `value`: six significant digits, three in powers of ten. */
function expectShown(text: string, value: number): void {
  const digits = /E/.test(text) ? 3 : 6;
  expect(Math.abs(parseShown(text) - value)).toBeLessThanOrEqual(Math.abs(value) * 0.5 * 10 ** (1 - digits) + 1e-300);
}

async function drag(page: Page, over: Locator, from: number, to: number): Promise<void> {
  const box = (await over.boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width * from, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * ((from + to) / 2), y, { steps: 3 });
  await page.mouse.move(box.x + box.width * to, y, { steps: 3 });
  await page.mouse.up();
}

const xRanges = (page: Page) => page.evaluate(() => window.__featherweight!.plots().map((p) => p.xRange));

describe('plots to read', () => {
  it('opens two suggested plots, lays them out, adds and removes one, and zooms each on its own', async () => {
    const { page, problems } = await harness.open('?scene=pendulum');
    await pendulumFromStart(page);
    const plots = await page.evaluate(() => window.__featherweight!.plots());
    expect(plots.map((p) => p.series)).toEqual([['kinetic (J)', 'potential − start (J)', 'total (J)'], ['rod: q (rad)']]); // meta.plots: energy, rod q
    const cells = page.locator('#plot-list > .plot-cell');
    expect(await cells.count()).toBe(2);
    // Side by side: one row; stacked: one above the other.
    await page.locator('#plot-layout').selectOption('side');
    await frames(page, 2);
    let [a, b] = [await cells.nth(0).boundingBox(), await cells.nth(1).boundingBox()];
    expect(Math.abs(a!.y - b!.y)).toBeLessThan(2);
    expect(b!.x).toBeGreaterThanOrEqual(a!.x + a!.width);
    await page.locator('#plot-layout').selectOption('stacked');
    await frames(page, 2);
    [a, b] = [await cells.nth(0).boundingBox(), await cells.nth(1).boundingBox()];
    expect(b!.y).toBeGreaterThanOrEqual(a!.y + a!.height - 1);
    // A third plot, with its own history replayed from t = 0; then removed.
    await page.locator('#plot-add').click();
    await page.waitForFunction(() => {
      const third = window.__featherweight!.plots()[2];
      return third !== undefined && third.times.length === 3001 && third.times[0] === 0;
    }, null, { timeout: 60_000 });
    await cells.nth(2).locator('.plot-remove').click();
    expect(await page.evaluate(() => window.__featherweight!.plots().length)).toBe(2);

    // Zoom: a drag over the middle of the second plot shows that range; the first keeps its own.
    const whole = await xRanges(page);
    expect(whole[1]![0]).toBe(0);
    expect(whole[1]![1]).toBeCloseTo(SECONDS, 9);
    await drag(page, cells.nth(1).locator('.u-over'), 0.25, 0.5);
    await frames(page, 2);
    const zoomed = await xRanges(page);
    const span = zoomed[1]![1] - zoomed[1]![0];
    expect(span).toBeLessThan(0.3 * SECONDS);
    expect(span).toBeGreaterThan(0.2 * SECONDS);
    expect(zoomed[1]![0]).toBeCloseTo(0.25 * SECONDS, 1);
    expect(zoomed[0]).toEqual(whole[0]); // the other plot is unaffected
    // New samples keep the zoom (the data no longer resets the range).
    await page.evaluate(() => window.__featherweight!.advance(50));
    await frames(page, 2);
    expect((await xRanges(page))[1]).toEqual(zoomed[1]);
    const reset = cells.nth(1).locator('.plot-reset');
    expect(await reset.isVisible()).toBe(true);
    await reset.click();
    await frames(page, 2);
    const back = await xRanges(page);
    expect(back[1]![0]).toBe(0);
    expect(back[1]![1]).toBeCloseTo(SECONDS + 0.05, 9);
    expect(await reset.isVisible()).toBe(false);
    // The wheel zooms about the cursor.
    const over = (await cells.nth(0).locator('.u-over').boundingBox())!;
    await page.mouse.move(over.x + over.width / 2, over.y + over.height / 2);
    await page.mouse.wheel(0, -200);
    await frames(page, 2);
    const wheeled = (await xRanges(page))[0]!;
    expect(wheeled[1] - wheeled[0]).toBeLessThan(0.9 * (back[0]![1] - back[0]![0]));
    await page.locator('#plot-reset-zoom').click();
    expect(problems).toEqual([]);
    await page.close();
  }, 120_000);

  it('downloads every plot: their samples side by side as CSV, their pictures as one PNG', async () => {
    const { page, problems } = await harness.open('?scene=pendulum');
    await pendulumFromStart(page);
    const [csv] = await Promise.all([page.waitForEvent('download'), page.locator('#plot-csv').click()]);
    const lines = (await downloadText(csv)).trim().split('\n');
    expect(lines[0]).toBe('t (s),kinetic (J),potential − start (J),total (J),rod: q (rad)');
    expect(lines.length).toBe(Math.round(SECONDS / 0.001) + 2);
    const plots = await page.evaluate(() => window.__featherweight!.plots());
    const last = lines[lines.length - 1].split(',').map(Number);
    expect(last[0]).toBeCloseTo(SECONDS, 9);
    expect(last[4]).toBe(plots[1].values[0][plots[1].values[0].length - 1]); // the second plot's own sample
    const [png] = await Promise.all([page.waitForEvent('download'), page.locator('#plot-png').click()]);
    const stream = await png.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    writeFileSync('test-results/plots-downloaded.png', bytes); // to look at
    const heights = await page.evaluate(() => [...document.querySelectorAll<HTMLCanvasElement>('#plot-list > .plot-cell .uplot canvas')].map((c) => c.height));
    expect(heights.length).toBe(2);
    // The PNG (its IHDR chunk's height) holds both plots and a legend row under each, in which
    // each of that plot's series' colours is drawn: the picture says which curve is which.
    const height = bytes.readUInt32BE(20);
    expect(height).toBeGreaterThan(heights[0] + heights[1]);
    const legend = (height - heights[0] - heights[1]) / 2; // one row under each plot
    const colours = await page.evaluate(async ({ base64, bands }) => {
      const image = new Image();
      image.src = `data:image/png;base64,${base64}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const g = canvas.getContext('2d')!;
      g.drawImage(image, 0, 0);
      return bands.map(([from, to]) => {
        const { data } = g.getImageData(0, from, image.width, to - from);
        const found = new Set<string>();
        for (let i = 0; i < data.length; i += 4) found.add(`#${[data[i], data[i + 1], data[i + 2]].map((c) => c.toString(16).padStart(2, '0')).join('')}`);
        return [...found];
      });
    }, { base64: bytes.toString('base64'), bands: [[heights[0], heights[0] + legend], [height - legend, height]] });
    expect(colours[0]).toEqual(expect.arrayContaining(['#d9482b', '#2b6cd9'])); // kinetic, potential (and total in ink)
    expect(colours[1]).toContain('#d9482b'); // the rod's angle
    expect(colours[1]).not.toContain('#2b6cd9');
    expect(problems).toEqual([]);
    await page.close();
  }, 120_000);

  it('reads out t and each series at the cursor, in both plots, from the samples', async () => {
    const { page, problems } = await harness.open('?scene=pendulum');
    await pendulumFromStart(page);
    const cells = page.locator('#plot-list > .plot-cell');
    const over = (await cells.nth(1).locator('.u-over').boundingBox())!;
    await page.mouse.move(over.x + over.width * 0.37, over.y + over.height / 2);
    await frames(page, 2);
    const legend = (cell: number) => cells.nth(cell).locator('.u-legend .u-series');
    const readout = async (cell: number) => ({
      labels: await legend(cell).locator('.u-label').allTextContents(),
      texts: await legend(cell).locator('.u-value').allTextContents(),
      values: (await legend(cell).locator('.u-value').allTextContents()).map(parseShown),
    });
    const second = await readout(1), first = await readout(0);
    expect(second.labels).toEqual(['t (s)', 'rod: q (rad)']);
    const [t, q] = second.values;
    expect(t).toBeGreaterThan(0.3 * SECONDS);
    expect(t).toBeLessThan(0.45 * SECONDS);
    const { times, values } = await page.evaluate(() => window.__featherweight!.plots()[1]);
    const i = times.findIndex((time) => Math.abs(time - t) < 5e-7);
    expect(i).toBeGreaterThan(0); // the read-out time is a sample's
    expect(q).not.toBe(0);
    expectShown(second.texts[1], values[0][i]);
    // The first plot's cursor follows: the same moment, its energies there.
    expect(first.labels).toEqual(['t (s)', 'kinetic (J)', 'potential − start (J)', 'total (J)']);
    expect(first.values[0]).toBe(t);
    const energy = await page.evaluate(() => window.__featherweight!.plots()[0].values);
    first.texts.slice(1).forEach((text, k) => expectShown(text, energy[k][i]));
    expect(problems).toEqual([]);
    await page.close();
  }, 120_000);

  it('tables the plotted quantities at a 0.1 s step and downloads them as CSV with units', async () => {
    const { page, problems } = await harness.open('?scene=pendulum');
    await pendulumFromStart(page);
    await page.locator('#plot-table-toggle').click();
    const table = page.locator('#plot-table table');
    await table.locator('tbody tr').first().waitFor();
    const read = () => table.evaluate((t: HTMLTableElement) => ({
      header: Array.from(t.tHead!.rows[0].cells, (cell) => cell.textContent),
      rows: Array.from(t.tBodies[0].rows, (row) => Array.from(row.cells, (cell) => Number((cell as HTMLElement).dataset.value))),
      shown: Array.from(t.tBodies[0].rows[1].cells, (cell) => cell.textContent),
    }));
    const shown = await read();
    const header = ['t (s)', 'kinetic (J)', 'potential − start (J)', 'total (J)', 'rod: q (rad)'];
    expect(shown.header).toEqual(header);
    expect(shown.rows.map((row) => row[0])).toEqual(Array.from({ length: 31 }, (_, k) => Number((k * 0.1).toFixed(9))));
    const plots = await page.evaluate(() => window.__featherweight!.plots());
    for (const row of shown.rows) {
      const k = Math.round(row[0] / 0.001); // 1 ms sampling: every 0.1 s is a sample
      expect(plots[0].times[k]).toBeCloseTo(row[0], 9);
      expect(row.slice(1)).toEqual([plots[0].values[0][k], plots[0].values[1][k], plots[0].values[2][k], plots[1].values[0][k]]);
    }
    expect(shown.shown[0]).toBe('0.1');
    expectShown(shown.shown[4], plots[1].values[0][100]);
    // CSV: units in the header, '.' decimals, the same numbers.
    const [csv] = await Promise.all([page.waitForEvent('download'), page.locator('#plot-table-csv').click()]);
    const lines = (await downloadText(csv)).trim().split('\n');
    expect(lines[0]).toBe(header.join(','));
    expect(lines.slice(1).map((line) => line.split(',').map(Number))).toEqual(shown.rows);
    // Another step: 0.25 s.
    await page.locator('#plot-table-step').fill('0.25');
    await page.locator('#plot-table-step').dispatchEvent('change');
    const quarter = await read();
    expect(quarter.rows.map((row) => row[0])).toEqual(Array.from({ length: 13 }, (_, k) => k * 0.25));
    expect(quarter.rows[5][4]).toBe(plots[1].values[0][1250]);
    expect(problems).toEqual([]);
    await page.close();
  }, 120_000);
});
