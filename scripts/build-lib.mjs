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

const packageJson = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8'));
const SANDBOX_PACKAGES = ['quickjs-emscripten-core', '@jitl/quickjs-wasmfile-release-sync'];

const build = await rolldown({
  input: join(repo, 'lib/featherweight.ts'),
  resolve: { alias: { 'featherweight-wasm/featherweight.js': join(wasmDist, 'featherweight.js') } },
  // QuickJS (the controller sandbox of verifyChallenge) is the user's to install: a chunk of its
  // own imports it, loaded only when a controller is verified without a loader of the caller's.
  external: [/^node:/, ...SANDBOX_PACKAGES.map((name) => new RegExp(`^${name}`))],
  tsconfig: false, // its paths point the module at its declarations, for tsc
  logLevel: 'silent',
});
await build.write({ dir: out, format: 'esm', entryFileNames: 'featherweight.mjs', chunkFileNames: '[name]-[hash].mjs' });
await build.close();
copyFileSync(join(wasmDist, 'featherweight.wasm'), join(out, 'featherweight.wasm'));

// Declarations: the library's (one file per module of lib/), pointing at the module's own, which
// are generated from wasm_bindings/interface.mjs (and tested against its exports): self-contained.
const types = join(repo, 'build/lib-types');
rmSync(types, { recursive: true, force: true });
execFileSync(join(repo, 'node_modules/.bin/tsc'), ['-p', 'lib/tsconfig.json'], { cwd: repo, stdio: 'inherit' });
// (lib/challenge/'s beside the rest, in a folder of the same name.)
const declarations = readdirSync(types, { recursive: true }).filter((name) => name.endsWith('.d.ts'));
for (const file of declarations) {
  const up = '../'.repeat(file.split(/[\\/]/).length - 1) || './';
  // Relative imports with their extension, as Node's resolution (nodenext) wants them.
  const text = readFileSync(join(types, file), 'utf8')
    .replaceAll("'featherweight-wasm/featherweight.js'", `'${up}engine_module.js'`)
    .replace(/((?:from |import\()')(\.\.?\/[\w./]+?)(?<!\.js)'/g, "$1$2.js'");
  mkdirSync(dirname(join(out, file)), { recursive: true });
  writeFileSync(join(out, file), text);
}
copyFileSync(join(repo, 'wasm_bindings/featherweight.generated.d.ts'), join(out, 'engine_module.d.ts'));
// A relative import of the file itself ('./dist-lib/featherweight.mjs') finds its types beside it.
writeFileSync(join(out, 'featherweight.d.mts'), "export * from './featherweight.js';\n");
const version = packageJson.version;
const versions = { ...packageJson.dependencies, ...packageJson.devDependencies };
const peerDependencies = Object.fromEntries(SANDBOX_PACKAGES.map((name) => [name, versions[name]]));
const peerDependenciesMeta = Object.fromEntries(SANDBOX_PACKAGES.map((name) => [name, { optional: true }]));
writeFileSync(
  join(out, 'package.json'),
  `${JSON.stringify({ name: 'featherweight-engine', version, type: 'module', main: 'featherweight.mjs', types: 'featherweight.d.ts', engines: { node: '>=20' }, peerDependencies, peerDependenciesMeta }, null, 2)}\n`,
);
console.log(`dist-lib/: featherweight.mjs, featherweight.wasm, featherweight.d.ts (${out})`);
