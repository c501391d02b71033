// Controllers in the page: a linked controller waits for the click; run, it gives the
// same motion as the library in Node, bit for bit; an edit in the controller editor changes the
// motion and a failure is said with its line; a hostile controller reaches nothing (the test's
// own server sees no request) and its endless loop is stopped while the page keeps drawing.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loadEngine } from '../../lib/featherweight';
import { encodeSceneLink } from '../../web/src/share/scene_link';
import { usePageHarness } from './harness';

const harness = usePageHarness();
const repoFile = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

function cartPole(source: string): Json {
  const scene = JSON.parse(readFileSync(repoFile('public/scenes/cart-pole.json'), 'utf8')) as Json;
  scene.controller = { source, rate: 100 };
  return scene;
}

async function openLink(scene: Json): Promise<{ page: Page; problems: string[] }> {
  const opened = await harness.open(encodeSceneLink(scene));
  await opened.page.evaluate(() => window.__featherweight!.pause());
  return opened;
}

const status = (page: Page) => page.locator('.controller-status').textContent();

/**
 * Runs 200 controlled steps and counts the frames drawn until the controller is stopped (only
 * those at simulated time `at`, when given: the simulation waiting there on the controller).
 */
function framesUntilStopped(page: Page, at?: number): Promise<number> {
  return page.evaluate(async (at) => {
    const fw = window.__featherweight!;
    void fw.advanceControlled(200);
    let count = 0;
    await new Promise<void>((done) => {
      const frame = () => {
        if (at === undefined || Math.abs(fw.time() - at) < 1e-9) count++;
        if (document.querySelector('.controller-status')?.textContent?.startsWith('Stopped')) done();
        else requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
    return count;
  }, at);
}

describe('controllers in the page', () => {
  it('a linked controller runs only after the click, then moves the cart-pole exactly as Node does', async () => {
    const source = readFileSync(repoFile('examples/controllers/cart_pole.js'), 'utf8');
    const scene = cartPole(source);
    scene.articulations[0].links[1].joint.position = 0.2; // balancing from 0.2 rad
    const { page, problems } = await openLink(scene);
    expect(await page.locator('#controller').isVisible()).toBe(true);
    expect(await status(page)).toContain('Not running');
    expect(await page.evaluate(() => window.__featherweight!.controllerRunning())).toBe(false);
    await page.evaluate(() => window.__featherweight!.advance(300)); // without it the pole falls
    expect(Math.abs((await page.evaluate(() => window.__featherweight!.q()))[1])).toBeGreaterThan(0.3);

    await page.getByRole('button', { name: 'Run controller' }).click();
    await page.waitForFunction(() => document.querySelector('.controller-status')?.textContent?.startsWith('Running'));
    // Run starts the scene again, and plays (the page was paused).
    expect(await page.evaluate(() => window.__featherweight!.time())).toBeLessThan(1);
    expect(await page.evaluate(() => window.__featherweight!.paused())).toBe(false);
    await page.evaluate(() => {
      window.__featherweight!.pause();
      window.__featherweight!.seekStep(0);
    });
    await page.evaluate(() => window.__featherweight!.advanceControlled(3000, false));
    const inPage = await page.evaluate(() => ({ t: window.__featherweight!.time(), hex: window.__featherweight!.qvHex(), q: window.__featherweight!.q() }));
    expect(inPage.t).toBeCloseTo(3, 9);
    expect(Math.abs(inPage.q[1])).toBeLessThan(0.01); // balanced
    expect(await page.evaluate(() => Object.keys(window.__featherweight!.controllerSignals()).length)).toBeGreaterThan(0);
    expect(await page.locator('#plot-picker option').first().textContent()).toBe('Energy (J)');
    expect(await page.locator('#plot-picker option').nth(1).textContent()).toBe('Controller signals');

    const engine = await loadEngine({ wasmBinary: readFileSync(repoFile('build/wasm/dist/featherweight.wasm')) });
    const world = engine.createWorld(scene);
    await world.enableController();
    world.step(3000);
    const hex = (values: Float64Array) => Array.from(new Uint8Array(values.buffer, values.byteOffset, values.byteLength), (b) => b.toString(16).padStart(2, '0')).join('');
    expect(inPage.hex).toBe(`${hex(world.q)}|${hex(world.qd)}`);
    world.dispose();

    // Back on the timeline and forward again: the recorded ticks replay the same motion, and the
    // recording is kept (no tick answer lands on the past).
    const end = await page.evaluate(() => window.__featherweight!.timeline().end);
    expect(end).toBeGreaterThanOrEqual(3000);
    await page.evaluate(() => window.__featherweight!.seekStep(1000));
    expect(await page.evaluate(() => window.__featherweight!.timeline().end)).toBe(end);
    await page.evaluate(() => window.__featherweight!.advanceControlled(2000, false));
    expect(await page.evaluate(() => window.__featherweight!.qvHex())).toBe(inPage.hex);
    expect(await page.evaluate(() => window.__featherweight!.timeline().end)).toBe(end);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('an edited controller changes the motion; a failure names its line and stops it', async () => {
    const { page, problems } = await openLink(cartPole('export function control(ctx) {\n  ctx.setEffort("cart-pole/cart", 0);\n}\n'));
    await page.getByRole('button', { name: 'Code' }).click();
    const editor = page.locator('#controller-editor .cm-content');
    await editor.waitFor();
    const write = async (text: string) => {
      await editor.click();
      await page.keyboard.press('Control+a');
      await page.keyboard.press('Delete');
      await page.keyboard.insertText(text); // as one input: no auto-indentation
      await page.getByRole('button', { name: 'Apply and run' }).click();
      await page.waitForFunction(() => document.querySelector('.controller-status')?.textContent?.startsWith('Running'));
    };
    await write('export function control(ctx) {\n  ctx.setEffort("cart-pole/cart", 5);\n  return { push: 5 };\n}\n');
    await page.evaluate(() => window.__featherweight!.advanceControlled(1000, false));
    const x = (await page.evaluate(() => window.__featherweight!.q()))[0];
    expect(x).toBeGreaterThan(0.5); // pushed along (x = ½ a t², a ≈ 5 N / 1.1 kg)
    await page.getByRole('button', { name: 'Stop' }).click(); // always there while it runs
    expect(await status(page)).toBe('Stopped.');
    expect(await page.evaluate(() => window.__featherweight!.controllerRunning())).toBe(false);
    expect(await page.getByRole('button', { name: 'Run controller' }).isVisible()).toBe(true);

    await write('export function control(ctx) {\n  const gain = 2;\n  if (ctx.t > 0.105) throw new Error("too far");\n  return { gain };\n}\n');
    await page.evaluate(() => window.__featherweight!.advanceControlled(500, false));
    expect(await status(page)).toMatch(/^Stopped — line 3: the controller failed at t = 0\.1100 s: too far/);
    expect(await page.locator('#controller-editor .editor-message').textContent()).toContain('line 3');
    expect(await page.locator('#controller-editor .cm-lint-marker-error').count()).toBe(1);
    expect(await page.evaluate(() => window.__featherweight!.controllerRunning())).toBe(false);

    // A syntax error is found at its line too (the engine's own message has none).
    await editor.click();
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Delete');
    await page.keyboard.insertText('export function control(ctx) {\n  const gain = 2;\n  let push = ;\n  return { gain };\n}\n');
    await page.getByRole('button', { name: 'Apply and run' }).click();
    await page.waitForFunction(() => document.querySelector('.controller-status')?.textContent?.startsWith('Stopped'));
    expect(await status(page)).toMatch(/^Stopped — line 3: the controller does not load: .*Unexpected token/);
    await expect.poll(() => page.locator('#controller-editor .editor-message').textContent()).toContain('line 3');
    await expect.poll(() => page.locator('#controller-editor .cm-lint-marker-error').count()).toBe(1);
    expect(await page.evaluate(() => window.__featherweight!.controllerRunning())).toBe(false);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('a hostile controller reaches no page, storage or server, and its endless loop is stopped', async () => {
    const hits: string[] = [];
    const server = createServer((request, response) => {
      hits.push(request.url ?? '');
      response.writeHead(200, { 'Access-Control-Allow-Origin': '*', 'Content-Type': 'text/javascript' }).end('export const x = 1;');
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const source = `
const reached = {};
// 1 when an attempt succeeds (a promise: once it resolves), 0 when it throws or rejects.
const attempt = (name, action) => {
  reached[name] = 0;
  try {
    const r = action();
    if (r instanceof Promise) r.then(() => (reached[name] = 1), () => {});
    else reached[name] = 1;
  } catch {}
};
attempt('document', () => document.cookie = 'stolen=1');
attempt('localStorage', () => localStorage.setItem('stolen', '1'));
attempt('indexedDB', () => indexedDB.open('stolen'));
attempt('fetch', () => fetch('${base}/fetch'));
attempt('protoFetch', () => Object.getPrototypeOf(self).fetch.call(self, '${base}/proto-fetch'));
attempt('xhr', () => { const x = new XMLHttpRequest(); x.open('GET', '${base}/xhr'); x.send(); return x; });
attempt('import', () => import('${base}/import.js'));
attempt('importScripts', () => importScripts('${base}/import-scripts.js'));
attempt('webSocket', () => new WebSocket('${base.replace('http', 'ws')}/socket'));
attempt('eventSource', () => new EventSource('${base}/events'));
attempt('worker', () => new Worker('${base}/worker.js'));
attempt('parent', () => parent.document.title = 'stolen');
export function control(ctx) {
  if (ctx.t > 0.055) while (true) {}
  return reached;
}`;
    const { page, problems } = await openLink(cartPole(source));
    await page.evaluate(() => localStorage.removeItem('stolen'));
    await page.getByRole('button', { name: 'Run controller' }).click();
    await page.waitForFunction(() => document.querySelector('.controller-status')?.textContent?.startsWith('Running'));
    // Frames drawn while the simulation waits at t = 0.06 s on the looping controller.
    const frames = await framesUntilStopped(page, 0.06);
    expect(frames).toBeGreaterThan(1); // the page kept drawing while the controller looped
    expect(await status(page)).toMatch(/^Stopped — the controller did not answer within its budget \(50 ms for one tick at t = 0\.060 s\)/);
    expect(await page.evaluate(() => window.__featherweight!.controllerRunning())).toBe(false);
    const reached = await page.evaluate(() => window.__featherweight!.controllerSignals());
    expect(Object.keys(reached).length).toBe(12);
    expect(Object.values(reached).every((v) => v === 0)).toBe(true);
    expect(await page.evaluate(() => [localStorage.getItem('stolen'), document.cookie.includes('stolen'), document.title.includes('stolen')])).toEqual([null, false, false]);
    await new Promise((done) => setTimeout(done, 300));
    expect(hits).toEqual([]);
    await page.evaluate(() => window.__featherweight!.advance(100)); // the scene goes on without it
    expect(await page.evaluate(() => window.__featherweight!.time())).toBeGreaterThan(0.15);
    server.close();
    expect(problems.filter((p) => !/Content Security Policy|Refused to|ERR_|net::/.test(p))).toEqual([]);
    await page.close();
  });

  // A controller's code shares its worker with the page's reply: it can post on the channel too.
  const posting = (change: string) => `
const post = MessagePort.prototype.postMessage;
MessagePort.prototype.postMessage = function (message, transfer) {
  ${change}
  return post.call(this, message, transfer);
};
export function control(ctx) { ctx.setEffort('cart-pole/cart', 1); }`;

  async function runUntilStopped(page: Page): Promise<{ status: string; frames: number }> {
    await page.getByRole('button', { name: 'Run controller' }).click();
    const frames = await framesUntilStopped(page);
    return { status: (await status(page)) ?? '', frames };
  }

  it('a controller answering with 50,000 signal names is stopped with a message, and the plot list stays short', async () => {
    const flood = "if (message && message.type === 'tick') for (let i = 0; i < 50000; i++) message.signals['junk' + i] = i;";
    const { page, problems } = await openLink(cartPole(posting(flood)));
    const { status: said } = await runUntilStopped(page);
    expect(said).toMatch(/^Stopped — the controller's answer was refused: more than 16 signals/);
    expect(await page.locator('#plot-picker option').count()).toBeLessThan(60);
    await page.evaluate(() => window.__featherweight!.advance(10)); // the scene goes on without it
    expect(problems).toEqual([]);
    await page.close();
  });

  it('a controller posting answers nobody asked for is stopped at the second answer to one tick', async () => {
    // Each reply sent a thousand times over: the first is the tick's answer, the rest are junk.
    const flood = 'for (let i = 0; i < 1000; i++) post.call(this, message);';
    const { page, problems } = await openLink(cartPole(posting(flood)));
    const { status: said, frames } = await runUntilStopped(page);
    expect(said).toMatch(/^Stopped — the controller posted a message the page did not ask for/);
    expect(frames).toBeGreaterThan(0);
    expect(await page.evaluate(() => window.__featherweight!.controllerRunning())).toBe(false);
    expect(problems).toEqual([]);
    await page.close();
  });
});
