// Lab instruments in the page: a photogate added in the panel at the bottom of the default
// pendulum's swing, and a period stopwatch on it, read from the panel against the exact
// large-amplitude period T = 2π√(L/g) / AGM(1, cos(θ₀/2)) (the bob first passes the bottom at
// T/4); readings follow the timeline back; body names shown by their toggle; and "reset
// sliders" restores a moved slider to the scene's value.
import { describe, expect, it } from 'vitest';
import { control, openFolder } from './gui';
import { advance, frames, pendulumPeriod, snapshot, usePageHarness, PHONE } from './harness';
import { addGateAndPeriodStopwatch } from './instruments_panel';

const harness = usePageHarness();
const g = 9.81, L = 1, theta0 = 1; // pendulum.json: a point bob 1 m below the pivot at z = 1.5, released at 1 rad

const period = pendulumPeriod(L, g, theta0);

describe('instruments', () => {
  it('times the pendulum through a photogate added in the panel, and reads its period with a stopwatch', async () => {
    const { page, problems } = await harness.open();
    await addGateAndPeriodStopwatch(page, [0, 0, 0.5], 'x', 0.1); // below the pivot, at the bob's lowest point

    await advance(page, 5000); // 5 s at dt = 1 ms
    const dt = await page.evaluate(() => window.__featherweight!.timestep());
    // The panel's latest passages, newest first: "t = 0.xxx s · v⊥ = … m/s · |v| = … m/s".
    const texts = await page.locator('#instruments li.gate ol.passages li').allTextContents();
    expect(texts.length).toBeGreaterThan(0);
    const { gates, stopwatches } = await page.evaluate(() => window.__featherweight!.instruments());
    const passages = gates[0].passages;
    // One passage every half period: the first at T/4, within a step.
    expect(passages.length).toBe(Math.floor((5 - period / 4) / (period / 2)) + 1);
    passages.forEach((p, k) => expect(Math.abs(p.time - (period / 4 + (k * period) / 2))).toBeLessThan(dt));
    // Its speed at the bottom is √(2gL(1 − cos θ₀)), the normal component along ±x.
    const vBottom = Math.sqrt(2 * g * L * (1 - Math.cos(theta0)));
    for (const p of passages) expect(Math.abs(p.speed - vBottom)).toBeLessThan(1e-2);
    expect(Math.sign(passages[0].normalSpeed)).toBe(-Math.sign(passages[1].normalSpeed));
    // What the panel says is what was recorded (three decimals).
    const newest = passages[passages.length - 1];
    expect(texts[0]).toContain(`t = ${newest.time.toFixed(3)} s`);
    expect(texts[0]).toContain(`|v| = ${newest.speed.toFixed(3)} m/s`);
    expect(newest.body).toBe('pendulum/rod');
    // The stopwatch: start at the first passage, stop at every second one after: the periods.
    expect(stopwatches[0].laps.length).toBe(Math.floor((passages.length - 1) / 2));
    for (const lap of stopwatches[0].laps) expect(Math.abs(lap - period)).toBeLessThan(dt);
    const shown = await page.locator('#instruments .stopwatch-laps').textContent();
    expect(shown).toContain(stopwatches[0].laps[0].toFixed(3));

    // Back on the timeline: only what had happened by then.
    await page.evaluate((step) => window.__featherweight!.seekStep(step), Math.round(1.2 / dt));
    await frames(page, 2);
    const earlier = await page.evaluate(() => window.__featherweight!.instruments());
    expect(earlier.gates[0].passages.map((p) => p.time)).toEqual(passages.filter((p) => p.time <= 1.2).map((p) => p.time));
    expect(earlier.stopwatches[0].laps.length).toBe(0);
    expect(await page.locator('#instruments li.gate ol.passages li').count()).toBe(earlier.gates[0].passages.length);
    await snapshot(page, 'test-results/instruments.png');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('shows the bodies’ names at their centres of mass while its toggle is on', async () => {
    const { page, problems } = await harness.open();
    await page.evaluate(() => window.__featherweight!.pause());
    await page.locator('#instruments > summary').click();
    expect(await page.locator('.body-label').filter({ visible: true }).count()).toBe(0);
    await page.locator('#instruments .labels-toggle').check();
    await frames(page, 2);
    const label = page.locator('.body-label').filter({ visible: true });
    await expect.poll(() => label.count()).toBe(1);
    expect(await label.textContent()).toBe('pendulum/rod');
    // Over the bob: its centre of mass is 1 m down the rod.
    const [{ x, y }] = (await page.evaluate(() => window.__featherweight!.instruments())).labels;
    const bob = await page.evaluate(() => {
      const [px, py, pz, qx, qy, qz, qw] = window.__featherweight!.bodyPose(0);
      // R (0, 0, −1) for the quaternion (x, y, z, w).
      const c = [0, 0, -1], t = [2 * (qy * c[2] - qz * c[1]), 2 * (qz * c[0] - qx * c[2]), 2 * (qx * c[1] - qy * c[0])];
      const r = [c[0] + qw * t[0] + (qy * t[2] - qz * t[1]), c[1] + qw * t[1] + (qz * t[0] - qx * t[2]), c[2] + qw * t[2] + (qx * t[1] - qy * t[0])];
      return window.__featherweight!.toScreen(px + r[0], py + r[1], pz + r[2]);
    });
    expect(Math.abs(x - bob.x)).toBeLessThan(20);
    expect(bob.y - y).toBeGreaterThan(0); // just above it
    expect(bob.y - y).toBeLessThan(40);
    await page.locator('#instruments .labels-toggle').uncheck();
    await frames(page, 2);
    expect(await page.locator('.body-label').filter({ visible: true }).count()).toBe(0);

    // "Pick in view", then a click on the bob: the gate's point is the bob's centre of mass, and the bob is not grabbed.
    expect(await page.evaluate(() => window.__featherweight!.selected())).toBe(-1);
    await page.locator('#instruments .gate-pick').click();
    await page.mouse.click(bob.x, bob.y);
    const picked = await page.locator('#instruments .gate-form input[type="number"]').evaluateAll((inputs) => inputs.slice(0, 3).map((i) => Number((i as HTMLInputElement).value)));
    const com = await page.evaluate(() => {
      const [px, , pz, , qy, , qw] = window.__featherweight!.bodyPose(0); // a turn about y: (0, 0, −1) → (−sin θ, 0, −cos θ)
      const s = 2 * qy * qw, c = 1 - 2 * qy * qy;
      return [px - s, 0, pz - c];
    });
    picked.forEach((x, k) => expect(Math.abs(x - com[k])).toBeLessThan(2e-3));
    expect(await page.evaluate(() => window.__featherweight!.selected())).toBe(-1); // the click was the picker's alone
    expect(problems).toEqual([]);
    await page.close();
  });

  it("puts a moved slider back to the scene's value", async () => {
    const { page, problems } = await harness.open();
    const angle = () => page.evaluate(() => (JSON.parse(window.__featherweight!.sceneText()) as { articulations: { links: { joint: { position: number } }[] }[] }).articulations[0].links[0].joint.position);
    expect(await angle()).toBe(1);
    await openFolder(page, 'Scene');
    const slider = control(page, 'Release angle').locator('input').first();
    await slider.fill('0.4');
    await slider.press('Enter');
    await expect.poll(angle).toBe(0.4);
    await page.locator('#gui-host .reset-sliders').click();
    await expect.poll(angle).toBe(1);
    expect(await slider.inputValue()).toBe('1');
    expect(problems).toEqual([]);
    await page.close();
  });

  it("shows a scene's own instruments (meta.instruments) open, with their readings", async () => {
    const { page, problems } = await harness.open('?scene=photogate-free-fall.json', 0.8);
    expect(await page.locator('#instruments').getAttribute('open')).not.toBeNull();
    expect(await page.locator('#instruments li.gate').count()).toBe(2);
    const { gates, stopwatches } = await page.evaluate(() => window.__featherweight!.instruments());
    const dt = await page.evaluate(() => window.__featherweight!.timestep());
    // From rest at 1.5 m: the gates at 1.2 m and 0.5 m, the floor when the centre is 4 cm above it.
    const fall = (drop: number) => Math.sqrt((2 * drop) / g);
    expect(Math.abs(gates[0].passages[0].speed - Math.sqrt(2 * g * 0.3))).toBeLessThan(g * dt);
    expect(Math.abs(gates[1].passages[0].speed - Math.sqrt(2 * g * 1))).toBeLessThan(g * dt);
    expect(Math.abs(stopwatches[0].laps[0] - (fall(1) - fall(0.3)))).toBeLessThan(dt);
    expect(Math.abs(stopwatches[1].laps[0] - (fall(1.46) - fall(1)))).toBeLessThan(dt);
    expect(await page.locator('#instruments li.stopwatch').first().locator('.stopwatch-laps').textContent()).toContain(stopwatches[0].laps[0].toFixed(3));
    expect(problems).toEqual([]);
    await page.close();
  });

  it('fits a phone', async () => {
    const { page, problems } = await harness.open('', 0.2, PHONE);
    await page.locator('#instruments > summary').click();
    const box = await page.locator('#instruments').boundingBox();
    expect(box!.width).toBeLessThanOrEqual(PHONE.width);
    await snapshot(page, 'test-results/instruments-phone.png');
    expect(problems).toEqual([]);
    await page.close();
  });
});
