// Writes every generated source from its one declaration: each module in scripts/generate/
// exports `generate()`, returning [path, text] pairs (paths relative to the repository). A file
// is rewritten only when its text changes, so builds that include it do not redo work, and
// atomically, so that the test lanes' builds may run this side by side.
// Generated files are named *.generated.* and are not committed (.gitignore).
import { mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repo = fileURLToPath(new URL('..', import.meta.url));
const folder = join(repo, 'scripts/generate');
let written = 0;
for (const name of readdirSync(folder).filter((f) => f.endsWith('.mjs')).sort()) {
  const { generate } = await import(pathToFileURL(join(folder, name)).href);
  for (const [path, text] of await generate(repo)) {
    const file = join(repo, path);
    if (existsSync(file) && readFileSync(file, 'utf8') === text) continue;
    mkdirSync(dirname(file), { recursive: true });
    // Written beside and renamed over: a build reading it meanwhile sees the old text or the new.
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, text);
    renameSync(temporary, file);
    written++;
  }
}
if (written) console.log(`generate: wrote ${written} file(s)`);
