// The scene editor in headless Chromium: a rejected edit is explained, marked and kept while the
// old scene runs on; the draft survives a reload; a fixed edit runs; scene files open through the
// file input and by dropping, URDF included; Download saves the running scene; and the page's
// shortcut keys stay quiet while one types in the editor.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { clockWatch, downloadText, runFor, simTime, usePageHarness } from './harness';

const harness = usePageHarness();
const DRAFT_KEY = 'featherweight.sceneDraft';

const repoFile = (path: string) => readFileSync(fileURLToPath(new URL(`../../${path}`, import.meta.url)), 'utf8');

type Pendulum = { meta: { title: string }; articulations: { links: { inertial: { mass: number } }[] }[] };

function pendulumWith(mass: number, title = 'Simple pendulum'): string {
  const scene = JSON.parse(repoFile('public/scenes/pendulum.json')) as Pendulum;
  scene.articulations[0].links[0].inertial.mass = mass;
  scene.meta.title = title;
  return JSON.stringify(scene, null, 2);
}

const lineNumberOf = (text: string, part: string) => text.split('\n').findIndex((line) => line.includes(part)) + 1;

/** Replaces the editor's whole text the way a paste would. */
async function typeScene(page: Page, text: string): Promise<void> {
  await page.locator('#editor-panel .cm-content').click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(text);
}

/** Drops a .json file with this text on the 3D view, as a file dragged from the desktop would. */
async function dropSceneFile(page: Page, text: string): Promise<void> {
  await page.evaluate((content) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([content], 'dropped.json', { type: 'application/json' }));
    document.getElementById('view')!.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
  }, text);
}

const draft = (page: Page) => page.evaluate((key) => localStorage.getItem(key), DRAFT_KEY);
const message = (page: Page) => page.locator('#editor-panel .editor-message');

describe('scene editor', () => {
  it('keeps a rejected edit and the running scene, marks the line, restores the draft after a reload, then runs the fix', async () => {
    const { page, problems } = await harness.open();
    await page.locator('#edit-open').click();
    await expect.poll(() => page.locator('#editor-panel .cm-content').textContent()).toContain('"Simple pendulum"');

    const bad = pendulumWith(-1);
    await typeScene(page, bad);
    const before = await page.evaluate(() => ({ t: window.__featherweight!.time(), bodies: window.__featherweight!.bodyCount() }));
    await page.locator('#editor-panel .editor-apply').click();

    const line = lineNumberOf(bad, '"mass": -1');
    const shown = await message(page).textContent();
    expect(shown).toContain(`Line ${line}: /articulations/0/links/0/inertial/mass:`);
    expect(await page.locator('#error').isHidden()).toBe(true); // said in the editor, not the global box
    // The lint mark covers the member, and the cursor sits on its line.
    await expect.poll(() => page.locator('#editor-panel .cm-lintRange-error').first().textContent()).toBe('"mass": -1');
    expect(await page.locator('#editor-panel .cm-activeLine').textContent()).toContain('"mass": -1');
    // The old scene runs on, and the text is kept as it was typed.
    await page.waitForFunction((t) => window.__featherweight!.time() > t + 0.3, before.t, { timeout: 30_000 });
    expect(await page.evaluate(() => window.__featherweight!.bodyCount())).toBe(before.bodies);
    await expect.poll(() => draft(page)).toBe(bad);

    await page.reload();
    await page.waitForFunction(() => (window.__featherweight?.time() ?? 0) > 0.2, null, { timeout: 90_000 });
    await expect.poll(() => page.locator('#editor-panel').isVisible()).toBe(true); // the editor loads on its own for a draft
    expect(await page.locator('#editor-panel .editor-note').textContent()).toBe('Unapplied draft restored — Apply or Discard');
    expect(await page.locator('#scene-title').textContent()).toBe('Simple pendulum'); // the draft does not run by itself
    expect(await draft(page)).toBe(bad);
    // The editor holds the draft: applying it gives the same answer.
    await page.locator('#editor-panel .editor-apply').click();
    expect(await message(page).textContent()).toBe(shown);

    await typeScene(page, pendulumWith(2, 'Heavier pendulum'));
    await page.locator('#editor-panel .editor-apply').click();
    expect(await page.locator('#scene-title').textContent()).toBe('Heavier pendulum');
    expect(await message(page).textContent()).toMatch(/^Applied/);
    expect(await page.locator('#editor-panel .editor-note').isHidden()).toBe(true);
    expect(await page.locator('#editor-panel .cm-lintRange-error').count()).toBe(0);
    expect(await draft(page)).toBeNull();
    expect(await simTime(page)).toBeLessThan(1); // started again from its initial state
    expect(problems).toEqual([]);
    await page.close();
  });

  it('gives the line of text that is not JSON, and the page keys stay quiet while typing', async () => {
    const { page, problems } = await harness.open();
    await page.locator('#edit-open').click();
    await typeScene(page, '{\n  "format": "featherweight-scene",\n  "version": 1\n  "meta": {}\n}');
    // Space, s and r are text here: the simulation neither pauses, steps nor resets.
    const clock = await clockWatch(page);
    await page.keyboard.type(' sr');
    await runFor(page, 0.2); // not paused …
    expect(await clock.restarted()).toBe(false); // … nor reset
    expect(await page.locator('#play').textContent()).toBe('Pause');
    await page.locator('#editor-panel .editor-apply').click();
    expect(await message(page).textContent()).toMatch(/^Line 4: \/: not valid JSON at line 4, column \d+/);
    await expect.poll(() => page.locator('#editor-panel .cm-lintRange-error').count()).toBe(1);
    expect(await page.locator('#editor-panel .cm-activeLine').textContent()).toContain('"meta"');
    expect(await page.locator('#scene-title').textContent()).toBe('Simple pendulum');
    // Discard goes back to the running scene's text.
    await page.locator('#editor-panel button', { hasText: 'Discard' }).click();
    expect(await page.locator('#editor-panel .cm-content').textContent()).toContain('"Simple pendulum"');
    await expect.poll(() => draft(page)).toBeNull();
    // And undo brings the discarded text back.
    await page.locator('#editor-panel .cm-content').click();
    await page.keyboard.press('ControlOrMeta+z');
    expect(await page.locator('#editor-panel .cm-content').textContent()).toContain('"meta": {}');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('opens a .json file from the file input and by dropping it on the page, and a .urdf robot', async () => {
    const { page, problems } = await harness.open();
    await page.locator('#edit-open').click();
    const pendulumBodies = await page.evaluate(() => window.__featherweight!.bodyCount());
    const double = repoFile('public/scenes/double-pendulum.json');
    await page.locator('#editor-panel input[type=file]').setInputFiles({ name: 'two.json', mimeType: 'application/json', buffer: Buffer.from(double) });
    await expect.poll(() => page.locator('#scene-title').textContent()).toBe((JSON.parse(double) as Pendulum).meta.title);
    expect(await page.evaluate(() => window.__featherweight!.bodyCount())).not.toBe(pendulumBodies);
    expect(await message(page).textContent()).toMatch(/^Opened two\.json/);

    // Dropped anywhere: here on the view.
    await dropSceneFile(page, pendulumWith(1, 'Dropped pendulum'));
    await expect.poll(() => page.locator('#scene-title').textContent()).toBe('Dropped pendulum');
    // A file the loader rejects: named with the line, its text kept in the editor, the scene kept.
    await page.locator('#editor-panel input[type=file]').setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from('{"format": 7}') });
    await expect.poll(() => message(page).textContent()).toMatch(/^bad\.json — Line 1: \/format: /);
    expect(await page.locator('#editor-panel .cm-content').textContent()).toBe('{"format": 7}');
    expect(await page.locator('#scene-title').textContent()).toBe('Dropped pendulum');

    // A robot description becomes a scene; a broken one is named and changes nothing.
    const urdf = repoFile('public/urdf/two-link-arm.urdf');
    await page.locator('#editor-panel input[type=file]').setInputFiles({ name: 'two-link-arm.urdf', mimeType: 'application/xml', buffer: Buffer.from(urdf) });
    await expect.poll(() => message(page).textContent()).toMatch(/^Opened two-link-arm\.urdf/);
    expect(await page.locator('#editor-panel .cm-content').textContent()).toContain('"articulations"');
    const robotBodies = await page.evaluate(() => window.__featherweight!.bodyCount());
    expect(robotBodies).toBeGreaterThan(1);
    await page.locator('#editor-panel input[type=file]').setInputFiles({ name: 'broken.urdf', mimeType: 'application/xml', buffer: Buffer.from('<robot name="x"><link') });
    await expect.poll(() => message(page).textContent()).toMatch(/^broken\.urdf/);
    expect(await page.evaluate(() => window.__featherweight!.bodyCount())).toBe(robotBodies);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('loads the editor (CodeMirror) only when wanted: a file dropped on a fresh page loads it and runs', async () => {
    const { page, problems } = await harness.open();
    const editorScripts = () =>
      page.evaluate(() => performance.getEntriesByType('resource').filter((entry) => entry.name.includes('scene_editor')).length);
    expect(await editorScripts()).toBe(0);
    expect(await page.locator('#editor-panel .cm-content').count()).toBe(0);
    await dropSceneFile(page, pendulumWith(2, 'Dropped first'));
    await expect.poll(() => page.locator('#scene-title').textContent()).toBe('Dropped first');
    expect(await editorScripts()).toBeGreaterThan(0);
    expect(await page.locator('#editor-panel').isVisible()).toBe(true);
    expect(await page.locator('#editor-panel .cm-content').textContent()).toContain('"Dropped first"');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('downloads the running scene, with the view, as <title>.json', async () => {
    const { page, problems } = await harness.open();
    await page.locator('#edit-open').click();
    const [file] = await Promise.all([page.waitForEvent('download'), page.locator('#editor-panel button', { hasText: 'Download' }).click()]);
    expect(file.suggestedFilename()).toBe('simple-pendulum.json');
    const saved = JSON.parse(await downloadText(file)) as { meta: { title: string }; camera: { position: number[] } };
    expect(saved.meta.title).toBe('Simple pendulum');
    expect(saved.camera.position).toHaveLength(3);
    // And the editor closes again from the same button.
    await page.locator('#edit-open').click();
    await expect.poll(() => page.locator('#editor-panel').isHidden()).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });
});
