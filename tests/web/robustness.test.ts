// What a link, a file or a slider can do to the page: the checks every scene entry
// shares, the guard around the engine, the frame loop's wall-clock budget, and a property test
// that feeds random and mutated links and scene texts to the page's entry points.
import fc from 'fast-check';
import type { FeatherweightModule, Simulation } from 'featherweight-wasm/featherweight.js';
import { describe, expect, it } from 'vitest';
import { GuardedEngine, type EngineFailure } from '../../web/src/guard/engine_guard';
import { jsonDepthProblem, MAX_JSON_DEPTH } from '../../web/src/guard/json_depth';
import { loadSceneText } from '../../web/src/guard/scene_entry';
import { sceneTextFromLinkSafely } from '../../web/src/share/shared_scene';
import { encodeSceneLink } from '../../web/src/share/scene_link';
import { SimLoop, STEP_BUDGET_MS } from '../../web/src/engine/sim_loop';
import { loadEngineInNode, readScene } from './engine';

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('JSON nesting depth', () => {
  it('lets a scene nest up to the limit and names the place past it', () => {
    expect(jsonDepthProblem(nested(MAX_JSON_DEPTH))).toBe('');
    expect(jsonDepthProblem(`{\n "a": ${nested(MAX_JSON_DEPTH)}}`)).toMatch(/^line 2, column \d+: the JSON nests deeper than 64 levels/);
    expect(jsonDepthProblem(nested(100_000))).toMatch(/^line 1, column 65: /);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(jsonDepthProblem(JSON.stringify({ text: '['.repeat(1000) + '"\\' + '{'.repeat(1000) }))).toBe('');
  });

  it('every shipped scene nests well within the limit', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const { repoPath } = await import('./engine');
    for (const file of readdirSync(repoPath('public/scenes'))) {
      expect(jsonDepthProblem(readFileSync(repoPath(`public/scenes/${file}`), 'utf8'), 16), file).toBe('');
    }
  });
});

describe('the frame loop keeps its wall-clock budget whatever dt is', () => {
  const busy = (ms: number) => {
    const end = performance.now() + ms;
    while (performance.now() < end);
  };

  it('a tiny time step costs one budget per frame and drops the time it could not buy', () => {
    let steps = 0;
    const loop = new SimLoop((n) => {
      busy(n * 0.01); // 10 µs a step: 1/60 s at dt = 1e-9 would be 1.7·10⁷ steps, about three minutes
      steps += n;
    }, () => 1e-9);
    const start = performance.now();
    loop.frame(1 / 60);
    const first = performance.now() - start;
    expect(first).toBeLessThan(STEP_BUDGET_MS * 1.5 + 5);
    expect(steps).toBeGreaterThan(100); // it did step, in chunks
    expect(steps).toBeLessThan(1.7e7);
    expect(loop.lastStepMs).toBeLessThan(STEP_BUDGET_MS * 1.5 + 5);
    // The backlog was dropped: the next frame asks only for its own time again.
    const before = steps;
    loop.frame(1 / 60);
    expect(steps - before).toBeLessThan(1.7e7);
    expect(performance.now() - start).toBeLessThan(2 * (STEP_BUDGET_MS * 1.5 + 5));
  });

  it('an ordinary world takes all its steps in one frame', () => {
    let steps = 0;
    const loop = new SimLoop((n) => {
      steps += n;
    }, () => 1 / 240);
    loop.frame(1 / 60);
    expect(steps).toBe(4);
  });
});

/** A module whose step traps while `trap` is set, standing in for a core bug. */
function fakeModule(state: { trap: boolean; created: number; loaded: string[] }): FeatherweightModule {
  state.created++;
  class FakeSimulation {
    private t = 0;
    load(text: string): string {
      if (text.includes('bad')) return '/: bad scene';
      state.loaded.push(text);
      this.t = 0;
      return '';
    }
    step(count: number): void {
      if (state.trap) throw new WebAssembly.RuntimeError('unreachable');
      this.t += count;
    }
    time(): number {
      return this.t;
    }
    bodiesJson(): string {
      return '[{"name":"b"}]';
    }
  }
  return { Simulation: FakeSimulation, HEAPF32: new Float32Array(4), HEAPF64: new Float64Array(4) } as unknown as FeatherweightModule;
}

describe('the engine guard', () => {
  it('reports a trap, answers harmlessly, and brings the last scene back in a fresh module', async () => {
    const state = { trap: false, created: 0, loaded: [] as string[] };
    const failures: EngineFailure[] = [];
    let restarted = 0;
    let broughtBack: string | null = null;
    const guard = await GuardedEngine.start({
      create: async () => fakeModule(state),
      onFailure: (f) => failures.push(f),
      onRestarted: (text) => {
        restarted++;
        broughtBack = text;
      },
    });
    expect(guard.sim.load('scene A')).toBe('');
    expect(guard.sim.load('bad')).toBe('/: bad scene'); // a refusal is no failure
    guard.sim.step(5);
    expect(guard.sim.time()).toBe(5);

    state.trap = true;
    expect(() => guard.sim.step(1)).not.toThrow();
    expect(failures).toHaveLength(1);
    expect(failures[0].restarting).toBe(true);
    expect(failures[0].message).toMatch(/failed inside step \(trap: unreachable\)/);
    expect(guard.sim.load('scene B')).toMatch(/restarting/); // refused while restarting, not lost silently
    state.trap = false;
    await vi_waitFor(() => restarted === 1);
    expect(state.created).toBe(2);
    expect(state.loaded.at(-1)).toBe('scene A'); // the last scene that ran, in the fresh module
    expect(broughtBack).toBe('scene A');
    guard.sim.step(3);
    expect(guard.sim.time()).toBe(3);
    expect(guard.failures).toBe(1);
  });

  it('gives up a scene that fails again right after it was brought back, for the one before', async () => {
    const state = { trap: false, created: 0, loaded: [] as string[] };
    let restarted = 0;
    const guard = await GuardedEngine.start({ create: async () => fakeModule(state), onFailure: () => {}, onRestarted: () => restarted++ });
    guard.sim.load('scene A');
    guard.sim.load('scene B');
    state.trap = true;
    guard.sim.step(1);
    await vi_waitFor(() => restarted === 1);
    expect(state.loaded.at(-1)).toBe('scene B');
    guard.sim.step(1); // fails again at once
    await vi_waitFor(() => restarted === 2);
    expect(state.loaded.at(-1)).toBe('scene A');
  });

  it('a JavaScript error from the bindings is reported without a restart', async () => {
    const engine = await loadEngineInNode();
    const failures: EngineFailure[] = [];
    const guard = await GuardedEngine.start({ create: async () => engine, onFailure: (f) => failures.push(f), onRestarted: () => {} });
    expect(guard.sim.load(JSON.stringify(readScene('pendulum.json')))).toBe('');
    expect(() => (guard.sim.applyForce as unknown as () => void)()).not.toThrow(); // embind: wrong argument count
    expect(failures).toHaveLength(1);
    expect(failures[0].restarting).toBe(false);
    guard.sim.step(10);
    expect(guard.sim.time()).toBeGreaterThan(0);
  });
});

async function vi_waitFor(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(condition()).toBe(true);
}

// ---- the property test: the page's entry points over random and mutated input ----

describe('random and mutated links and scene texts', () => {
  const pendulum = JSON.stringify(readScene('pendulum.json'));
  const link = encodeSceneLink(readScene('pendulum.json'));

  /** The page's path for a link: decode, check, load; the running scene must keep running. */
  async function withPage(run: (enter: (text: string) => string, openLink: (fragment: string) => string, sim: Simulation) => Promise<void>) {
    const engine = await loadEngineInNode();
    const failures: EngineFailure[] = [];
    const guard = await GuardedEngine.start({ create: async () => engine, onFailure: (f) => failures.push(f), onRestarted: () => {} });
    expect(loadSceneText(guard.sim, pendulum)).toBe('');
    const enter = (text: string) => loadSceneText(guard.sim, text);
    const openLink = (fragment: string) => {
      const shared = sceneTextFromLinkSafely(fragment);
      return 'error' in shared ? shared.error : enter(shared.text);
    };
    await run(enter, openLink, guard.sim);
    expect(failures.filter((f) => f.restarting)).toEqual([]); // no input made the module itself fail
  }

  /** After any input the simulation that runs still advances. */
  function stillRuns(sim: Simulation): void {
    const t = sim.time();
    sim.step(2);
    expect(sim.time()).toBeGreaterThan(t);
  }

  it('mutated share links give a message or a scene, never an exception', async () => {
    await withPage(async (_enter, openLink, sim) => {
      const mutation = fc.oneof(
        fc.nat(link.length).map((n) => link.slice(0, n)), // cut short
        fc.tuple(fc.nat(link.length - 1), fc.string({ minLength: 1, maxLength: 1 })).map(([i, c]) => link.slice(0, i) + c + link.slice(i + 1)), // one character changed
        fc.tuple(fc.nat(link.length), fc.string({ maxLength: 20 })).map(([i, s]) => link.slice(0, i) + s + link.slice(i)), // inserted
        fc.string({ maxLength: 200 }).map((s) => `#scene=1.${s}`),
        fc.constantFrom(`#scene=1.${'A'.repeat(10_000)}`, '#scene=', '#scene=2.x', '#scene=1.'),
      );
      fc.assert(
        fc.property(mutation, (fragment) => {
          const result = openLink(fragment);
          expect(typeof result).toBe('string');
          stillRuns(sim);
        }),
        { numRuns: 400, seed: 23 },
      );
    });
  });

  it('random and mutated scene texts give a message or a scene, never an exception', async () => {
    const scenes = ['pendulum.json', 'double-pendulum.json', 'newtons-cradle.json', 'four-bar.json', 'table-toys.json'].map(readScene);
    const hostileValue = fc.constantFrom<unknown>(1e308, -1e308, 1e-320, 0, -1, 4294967297, 1e19, 'x', '', null, true, [], {}, [1e308, 1e308, 1e308], '/articulations/99999999999999999999999');
    /** Replaces one value somewhere in a scene (a random walk down its tree). */
    const mutatedScene = fc.tuple(fc.nat(scenes.length - 1), fc.array(fc.nat(), { minLength: 1, maxLength: 8 }), hostileValue).map(([k, path, value]) => {
      const scene = structuredClone(scenes[k]) as Record<string, unknown>;
      let node: Record<string, unknown> = scene;
      for (const step of path) {
        const keys = Object.keys(node);
        if (keys.length === 0) break;
        const key = keys[step % keys.length];
        const child = node[key];
        if (child === null || typeof child !== 'object' || step % 3 === 0) {
          node[key] = value;
          break;
        }
        node = child as Record<string, unknown>;
      }
      return JSON.stringify(scene);
    });
    const text = fc.oneof(
      mutatedScene,
      fc.json({ maxDepth: 6 }),
      fc.string({ maxLength: 300 }),
      fc.nat(20_000).map((n) => nested(n)),
      fc.constantFrom('{"format":"featherweight-scene","version":1,"world":{"gravity":[0,0,1e999]}}', '{"format":"featherweight-scene","version":4294967297}'),
    );
    await withPage(async (enter, _openLink, sim) => {
      fc.assert(
        fc.property(text, (t) => {
          const result = enter(t);
          expect(typeof result).toBe('string');
          if (result === '') expect(enter(pendulum)).toBe(''); // a scene that ran: back to the known one
          stillRuns(sim);
        }),
        { numRuns: 400, seed: 17 },
      );
    });
  }, 120_000);
});
