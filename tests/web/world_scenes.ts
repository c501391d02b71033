// The comparison harness's contact scenes (tests/bench/compare) as Featherweight scenes, for the
// state and timeline tests in Node and in the browser, and a digest of a world's state that
// compares bitwise.
import { featherweightSceneJson } from '../bench/compare/engines.mjs';
import { pileScene as neutralPile, pyramidScene as neutralPyramid } from '../bench/compare/scenes.mjs';

/** A pyramid of unit boxes, `rows` at the bottom, at 1/60 s (the benchmark's). */
export function pyramidScene(rows: number): Record<string, unknown> {
  return featherweightSceneJson(neutralPyramid(rows));
}

/** `count` boxes dropped in a 10 × 10 column, jittered (the benchmark's 1000-box pile). */
export function pileScene(count: number): Record<string, unknown> {
  return featherweightSceneJson(neutralPile(count));
}

/** The bytes of q and q̇ in hex: equal digests are bitwise equal states. */
export function stateDigest(q: Float64Array, v: Float64Array): string {
  const hex = (a: Float64Array) =>
    Array.from(new Uint8Array(a.buffer, a.byteOffset, a.byteLength), (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex(q)}|${hex(v)}`;
}
