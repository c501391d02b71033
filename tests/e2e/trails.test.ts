// Trails: in trace mode (T) a click on the pendulum's bob traces that point; the trail samples it
// at every step, whatever the frames do, and each
// sample is where that point of the body was at its step (the same scene stepped in Node's
// engine: to 1e-9 m; the line's float32 vertices to float32's precision); the trail is cut back
// when the timeline goes back, and cleared on reset.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadEngine, type Engine } from '../../lib/featherweight';
import { readScene, repoPath } from '../web/engine';
import { frames, snapshot, usePageHarness } from './harness';

const harness = usePageHarness();
let engine: Engine;
beforeAll(async () => {
  engine = await loadEngine({ wasmBinary: readFileSync(repoPath('build/wasm/dist/featherweight.wasm')) });
});

/** p + R(q) v for a pose's position p and quaternion q = (x, y, z, w). */
function transform(position: number[], [x, y, z, w]: number[], v: number[]): number[] {
  const t = [2 * (y * v[2] - z * v[1]), 2 * (z * v[0] - x * v[2]), 2 * (x * v[1] - y * v[0])];
  return [0, 1, 2].map((k) => position[k] + v[k] + w * t[k] + [y * t[2] - z * t[1], z * t[0] - x * t[2], x * t[1] - y * t[0]][k]);
}

describe('trails', () => {
  it('traces the bob: each drawn vertex is the traced point at its time; cut back with the timeline, cleared on reset', async () => {
    const { page, problems } = await harness.open();
    const bob = () =>
      page.evaluate(() => {
        const [x, y, z, ux, uy, uz, w] = window.__featherweight!.bodyPose(0);
        const t = [-2 * uy, 2 * ux, 0]; // (0, 0, −1) turned by the pose: the bob, 1 m down the rod
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
    expect(trail.samples).toBe(1200); // 30 × 40 steps, a sample every step: not one a frame
    for (let i = 1; i < trail.times.length; i++) expect(Math.abs(trail.times[i] - trail.times[i - 1] - 0.001)).toBeLessThan(1e-12);
    expect(trail.vertices.length).toBe(trail.samples);
    // It traces a point of the bob (on its surface, within its radius of the centre) …
    const now = await bob();
    const distance = (a: number[], b: number[]) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
    expect(distance(trail.last!, now)).toBeLessThan(0.1);
    expect(distance(trail.last!, start)).toBeGreaterThan(0.3);
    // … and each vertex is that point at its sample's time: the same scene, stepped in Node.
    const world = engine.createWorld(readScene('pendulum.json'));
    const dt = world.timestep;
    let step = 0;
    for (const [i, t] of trail.times.entries()) {
      const target = Math.round(t / dt);
      world.step(target - step);
      step = target;
      const { position, quaternion: [w, x, y, z] } = world.bodyPose('pendulum/rod');
      const expected = transform(position, [x, y, z, w], trail.local);
      expect(distance(trail.points[i], expected)).toBeLessThan(1e-9);
      expect(distance(trail.vertices[i], expected)).toBeLessThan(1e-6); // the line's buffer is float32
    }
    world.dispose();
    await snapshot(page, 'test-results/trail.png');
    await page.locator('#gui-host').getByText('clear trails').click();
    expect(await page.evaluate(() => window.__featherweight!.trails())).toEqual([]);

    // Traced again, then the timeline goes back: what came after the playhead goes.
    const here = await page.evaluate((p) => window.__featherweight!.toScreen(p[0], p[1], p[2]), now);
    await page.mouse.click(here.x, here.y);
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
    const playhead = await page.evaluate(() => window.__featherweight!.time());
    expect(back.samples).toBe(200); // 400 steps traced, 200 of them taken back
    expect(Math.max(...back.times)).toBeLessThanOrEqual(playhead + 1e-12);
    expect(back.vertices.length).toBe(back.samples); // the line draws only what is left
    await page.locator('#reset').click();
    await frames(page, 1);
    expect(await page.evaluate(() => window.__featherweight!.trails())).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });
});
