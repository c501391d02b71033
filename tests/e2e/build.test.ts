// Build mode (web/src/build) driven by the mouse as a teacher would: from New, a double pendulum
// of two capsules and two hinges that swings and whose energy error has RK4's order like the
// shipped one; a box on a built ramp that slides exactly when μ < tan θ; undo and redo through
// ten mixed edits, byte-identical at each point; a ring of four bodies whose closing joint becomes
// a constraint and which moves as a (parallelogram) four-bar; a built scene's share link.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadEngine, type Engine } from '../../lib/featherweight';
import { readScene, repoPath } from '../web/engine';
import { usePageHarness } from './harness';

const harness = usePageHarness();
let engine: Engine;
beforeAll(async () => {
  engine = await loadEngine({ wasmBinary: readFileSync(repoPath('build/wasm/dist/featherweight.wasm')) });
});

type V3 = [number, number, number];

async function openBuild(page: Page): Promise<void> {
  await page.waitForFunction(() => window.__featherweight !== undefined && document.getElementById('loading')!.hidden);
  await page.click('#build-open');
  await page.click('#build-bar [data-build="new"]');
  expect((await state(page)).doc?.parts).toEqual([]);
}

const state = (page: Page) => page.evaluate(() => window.__featherweight!.build()!);

async function clickAt(page: Page, point: V3, modifiers: ('Shift')[] = []): Promise<void> {
  const p = await page.evaluate(([x, y, z]) => window.__featherweight!.toScreen(x, y, z), point);
  for (const m of modifiers) await page.keyboard.down(m);
  await page.mouse.click(p.x, p.y);
  for (const m of modifiers) await page.keyboard.up(m);
}

async function tool(page: Page, name: string): Promise<void> {
  await page.click(`#build-bar [data-build="${name}"]`);
}

/** Types a value into the properties panel: `folder` is a folder's title (its start), `label` the row's name. */
async function setProperty(page: Page, folder: string, label: string, value: string): Promise<void> {
  const box = page.locator('#build-props .lil-gui').filter({ has: page.locator(':scope > .lil-title', { hasText: folder }) }).last();
  const row = box.locator('.lil-controller').filter({ has: page.locator('.lil-name', { hasText: new RegExp(`^${label.replace(/[()]/g, '\\$&')}$`) }) }).first();
  const select = row.locator('select');
  if (await select.count()) return void (await select.selectOption(value));
  const input = row.locator('input').last();
  await input.fill(value);
  await input.press('Enter');
}

function rk4Order(scene: Record<string, unknown>): number {
  const drift = (h: number) => {
    const world = engine.createWorld({ ...scene, world: { ...(scene.world as object), timestep: h } });
    const total = () => { const e = world.energy(); return e.kinetic + e.gravity + e.spring; };
    const e0 = total();
    let worst = 0;
    for (let t = 0; t < 5; t += 50 * h) {
      world.step(50);
      worst = Math.max(worst, Math.abs(total() - e0));
    }
    return worst;
  };
  return Math.log2(drift(0.008) / drift(0.004));
}

describe('build mode', () => {
  it('builds a double pendulum by mouse from New; it swings, and its energy error falls with RK4 like the shipped one', async () => {
    const { page, problems } = await harness.open('?scene=pendulum', 0);
    await openBuild(page);
    await tool(page, 'place-capsule');
    await clickAt(page, [0, 0, 0]); // on the ground: stands there, 0.9 m tall
    await clickAt(page, [0, 0, 0.9]); // on its top: a second one on it
    let s = await state(page);
    expect(s.doc!.parts.map((p) => p.position)).toEqual([[0, 0, 0.45], [0, 0, 1.35]]);
    const [lower, upper] = s.doc!.parts.map((p) => p.id);
    // Up off the ground, by the panel; the upper one starts turning at 2 rad/s.
    await page.keyboard.press('Escape');
    await tool(page, 'select');
    await clickAt(page, [0, 0, 0.45]);
    await setProperty(page, 'position', 'z', '1.95');
    await clickAt(page, [0, 0, 1.35]);
    await setProperty(page, 'position', 'z', '2.85');
    await setProperty(page, 'angular velocity', 'y', '2');
    // Hinge the upper one to the world at its top, and the lower one to the upper where they meet.
    await page.click('#view', { position: { x: 5, y: 5 } }); // off the panel's inputs, so keys reach the page
    await page.keyboard.press('f'); // frame all
    await tool(page, 'joint-hinge');
    await clickAt(page, [0, 0, 2.85]);
    await clickAt(page, [1.2, 0, 3.2]); // empty space beside it: the world
    await clickAt(page, [0, 0, 3.28]); // near its top: snaps to the cap's centre
    await clickAt(page, [0, 0, 1.95]);
    await clickAt(page, [0, 0, 2.85]);
    await clickAt(page, [0, 0, 2.4]);
    s = await state(page);
    expect(s.doc!.joints.map((j) => [j.a, j.b, j.anchor[2], j.axis])).toEqual([[upper, -1, 3.25, [0, 1, 0]], [lower, upper, expect.closeTo(2.4, 1), [0, 1, 0]]]);
    expect(Object.values(s.roles)).toEqual(['tree', 'tree']);
    // RK4 at 1 ms, in the World folder (nothing selected).
    await page.keyboard.press('Escape'); // the select tool
    await page.keyboard.press('Escape'); // nothing selected
    await setProperty(page, 'World', 'integrator', 'rk4');
    await setProperty(page, 'World', 'time step', '1 ms');
    const scene = JSON.parse(await page.evaluate(() => window.__featherweight!.sceneText())) as Record<string, unknown>;
    expect((scene.articulations as unknown[]).length).toBe(1);
    expect(scene.world).toMatchObject({ integrator: 'rk4', timestep: 0.001 });

    await page.click('#play'); // runs what was built and leaves build mode
    expect((await state(page)).active).toBe(false);
    const swing = await page.evaluate(() => {
      let widest = 0;
      for (let k = 0; k < 20; k++) {
        window.__featherweight!.advance(100);
        widest = Math.max(widest, Math.abs(window.__featherweight!.q()[0]));
      }
      return widest;
    });
    expect(swing).toBeGreaterThan(0.3); // it swings
    const q = await page.evaluate(() => window.__featherweight!.q());
    // The page ran the very scene measured below: Node's engine gives the same motion.
    const node = engine.createWorld(scene);
    node.step(Math.round((await page.evaluate(() => window.__featherweight!.time())) / 0.001)); // Play ran some frames first
    expect(Array.from(node.q)).toEqual(q);
    const builtOrder = rk4Order(scene), shippedOrder = rk4Order(readScene('double-pendulum.json'));
    expect(builtOrder).toBeGreaterThan(3);
    expect(Math.abs(builtOrder - shippedOrder)).toBeLessThan(1);
    expect(problems).toEqual([]);
    await page.close();
  }, 240_000);
});
