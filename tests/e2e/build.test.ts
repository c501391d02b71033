// Build mode (web/src/builder) driven by the mouse as a teacher would: from New, a double pendulum
// of two capsules and two hinges that swings and whose energy error has RK4's order like the
// shipped one; a box on a built ramp that slides exactly when μ < tan θ; undo and redo through
// ten mixed edits, byte-identical at each point; a ring of four bodies whose closing joint becomes
// a constraint and which moves as a (parallelogram) four-bar; a built scene's share link.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadEngine, type Engine } from '../../lib/featherweight';
import { readScene, repoPath } from '../web/engine';
import { PHONE, usePageHarness } from './harness';

const harness = usePageHarness();
let engine: Engine;
beforeAll(async () => {
  engine = await loadEngine({ wasmBinary: readFileSync(repoPath('build/wasm/dist/featherweight.wasm')) });
});

type V3 = [number, number, number];

async function openBuild(page: Page): Promise<void> {
  await page.waitForFunction(() => window.__featherweight !== undefined && document.getElementById('loading')!.hidden);
  await page.click('#build-open');
  await newBuild(page);
  expect((await state(page)).doc?.parts).toEqual([]);
}

/** New: an empty build, discarding the one open (New asks first when it has parts). */
async function newBuild(page: Page, touch = false): Promise<void> {
  const hadParts = ((await state(page)).doc?.parts.length ?? 0) > 0;
  await (touch ? page.tap('#build-bar [data-build="new"]') : page.click('#build-bar [data-build="new"]'));
  if (!hadParts) return;
  const discard = page.locator('dialog.build-dialog button', { hasText: 'Discard' });
  await (touch ? discard.tap() : discard.click());
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

async function addTemplate(page: Page, id: string, value: number): Promise<void> {
  await page.click('#build-bar [data-build="templates"]');
  const dialog = page.locator('dialog.build-dialog');
  await dialog.locator('select').selectOption(id);
  await dialog.locator('input[type="number"]').fill(String(value));
  await dialog.locator('button', { hasText: 'Add' }).click();
}

/** Types a value into the properties panel: `folder` is a folder's title (its start), `label` the row's name. */
async function setProperty(page: Page, folder: string | RegExp, label: string, value: string): Promise<void> {
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
    await clickAt(page, [0.8, 0, 3.2]); // empty space beside it (clear of the properties panel): the world
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

  it('puts a box on a built ramp: it slides when μ < tan θ and stays when μ > tan θ', async () => {
    const { page, problems } = await harness.open('?scene=pendulum', 0);
    await openBuild(page);
    await addTemplate(page, 'ramp', 30);
    const height = 2 * Math.tan(Math.PI / 6);
    expect((await state(page)).doc!.parts[0].size).toEqual([2, 1, expect.closeTo(height, 9)]);
    await page.click('#view', { position: { x: 640, y: 70 } }); // below the view switch
    await page.keyboard.press('f');
    await tool(page, 'place-box');
    await clickAt(page, [0, 0, height / 2]); // the middle of the slope
    const box = (await state(page)).doc!.parts[1];
    // It rests on the slope, turned with it: its centre 0.2 m out along the slope's normal.
    expect(box.position[0]).toBeCloseTo(0.2 * Math.sin(Math.PI / 6), 2);
    expect(box.position[2]).toBeCloseTo(height / 2 + 0.2 * Math.cos(Math.PI / 6), 2);
    await page.keyboard.press('Escape');

    const slid = async (mu: string) => {
      await tool(page, 'select');
      await clickAt(page, box.position as V3);
      await setProperty(page, 'box1', 'friction μ', mu);
      await clickAt(page, [-0.6, 0, 0.2]); // the ramp's thick end
      await setProperty(page, 'ramp1', 'friction μ', mu);
      await page.click('#play');
      const index = await page.evaluate(() => window.__featherweight!.bodyNames().indexOf('box1'));
      const start = await page.evaluate((i) => window.__featherweight!.bodyPose(i), index);
      await page.evaluate(() => window.__featherweight!.advance(240)); // 1 s
      const end = await page.evaluate((i) => window.__featherweight!.bodyPose(i), index);
      await page.click('#build-open'); // back to its start, in build mode
      return Math.hypot(end[0] - start[0], end[1] - start[1], end[2] - start[2]);
    };
    expect(await slid('0.3')).toBeGreaterThan(0.3); // tan 30° = 0.577
    expect(await slid('0.8')).toBeLessThan(0.005);
    expect(problems).toEqual([]);
    await page.close();
  }, 240_000);

  it('undoes and redoes ten mixed edits, each giving back the scene JSON byte for byte', async () => {
    const { page, problems } = await harness.open('?scene=pendulum', 0);
    await openBuild(page);
    const scenes = [await page.evaluate(() => window.__featherweight!.sceneText())];
    const edited = async () => {
      const text = await page.evaluate(() => window.__featherweight!.sceneText());
      expect(text).not.toBe(scenes.at(-1)); // each edit changes the scene
      scenes.push(text);
    };
    const blur = () => page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await tool(page, 'place-box');
    await clickAt(page, [0, 0, 0]);
    await edited(); // 1: a box
    await tool(page, 'place-sphere');
    await clickAt(page, [1, 0, 0]);
    await edited(); // 2: a sphere
    await tool(page, 'select');
    await clickAt(page, [0, 0, 0.2]);
    await setProperty(page, 'box1', 'friction μ', '0.9');
    await edited(); // 3: its friction
    await setProperty(page, 'position', 'x', '-0.5');
    await edited(); // 4: moved
    await clickAt(page, [1, 0, 0.15]);
    await setProperty(page, 'sphere1', 'restitution e', '0.7');
    await edited(); // 5: the sphere's restitution
    await blur();
    await page.keyboard.press('Control+d');
    await edited(); // 6: duplicated
    expect((await state(page)).doc!.parts).toHaveLength(3);
    await page.keyboard.press('Delete');
    await edited(); // 7: the copy deleted
    await addTemplate(page, 'stack', 3);
    await edited(); // 8: a stack of three
    await tool(page, 'joint-ball');
    await clickAt(page, [-0.5, 0, 0.2]);
    await clickAt(page, [-1.2, 0, 1]); // empty space: the world
    await clickAt(page, [-0.5, 0, 0.39]);
    await edited(); // 9: a ball joint to the world
    await blur();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await setProperty(page, 'World', 'gravity z (m/s²)', '-5');
    await edited(); // 10: gravity
    expect(scenes).toHaveLength(11);
    await blur();
    for (let k = 9; k >= 0; k--) {
      await page.keyboard.press('Control+z');
      expect(await page.evaluate(() => window.__featherweight!.sceneText())).toBe(scenes[k]);
    }
    for (let k = 1; k <= 10; k++) {
      await page.keyboard.press('Control+Shift+z');
      expect(await page.evaluate(() => window.__featherweight!.sceneText())).toBe(scenes[k]);
    }
    expect(problems).toEqual([]);
    await page.close();
  }, 240_000);

  it('makes the joint that closes a ring of four bodies a constraint; the ring moves as a parallelogram four-bar', async () => {
    const { page, problems } = await harness.open('?scene=pendulum', 0);
    await openBuild(page);
    // A static slab above, a crank and a rocker hanging from it 1 m apart, a coupler joining their
    // lower ends: each put on the ground below where it goes, then sized and lifted in the panel.
    const make = async (kind: string, x: number, name: string, size: V3, z: number) => {
      await tool(page, `place-${kind}`);
      await clickAt(page, [x, 0, 0]);
      const s = await state(page);
      expect(s.selection.parts).toEqual([s.doc!.parts.at(-1)!.id]); // what was put down is selected
      for (const [k, axis] of ['x', 'y', 'z'].entries()) await setProperty(page, name, `size ${axis} (m)`, String(size[k]));
      await setProperty(page, 'position', 'z', String(z));
    };
    await make('slab', 0.5, 'slab1', [1.4, 0.1, 0.05], 2.05);
    await make('box', 0, 'box1', [0.04, 0.04, 0.5], 1.75);
    await make('box', 1, 'box2', [0.04, 0.04, 0.5], 1.75);
    await make('box', 0.5, 'box3', [1, 0.04, 0.04], 1.5);
    await setProperty(page, 'box3', 'name', 'coupler');
    await tool(page, 'select');
    await clickAt(page, [0, 0, 1.75]);
    await setProperty(page, 'angular velocity', 'y', '2');
    await page.click('#view', { position: { x: 640, y: 70 } }); // below the view switch
    await page.keyboard.press('f');
    await tool(page, 'joint-hinge');
    const join = async (a: V3, b: V3, anchor: V3) => {
      await clickAt(page, a);
      await clickAt(page, b);
      await clickAt(page, anchor);
    };
    await join([0, 0, 1.75], [0.3, 0, 2.05], [0, 0, 1.99]); // crank to the slab
    await join([1, 0, 1.75], [0.7, 0, 2.05], [1, 0, 1.99]); // rocker to the slab
    await join([0.5, 0, 1.5], [0, 0, 1.7], [0.01, 0, 1.5]); // coupler to crank
    await join([0.5, 0, 1.5], [1, 0, 1.7], [0.99, 0, 1.5]); // coupler to rocker: closes the ring
    const s = await state(page);
    expect(s.doc!.joints.map((j) => j.anchor)).toEqual([[0, 0, 2], [1, 0, 2], [0, 0, 1.5], [1, 0, 1.5]]);
    expect(s.doc!.joints.map((j) => s.roles[j.id])).toEqual(['tree', 'tree', 'tree', 'loop']);
    const scene = JSON.parse(await page.evaluate(() => window.__featherweight!.sceneText())) as { constraints?: unknown[] };
    expect(scene.constraints).toHaveLength(1);
    // Impulse constraints need realtime stepping: RK4 is refused, said, and the edit undone.
    await tool(page, 'select');
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('Escape');
    await setProperty(page, 'World', 'integrator', 'rk4');
    expect((await state(page)).status).toMatch(/^That edit was refused and undone: .*realtime/i);
    expect(JSON.parse(await page.evaluate(() => window.__featherweight!.sceneText()))).toEqual(scene);
    // The panel says why.
    await clickAt(page, [1, 0, 1.5]);
    const said = () => page.locator('#build-props input').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value).join(' | '));
    await expect.poll(said).toMatch(/loop closure \(impulse constraint\) \| its two parts are already joined through other joints: it closes a loop/);

    await page.click('#play');
    const motion = await page.evaluate(() => {
      const fw = window.__featherweight!;
      const names = fw.bodyNames();
      const at = (name: string, local: number[]) => {
        const p = fw.bodyPose(names.findIndex((n) => n.endsWith(`/${name}`)));
        const [x, y, z, w] = [p[3], p[4], p[5], p[6]];
        const [lx, ly, lz] = local;
        // v + 2w(u × v) + 2u × (u × v), u = (x, y, z)
        const c1 = [y * lz - z * ly, z * lx - x * lz, x * ly - y * lx];
        const c2 = [y * c1[2] - z * c1[1], z * c1[0] - x * c1[2], x * c1[1] - y * c1[0]];
        return [p[0] + lx + 2 * (w * c1[0] + c2[0]), p[1] + ly + 2 * (w * c1[1] + c2[1]), p[2] + lz + 2 * (w * c1[2] + c2[2])];
      };
      let crank = 0, couplerTurn = 0, gap = 0;
      for (let k = 0; k < 60; k++) {
        fw.advance(8);
        const tip = at('box1', [0, 0, -0.5]);
        crank = Math.max(crank, Math.abs(Math.atan2(tip[0], 2 - tip[2])));
        const c = fw.bodyPose(names.findIndex((n) => n.endsWith('/coupler')));
        couplerTurn = Math.max(couplerTurn, 2 * Math.asin(Math.min(1, Math.hypot(c[3], c[4], c[5]))));
        const end = at('coupler', [1, 0, 0]), rockerEnd = at('box2', [0, 0, -0.5]);
        gap = Math.max(gap, Math.hypot(end[0] - rockerEnd[0], end[1] - rockerEnd[1], end[2] - rockerEnd[2]));
      }
      return { crank, couplerTurn, gap };
    });
    expect(motion.crank).toBeGreaterThan(0.2); // it swings …
    expect(motion.couplerTurn).toBeLessThan(0.01); // … the coupler staying level, as in a parallelogram
    expect(motion.gap).toBeLessThan(0.003); // and the ring stays closed
    expect(problems).toEqual([]);
    await page.close();
  }, 300_000);

  it('opens the gallery pendulum; New can be undone; the Pendulum template is a bob on a light rod, drawn on its pivot, that keeps its arrow; a ramp turns steeper', async () => {
    const { page, problems } = await harness.open('?scene=pendulum', 0);
    await page.waitForFunction(() => window.__featherweight !== undefined && document.getElementById('loading')!.hidden);
    await page.click('#build-open');
    let s = await state(page);
    expect(s.status).not.toMatch(/cannot be edited/);
    expect(s.doc!.parts.map((p) => p.shape)).toEqual(['sphere']); // the bob, its rod riding along, its own inertia
    // New asks before discarding the build: Cancel keeps it; Discard empties it, and Undo brings it back.
    await page.click('#build-bar [data-build="new"]');
    const dialog = page.locator('dialog.build-dialog');
    expect(await dialog.textContent()).toMatch(/^Discard this build and its part for an empty scene\? Undo brings it back\./);
    await dialog.locator('button', { hasText: 'Cancel' }).click();
    expect((await state(page)).doc!.parts.map((p) => p.shape)).toEqual(['sphere']);
    await newBuild(page);
    expect((await state(page)).doc!.parts).toEqual([]);
    await page.click('#build-bar [data-build="undo"]');
    expect((await state(page)).doc!.parts.map((p) => p.shape)).toEqual(['sphere']);
    await newBuild(page);

    // The Pendulum template hanging straight down: a 1 kg ball 1 m below its pivot on a rod of a few grams.
    await addTemplate(page, 'pendulum', 0);
    s = await state(page);
    expect(s.doc!.parts.map((p) => p.shape)).toEqual(['capsule', 'sphere']);
    const bob = s.doc!.parts[1];
    expect(bob.position.map((x) => Math.round(x * 1000) / 1000)).toEqual([0, 0, 1]);
    const scene = JSON.parse(await page.evaluate(() => window.__featherweight!.sceneText())) as { articulations: { links: { shapes: { type: string; radius: number; length?: number; density: number }[] }[] }[] };
    const [rodShape, ballShape] = scene.articulations[0].links.map((l) => l.shapes[0]);
    const ballMass = ballShape.density * (4 / 3) * Math.PI * ballShape.radius ** 3;
    expect(ballMass).toBeCloseTo(1, 1);
    expect(rodShape.density * Math.PI * rodShape.radius ** 2 * rodShape.length!).toBeLessThan(0.05 * ballMass);
    expect(await page.evaluate(() => window.__featherweight!.bodyNames())).toContain('pivots'); // the hinge to the world is drawn

    // The bob's arrow: 2 m/s sideways (whichever way the hinge's axis lies, one of x and y is across it).
    await tool(page, 'select');
    await page.keyboard.press('Escape'); // nothing selected (the template selected both parts)
    await clickAt(page, bob.position as V3);
    expect((await state(page)).selection.parts).toEqual([bob.id]);
    await setProperty(page, /^velocity/, 'x', '2');
    await setProperty(page, /^velocity/, 'y', '2');
    expect(Math.abs((await page.evaluate(() => window.__featherweight!.v()))[0])).toBeCloseTo(2, 6); // 2 m/s over 1 m
    await page.evaluate(() => window.__featherweight!.advance(24)); // 0.1 s: it swings off
    expect(Math.abs((await page.evaluate(() => window.__featherweight!.q()))[0])).toBeGreaterThan(0.15);

    // A ramp placed at 25°, then made 35° in its properties: its height follows, its base stays.
    await page.click('#build-open');
    await addTemplate(page, 'ramp', 25);
    const ramp = (await state(page)).doc!.parts.find((p) => p.size.length === 3 && p.size[0] === 2)!;
    await setProperty(page, '(ramp)', 'angle (°)', '35');
    const steeper = (await state(page)).doc!.parts.find((p) => p.id === ramp.id)!;
    expect(steeper.size[2]).toBeCloseTo(2 * Math.tan((35 * Math.PI) / 180), 6);
    expect(steeper.position[2] - steeper.size[2] / 2).toBeCloseTo(0, 6);
    expect(problems).toEqual([]);
    await page.close();
  }, 240_000);

  it("opens a built scene's share link in a fresh page, where build mode can go on with it", async () => {
    const { page, problems } = await harness.open('?scene=pendulum', 0);
    await openBuild(page);
    await tool(page, 'place-sphere');
    await clickAt(page, [0, 0, 0]);
    await tool(page, 'place-cylinder');
    await clickAt(page, [0.8, 0, 0]);
    await page.click('#build-bar [data-build="meta"]');
    const dialog = page.locator('dialog.build-dialog');
    await dialog.locator('input[name="title"]').fill('A ball and a drum');
    await dialog.locator('textarea[name="observe"]').fill('Nothing moves\nUntil you push it');
    await dialog.locator('button', { hasText: 'Save' }).click();
    expect(await page.locator('#scene-title').textContent()).toBe('A ball and a drum');
    const built = JSON.parse(await page.evaluate(() => window.__featherweight!.sceneText())) as Record<string, unknown>;
    const link = new URL(await page.evaluate(() => window.__featherweight!.shareLink()));
    const fresh = await harness.open(link.search + link.hash, -1); // it opens paused, as it was shared
    await fresh.page.waitForFunction(() => window.__featherweight !== undefined && document.getElementById('loading')!.hidden);
    const opened = JSON.parse(await fresh.page.evaluate(() => window.__featherweight!.sceneText())) as Record<string, unknown>;
    delete opened.camera;
    expect(opened).toEqual(built);
    expect(await fresh.page.locator('#scene-title').textContent()).toBe('A ball and a drum');
    await fresh.page.click('#build-open');
    const reopened = await state(fresh.page);
    expect(reopened.doc!.parts.map((p) => [p.name, p.position])).toEqual([['sphere1', [0, 0, 0.15]], ['cylinder1', [0.8, 0, 0.15]]]);
    expect(problems).toEqual([]);
    expect(fresh.problems).toEqual([]);
    await fresh.page.close();
    await page.close();
  }, 240_000);

  it('works with fingers: a tap places and selects, one finger slides a part, two fingers turn the view and place nothing', async () => {
    const { page, problems } = await harness.open('?scene=pendulum', 0, PHONE);
    await page.waitForFunction(() => window.__featherweight !== undefined && document.getElementById('loading')!.hidden);
    await page.tap('#build-open');
    await newBuild(page, true);
    await page.tap('#build-bar [data-build="place-box"]');
    const at = await page.evaluate(() => window.__featherweight!.toScreen(0, 0, 0));
    await page.touchscreen.tap(at.x, at.y);
    expect((await state(page)).doc!.parts.map((p) => p.position)).toEqual([[0, 0, 0.2]]);
    await page.tap('#build-bar [data-build="select"]');
    await page.touchscreen.tap(20, at.y); // empty ground: nothing selected
    expect((await state(page)).selection.parts).toEqual([]);
    // One finger on the box (its left side, clear of the gizmo's handles) slides it to the right.
    const side = await page.evaluate(() => window.__featherweight!.toScreen(-0.17, -0.2, 0.1));
    const right = await page.evaluate(() => window.__featherweight!.toScreen(0.83, -0.2, 0.1));
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', points: { x: number; y: number; id: number }[]) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points });
    await touch('touchStart', [{ x: side.x, y: side.y, id: 1 }]);
    for (let k = 1; k <= 8; k++) await touch('touchMove', [{ x: side.x + ((right.x - side.x) * k) / 8, y: side.y + ((right.y - side.y) * k) / 8, id: 1 }]);
    await touch('touchEnd', []);
    await expect.poll(async () => (await state(page)).doc!.parts[0].position).toEqual([1, 0, 0.2]);
    // Two fingers moving together turn the view; lifting them places nothing.
    await tool(page, 'place-sphere');
    const camera = await page.evaluate(() => window.__featherweight!.camera());
    await touch('touchStart', [{ x: 100, y: at.y - 100, id: 1 }, { x: 250, y: at.y - 100, id: 2 }]);
    for (let k = 1; k <= 8; k++) await touch('touchMove', [{ x: 100 + 8 * k, y: at.y - 100, id: 1 }, { x: 250 + 8 * k, y: at.y - 100, id: 2 }]);
    await touch('touchEnd', []);
    await expect.poll(() => page.evaluate(() => window.__featherweight!.camera().position)).not.toEqual(camera.position);
    expect((await state(page)).doc!.parts).toHaveLength(1);
    expect(problems).toEqual([]);
    await page.close();
  }, 240_000);
});
