// The ways scene text enters the page — a gallery file, the editor, a dropped file, a share link
// (decoded by share/shared_scene.ts) — meet here before the engine sees them. Each answers '' or
// a message and never throws: a link or a file is someone else's input, and nothing in it may
// leave the page without a message.
import type { Simulation } from 'featherweight-wasm/featherweight.js';
import { sceneMetaMessage } from '../scene/scene_meta';
import { jsonDepthProblem } from './json_depth';

/**
 * The checks every entry shares before the engine: '' or what is wrong, with its place. The
 * page's own parts of a scene (meta: plots, sliders, questions; the controller) are checked here,
 * since the core passes them by; text that is not JSON is left to the loader to place.
 */
export function sceneTextProblem(text: string): string {
  const depth = jsonDepthProblem(text);
  if (depth !== '') return depth;
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    return '';
  }
  return sceneMetaMessage(document);
}

/** Scene text into the engine: '' when it runs, else why not (the running scene stays); never throws. */
export function loadSceneText(sim: Simulation, text: string): string {
  try {
    const problem = sceneTextProblem(text);
    return problem !== '' ? problem : sim.load(text);
  } catch (error) {
    return `The scene could not be loaded: ${describeThrown(error)}`;
  }
}

/** A thrown value as one line of text for a message. */
export function describeThrown(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
