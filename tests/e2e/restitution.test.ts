// Restitution in Newton's cradle: a pair bounces with the smaller of its two coefficients, so the
// first ball's slider acts on its impact and the fifth ball leaves as Newton's law says; the World
// folder shows what the scene's shapes have.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { usePageHarness } from './harness';
import { control, openFolder } from './gui';

const harness = usePageHarness();

interface CradleShape { type: string; radius?: number; length?: number; position: number[]; density: number }
interface CradleScene { world: { gravity?: number[] }; articulations: { links: { joint: { position: number; origin: { position: number[] } }; shapes: CradleShape[] }[] }[] }

/**
 * The first ball's angular speed at angle θ, from energy: a compound pendulum (a solid sphere and
 * a thin rod on one hinge) let go at rest from θ₀ has I ω² / 2 = m g d (cos θ − cos θ₀), with I
 * about the hinge (parallel axes) and m d the first moment of its mass below the hinge.
 */
function pendulumSpeed(scene: CradleScene, angle: number): number {
  const link = scene.articulations[0].links[0];
  let moment = 0, inertia = 0;
  for (const shape of link.shapes) {
    const depth = -shape.position[2], r = shape.radius!;
    if (shape.type === 'sphere') {
      const m = shape.density * (4 / 3) * Math.PI * r ** 3;
      moment += m * depth;
      inertia += m * ((2 / 5) * r * r + depth * depth);
    } else { // the rod: a cylinder along the hinge's radius
      const l = shape.length!, m = shape.density * Math.PI * r * r * l;
      moment += m * depth;
      inertia += m * ((3 * r * r + l * l) / 12 + depth * depth);
    }
  }
  const g = Math.abs(scene.world.gravity?.[2] ?? -9.81);
  return Math.sqrt((2 * g * moment * (Math.cos(angle) - Math.cos(link.joint.position))) / inertia);
}

describe('restitution', () => {
  it("the cradle's first-ball slider at e = 0.5 sends the fifth ball off at (1 + e)/2 of the first one's speed; the World folder shows and sets e", async () => {
    const scene = JSON.parse(readFileSync('public/scenes/newtons-cradle.json', 'utf8')) as CradleScene;
    const { page, problems } = await harness.open('?scene=newtons-cradle', -1);
    await page.waitForFunction(() => window.__featherweight !== undefined && document.getElementById('loading')!.hidden);

    // The World folder shows what the balls have (the rods are drawn only, mask 0).
    await openFolder(page, 'World');
    const shown = (label: string) => control(page, label).locator('input').first().inputValue();
    expect(await shown('restitution e (pair: min)')).toBe('1 (every shape)');
    expect(await shown('friction μ (pair: √(μa μb))')).toBe('0 (every shape)');

    await openFolder(page, 'Scene');
    const slider = control(page, 'Restitution (first ball)').locator('input').first();
    await slider.fill('0.5');
    await slider.press('Enter');
    await page.waitForFunction(() => JSON.parse(window.__featherweight!.sceneText()).articulations[0].links[0].shapes[0].restitution === 0.5);
    expect(await shown('restitution e (pair: min)')).toBe('0.5 to 1 (mixed)');

    // Step by step until the fifth ball moves: the ball-on-ball impacts, 1e-4 m apart, are located
    // one after another (accurate stepping). Ball 1 strikes ball 2 with e = min(0.5, 1) = 0.5;
    // equal pendulums hit at equal lever arms act as equal masses, so ball 2 leaves with
    // (1 + e)/2 ω₁ and ball 1 keeps (1 − e)/2 ω₁ (Newton's law with momentum kept). Balls 2 to 5
    // have e = 1: each elastic hit of equal masses hands the whole speed on, so ball 5 leaves with
    // (1 + e)/2 ω₁. Ball 1 catches ball 2 again later, but that second, slower pulse (3/16 ω₁)
    // can never reach ball 5, which is faster.
    const run = await page.evaluate(() => {
      const fw = window.__featherweight!;
      let before = { angle: 0, speed: 0 };
      for (let k = 0; k < 2000; k++) {
        const v = fw.v();
        if (v[4] !== 0) return { before, fifth: Math.abs(v[4]) };
        before = { angle: fw.q()[0], speed: Math.abs(v[0]) };
        fw.advance(1);
      }
      return null;
    });
    expect(run).not.toBeNull();
    // Ball 1 a step before its impact: the energy balance holds to RK4's error (1 ms steps).
    expect(Math.abs(run!.before.speed - pendulumSpeed(scene, run!.before.angle))).toBeLessThan(1e-6 * run!.before.speed);
    // It meets ball 2 where their centres are 2r apart: (spacing − 2r) = 1e-4 m before the bottom.
    const bob = scene.articulations[0].links[0].shapes[0];
    const spacing = scene.articulations[1].links[0].joint.origin.position[0] - scene.articulations[0].links[0].joint.origin.position[0];
    const omega1 = pendulumSpeed(scene, Math.asin((spacing - 2 * bob.radius!) / -bob.position[2]));
    const e = 0.5, expected = ((1 + e) / 2) * omega1;
    console.log(`cradle, e = ${e}: ω₅ = ${run!.fifth.toFixed(7)} rad/s, (1 + e)/2 ω₁ = ${expected.toFixed(7)} rad/s, relative error ${((run!.fifth - expected) / expected).toExponential(2)}`);
    // Within 5e-5: the step that holds the impacts also swings ball 5 for under a millisecond, to at
    // most ω₅ Δt ≈ 2e-3 rad, where gravity slows it by less than (g/L) θ Δt, 2e-5 of its speed. The
    // larger-of-the-two rule gave e = 1 here: ω₅ = ω₁.
    expect(Math.abs(run!.fifth - expected)).toBeLessThan(5e-5 * expected);

    // The World folder's slider sets every shape, and its row then shows the one value.
    const all = control(page, 'set e of all shapes').locator('input').first();
    await all.fill('0.8');
    await all.press('Enter');
    await expect.poll(() => shown('restitution e (pair: min)')).toBe('0.8 (every shape)');
    const shapes = (JSON.parse(await page.evaluate(() => window.__featherweight!.sceneText())) as CradleScene).articulations.flatMap((a) => a.links.flatMap((l) => l.shapes));
    expect(shapes.map((shape) => (shape as { restitution?: number }).restitution)).toEqual(shapes.map(() => 0.8));
    expect(problems).toEqual([]);
    await page.close();
  }, 120_000);
});
