// Types for what the TypeScript tests use of the comparison harness (engines.mjs).
export declare function featherweightSceneJson(scene: object): Record<string, unknown>;
