// The builder's spring and string templates (web/src/builder/templates_parts.ts) against their
// closed forms: each template's doc goes through buildToScene, as build mode runs it, into the
// engine; the motion is sampled every step and its period (upward zero crossings, interpolated
// linearly) or acceleration compared with the textbook's value.
import { beforeAll, describe, expect, it } from 'vitest';
import { type Engine, type World } from '../../lib/featherweight';
import { emptyBuild, type BuildDoc, type Vec3 } from '../../web/src/builder/build_doc';
import { buildToScene } from '../../web/src/builder/build_to_scene';
import { TEMPLATES } from '../../web/src/builder/templates';
import { connectorsMoved } from '../../web/src/builder/build_parts';
import { PARTS_TEMPLATE_CONSTANTS as C } from '../../web/src/builder/templates_parts';
import { loadLibraryInNode } from './engine';

let engine: Engine;
beforeAll(async () => {
  engine = await loadLibraryInNode();
});

const G = 9.81;
const AXIS: Vec3 = [0, 1, 0]; // swinging in the x–z plane, as seen from the front

function template(id: string, value: number, doc: BuildDoc = emptyBuild()): BuildDoc {
  const found = TEMPLATES.find((t) => t.id === id);
  if (!found) throw new Error(`no template ${id}`);
  return found.add(doc, value, [0, 0, 0], AXIS);
}

/** The built world and a reader of a part's position (by its index in the doc's parts). */
function run(doc: BuildDoc): { world: World; position: (part: number) => Vec3 } {
  const built = buildToScene(doc);
  const world = engine.createWorld(built.scene);
  const names = doc.parts.map((p) => built.bodyName.get(p.id)!);
  return { world, position: (part) => world.bodyPose(names[part]).position };
}

/** The mean period of `signal`, sampled every `h` seconds, from its first to its last upward crossing of its mid-range. */
function period(signal: number[], h: number): number {
  const mid = (Math.max(...signal) + Math.min(...signal)) / 2;
  const crossings: number[] = [];
  for (let k = 1; k < signal.length; k++) {
    const a = signal[k - 1] - mid, b = signal[k] - mid;
    if (a < 0 && b >= 0) crossings.push((k - 1 + a / (a - b)) * h);
  }
  expect(crossings.length).toBeGreaterThan(3);
  return (crossings[crossings.length - 1] - crossings[0]) / (crossings.length - 1);
}

/** `seconds` of one coordinate of a part, sampled after every step. */
function sample(doc: BuildDoc, seconds: number, read: (position: (part: number) => Vec3) => number): { signal: number[]; h: number } {
  const { world, position } = run(doc);
  const h = world.timestep, signal: number[] = [];
  for (let k = 0; k < Math.round(seconds / h); k++) {
    world.step(1);
    signal.push(read(position));
  }
  return { signal, h };
}

/** The arithmetic-geometric mean: a pendulum of amplitude θ₀ has T = T₀ / AGM(1, cos(θ₀/2)). */
function agm(a: number, b: number): number {
  while (Math.abs(a - b) > 1e-15 * a) [a, b] = [(a + b) / 2, Math.sqrt(a * b)];
  return a;
}

/** The doc with part `index` moved to `position`, the ends of springs and strings on it with it. */
function moved(doc: BuildDoc, index: number, position: Vec3): BuildDoc {
  const part = doc.parts[index];
  const shift = position.map((x, k) => x - part.position[k]);
  const next = { ...doc, parts: doc.parts.map((p, k) => (k === index ? { ...p, position } : p)) };
  return connectorsMoved(next, new Set([part.id]), (p) => [p[0] + shift[0], p[1] + shift[1], p[2] + shift[2]]);
}

describe('spring and string templates against their closed forms', () => {
  it('swings a bob on a string with T = 2π√(L/g) at a small angle (and T₀/AGM(1, cos θ₀/2) at any)', () => {
    const T0 = 2 * Math.PI * Math.sqrt(C.pendulumLength / G);
    for (const degrees of [1, 30]) {
      const { signal, h } = sample(template('string-pendulum', degrees), 8 * T0, (at) => at(0)[0]);
      const T = period(signal, h), exact = T0 / agm(1, Math.cos((degrees * Math.PI) / 360));
      expect(Math.abs(T / exact - 1)).toBeLessThan(1e-4);
      if (degrees === 1) expect(Math.abs(T / T0 - 1)).toBeLessThan(1e-4);
      else expect(T / T0 - 1).toBeGreaterThan(0.01); // 30° swings 1.7 % slower: the measurement can tell
    }
  });

  it('bounces a mass on a vertical spring and slides one on a rail at f = √(k/m)/2π', () => {
    const T = 2 * Math.PI * Math.sqrt(C.springMass / C.springStiffness);
    const vertical = sample(template('spring-vertical', 0.1), 6 * T, (at) => at(0)[2]);
    expect(Math.abs(period(vertical.signal, vertical.h) / T - 1)).toBeLessThan(3e-4);
    // The horizontal one: part 0 is the wall, part 1 the block.
    const horizontal = sample(template('spring-horizontal', 0.1), 6 * T, (at) => at(1)[0]);
    expect(Math.abs(period(horizontal.signal, horizontal.h) / T - 1)).toBeLessThan(3e-4);
    // Its amplitude is the pull: the spring is at rest where the template says.
    expect((Math.max(...horizontal.signal) - Math.min(...horizontal.signal)) / 2).toBeCloseTo(0.1, 3);
  });

  it("swings coupled pendula in their normal modes at ω₁ = √(g/L) and ω₂ = √(g/L + 2k/m)", () => {
    const L = C.pendulumLength;
    const start = template('coupled-pendula', 0);
    const [left, right] = [start.parts[0].position, start.parts[1].position];
    const swing = (doc: BuildDoc, sign: number) => {
      const d = L * Math.sin(0.01), drop = L * (1 - Math.cos(0.01));
      return moved(moved(doc, 0, [left[0] + d, left[1], left[2] + drop]), 1, [right[0] + sign * d, right[1], right[2] + drop]);
    };
    const omega = (sign: number) => {
      const { signal, h } = sample(swing(start, sign), 16, (at) => at(0)[0]);
      return (2 * Math.PI) / period(signal, h);
    };
    const w1 = Math.sqrt(G / L), w2 = Math.sqrt(G / L + (2 * C.coupledStiffness) / C.bobMass);
    expect(Math.abs(omega(1) / w1 - 1)).toBeLessThan(5e-4);
    expect(Math.abs(omega(-1) / w2 - 1)).toBeLessThan(5e-4);
  });

  it('accelerates an Atwood machine at (m₁ − m₂)g/(m₁ + m₂), the string over its pulley taut', () => {
    for (const heavy of [2, 5]) {
      const { world, position } = run(template('atwood', heavy));
      const h = world.timestep;
      const z = () => [position(0)[2], position(1)[2]];
      world.step(Math.round(0.1 / h));
      const z1 = z();
      world.step(1);
      const z2 = z();
      world.step(Math.round(0.3 / h));
      const z3 = z();
      world.step(1);
      const z4 = z();
      // Semi-implicit Euler: each step's displacement is h times the velocity it ends with.
      const a = (z3[0] - z4[0] - (z1[0] - z2[0])) / h / (h * (Math.round(0.3 / h) + 1));
      const expected = ((heavy - C.atwoodLight) * G) / (heavy + C.atwoodLight);
      expect(Math.abs(a / expected - 1)).toBeLessThan(1e-3);
      // The light one rises as fast as the heavy one falls.
      expect(z4[1] - z2[1]).toBeCloseTo(z2[0] - z4[0], 6);
    }
  });

  it('oscillates a chain of N masses on springs, started in its lowest mode, at ω₁ = 2√(k/m)·sin(π/(2(2N+1)))', () => {
    for (const n of [1, 3]) {
      const doc = template('spring-chain', n);
      // The lowest mode's shape: mass j (from the top) displaced ∝ sin(jπ/(2N+1)). Where the template
      // left the last one (5 cm below equilibrium) is its equilibrium plus 0.05; the others are at theirs.
      let shaped = doc;
      const bottom = n - 1;
      for (let j = 1; j <= n; j++) {
        const p = doc.parts[j - 1].position;
        const equilibrium = p[2] + (j === n ? 0.05 : 0);
        const shift = 0.05 * Math.sin((j * Math.PI) / (2 * n + 1)) / Math.sin((n * Math.PI) / (2 * n + 1));
        shaped = moved(shaped, j - 1, [p[0], p[1], equilibrium - shift]);
      }
      const w = 2 * Math.sqrt(C.chainStiffness / C.chainMass) * Math.sin(Math.PI / (2 * (2 * n + 1)));
      const { signal, h } = sample(shaped, (6 * 2 * Math.PI) / w, (at) => at(bottom)[2]);
      expect(Math.abs((2 * Math.PI) / period(signal, h) / w - 1)).toBeLessThan(5e-4);
    }
  });
});
