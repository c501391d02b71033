// `npm run build:lib`: the engine as an ES-module library in dist-lib/ — featherweight.mjs (lib/
// featherweight.ts with the module's loader, bundled by rolldown), featherweight.wasm beside it,
// TypeScript declarations (tsc) and a package.json, so `import { loadEngine } from './dist-lib'`
// works in browsers and in Node ≥ 20. Needs the wasm build (scripts/build-wasm.sh) first.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rolldown } from 'rolldown';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(repo, 'dist-lib');
const wasmDist = join(repo, 'build/wasm/dist');

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const build = await rolldown({
  input: join(repo, 'lib/featherweight.ts'),
  resolve: { alias: { 'featherweight-wasm/featherweight.js': join(wasmDist, 'featherweight.js') } },
  external: [/^node:/],
  tsconfig: false, // its paths point the module at its declarations, for tsc
  logLevel: 'silent',
});
await build.write({ file: join(out, 'featherweight.mjs'), format: 'esm' });
await build.close();
copyFileSync(join(wasmDist, 'featherweight.wasm'), join(out, 'featherweight.wasm'));

// Declarations: the library's (one file per module of lib/), pointing at the module's own, which
// are generated from wasm_bindings/interface.mjs (and tested against its exports): self-contained.
const types = join(repo, 'build/lib-types');
rmSync(types, { recursive: true, force: true });
execFileSync(join(repo, 'node_modules/.bin/tsc'), ['-p', 'lib/tsconfig.json'], { cwd: repo, stdio: 'inherit' });
for (const file of readdirSync(types).filter((name) => name.endsWith('.d.ts'))) {
  // Relative imports with their extension, as Node's resolution (nodenext) wants them.
  const text = readFileSync(join(types, file), 'utf8')
    .replaceAll("'featherweight-wasm/featherweight.js'", "'./engine_module.js'")
    .replace(/((?:from |import\()')(\.\/[\w.]+?)(?<!\.js)'/g, "$1$2.js'");
  writeFileSync(join(out, file), text);
}
copyFileSync(join(repo, 'wasm_bindings/featherweight.generated.d.ts'), join(out, 'engine_module.d.ts'));
// A relative import of the file itself ('./dist-lib/featherweight.mjs') finds its types beside it.
writeFileSync(join(out, 'featherweight.d.mts'), "export * from './featherweight.js';\n");
const version = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')).version;
writeFileSync(
  join(out, 'package.json'),
  `${JSON.stringify({ name: 'featherweight-engine', version, type: 'module', main: 'featherweight.mjs', types: 'featherweight.d.ts', engines: { node: '>=20' } }, null, 2)}\n`,
);
console.log(`dist-lib/: featherweight.mjs, featherweight.wasm, featherweight.d.ts (${out})`);
