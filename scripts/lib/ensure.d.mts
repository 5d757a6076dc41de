// The part of ensure.mjs that TypeScript code (the benches) imports.
/** The node flags `npm start` runs the server with. */
export declare const SERVER_NODE_FLAGS: readonly string[];
export declare const EMBEDDED_NODE_FLAGS: readonly string[];
export declare function serverNodeFlags(env?: NodeJS.ProcessEnv): readonly string[];
