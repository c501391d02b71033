// The nesting check lives in the library (lib/json_depth.ts), which reads links too.
export { MAX_JSON_DEPTH, jsonDepthProblem } from '../../../lib/json_depth';
