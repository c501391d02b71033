// Springs and strings in build mode (web/src/builder/build_parts*.ts) and in the view
// (web/src/parts): a pendulum built by mouse from a ball and a string tied to a point in the air,
// drawn along the string, undone and redone; run, its period read with a photogate at the bottom
// and a period stopwatch added in the instruments panel, against T = 2π√(L/g) with the
// finite-amplitude correction (T₀ / AGM(1, cos θ₀/2)), within one time step. And a template's
// spring drawn as a coil between its ends as the mass moves.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { advance, frames, pendulumPeriod, snapshot, usePageHarness } from './harness';
import { addGateAndPeriodStopwatch } from './instruments_panel';

const harness = usePageHarness();
type V3 = [number, number, number];
const G = 9.81;

const state = (page: Page) => page.evaluate(() => window.__featherweight!.build()!);

async function openBuild(page: Page): Promise<void> {
  await page.waitForFunction(() => window.__featherweight !== undefined && document.getElementById('loading')!.hidden);
  await page.click('#build-open');
  const hadParts = ((await state(page)).doc?.parts.length ?? 0) > 0;
  await page.click('#build-bar [data-build="new"]');
  if (hadParts) await page.locator('dialog.build-dialog button', { hasText: 'Discard' }).click();
  expect((await state(page)).doc?.parts).toEqual([]);
}

async function clickAt(page: Page, point: V3): Promise<void> {
  const p = await page.evaluate(([x, y, z]) => window.__featherweight!.toScreen(x, y, z), point);
  await page.mouse.click(p.x, p.y);
}

async function tool(page: Page, name: string): Promise<void> {
  await page.click(`#build-bar [data-build="${name}"]`);
}

/** Types a value into the properties panel: `folder` is a folder's title (its start), `label` the row's name. */
async function setProperty(page: Page, folder: string | RegExp, label: string, value: string): Promise<void> {
  const box = page.locator('#build-props .lil-gui').filter({ has: page.locator(':scope > .lil-title', { hasText: folder }) }).last();
  const row = box.locator('.lil-controller').filter({ has: page.locator('.lil-name', { hasText: new RegExp(`^${label.replace(/[()]/g, '\\$&')}$`) }) }).first();
  const input = row.locator('input').last();
  await input.fill(value);
  await input.press('Enter');
}


describe('springs and strings in build mode', () => {
  it('builds a pendulum from a ball and a string by mouse; the stopwatch reads its period 2π√(L/g) (finite-amplitude corrected) within a step', async () => {
    const { page, problems } = await harness.open('?scene=pendulum', 0);
    await openBuild(page);
    await page.evaluate(() => window.__featherweight!.setView('front')); // looking along +y: the swing plane is the screen's
    await tool(page, 'place-sphere');
    await clickAt(page, [0, 0, 0]);
    let s = await state(page);
    const ball = s.doc!.parts[0];
    expect(ball.shape).toBe('sphere');
    // The bob 1 m below and 0.15 m beside where the string will be tied.
    await setProperty(page, 'position', 'x', '0.15');
    await setProperty(page, 'position', 'z', '1.2');
    await tool(page, 'connect-string');
    await clickAt(page, [0, 0, 2.2]); // empty space: a point of the world
    expect((await state(page)).jointPick.a).toBe(-1);
    await clickAt(page, [0.15, 0, 1.2]); // the ball: tied at its centre
    s = await state(page);
    const string = s.doc!.connectors![0];
    expect(string).toMatchObject({ kind: 'string', a: -1, b: ball.id, pointB: [0.15, expect.closeTo(0, 9), 1.2] });
    const [px, py, pz] = string.pointA;
    expect(Math.abs(px)).toBeLessThan(0.02);
    expect(Math.abs(pz - 2.2)).toBeLessThan(0.02);
    const L = Math.hypot(0.15 - px, py - string.pointB[1], 1.2 - pz);
    expect(string.kind === 'string' && string.length).toBeCloseTo(L, 6); // as long as its ends are apart: taut
    expect(s.selection.connectors).toEqual([string.id]);
    // The scene has it, tied to the world and the ball's centre; the view draws it from end to end.
    const scene = JSON.parse(await page.evaluate(() => window.__featherweight!.sceneText())) as { strings: { a: string; b: string; pointB: V3; length: number }[] };
    expect(scene.strings).toEqual([{ name: 'string1', a: 'world', b: ball.name, pointA: string.pointA, pointB: [0, 0, 0], length: string.kind === 'string' ? string.length : 0 }]);
    await frames(page, 2);
    const drawn = await page.evaluate(() => window.__featherweight!.connectors());
    expect(drawn.strings).toHaveLength(1);
    drawn.strings[0].points.forEach((p, k) => [string.pointA, [0.15, 0, 1.2]][k].forEach((x, i) => expect(p[i]).toBeCloseTo(x, 4)));
    // Undo takes the string away (and its drawing), redo brings it back.
    await page.click('#build-bar [data-build="undo"]');
    expect((await state(page)).doc!.connectors ?? []).toEqual([]);
    await frames(page, 2);
    expect((await page.evaluate(() => window.__featherweight!.connectors())).strings).toHaveLength(0);
    await page.click('#build-bar [data-build="redo"]');
    expect((await state(page)).doc!.connectors).toEqual([string]);
    await snapshot(page, 'test-results/build-parts-string.png');

    // Run it; a photogate at the bottom of the swing and a period stopwatch, from the instruments panel.
    await page.click('#play');
    await addGateAndPeriodStopwatch(page, [px, py, pz - L], 'x', 0.2);
    const dt = await page.evaluate(() => window.__featherweight!.timestep());
    await advance(page, Math.round(12 / dt));
    const { stopwatches } = await page.evaluate(() => window.__featherweight!.instruments());
    const laps = stopwatches[0].laps;
    expect(laps.length).toBeGreaterThanOrEqual(4);
    const theta0 = Math.atan2(0.15 - px, pz - 1.2);
    const T0 = 2 * Math.PI * Math.sqrt(L / G), T = pendulumPeriod(L, G, theta0);
    expect(T / T0 - 1).toBeGreaterThan(1e-3); // the correction is more than the tolerance: the test can tell
    for (const lap of laps) expect(Math.abs(lap - T)).toBeLessThan(dt);
    // The panel shows the reading.
    expect(await page.locator('#instruments .stopwatch-laps').textContent()).toContain(laps[0].toFixed(3));
    expect(problems).toEqual([]);
  });

  it("draws a template's spring as a coil from its tie to the mass, following the mass as it bounces", async () => {
    const { page, problems } = await harness.open('?scene=pendulum', 0);
    await openBuild(page);
    await page.click('#build-bar [data-build="templates"]');
    const dialog = page.locator('dialog.build-dialog');
    await dialog.locator('select').selectOption('spring-vertical');
    await dialog.locator('input[type="number"]').fill('0.2');
    await dialog.locator('button', { hasText: 'Add' }).click();
    const s = await state(page);
    const spring = s.doc!.connectors![0];
    expect(spring.kind).toBe('spring');
    await frames(page, 2);
    let drawn = (await page.evaluate(() => window.__featherweight!.connectors())).springs;
    expect(drawn).toHaveLength(1);
    drawn[0].from.forEach((x, i) => expect(x).toBeCloseTo(spring.pointA[i], 4));
    drawn[0].to.forEach((x, i) => expect(x).toBeCloseTo(spring.pointB[i], 4));
    // Select it by clicking its coil, and stiffen it in the panel: one edit, undone by Undo.
    await tool(page, 'select');
    await clickAt(page, spring.pointA.map((x, i) => x + 0.4 * (spring.pointB[i] - x)) as V3);
    expect((await state(page)).selection.connectors).toEqual([spring.id]);
    await setProperty(page, 'Spring', 'stiffness k (N/m)', '400');
    const stiffness = () => page.evaluate(() => (JSON.parse(window.__featherweight!.sceneText()) as { springs: { stiffness: number }[] }).springs[0].stiffness);
    expect(await stiffness()).toBe(400);
    await page.click('#build-bar [data-build="undo"]');
    expect(await stiffness()).toBe(spring.stiffness);
    await page.click('#build-bar [data-build="redo"]');
    expect(await stiffness()).toBe(400);
    await snapshot(page, 'test-results/build-parts-spring-build.png');
    // Running: the coil's lower end is the ball's top, wherever the ball is.
    await page.click('#play');
    await page.evaluate(() => {
      window.__featherweight!.pause();
      window.__featherweight!.seekStep(0); // from the start: where the swing is, is known
    });
    await advance(page, 20); // a quarter period at k = 400 N/m, m = 1 kg, h = 1/240 s: near the far end of its swing
    const names = await page.evaluate(() => window.__featherweight!.bodyNames());
    const ball = await page.evaluate((i) => window.__featherweight!.bodyPose(i), names.indexOf(s.doc!.parts[0].name));
    drawn = (await page.evaluate(() => window.__featherweight!.connectors())).springs;
    const radius = s.doc!.parts[0].size[0];
    expect(drawn[0].to[2]).toBeCloseTo(ball[2] + radius, 3);
    expect(Math.abs(drawn[0].to[2] - spring.pointB[2])).toBeGreaterThan(0.05); // it moved
    drawn[0].from.forEach((x, i) => expect(x).toBeCloseTo(spring.pointA[i], 4)); // the top stays
    await snapshot(page, 'test-results/build-parts-spring-run.png');
    expect(problems).toEqual([]);
  });
});
