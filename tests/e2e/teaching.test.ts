// The teaching layer on the pendulum: energy bars whose total keeps to E₀ + W and whose lengths are
// the ledger's numbers, arrows as long as their value over the legend's scale that follow the bob,
// the ruler reading 1.000 m from the pivot to the bob, the readout.
import { describe, expect, it } from 'vitest';
import { snapshot, usePageHarness } from './harness';

const harness = usePageHarness();

describe('teaching aids', () => {
  it('energy bars keep their total while kinetic and potential trade places', async () => {
    const { page, problems } = await harness.open();
    await page.evaluate(() => window.__featherweight!.pause());
    await page.locator('#view').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('e');
    expect(await page.locator('#energy-bars').isVisible()).toBe(true);
    // Each sample: the ledger's numbers, and each bar's drawn extent in its track (−1 … 1 about the middle).
    const samples = await page.evaluate(async () => {
      const fw = window.__featherweight!;
      const out = [];
      for (let k = 0; k < 24; k++) {
        fw.advance(25);
        await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
        const bars = Array.from(document.querySelectorAll('#energy-bars .energy-row'), (row) => {
          const track = row.querySelector('.energy-track')!.getBoundingClientRect();
          const fill = row.querySelector('.energy-fill')!.getBoundingClientRect();
          const middle = track.left + track.width / 2;
          return { label: row.querySelector('.energy-label')!.textContent!, extent: (fill.left < middle - 0.5 ? -fill.width : fill.width) / (track.width / 2) };
        });
        out.push({ ...fw.energy()!, bars });
      }
      return out;
    });
    const kinetic = samples.map((e) => e.kinetic);
    expect(Math.max(...kinetic) - Math.min(...kinetic)).toBeGreaterThan(1); // the bob swings through
    for (const e of samples) {
      const total = e.kinetic + e.gravity + e.spring + e.contactLoss + e.dampingLoss;
      const expected = e.initial + e.effortWork + e.motorWork + e.appliedWork;
      expect(Math.abs(total - expected)).toBeLessThan(1e-6 * Math.abs(expected) + 1e-9);
      // The bars are the ledger's numbers on one scale: each bar over the total's is the value over the total.
      const bar = (start: string) => e.bars.find((b) => b.label.startsWith(start))!.extent;
      const px = 1.5 / 60; // a pixel and a half of a bar's half-track (the fills' edges are rounded to pixels)
      expect(Math.abs(bar('Kinetic') / bar('Total') - e.kinetic / total)).toBeLessThan(px / Math.abs(bar('Total')));
      expect(Math.abs(bar('Potential') / bar('Total') - (e.gravity + e.spring) / total)).toBeLessThan(px / Math.abs(bar('Total')));
      expect(Math.abs(bar('Start') / bar('Total') - e.initial / total)).toBeLessThan(px / Math.abs(bar('Total')));
    }
    expect(await page.locator('.energy-check').textContent()).toContain('balanced');
    await snapshot(page, 'test-results/energy-bars.png', '#energy-bars');
    expect(problems).toEqual([]);
    await page.close();
  });

  it("arrows are drawn from the bob, as long as their value over the legend's scale, and follow it", async () => {
    const { page, problems } = await harness.open();
    await page.evaluate(() => {
      window.__featherweight!.pause();
      window.__featherweight!.select(0);
    });
    await page.locator('#view').click({ position: { x: 5, y: 5 } }); // focus, and deselects: select again
    await page.evaluate(() => window.__featherweight!.select(0));
    await page.keyboard.press('v'); // velocity
    const gui = page.locator('#gui-host');
    await gui.getByText('Vectors (v: velocity)').click();
    for (const label of ['gravity', 'joint reaction']) await gui.getByText(label, { exact: true }).click();
    const arrows = async () => {
      await page.evaluate(async () => {
        window.__featherweight!.advance(30);
        await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      });
      return page.evaluate(() => window.__featherweight!.vectors());
    };
    const first = await arrows();
    expect(first.map((a) => a.key).sort()).toEqual(['gravity', 'joint', 'velocity']);
    await snapshot(page, 'test-results/vectors.png');
    const pose = await page.evaluate(() => window.__featherweight!.bodyPose(0));
    const velocity = await page.evaluate(() => window.__featherweight!.bodyVelocity(0));
    const legend = await page.locator('#vector-legend').textContent();
    for (const arrow of first) {
      // Drawn from the bob's centre of mass, 1 m from the pivot, as long as its value over the
      // legend's scale and along it.
      expect(Math.hypot(arrow.origin[0] - pose[0], arrow.origin[1] - pose[1], arrow.origin[2] - pose[2])).toBeCloseTo(1, 5);
      const drawn = arrow.tip.map((t, k) => t - arrow.origin[k]);
      const size = Math.hypot(...arrow.value);
      expect(Math.hypot(...drawn)).toBeCloseTo(size / arrow.scale, 5);
      for (let k = 0; k < 3; k++) expect(drawn[k] / Math.hypot(...drawn)).toBeCloseTo(arrow.value[k] / size, 5);
      expect(legend).toContain(`1 m of arrow: ${arrow.scale} ${arrow.key === 'velocity' ? 'm/s' : 'N'}`);
    }
    // The velocity arrow is the bob's: ω × r about the fixed pivot, from the engine's velocity buffer.
    const r = first.find((a) => a.key === 'velocity')!.origin.map((c, k) => c - pose[k]);
    const [wx, wy, wz] = velocity.slice(3);
    const expected = [wy * r[2] - wz * r[1], wz * r[0] - wx * r[2], wx * r[1] - wy * r[0]];
    for (let k = 0; k < 3; k++) expect(first.find((a) => a.key === 'velocity')!.value[k]).toBeCloseTo(expected[k], 5);
    // Gravity points straight down from the bob; the rod's pull points up along the rod, at the pivot.
    const bob = (tips: typeof first) => tips.find((a) => a.key === 'gravity')!.tip;
    expect(Math.hypot(...first.find((a) => a.key === 'gravity')!.value.slice(0, 2))).toBeLessThan(1e-12);
    const second = await arrows();
    const moved = Math.hypot(bob(second)[0] - bob(first)[0], bob(second)[2] - bob(first)[2]);
    expect(moved).toBeGreaterThan(0.05); // it follows the bob
    const joint = second.find((a) => a.key === 'joint')!.tip;
    const gravity = bob(second);
    // Both arrows start at the bob: the joint's tip lies towards the pivot (0, 0, 1.5), gravity's below.
    expect(joint[2]).toBeGreaterThan(gravity[2]);
    expect(Math.hypot(pose[0], pose[1], pose[2] - 1.5)).toBeLessThan(1e-6); // the body frame sits at the pivot
    expect(problems).toEqual([]);
    await page.close();
  });

  it('the ruler reads 1.000 m from the pivot to the bob, and the readout shows the bob', async () => {
    const { page, problems } = await harness.open();
    await page.evaluate(() => window.__featherweight!.pause());
    await page.locator('#view').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('u'); // ruler
    const screen = (p: number[]) => page.evaluate((q) => window.__featherweight!.toScreen(q[0], q[1], q[2]), p);
    const pose = await page.evaluate(() => window.__featherweight!.bodyPose(0));
    const [, , , x, y, z, w] = pose;
    // The bob: the centre of mass, 1 m along the rod's −z axis.
    const t = [-2 * y, 2 * x, 0];
    const down = [w * t[0] + (y * t[2] - z * t[1]), w * t[1] + (z * t[0] - x * t[2]), -1 + w * t[2] + (x * t[1] - y * t[0])];
    const pivot = await screen(pose.slice(0, 3));
    const bob = await screen([pose[0] + down[0], pose[1] + down[1], pose[2] + down[2]]);
    // Clicks a few pixels off: they snap to the joint and the centre of mass.
    await page.mouse.click(pivot.x + 4, pivot.y - 3);
    await page.mouse.click(bob.x - 5, bob.y + 2);
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    expect((await page.evaluate(() => window.__featherweight!.measure()))!.toFixed(3)).toBe('1.000');
    expect(await page.locator('.measure-label').textContent()).toBe('1.000 m');
    expect(await page.evaluate(() => window.__featherweight!.selected())).toBe(-1); // measuring does not grab or select
    await snapshot(page, 'test-results/ruler.png');
    // The protractor: pivot, bob, and a point on the bob again → the angle at the bob is 0°.
    await page.keyboard.press('u');
    await page.mouse.click(pivot.x, pivot.y);
    await page.mouse.click(bob.x, bob.y);
    await page.mouse.click(pivot.x + 2, pivot.y + 1);
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    expect(await page.evaluate(() => window.__featherweight!.measure())).toBeCloseTo(0, 3);
    // The readout (Teaching → the selected body's numbers): the bob's numbers, in SI units.
    await page.keyboard.press('u'); // off
    await page.evaluate(() => window.__featherweight!.select(0));
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    expect(await page.locator('#body-readout').isVisible()).toBe(false); // off until asked for
    await page.locator('#gui-host').getByText('selected body’s numbers').click();
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    const readout = await page.locator('#body-readout').textContent();
    expect(readout).toContain('pendulum/rod');
    expect(readout).toMatch(/height\s+0\.\d{3} m/);
    expect(readout).toContain('kinetic energy');
    expect(problems).toEqual([]);
    await page.close();
  });
});
