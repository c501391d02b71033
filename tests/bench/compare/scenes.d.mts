// Types for what the TypeScript tests use of the comparison harness (scenes.mjs).
export declare function pyramidScene(rows?: number): object;
export declare function pileScene(count?: number): object;
/** Mulberry32: a seeded generator of numbers in [0, 1), the same sequence on every run and engine. */
export declare function rng(seed: number): () => number;
