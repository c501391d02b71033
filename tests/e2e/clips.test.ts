// Clips for slides in headless Chromium: the Clip control records a span of the timeline as
// WebM, frame by frame: the file is WebM (EBML magic), plays in a <video> and lasts the span's
// length over the speed (1 s at 1×, 2 s at 0.5×, within two frames), its first and last frames
// differ (the pendulum moved); the world is back where it was afterwards. The still is a PNG of
// the canvas's size, not blank, with the energy bars (a DOM overlay) drawn into it.
import type { Download, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { usePageHarness } from './harness';

const harness = usePageHarness();
const FPS = 24;
/** Small enough that software WebGL draws the clip's frames quickly on a busy machine. */
const VIEWPORT = { width: 960, height: 540 };

async function downloadBytes(download: Download): Promise<Buffer> {
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function recordSpan(page: Page, from: number, to: number, speed: number): Promise<{ bytes: Buffer; name: string }> {
  if (await page.locator('#clip-panel').isHidden()) await page.locator('#clip-open').click();
  await page.locator('#clip-panel input[name=from]').fill(String(from));
  await page.locator('#clip-panel input[name=to]').fill(String(to));
  await page.locator('#clip-panel select[name=speed]').selectOption(String(speed));
  await page.locator('#clip-panel select[name=fps]').selectOption(String(FPS));
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 120_000 }), page.locator('#clip-record').click()]);
  return { bytes: await downloadBytes(download), name: download.suggestedFilename() };
}

/** The clip played in a <video>: its duration (forced by a seek past the end, as MediaRecorder's WebM has none) and its first and last frames' pixels differing. */
function playClip(page: Page, bytes: Buffer): Promise<{ duration: number; width: number; height: number; framesDiffer: number }> {
  return page.evaluate(async (base64) => {
    const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const video = document.createElement('video');
    video.muted = true;
    video.src = URL.createObjectURL(new Blob([data], { type: 'video/webm' }));
    await new Promise((done, fail) => {
      video.onloadedmetadata = done;
      video.onerror = () => fail(new Error(`the clip does not play: ${video.error?.message}`));
    });
    const seek = (time: number) => new Promise((done) => {
      video.onseeked = done;
      video.currentTime = time;
    });
    if (!Number.isFinite(video.duration)) {
      await seek(1e6);
    }
    const duration = video.duration;
    const canvas = document.createElement('canvas');
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    const g = canvas.getContext('2d', { willReadFrequently: true })!;
    const grab = () => {
      g.drawImage(video, 0, 0);
      return g.getImageData(0, 0, canvas.width, canvas.height).data;
    };
    // Pixels that differ clearly between two grabs.
    const differing = (a: Uint8ClampedArray, b: Uint8ClampedArray) => {
      let n = 0;
      for (let i = 0; i < a.length; i += 4) if (Math.abs(a[i] - b[i]) + Math.abs(a[i + 1] - b[i + 1]) + Math.abs(a[i + 2] - b[i + 2]) > 60) n++;
      return n;
    };
    // On a loaded machine the picture can lag the seek's `seeked` event: wait, a bounded number
    // of animation frames, for it to change from what it showed before the seek.
    const grabAfterSeek = async (time: number) => {
      const before = grab();
      await seek(time);
      let now = grab();
      for (let i = 0; i < 60 && differing(now, before) === 0; i++) {
        await new Promise((done) => requestAnimationFrame(done));
        now = grab();
      }
      return now;
    };
    const first = await grabAfterSeek(0);
    const last = await grabAfterSeek(duration);
    const framesDiffer = differing(first, last);
    return { duration, width: video.videoWidth, height: video.videoHeight, framesDiffer };
  }, bytes.toString('base64'));
}

/** Dark pixels (text, drawn lines) of a PNG inside the element's box on the page (CSS pixels). */
function darkPixelsIn(page: Page, png: Buffer, selector: string): Promise<number> {
  return page.evaluate(async ({ base64, selector }) => {
    const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const image = await createImageBitmap(new Blob([data], { type: 'image/png' }));
    const view = document.getElementById('view') as HTMLCanvasElement;
    const scale = image.width / view.getBoundingClientRect().width;
    const box = document.querySelector(selector)!.getBoundingClientRect();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const g = canvas.getContext('2d')!;
    g.drawImage(image, 0, 0);
    const pixels = g.getImageData(Math.round(box.left * scale), Math.round(box.top * scale), Math.round(box.width * scale), Math.round(box.height * scale)).data;
    let dark = 0;
    for (let i = 0; i < pixels.length; i += 4) if (pixels[i] + pixels[i + 1] + pixels[i + 2] < 3 * 100) dark++;
    return dark;
  }, { base64: png.toString('base64'), selector });
}

describe('clips', () => {
  it('records a span as WebM lasting span / speed, at 1× and in slow motion, and returns to the moment it left', async () => {
    const { page, problems } = await harness.open('?scene=pendulum', 0.2, VIEWPORT);
    const recorded = await page.evaluate(() => {
      const fw = window.__featherweight!;
      fw.pause();
      document.getElementById('reset')!.click(); // a new recording from t = 0
      fw.advance(Math.round(2 / fw.timestep()));
      return fw.timeline();
    });
    await page.locator('#clip-open').click();
    // The default span is the whole recording.
    expect(Number(await page.locator('#clip-panel input[name=from]').inputValue())).toBe(0);
    expect(Number(await page.locator('#clip-panel input[name=to]').inputValue())).toBeCloseTo(2, 9);

    for (const [speed, length] of [[1, 1], [0.5, 2]]) {
      const clip = await recordSpan(page, 0.5, 1.5, speed);
      expect(clip.name).toBe('featherweight-clip.webm');
      expect([...clip.bytes.subarray(0, 4)]).toEqual([0x1a, 0x45, 0xdf, 0xa3]); // EBML
      const played = await playClip(page, clip.bytes);
      const view = await page.evaluate(() => ({ width: (document.getElementById('view') as HTMLCanvasElement).width, height: (document.getElementById('view') as HTMLCanvasElement).height }));
      expect({ width: played.width, height: played.height }).toEqual(view);
      expect(Math.abs(played.duration - length), `duration ${played.duration} s for ${length} s`).toBeLessThanOrEqual(2 / FPS + 1e-3);
      expect(played.framesDiffer).toBeGreaterThan(100); // the pendulum swung between the first frame and the last
      await expect.poll(() => page.locator('#clip-panel .clip-status').textContent()).toMatch(/featherweight-clip\.webm/);
      // Back where it was: the end of the recording, paused, the recording unchanged.
      expect(await page.evaluate(() => window.__featherweight!.timeline())).toEqual(recorded);
      expect(await page.evaluate(() => window.__featherweight!.paused())).toBe(true);
    }
    expect(problems).toEqual([]);
    await page.close();
  }, 240_000);

  it('saves a still as PNG of the canvas size, with the DOM overlays drawn in', async () => {
    const { page, problems } = await harness.open('?scene=pendulum', 0.5, VIEWPORT);
    await page.evaluate(() => window.__featherweight!.pause());
    await page.locator('#clip-open').click();
    const still = async () => {
      const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#clip-still').click()]);
      expect(download.suggestedFilename()).toBe('featherweight-still.png');
      return downloadBytes(download);
    };
    const bare = await still();
    expect([...bare.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const size = { width: bare.readUInt32BE(16), height: bare.readUInt32BE(20) }; // IHDR
    expect(size).toEqual(await page.evaluate(() => ({ width: (document.getElementById('view') as HTMLCanvasElement).width, height: (document.getElementById('view') as HTMLCanvasElement).height })));
    // Not blank: many colours (the floor's grid, the shaded pendulum, its shadow).
    const colours = await page.evaluate(async (base64) => {
      const image = await createImageBitmap(new Blob([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], { type: 'image/png' }));
      const canvas = new OffscreenCanvas(image.width, image.height);
      const g = canvas.getContext('2d')!;
      g.drawImage(image, 0, 0);
      const pixels = g.getImageData(0, 0, image.width, image.height).data;
      const seen = new Set<number>();
      for (let i = 0; i < pixels.length; i += 4) seen.add((pixels[i] << 16) | (pixels[i + 1] << 8) | pixels[i + 2]);
      return seen.size;
    }, bare.toString('base64'));
    expect(colours).toBeGreaterThan(50);

    // The energy bars (a DOM box over the view): their text is in the next still, where the box shows.
    await page.locator('#view').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('e');
    await expect.poll(() => page.locator('#energy-bars').isVisible()).toBe(true);
    const withBars = await still();
    const darkBare = await darkPixelsIn(page, bare, '#energy-bars');
    const darkBars = await darkPixelsIn(page, withBars, '#energy-bars');
    expect(darkBars).toBeGreaterThan(darkBare + 200);
    expect(problems).toEqual([]);
    await page.close();
  }, 120_000);
});
