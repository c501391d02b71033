// A MuJoCo model that includes other files, opened in the page: as a .zip of its folder (the
// model is the file nothing else includes) it becomes the running scene; opened alone, or with
// an include missing, the include is named and the running scene stays. (A dropped folder gives
// the same files with their paths; tests/web/mujoco_suite_files.test.ts covers that path.)
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { usePageHarness } from './harness';

const harness = usePageHarness();
const suiteFile = (path: string) => readFileSync(fileURLToPath(new URL(`../../public/models/dm_control/${path}`, import.meta.url)));
const COMMON = ['visual.xml', 'skybox.xml', 'materials.xml'];

describe('MJCF models with includes in the page', () => {
  it('opens a .zip of a model\'s folder; a model without its included files is named and changes nothing', async () => {
    const { page, problems } = await harness.open();
    await page.locator('#edit-open').click();
    const input = page.locator('#editor-panel input[type=file]');
    const message = page.locator('#editor-panel [role=status]');
    const zip = zipSync({ 'dm_control/cheetah.xml': suiteFile('cheetah.xml'), ...Object.fromEntries(COMMON.map((f) => [`dm_control/common/${f}`, suiteFile(`common/${f}`)])) });
    await input.setInputFiles({ name: 'cheetah.zip', mimeType: 'application/zip', buffer: Buffer.from(zip) });
    await expect.poll(() => page.locator('#scene-title').textContent()).toBe('cheetah');
    await expect.poll(() => message.textContent()).toMatch(/^Opened cheetah\.xml\. Please note:/);
    const bodies = await page.evaluate(() => window.__featherweight!.bodyNames());
    expect(bodies).toEqual(expect.arrayContaining(['torso/torso', 'torso/bthigh']));

    await input.setInputFiles({ name: 'cartpole.xml', mimeType: 'application/xml', buffer: suiteFile('cartpole.xml') });
    await expect.poll(() => message.textContent()).toMatch(/^cartpole\.xml: <include file="\.\/common\/skybox\.xml">: this model includes other files[\s\S]*The previous scene keeps running\.$/);
    expect(await page.locator('#scene-title').textContent()).toBe('cheetah');
    await input.setInputFiles([
      { name: 'cartpole.xml', mimeType: 'application/xml', buffer: suiteFile('cartpole.xml') },
      { name: 'visual.xml', mimeType: 'application/xml', buffer: suiteFile('common/visual.xml') },
    ]);
    await expect.poll(() => message.textContent()).toMatch(/^cartpole\.xml: <include file="\.\/common\/skybox\.xml">: no such file among the model's files/);
    expect(await page.locator('#scene-title').textContent()).toBe('cheetah');
    expect(problems).toEqual([]);
    await page.close();
  });
});
