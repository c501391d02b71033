// The ways scene text enters the page — a gallery file, the editor, a dropped file, a share link —
// meet here before the engine sees them. Each answers '' or a message and never throws: a link
// or a file is someone else's input, and nothing in it may leave the page without a message.
import type { Simulation } from 'featherweight-wasm/featherweight.js';
import { sceneTextFromLink } from '../share/shared_scene';
import { jsonDepthProblem } from './json_depth';

/** The checks every entry shares before the engine: '' or what is wrong, with its place. */
export function sceneTextProblem(text: string): string {
  return jsonDepthProblem(text);
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

/** The scene a link carries, or why it cannot run; never throws. */
export function sceneTextFromLinkSafely(fragment: string): { text: string } | { error: string } {
  try {
    return sceneTextFromLink(fragment);
  } catch (error) {
    return { error: `This scene link could not be read: ${describeThrown(error)}` };
  }
}

/** A thrown value as one line of text for a message. */
export function describeThrown(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
