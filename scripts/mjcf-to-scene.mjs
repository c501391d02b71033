#!/usr/bin/env node
// MJCF → Featherweight scene without a browser: the page's own converter (web/src/mjcf), bundled
// once into build/tools/ (scripts/mjcf_converter.mjs), so that fw-sim can run a MuJoCo model:
//   node scripts/mjcf-to-scene.mjs model.xml > model.json && build/native/fw-sim model.json
//   node scripts/mjcf-to-scene.mjs model.xml --out model.json
// What did not carry over is printed on stderr; a bad model exits with status 2 and the message.
// Files the model includes (and its meshes) are read from disk, relative to the model's folder.
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { loadMjcfConverter } from './mjcf_converter.mjs';

const args = process.argv.slice(2);
const outAt = args.indexOf('--out');
const out = outAt >= 0 ? args.splice(outAt, 2)[1] : undefined;
if (args.length !== 1 || (outAt >= 0 && !out)) {
  process.stderr.write('usage: node scripts/mjcf-to-scene.mjs MODEL.xml [--out SCENE.json]\n');
  process.exit(2);
}
let xml;
try {
  xml = readFileSync(args[0], 'utf8');
} catch (error) {
  process.stderr.write(`mjcf-to-scene: cannot read ${args[0]}: ${error.message}\n`);
  process.exit(2);
}
const folder = dirname(resolve(args[0]));
const MAX_FILE_BYTES = 64 << 20; // as fw-sim reads
/** A file beside the model (by a path relative to its folder), or undefined when there is none. */
const files = (path) => {
  try {
    const full = resolve(folder, path);
    const stat = statSync(full);
    return stat.isFile() && stat.size <= MAX_FILE_BYTES ? readFileSync(full) : undefined;
  } catch {
    return undefined;
  }
};
const { mjcfToScene } = await loadMjcfConverter();
try {
  const { scene, notices } = mjcfToScene(xml, basename(args[0]), files);
  const text = `${JSON.stringify(scene, null, 2)}\n`;
  if (out) writeFileSync(out, text);
  else process.stdout.write(text);
  for (const notice of notices) process.stderr.write(`note: ${notice}\n`);
} catch (error) {
  process.stderr.write(`${error.message}\n`);
  process.exit(2);
}
