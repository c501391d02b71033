// Types of embed-controllers.mjs for the TypeScript tests that import it.
export declare const CONTROLLER_DEMOS: { scene: string; controller: string }[];
export declare function scenePath(file: string): string;
export declare function controllerPath(file: string): string;
