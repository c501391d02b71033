// The hand-written declarations (wasm_bindings/featherweight.d.ts) must match what the module
// really exports: Emscripten 3.1.6 cannot generate them.
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { loadEngineInNode, repoPath } from './engine';

// Methods of `interface Simulation` in the declarations file.
function declaredSimulationMethods(): string[] {
  const path = repoPath('wasm_bindings/featherweight.d.ts');
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.ES2022, true);
  const methods: string[] = [];
  source.forEachChild((node) => {
    if (ts.isInterfaceDeclaration(node) && node.name.text === 'Simulation') {
      for (const member of node.members) {
        if (ts.isMethodSignature(member)) methods.push(member.name.getText(source));
      }
    }
  });
  return methods.sort();
}

describe('wasm bindings', () => {
  it('load in Node with wasmBinary and expose the heap views', async () => {
    const engine = await loadEngineInNode();
    expect(engine.HEAPF32).toBeInstanceOf(Float32Array);
    expect(engine.HEAPF64).toBeInstanceOf(Float64Array);
    expect(typeof engine.Simulation).toBe('function');
  });

  it('match the declarations exactly', async () => {
    const engine = await loadEngineInNode();
    const declared = declaredSimulationMethods().filter((name) => name !== 'delete'); // embind's base class
    const exported = Object.getOwnPropertyNames(engine.Simulation.prototype)
      .filter((name) => name !== 'constructor')
      .sort();
    expect(declared.length).toBeGreaterThan(10);
    expect(exported).toEqual(declared);
    const sim = new engine.Simulation();
    expect(typeof sim.delete).toBe('function');
    sim.delete();
  });

  it('export the controllers\' Math: every declared function, computing what libm does', async () => {
    const engine = await loadEngineInNode();
    const text = readFileSync(repoPath('wasm_bindings/featherweight.d.ts'), 'utf8');
    const declared = [...new Set(text.match(/\bmath[A-Z][a-z0-9]+\b/g))];
    expect(declared.length).toBe(22);
    for (const name of declared) expect(typeof (engine as unknown as Record<string, unknown>)[name], name).toBe('function');
    expect(engine.mathAtan2(1, -1)).toBeCloseTo((3 * Math.PI) / 4, 15);
    expect(engine.mathPow(2, 10)).toBe(1024);
    expect(engine.mathCos(0)).toBe(1);
  });
});
