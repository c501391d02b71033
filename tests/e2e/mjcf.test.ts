// MuJoCo models in the page: an MJCF file opened from the editor becomes the running scene, with
// what did not carry over said once; a bad one is named with its element or line and the running
// scene stays; the running scene is saved as MJCF and as URDF.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { downloadText, usePageHarness } from './harness';

const harness = usePageHarness();
const repoFile = (path: string) => readFileSync(fileURLToPath(new URL(`../../${path}`, import.meta.url)), 'utf8');

describe('MJCF in the page', () => {
  it('opens an MJCF model, refuses a bad one by name, and saves the scene as MJCF and URDF', async () => {
    const { page, problems } = await harness.open();
    await page.locator('#edit-open').click();
    const input = page.locator('#editor-panel input[type=file]');
    const message = page.locator('#editor-panel [role=status]');
    await input.setInputFiles({ name: 'acrobot.xml', mimeType: 'application/xml', buffer: Buffer.from(repoFile('public/mjcf/acrobot.xml')) });
    await expect.poll(() => page.locator('#scene-title').textContent()).toBe('acrobot');
    await expect.poll(() => message.textContent()).toMatch(/^Opened acrobot\.xml\. Please note:[\s\S]*first keyframe is the initial state/);
    // The scene list names the opened model, not the gallery scene that ran before.
    expect(await page.locator('#scene-picker option:checked').textContent()).toBe('acrobot (acrobot.xml)');
    expect(await page.locator('#scene-picker').inputValue()).toBe('');
    const bodies = await page.evaluate(() => window.__featherweight!.bodyNames());
    expect(bodies).toEqual(expect.arrayContaining(['upper/upper', 'upper/lower']));
    await page.evaluate(() => window.__featherweight!.advance(200));
    expect(await page.evaluate(() => window.__featherweight!.time())).toBeGreaterThan(0.2);

    // A model with an unknown joint type: named, nothing loaded, the Acrobot keeps running.
    const bad = '<mujoco model="bad">\n<worldbody>\n<body name="arm"><joint name="j" type="screw"/><geom size="0.1"/></body>\n</worldbody>\n</mujoco>';
    await input.setInputFiles({ name: 'bad.xml', mimeType: 'application/xml', buffer: Buffer.from(bad) });
    await expect.poll(() => message.textContent()).toMatch(/^bad\.xml: mujoco\/worldbody\/body "arm"\/joint "j": unknown joint type "screw"/);
    expect(await page.locator('#scene-title').textContent()).toBe('acrobot');
    await input.setInputFiles({ name: 'broken.xml', mimeType: 'application/xml', buffer: Buffer.from('<mujoco>\n<worldbody>\n</mujoco>') });
    await expect.poll(() => message.textContent()).toMatch(/^broken\.xml line \d+, column \d+/);
    expect(await page.locator('#scene-title').textContent()).toBe('acrobot');
    expect(await page.locator('#scene-picker option:checked').textContent()).toBe('acrobot (acrobot.xml)');

    const [mjcf] = await Promise.all([page.waitForEvent('download'), page.locator('#editor-panel button', { hasText: 'MJCF' }).click()]);
    expect(mjcf.suggestedFilename()).toBe('acrobot.xml');
    expect(await downloadText(mjcf)).toMatch(/^<mujoco model="acrobot">[\s\S]*<key name="initial" qpos=/);
    const [urdf] = await Promise.all([page.waitForEvent('download'), page.locator('#editor-panel button', { hasText: 'URDF' }).click()]);
    expect(urdf.suggestedFilename()).toBe('acrobot.urdf');
    expect(await downloadText(urdf)).toMatch(/^<robot name="upper">/);
    await expect.poll(() => message.textContent()).toMatch(/^Saved as URDF\. Not carried over:[\s\S]*initial state/);
    expect(problems).toEqual([]);
    await page.close();
  });
});
