// Share links in headless Chromium: Share copies a link to the scene with the panel's edits and
// the view; opening it elsewhere reproduces the experiment step for step. The clipboard may
// refuse, and the link is then offered in a text field. Bad links explain themselves while the
// default scene runs, and a link's text never becomes markup.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { encodeSceneLink } from '../../web/src/share/scene_link';
import { usePageHarness } from './harness';
import { control, openFolder } from './gui';

const harness = usePageHarness();


type Pendulum = {
  meta: { title: string; description: string; observe: string[] };
  articulations: { links: { inertial: { mass: number } }[] }[];
  version: number;
};
const pendulum = (): Pendulum =>
  JSON.parse(readFileSync(fileURLToPath(new URL('../../public/scenes/pendulum.json', import.meta.url)), 'utf8')) as Pendulum;

async function setControl(page: Page, folder: string, label: string, value: string): Promise<void> {
  await openFolder(page, folder);
  const input = control(page, label).locator('input').first();
  await input.fill(value);
  await input.press('Enter');
}

/** Pauses, resets to the initial state, runs `steps` steps, and returns every body's pose. */
function rerun(page: Page, steps: number): Promise<number[][]> {
  return page.evaluate((steps) => {
    const fw = window.__featherweight!;
    fw.pause();
    document.getElementById('reset')!.click();
    fw.advance(steps);
    return Array.from({ length: fw.bodyCount() }, (_, i) => fw.bodyPose(i));
  }, steps);
}

describe('share links', () => {
  it('Share copies a link that reproduces the edited experiment step for step', async () => {
    const { page, problems } = await harness.open();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await setControl(page, 'Scene', 'Release angle', '2');
    await setControl(page, 'Scene', 'Bob mass', '3');
    await setControl(page, 'World', 'gravity z', '-5');
    await page.keyboard.press('f'); // frame all: the view moves, and the link carries it
    await page.locator('#share').click();
    await expect.poll(() => page.locator('#share-status').textContent()).toBe('Link copied');

    const link = await page.evaluate(() => window.__featherweight!.shareLink());
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    expect(page.url()).toBe(link); // the address bar holds it too
    const url = new URL(link);
    expect(url.hash).toMatch(/^#scene=1\.[A-Za-z0-9_-]+$/);
    expect(url.search).toBe('');
    expect(await page.locator('#share-field').isHidden()).toBe(true);
    const camera = await page.evaluate(() => window.__featherweight!.camera());

    const opened = await harness.open(url.hash);
    expect(await opened.page.locator('#scene-title').textContent()).toBe('Simple pendulum');
    expect(await opened.page.locator('#error').isHidden()).toBe(true);
    const openedCamera = await opened.page.evaluate(() => window.__featherweight!.camera());
    expect(camera.position).not.toEqual([0.5, -4, 1.6]); // framing moved it off the scene's own view
    for (let k = 0; k < 3; k++) {
      // The link keeps the view to 0.1 mm (renderer.cameraSetup rounds it for a readable scene).
      expect(openedCamera.position[k]).toBeCloseTo(camera.position[k], 3);
      expect(openedCamera.target[k]).toBeCloseTo(camera.target[k], 3);
    }
    // The edits came along: released from 2 rad about y, the rod's quaternion starts at (0, sin 1, 0, cos 1).
    const [start] = await rerun(opened.page, 0);
    expect(start[4]).toBeCloseTo(Math.sin(1), 6);

    const steps = Math.round(1 / (await page.evaluate(() => window.__featherweight!.timestep())));
    const [original, reopened] = [await rerun(page, steps), await rerun(opened.page, steps)];
    expect(await opened.page.evaluate(() => window.__featherweight!.time())).toBeCloseTo(1, 9);
    expect(reopened.length).toBe(original.length);
    expect(original.length).toBeGreaterThan(0);
    original.forEach((pose, i) => pose.forEach((value, k) => expect(reopened[i][k], `body ${i}[${k}]`).toBeCloseTo(value, 6)));
    expect(Math.abs(original[0][4] - start[4])).toBeGreaterThan(0.01); // it really moved in that second
    expect(problems).toEqual([]);
    expect(opened.problems).toEqual([]);
    await page.close();
    await opened.page.close();
  });

  it('offers the link in a text field when the clipboard refuses it', async () => {
    const { page, problems } = await harness.open();
    await page.evaluate(() => {
      navigator.clipboard.writeText = () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError'));
    });
    await page.locator('#share').click();
    await expect.poll(() => page.locator('#share-field').isVisible()).toBe(true);
    const link = await page.evaluate(() => window.__featherweight!.shareLink());
    expect(await page.locator('#share-field').inputValue()).toBe(link);
    expect(await page.locator('#share-status').textContent()).toBe('Copy this link:');
    expect(page.url()).toBe(link);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('explains a bad link and runs the default scene instead', async () => {
    const good = encodeSceneLink(pendulum());
    const middle = Math.floor(good.length / 2);
    const tampered = good.slice(0, middle) + (good[middle] === 'A' ? 'B' : 'A') + good.slice(middle + 1);
    const heavy = pendulum();
    heavy.articulations[0].links[0].inertial.mass = -1;
    const cases = [
      { link: tampered, message: 'This scene link is damaged: it was cut short or altered' },
      { link: encodeSceneLink({ ...pendulum(), version: 99 }), message: 'made by a newer Featherweight (scene version 99' },
      { link: encodeSceneLink(heavy), message: 'Shared link: /articulations/0/links/0/inertial/mass:' },
    ];
    for (const { link, message } of cases) {
      const { page, problems } = await harness.open(link);
      expect(await page.locator('#error').isVisible()).toBe(true);
      const shown = await page.locator('#error-text').textContent();
      expect(shown).toContain(message);
      expect(shown).toContain('Showing Simple pendulum instead.');
      expect(await page.locator('#scene-title').textContent()).toBe('Simple pendulum');
      expect(await page.evaluate(() => window.__featherweight!.bodyCount())).toBeGreaterThan(0);
      expect(problems).toEqual([]);
      await page.close();
    }
  });

  it('opens a gallery scene named in the address, with or without .json, and explains a name that is none', async () => {
    for (const query of ['?scene=double-pendulum', '?scene=double-pendulum.json']) {
      const { page, problems } = await harness.open(query);
      expect(await page.locator('#scene-title').textContent()).toBe('Double pendulum');
      expect(await page.locator('#error').isHidden()).toBe(true);
      expect(problems).toEqual([]);
      await page.close();
    }
    for (const [query, message] of [
      ['?scene=no-such-scene', 'scenes/no-such-scene.json: there is no such scene'],
      ['?scene=../secret', 'not a scene file name: ../secret'],
    ]) {
      const { page, problems } = await harness.open(query);
      const shown = await page.locator('#error-text').textContent();
      expect(shown).toContain(message);
      expect(shown).toContain('Showing Simple pendulum instead.');
      expect(await page.locator('#scene-title').textContent()).toBe('Simple pendulum');
      expect(problems.filter((p) => !p.includes('404'))).toEqual([]); // the browser logs the failed fetch itself
      await page.close();
    }
  });

  it("shows a link's markup-like title as text, never as markup", async () => {
    const payload = '<img src=x onerror="window.__pwned=1">';
    const scene = pendulum();
    scene.meta = { title: payload, description: `${payload} description`, observe: [`${payload} observe`] };
    // Markup that became an element would fetch its image at once: any such request is recorded.
    const fetched: string[] = [];
    const { page, problems } = await harness.open(encodeSceneLink(scene), 0.2, undefined, (p) => {
      p.on('request', (request) => {
        if (new URL(request.url()).pathname.endsWith('/x')) fetched.push(request.url()); // the payload's src=x
      });
    });
    expect(await page.locator('#scene-title').textContent()).toBe(payload);
    expect(await page.locator('#scene-description').textContent()).toBe(`${payload} description`);
    expect(await page.locator('#scene-observe li').first().textContent()).toBe(`${payload} observe`);
    expect(await page.title()).toBe(`${payload} · Featherweight`);
    expect(fetched).toEqual([]); // no image was ever asked for, so no error handler can run
    expect(await page.evaluate(() => document.querySelectorAll('img').length)).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(problems).toEqual([]);
    await page.close();
  });

  it('follows a scene link put into the address of an open page', async () => {
    const { page, problems } = await harness.open();
    const later = { ...pendulum(), meta: { title: 'Linked in later', description: '', observe: [] } };
    await page.evaluate((hash) => (window.location.hash = hash), encodeSceneLink(later));
    await expect.poll(() => page.locator('#scene-title').textContent()).toBe('Linked in later');
    await page.evaluate(() => (window.location.hash = '#scene=1.AAAA'));
    await expect.poll(() => page.locator('#error-text').textContent()).toContain('The previous scene keeps running.');
    expect(await page.locator('#scene-title').textContent()).toBe('Linked in later');
    expect(problems).toEqual([]);
    await page.close();
  });
});
