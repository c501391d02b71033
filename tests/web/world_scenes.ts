// Scenes built in code for the state tests (Node and browser alike), as bench/bench_cases.h
// builds them for the C++ tests, and a digest of a world's state that compares bitwise.
type Json = Record<string, unknown>;

function groundScene(timestep: number, solver: Json): Json {
  return {
    format: 'featherweight-scene',
    version: 1,
    meta: { title: 'State test' },
    world: { timestep, solver },
    bodies: [{ name: 'ground', static: true, shapes: [{ type: 'plane' }] }] as Json[],
  };
}

function box(index: number, position: number[], rpy?: number[]): Json {
  return { name: `box${index}`, position, ...(rpy ? { rpy } : {}), shapes: [{ type: 'box', size: [1, 1, 1], friction: 0.6 }] };
}

/** A pyramid of unit boxes, `rows` at the bottom (the benchmark's). */
export function pyramidScene(rows: number): Json {
  const scene = groundScene(1 / 120, { iterations: 20, slop: 0.005, sleep: false });
  const bodies = scene.bodies as Json[];
  let n = 0;
  for (let row = 0; row < rows; row++)
    for (let k = 0; k < rows - row; k++) bodies.push(box(n++, [k * 1.05 - (rows - 1 - row) * 0.525, 0, 0.5 + row]));
  return scene;
}

/** `count` boxes dropped in a 10 × 10 column, slightly turned (a fixed pseudo-random pattern). */
export function pileScene(count: number): Json {
  const scene = groundScene(1 / 60, { iterations: 10, slop: 0.005, sleep: false });
  const bodies = scene.bodies as Json[];
  let seed = 7;
  const jitter = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return (seed / 2147483648) * 0.2 - 0.1;
  };
  for (let i = 0; i < count; i++) {
    const x = i % 10, y = Math.floor(i / 10) % 10, z = Math.floor(i / 100);
    bodies.push(box(i, [1.3 * x - 6 + jitter(), 1.3 * y - 6 + jitter(), 1 + 1.3 * z], [jitter(), jitter(), jitter()]));
  }
  return scene;
}

/** The bytes of q and q̇ in hex: equal digests are bitwise equal states. */
export function stateDigest(q: Float64Array, v: Float64Array): string {
  const hex = (a: Float64Array) =>
    Array.from(new Uint8Array(a.buffer, a.byteOffset, a.byteLength), (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex(q)}|${hex(v)}`;
}
