// Featherweight as an ES-module library: the same engine the page runs, for browsers
// and Node ≥ 20 alike. Load the engine once, build worlds from scene JSON, step them, read their
// state through typed-array views of the module's memory, and ask the model for H(q), inverse
// and forward dynamics, gravity torques and Jacobians. docs/library.md has runnable examples.
//
//   const engine = await loadEngine();
//   const world = engine.createWorld(scene);   // throws SceneError { path, message }
//   world.step(100); world.q; world.joint('cart/pole'); world.jacobian('arm/tool', [0, 0, 0.1]);
//
// The world (lib/world.ts) and its buffers' views (lib/views.ts, laid out as
// wasm_bindings/interface.mjs declares) are in their own modules; this one loads the engine.
import createFeatherweight, { type FeatherweightModule } from 'featherweight-wasm/featherweight.js';
import { simd } from 'wasm-feature-detect';
import type { ControllerSpec } from './controller';
import { sliderValuesOf } from './controller';
import { World, checkSceneMeta, sceneError, sceneText } from './world';
import { type VerifyOptions, type VerifyReport, verifyWith } from './challenge/verify';

export { ControllerError, type ControlCommand, type ControlContext, type ControlFunction, type ControllerLoader, type ControllerSpec, type TickResult } from './controller';
export type { ContactPoint, EnergyReport, JointDescription, JointHandle, Matrix, ModelState, PartState, Pose, Vec3 } from './types';
export { BODY_FORCE, BODY_POSE, BUFFERS, CONTACT, DRAG, ENERGY, MOMENTUM, PART, POSE, VELOCITY, WorldViews, contactsOf, energyOf, readField } from './views';
export { SceneError, World } from './world';
export type { SiteDescription } from './scene_names';
export { type MujocoState, fromMujocoState, toMujocoState } from './mujoco_state';
export { validateSceneMeta, type SceneMetaProblem } from './scene_meta';
export {
  InstrumentTracker, bodyIndexByName, stopwatchReading, triggerMatches,
  type ContactEvent, type Gate, type InstrumentBody, type InstrumentEvent, type InstrumentSpec, type InstrumentViews, type ManualEvent, type Passage, type Stopwatch, type StopwatchReading, type StopwatchTrigger,
} from './instruments';
export type { Challenge, ChallengeProbe, ChallengeProgress, ChallengeStatus, ChallengeVerdict, Predicate, Region } from './challenge/challenge_types';
export { Referee, runChallenge, type RefereeOptions, type RunOptions } from './challenge/referee';
export { WorldProbe } from './challenge/world_probe';
export { compilePredicate, type PredicateEvaluator } from './challenge/predicates';
export { AttemptError, applyAttempt, challengeOf, countParts, type AppliedAttempt } from './challenge/attempt';
export {
  RESULT_LINK_PREFIX, ResultLinkError, challengeHash, decodeResultLink, encodeResultLink, isResultLink,
  type ChallengeAttempt, type ChallengeClaim, type ChallengeResult, type ResultLinkProblem,
} from './challenge/result_link';
export { scoresAgree, type ChallengeSceneSource, type VerifyOptions, type VerifyReport } from './challenge/verify';

export interface LoadOptions {
  /** The .wasm bytes (otherwise read beside this module: from disk in Node, fetched in a browser). */
  wasmBinary?: ArrayBuffer | Uint8Array;
  /** Where the .wasm is (a URL), when it is not beside this module. */
  wasmUrl?: string;
}

/** Why loadEngine refuses a runtime whose WebAssembly has no SIMD. */
export const SIMD_MISSING =
  "This browser's WebAssembly has no 128-bit SIMD instructions, which the physics engine uses: it needs Chrome or Edge 91, Firefox 89, Safari 16.4 or later.";

const isNode = typeof process !== 'undefined' && typeof process.versions?.node === 'string';

/** Instantiates the engine: in Node it reads its .wasm itself. */
export async function loadEngine(options: LoadOptions = {}): Promise<Engine> {
  // The solver's row products use wasm's 128-bit SIMD: without it the module would not compile,
  // and the browser's compile error would not say why.
  if (!(await simd())) throw new Error(SIMD_MISSING);
  let wasmBinary = options.wasmBinary;
  if (!wasmBinary && !options.wasmUrl && isNode) {
    const { readFile } = await import('node:fs/promises');
    wasmBinary = await readFile(new URL('./featherweight.wasm', import.meta.url));
  }
  const module = await createFeatherweight(
    wasmBinary ? { wasmBinary } : { locateFile: () => options.wasmUrl ?? new URL('./featherweight.wasm', import.meta.url).href },
  );
  return new Engine(module);
}

export class Engine {
  constructor(
    /** The embind module itself (the page wraps its own Simulation in a WorldViews over it). */
    readonly module: FeatherweightModule,
  ) {}

  /** A world built from a scene (text or object); throws SceneError naming where the scene is wrong. */
  createWorld(scene: string | object): World {
    const text = sceneText(scene, 'createWorld(scene)');
    checkSceneMeta(text);
    const sim = new this.module.Simulation();
    const error = sim.load(text);
    if (error !== '') {
      sim.delete();
      throw sceneError(error);
    }
    const doc = JSON.parse(text) as { controller?: ControllerSpec };
    return new World(this.module, sim, doc.controller ?? null, sliderValuesOf(doc), doc);
  }
}

/**
 * Re-runs a result link (`#result=1.…`, or a URL ending in one) on the trusted challenge scene
 * (options.challengeScene: its text, or a resolver from the link's file name to it) and says
 * whether its claim holds. The scene's controller runs in the QuickJS sandbox unless
 * options.loadController says otherwise. Throws ResultLinkError (its `kind`) for a link that
 * cannot be verified: damaged, made for another version of the challenge, or changing what the
 * challenge does not allow. Loads the engine unless options.engine gives one.
 */
export async function verifyChallenge(link: string, options: VerifyOptions & { engine?: Engine }): Promise<VerifyReport> {
  const engine = options.engine ?? (await loadEngine());
  return verifyWith(engine, link, options);
}

