// The module as built must be what its one declaration (wasm_bindings/interface.mjs) says: every
// declared method is exported with its number of parameters and every exported one is declared,
// the generated declarations (featherweight.generated.d.ts) list the same, and every shared
// buffer holds what its layout says (sizes in the module's memory, and values that only the right
// layout gives: unit quaternions, the masses, the energies).
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { BUFFERS, POSE, BODY_FORCE, CONTACT, ENERGY, VELOCITY } from '../../lib/layouts.generated';
import type { BodyInfo } from 'featherweight-wasm/featherweight.js';
import * as declaration from '../../wasm_bindings/interface.mjs';
import { loadEngineInNode, readScene, repoPath } from './engine';

const declaredMethods = declaration.methods;
const mathFunctions = declaration.mathFunctions;

// Methods of `interface Simulation` in the generated declarations file.
function generatedSimulationMethods(): string[] {
  const path = repoPath('wasm_bindings/featherweight.generated.d.ts');
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.ES2022, true);
  const methods: string[] = [];
  source.forEachChild((node) => {
    if (ts.isInterfaceDeclaration(node) && node.name.text === 'Simulation') {
      for (const member of node.members) if (ts.isMethodSignature(member)) methods.push(member.name.getText(source));
    }
  });
  return methods.sort();
}

/** Names in `a` missing from `b`. */
const missing = (a: string[], b: string[]) => a.filter((name) => !b.includes(name));

describe('wasm bindings', () => {
  it('load in Node with wasmBinary and expose the heap views', async () => {
    const engine = await loadEngineInNode();
    expect(engine.HEAPF32).toBeInstanceOf(Float32Array);
    expect(engine.HEAPF64).toBeInstanceOf(Float64Array);
    expect(typeof engine.Simulation).toBe('function');
  });

  it('export every declared method and declare every exported one, with their parameters', async () => {
    const engine = await loadEngineInNode();
    const declared = declaredMethods.map((m) => m.name).sort();
    const prototype = engine.Simulation.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
    const exported = Object.getOwnPropertyNames(prototype).filter((name) => name !== 'constructor').sort();
    expect(declared.length).toBeGreaterThan(10);
    expect(missing(declared, exported), 'declared in wasm_bindings/interface.mjs, not exported by the module').toEqual([]);
    expect(missing(exported, declared), 'exported by the module, not declared in wasm_bindings/interface.mjs').toEqual([]);
    // embind's invokers take exactly the C++ function's parameters.
    for (const m of declaredMethods) expect(prototype[m.name].length, `${m.name}'s parameters`).toBe((m.params ?? []).length);
    // The generated declarations are the declaration's (plus embind's delete()).
    expect(generatedSimulationMethods()).toEqual([...declared, 'delete'].sort());
    const sim = new engine.Simulation();
    expect(typeof sim.delete).toBe('function');
    sim.delete();
  });

  it("export the controllers' Math: every declared function, computing what libm does", async () => {
    const engine = await loadEngineInNode();
    const module = engine as unknown as Record<string, (...args: number[]) => number>;
    const declared = [...mathFunctions.unary, ...mathFunctions.binary.map(([name]) => name)].sort();
    const exported = Object.keys(module).filter((name) => /^math[A-Z]/.test(name)).sort();
    expect(declared.length).toBe(22);
    expect(exported).toEqual(declared);
    for (const name of mathFunctions.unary) expect(module[name].length, name).toBe(1);
    for (const [name] of mathFunctions.binary) expect(module[name].length, name).toBe(2);
    expect(engine.mathAtan2(1, -1)).toBeCloseTo((3 * Math.PI) / 4, 15);
    expect(engine.mathPow(2, 10)).toBe(1024);
    expect(engine.mathCos(0)).toBe(1);
  });

  it('share every buffer at its declared size, and the layouts hold what they say', async () => {
    const engine = await loadEngineInNode();
    const sim = new engine.Simulation();
    expect(sim.load(JSON.stringify(readScene('box-pyramid.json')))).toBe(''); // boxes resting on each other
    sim.step(100);
    const sizes: Record<string, number> = { nq: sim.nq(), nv: sim.nv(), bodyCount: sim.bodyCount(), contactCount: sim.contactCount(), partCount: sim.partCount() };
    expect(sizes.bodyCount).toBeGreaterThan(1);
    expect(sizes.contactCount).toBeGreaterThan(0);
    const call = sim as unknown as Record<string, (...args: number[]) => number>;
    const views: Record<string, Float32Array | Float64Array> = {};
    for (const [name, buffer] of Object.entries(BUFFERS)) {
      const pointer = name === 'jacobian' ? call[buffer.pointer](1, 0, 0, 0) : name === 'bodyPose' ? call[buffer.pointer](1) : call[buffer.pointer]();
      const length = 'stride' in buffer
        ? (typeof buffer.count === 'number' ? buffer.count : sizes[buffer.count]) * buffer.stride
        : buffer.length.split(' * ').reduce((product, factor) => product * (Number(factor) || sizes[factor]), 1);
      const heap = buffer.element === 'float32' ? engine.HEAPF32 : engine.HEAPF64;
      expect(pointer, name).toBeGreaterThan(0);
      expect(pointer % heap.BYTES_PER_ELEMENT, `${name} is aligned`).toBe(0);
      expect(pointer + length * heap.BYTES_PER_ELEMENT, `${name} lies in memory`).toBeLessThanOrEqual(heap.buffer.byteLength);
      views[name] = buffer.element === 'float32' ? new Float32Array(heap.buffer, pointer, length) : new Float64Array(heap.buffer, pointer, length);
    }
    // Read each layout's fields where the declaration puts them: they must make sense there.
    const bodies = JSON.parse(sim.bodiesJson()) as BodyInfo[];
    const momentum = views.momentum; // computed before the later calls reuse the memory
    expect(momentum.every(Number.isFinite)).toBe(true);
    for (let b = 0; b < sizes.bodyCount; b++) {
      const o = b * POSE.stride, p = views.pose;
      expect(Math.hypot(p[o + POSE.qx], p[o + POSE.qy], p[o + POSE.qz], p[o + POSE.qw]), `body ${b}'s quaternion`).toBeCloseTo(1, 5);
      expect(Array.from(views.velocity.subarray(b * VELOCITY.stride, (b + 1) * VELOCITY.stride)).every(Number.isFinite)).toBe(true);
    }
    const forces = new Float32Array(engine.HEAPF32.buffer, sim.bodyForcesPointer(), sizes.bodyCount * BODY_FORCE.stride);
    bodies.forEach((body, b) => expect(forces[b * BODY_FORCE.stride + BODY_FORCE.mass], `body ${b}'s mass`).toBeCloseTo(body.mass, 5));
    const contacts = new Float32Array(engine.HEAPF32.buffer, sim.contactsPointer(), sizes.contactCount * CONTACT.stride);
    for (let c = 0; c < sizes.contactCount; c++) {
      const n = c * CONTACT.stride + CONTACT.normal;
      expect(Math.hypot(contacts[n], contacts[n + 1], contacts[n + 2]), `contact ${c}'s normal`).toBeCloseTo(1, 5);
    }
    const energy = new Float64Array(engine.HEAPF64.buffer, sim.energyPointer(), ENERGY.stride);
    expect(energy[ENERGY.kinetic]).toBeCloseTo(sim.kineticEnergy(), 9);
    expect(energy[ENERGY.gravity] + energy[ENERGY.spring]).toBeCloseTo(sim.potentialEnergy(), 9);
    const pose64 = new Float64Array(engine.HEAPF64.buffer, sim.bodyPosePointer(1), POSE.stride);
    for (let k = 0; k < POSE.stride; k++) expect(pose64[k], `bodyPose ${k}`).toBeCloseTo(views.pose[POSE.stride + k], 5);
    sim.delete();
  });
});
