// The page's events: how an object made early reaches one made later. The page context is built
// in order (page_context.ts), so an early object never calls a later one directly: it emits, and
// the later feature module subscribes when it is wired. Listeners run in the order they subscribed.
import type { SceneObject } from '../scene/scene_doc';

export class Signal<A extends unknown[]> {
  private readonly listeners: ((...args: A) => void)[] = [];

  on(listener: (...args: A) => void): void {
    this.listeners.push(listener);
  }

  emit(...args: A): void {
    for (const listener of this.listeners) listener(...args);
  }
}

/** A request with one answer, given by the one module that handles it once wired. */
export class Handler<A extends unknown[], R> {
  private handler: ((...args: A) => R) | null = null;

  handle(handler: (...args: A) => R): void {
    if (this.handler) throw new Error('a page request has one handler');
    this.handler = handler;
  }

  call(...args: A): R {
    if (!this.handler) throw new Error('a page request was made before its handler was wired');
    return this.handler(...args);
  }
}

export interface PageEvents {
  /** A fresh engine module runs after a failure: the scene text it ran again (or null), and the last failure's message. */
  restarted: Signal<[sceneText: string | null, failure: () => string]>;
  /** The loop's steps: taken by the controllers' wiring (through the runner while a controller runs). */
  takeSteps: Handler<[count: number], number>;
  /** Play is about to start (before the loop runs again). */
  playing: Signal<[]>;
  /** The loop was paused or resumed. */
  pausedChanged: Signal<[paused: boolean]>;
  /** The engine now runs this scene text (a panel edit replayed, an earlier edit's keyframe restored). */
  sceneRan: Signal<[sceneText: string]>;
  /** A scene runs now (`rebuild`: the same one with other numbers), its bodies read into the page's state. */
  sceneLoaded: Signal<[doc: SceneObject, rebuild: boolean]>;
  /** The scene went back to its start (Reset, or a controller's fresh run). */
  reset: Signal<[]>;
  /** The timeline moved the world to another moment (not by playing forward). */
  moved: Signal<[time: number, branched: boolean]>;
  /** A history replay brought the world back to where it was. */
  resampled: Signal<[]>;
}

export function createPageEvents(): PageEvents {
  return {
    restarted: new Signal(),
    takeSteps: new Handler(),
    playing: new Signal(),
    pausedChanged: new Signal(),
    sceneRan: new Signal(),
    sceneLoaded: new Signal(),
    reset: new Signal(),
    moved: new Signal(),
    resampled: new Signal(),
  };
}
