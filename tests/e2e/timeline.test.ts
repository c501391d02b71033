// The timeline in headless Chromium: scrubbing back reaches the recorded moment bitwise, playing
// on repeats the first pass, one step back and forward return to the same state, an edit after
// going back branches, markers and the paused moment travel in a share link that opens there;
// the same scene gives bitwise the same motion in Chromium as in Node; a long recording of a
// heavy scene stays within the memory budget.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import createFeatherweight from 'featherweight-wasm/featherweight.js';
import { encodeSceneLink } from '../../web/src/share/scene_link';
import { pileScene, pyramidScene, stateDigest } from '../web/world_scenes';
import { repoPath } from '../web/engine';
import { usePageHarness } from './harness';

const harness = usePageHarness();

describe('timeline', () => {
  it('scrubs back, replays, steps back and forth, branches, marks, and opens a link at its moment', async () => {
    const { page, problems } = await harness.open('?scene=double-pendulum');
    const first = await page.evaluate(() => {
      const fw = window.__featherweight!;
      fw.pause();
      document.getElementById('reset')!.click(); // a new recording from t = 0
      const dt = fw.timestep();
      const at1 = Math.round(1 / dt), at15 = Math.round(1.5 / dt), at2 = Math.round(2 / dt);
      fw.advance(at1);
      const hex1 = fw.qvHex();
      fw.advance(at15 - at1);
      const hex15 = fw.qvHex();
      fw.advance(at2 - at15);
      return { at1, at15, at2, hex1, hex15 };
    });
    expect((await page.evaluate(() => window.__featherweight!.timeline())).end).toBe(first.at2);

    // Drag the playhead back to 1.0 s (the range input, as a pointer drag moves it).
    await page.evaluate((step) => {
      const range = document.querySelector<HTMLInputElement>('#timeline input[type=range]')!;
      range.value = String(step);
      range.dispatchEvent(new Event('input', { bubbles: true }));
    }, first.at1);
    await page.waitForFunction((step) => window.__featherweight!.timeline().step === step && window.__featherweight!.paused(), first.at1);
    expect(await page.evaluate(() => window.__featherweight!.qvHex())).toBe(first.hex1);
    await expect.poll(() => page.locator('#timeline .timeline-time').textContent()).toMatch(/^t = 1\.000 s \/ 2\.000 s/);

    // Play on 0.5 s: the first pass again, bit for bit.
    await page.evaluate((steps) => window.__featherweight!.advance(steps), first.at15 - first.at1);
    expect(await page.evaluate(() => window.__featherweight!.qvHex())).toBe(first.hex15);

    // Ten steps back with ←, ten forward with →: the same state.
    await page.locator('#view').click({ position: { x: 5, y: 5 } });
    for (let k = 0; k < 10; k++) await page.keyboard.press('ArrowLeft');
    expect((await page.evaluate(() => window.__featherweight!.timeline())).step).toBe(first.at15 - 10);
    for (let k = 0; k < 10; k++) await page.keyboard.press('ArrowRight');
    expect(await page.evaluate(() => window.__featherweight!.qvHex())).toBe(first.hex15);

    // A marker here (M), then an edit after going back to 1.0 s branches: the old future is gone.
    await page.keyboard.press('m');
    const markers = (await page.evaluate(() => window.__featherweight!.timeline())).markers;
    expect(markers).toEqual([Math.round(first.at15 * (await page.evaluate(() => window.__featherweight!.timestep())) * 1e6) / 1e6]);
    const branched = await page.evaluate((step) => {
      const fw = window.__featherweight!;
      fw.seekStep(step);
      fw.setEffort(0, 4);
      const atBranch = fw.timeline().end;
      fw.advance(120);
      return { atBranch, end: fw.timeline().end, hex: fw.qvHex() };
    }, first.at1);
    expect(branched.atBranch).toBe(first.at1);
    expect(branched.end).toBe(first.at1 + 120);
    expect(branched.hex).not.toBe(first.hex15);

    // Paused at 1.5 s of a direct run: the link opens paused there, with the same state and the marker.
    const direct = await page.evaluate((steps) => {
      const fw = window.__featherweight!;
      fw.setEffort(0, 0); // efforts are held across a reset, as the panel's sliders are
      document.getElementById('reset')!.click();
      fw.advance(steps);
      fw.pause();
      return { hex: fw.qvHex(), link: fw.shareLink() };
    }, first.at15);
    expect(direct.link).toMatch(/&t=1\.5&paused=1$/);
    const marked = direct.link.replace('&paused=1', '&paused=1&markers=0.25,1.5');
    const opened = await harness.open(new URL(marked).hash, -1);
    await opened.page.waitForFunction((step) => window.__featherweight?.timeline().step === step, first.at15);
    expect(await opened.page.evaluate(() => window.__featherweight!.paused())).toBe(true);
    expect(await opened.page.evaluate(() => window.__featherweight!.qvHex())).toBe(direct.hex);
    expect((await opened.page.evaluate(() => window.__featherweight!.timeline())).markers).toEqual([0.25, 1.5]);
    await expect.poll(() => opened.page.locator('.timeline-marker').count()).toBe(2);
    expect(problems).toEqual([]);
    expect(opened.problems).toEqual([]);
    await page.close();
    await opened.page.close();
  });

  it('keeps the keys working after the playhead is dragged, and says what it keeps in plain words', async () => {
    const { page, problems } = await harness.open('?scene=pendulum', 1);
    const range = page.locator('#timeline input[type=range]');
    const box = (await range.boundingBox())!;
    // Drag the playhead back with the mouse, as a student does: focus stays on the range.
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 3, box.y + box.height / 2, { steps: 4 });
    await page.mouse.up();
    await page.waitForFunction(() => window.__featherweight!.paused());
    expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('range');
    const from = await page.evaluate(() => window.__featherweight!.time());
    await page.keyboard.press(' '); // plays on from there
    await page.waitForFunction((t) => !window.__featherweight!.paused() && window.__featherweight!.time() > t + 0.1, from);
    // The playhead follows the run again (its focus does not hold it).
    const dragged = await page.evaluate(() => window.__featherweight!.timeline().step);
    await page.waitForFunction((step) => Number(document.querySelector<HTMLInputElement>('#timeline input[type=range]')!.value) > step + 30, dragged);
    await page.keyboard.press('e'); // the energy bars
    await expect.poll(() => page.locator('#energy-bars').isVisible()).toBe(true);
    await page.keyboard.press(' ');
    await page.waitForFunction(() => window.__featherweight!.paused());
    expect(await page.locator('#timeline .timeline-memory').textContent()).toMatch(/^(1 keyframe|\d+ keyframes) · [\d.]+ (kB|MB) of 64 MB · one every [\d.]+ m?s$/);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('runs a 20-row pyramid 3 s bitwise as Node does', async () => {
    const scene = pyramidScene(20);
    const { page, problems } = await harness.open(encodeSceneLink(scene), 0.05);
    const steps = 3 * 60; // 3 s at the scene's 1/60 s
    const inChromium = await page.evaluate((steps) => {
      const fw = window.__featherweight!;
      fw.pause();
      document.getElementById('reset')!.click();
      fw.advance(steps);
      return fw.qvHex();
    }, steps);
    const engine = await createFeatherweight({ wasmBinary: readFileSync(repoPath('build/wasm/dist/featherweight.wasm')) });
    const sim = new engine.Simulation();
    expect(sim.load(JSON.stringify(scene))).toBe('');
    sim.step(steps);
    const inNode = stateDigest(
      new Float64Array(engine.HEAPF64.buffer, sim.qPointer(), sim.nq()).slice(),
      new Float64Array(engine.HEAPF64.buffer, sim.vPointer(), sim.nv()).slice(),
    );
    expect(inChromium).toBe(inNode);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('keeps a heavy recording within its memory budget (?timeline-mb=4, the 1000-box pile)', async () => {
    const { page, problems } = await harness.open(`?timeline-mb=4${encodeSceneLink(pileScene(1000))}`, 0.01);
    const result = await page.evaluate(() => {
      const fw = window.__featherweight!;
      fw.pause();
      const heap = () => (performance as unknown as { memory: { usedJSHeapSize: number } }).memory.usedJSHeapSize;
      const before = heap();
      let largest = 0;
      for (let k = 0; k < 6; k++) {
        fw.advance(30);
        largest = Math.max(largest, fw.timeline().bytes);
      }
      return { largest, status: fw.timeline(), heapGrowth: heap() - before };
    });
    expect(result.status.budgetBytes).toBe(4 * 1024 * 1024);
    expect(result.largest).toBeLessThanOrEqual(4 * 1024 * 1024);
    expect(result.status.keyframes).toBeGreaterThanOrEqual(2);
    expect(result.status.spacing).toBeGreaterThan(8); // thinned: coarser, not dropped
    expect(result.heapGrowth).toBeLessThan(4 * 1024 * 1024 + 16 * 1024 * 1024);
    // The start is still reachable exactly.
    await page.evaluate(() => window.__featherweight!.seekStep(0));
    expect((await page.evaluate(() => window.__featherweight!.timeline())).step).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  });
});
