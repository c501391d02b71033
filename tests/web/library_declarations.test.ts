// The built library's declarations (dist-lib, `npm run build:lib`) in a fresh TypeScript project
// outside the repository: imported as a package and by a relative path to the .mjs file, strict
// Node resolution (nodenext), library files checked too. A wrong use must be an error, so the
// types are real and not `any`.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoPath } from './engine';

const project = mkdtempSync(join(tmpdir(), 'fw-types-'));
afterAll(() => rmSync(project, { recursive: true, force: true }));

const PROGRAM = (relativeLib: string) => `import { loadEngine, SceneError, type World } from 'featherweight-engine';
import { loadEngine as loadByPath } from '${relativeLib}/featherweight.mjs';

const engine = await loadEngine();
const world: World = engine.createWorld('{}');
const time: number = world.time;
world.step(10);
const pose = world.bodyPose('pendulum/bob');
const x: number = pose.position[0];
// @ts-expect-error time is a number: if the types were missing (any), this line would not be an error
const wrong: string = world.time;
console.log(time, x, wrong, SceneError, loadByPath === loadEngine);
`;

describe('the built library in a fresh TypeScript project', () => {
  it('type-checks as a package and by a relative path, under nodenext', () => {
    mkdirSync(join(project, 'node_modules'));
    symlinkSync(repoPath('dist-lib'), join(project, 'node_modules/featherweight-engine'), 'dir');
    writeFileSync(join(project, 'package.json'), '{ "type": "module", "private": true }\n');
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { strict: true, module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', noEmit: true, types: [] }, files: ['main.ts'] }),
    );
    writeFileSync(join(project, 'main.ts'), PROGRAM(relative(project, repoPath('dist-lib'))));
    let output = '';
    try {
      execFileSync(repoPath('node_modules/.bin/tsc'), ['-p', project], { encoding: 'utf8' });
    } catch (error) {
      output = String((error as { stdout?: string }).stdout ?? error);
    }
    expect(output).toBe('');
  });
});
