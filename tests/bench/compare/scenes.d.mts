// Types for what the TypeScript tests use of the comparison harness (scenes.mjs).
export declare function pyramidScene(rows?: number): object;
export declare function pileScene(count?: number): object;
