// A model opened with its files in the page (web/src/editor/model_files.ts, scene_files.ts): a
// .zip or several files, the model found among them, its includes read beside it; a missing
// include named, and budgets on what is read.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { MAX_FILES, mainModelFile, readModelFiles } from '../../web/src/editor/model_files';
import { sceneTextFromFiles } from '../../web/src/editor/scene_files';
import { SUITE_DIR } from './mujoco_suite_helpers';

const COMMON = ['visual.xml', 'skybox.xml', 'materials.xml'];
const suiteFile = (path: string) => new Uint8Array(readFileSync(join(SUITE_DIR, path)));
const dropped = (path: string, bytes: Uint8Array) => ({ path, file: new File([bytes as Uint8Array<ArrayBuffer>], path.slice(path.lastIndexOf('/') + 1)) });

describe('a model opened with its files', () => {
  it('a .zip of a folder: the model is the file nothing includes, its includes read beside it', async () => {
    const zip = zipSync({ 'dm_control/cheetah.xml': suiteFile('cheetah.xml'), ...Object.fromEntries(COMMON.map((f) => [`dm_control/common/${f}`, suiteFile(`common/${f}`)])) });
    const { text, name } = await sceneTextFromFiles([dropped('cheetah.zip', zip)]);
    expect(name).toBe('cheetah.xml');
    expect(JSON.parse(text).meta.title).toBe('cheetah');
  });

  it('a dropped folder (files with their paths)', async () => {
    const files = [dropped('suite/hopper.xml', suiteFile('hopper.xml')), ...COMMON.map((f) => dropped(`suite/common/${f}`, suiteFile(`common/${f}`)))];
    expect((await sceneTextFromFiles(files)).name).toBe('hopper.xml');
  });

  it('a missing include is named, and several models are refused naming them', async () => {
    const files = [dropped('suite/cartpole.xml', suiteFile('cartpole.xml')), dropped('suite/common/visual.xml', suiteFile('common/visual.xml'))];
    await expect(sceneTextFromFiles(files)).rejects.toThrow(/^cartpole\.xml: <include file="\.\/common\/skybox\.xml">: no such file among the model's files \(looked for "common\/skybox\.xml" beside cartpole\.xml\)/);
    await expect(sceneTextFromFiles([dropped('cartpole.xml', suiteFile('cartpole.xml'))])).rejects.toThrow(/<include file="\.\/common\/skybox\.xml">: this model includes other files: open it together with them/);
    const two = [dropped('a/cartpole.xml', suiteFile('cartpole.xml')), dropped('a/pendulum.xml', suiteFile('pendulum.xml'))];
    expect(() => mainModelFile(two.map((f) => ({ path: f.path, bytes: new Uint8Array() })))).toThrow(/several models among the files \(a\/cartpole\.xml, a\/pendulum\.xml\)/);
  });

  it('a .zip with more files than the page opens at once is refused before unpacking', async () => {
    const entries = Object.fromEntries(Array.from({ length: MAX_FILES + 1 }, (_, i) => [`f${i}.txt`, new Uint8Array([1])]));
    await expect(readModelFiles([dropped('many.zip', zipSync(entries))])).rejects.toThrow(`many.zip: more than ${MAX_FILES} files`);
  });
});
