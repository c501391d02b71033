// The page's MJCF converter (web/src/mjcf, TypeScript) for Node scripts: bundled by rolldown
// (Vite's bundler) into build/tools/ when missing or older than its sources, then imported.
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..');
const bundle = join(repo, 'build/tools/mjcf_to_scene.mjs');

/** The module exporting mjcfToScene(xml, fileName, files?). */
export async function loadMjcfConverter() {
  const sources = ['web/src/mjcf', 'web/src/urdf', 'web/src/xml', 'web/src/math', 'web/src/scene'].flatMap((dir) => readdirSync(join(repo, dir)).map((f) => join(repo, dir, f)));
  const newest = Math.max(...sources.map((f) => statSync(f).mtimeMs));
  if (!existsSync(bundle) || statSync(bundle).mtimeMs < newest) {
    const { rolldown } = await import('rolldown');
    const build = await rolldown({ input: join(repo, 'web/src/mjcf/mjcf_to_scene.ts'), platform: 'node', logLevel: 'silent' });
    mkdirSync(dirname(bundle), { recursive: true });
    await build.write({ file: bundle, format: 'esm' });
    await build.close();
  }
  return import(pathToFileURL(bundle).href);
}
