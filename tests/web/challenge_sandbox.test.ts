// The controller boundary for verification (lib/challenge/quickjs_controller.ts): a controller
// in QuickJS moves the world exactly as in this process, and one that reaches for the network,
// the file system or code from strings, or never returns, fails with a clear reason and its time.
import { beforeAll, describe, expect, it } from 'vitest';
import { ControllerError, type Engine } from '../../lib/featherweight';
import { SANDBOX_LIMITS, quickJsControllerLoader } from '../../lib/challenge/quickjs_controller';
import { FORBIDDEN_GLOBALS } from '../../lib/challenge/sandbox_prelude';
import { loadLibraryInNode, readScene } from './engine';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let engine: Engine;
beforeAll(async () => {
  engine = await loadLibraryInNode();
});

function challengeScene(source: string): Json {
  const scene = readScene('challenge-cart-pole-balance.json') as Json;
  scene.controller = { ...scene.controller, source };
  return scene;
}

/** Steps a world whose controller runs by `load` (default: this process); the error if it failed. */
async function run(source: string, steps: number, load?: ReturnType<typeof quickJsControllerLoader>) {
  const world = engine.createWorld(challengeScene(source));
  try {
    await world.enableController(load ? { load } : {});
    const signals: Record<string, number>[] = [];
    let error: ControllerError | null = null;
    for (let k = 0; k < steps && !error; k++) {
      try {
        world.step(1);
      } catch (e) {
        error = e as ControllerError;
      }
      if (k % 10 === 0) signals.push(world.signals);
    }
    return { q: Array.from(world.q), qd: Array.from(world.qd), signals, error, time: world.time };
  } finally {
    world.dispose();
  }
}

const LQR = `
let K = null;
export function control(ctx) {
  if (K === null) {
    const { A, B } = ctx.design.linearize(['cart-pole/cart'], { q: [0, 0], qd: [0, 0] });
    K = ctx.design.lqr(A, B, [[1,0,0,0],[0,50,0,0],[0,0,1,0],[0,0,0,5]], [[0.1]]).K[0];
  }
  const angle = Math.atan2(Math.sin(ctx.q[1]), Math.cos(ctx.q[1]));
  const free = ctx.model.forwardDynamics([0, 0])[0];
  const H = ctx.model.massMatrix();
  const pose = ctx.bodyPose('cart-pole/pole');
  let u = -(K[0] * ctx.q[0] + K[1] * angle + K[2] * ctx.qd[0] + K[3] * ctx.qd[1]);
  u = Math.max(-20, Math.min(20, u + 1e-3 * Math.tanh(free) + 1e-4 * Math.hypot(H.get(0, 1), pose.position[2], Math.exp(-ctx.t))));
  ctx.setEffort('cart-pole/cart', u);
  return { u, angle, pow: Math.pow(Math.abs(angle) + 1, 1.5), j: ctx.joint('cart-pole/pole').q };
}`;

describe('a controller in QuickJS', () => {
  it('moves the world bit for bit as in this process (libm Math, the model, the design tools)', async () => {
    const here = await run(LQR, 3000);
    const sandboxed = await run(LQR, 3000, quickJsControllerLoader());
    expect(here.error).toBeNull();
    expect(sandboxed.error).toBeNull();
    expect(Math.abs(here.q[1])).toBeLessThan(0.05); // it balances
    expect(sandboxed.q).toEqual(here.q); // toEqual on numbers is Object.is: the same doubles
    expect(sandboxed.qd).toEqual(here.qd);
    expect(sandboxed.signals).toEqual(here.signals);
  });
});

/** A controller that balances for a while, then at t ≥ 0.5 s does `act`. */
const reaching = (act: string) => `
export function control(ctx) {
  ctx.setEffort('cart-pole/cart', 10 * ctx.q[1]);
  if (ctx.t >= 0.5) { ${act} }
}`;

describe('what a controller cannot do', () => {
  const cases: [string, string, RegExp][] = [
    ['fetch', `fetch('http://127.0.0.1:9/')`, /reached for fetch/],
    ['XMLHttpRequest', `new XMLHttpRequest()`, /reached for XMLHttpRequest/],
    ['WebSocket', `new WebSocket('ws://127.0.0.1:9/')`, /reached for WebSocket/],
    ["import('node:http')", `import('node:http').then((http) => http.get('http://127.0.0.1:9/'))`, /tried to import 'node:http'/],
    ["require('fs')", `require('fs').readFileSync('/etc/passwd')`, /reached for require/],
    ["import('node:fs')", `import('node:fs')`, /tried to import 'node:fs'/],
    ['process.binding', `process.binding('fs')`, /reached for process/],
    ['globalThis.constructor…', `globalThis.constructor.constructor('return process')()`, /code built from a string/],
    ['eval', `eval('1 + 1')`, /code built from a string/],
    ['a timer', `setTimeout(() => {}, 0)`, /reached for setTimeout/],
    ['fetch, the error caught', `try { fetch('http://127.0.0.1:9/') } catch {}`, /reached for fetch/],
    ['an endless loop', `while (true) {}`, /budget of work for one tick/],
    ['an endless loop, interrupted and caught', `for (;;) { try { while (true) {} } catch {} }`, /budget of work for one tick/],
    ['endless promise jobs', `const again = () => Promise.resolve().then(again); again();`, /more than 10000 promise jobs in one tick/],
    ['too much memory', `const a = []; for (;;) a.push(new Float64Array(1 << 16));`, /out of memory \(a controller has 32 MiB\)/],
    ['deep recursion', `const f = (n) => f(n + 1) + 1; f(0);`, /stack overflow \(a controller has 64 KiB of stack\)/],
    ['a deep native recursion', `const o = {}; let p = o; for (let i = 0; i < 100000; i++) { p.a = {}; p = p.a; } JSON.stringify(o);`, /stack overflow/],
  ];
  for (const [what, act, reason] of cases)
    it(`${what}: the run fails at that tick, saying why`, async () => {
      const { error, time } = await run(reaching(act), 2000, quickJsControllerLoader());
      expect(error).toBeInstanceOf(ControllerError);
      expect(error!.message).toMatch(/^(line \d+: )?the controller failed at t = 0\.5000 s: /);
      expect(error!.message).toMatch(reason);
      expect(time).toBeCloseTo(0.5, 9); // stopped at that tick
    }, 30_000); // (the memory case takes seconds: QuickJS collects at every allocation near its limit)

  it("typed arrays count against its memory (QuickJS's own limit leaves their bytes out)", async () => {
    const greedy = `export function control(ctx) {
      const kept = [];
      try { for (;;) kept.push(new Float64Array(1 << 16)); } catch (e) { throw new Error('allocated ' + kept.length + ' × 512 KiB: ' + e.message); }
    }`;
    const { error } = await run(greedy, 1, quickJsControllerLoader());
    const allocated = Number(/allocated (\d+) /.exec(error!.message)?.[1]);
    expect(allocated * 0.5).toBeLessThanOrEqual(SANDBOX_LIMITS.memoryBytes / 2 ** 20 + 16); // MiB: the limit and the module's own 16
    expect(error!.message).toMatch(/out of memory/);
  });

  it('a static import of a module stops it loading', async () => {
    const load = quickJsControllerLoader();
    await expect(run(`import fs from 'node:fs';\nexport function control(ctx) {}`, 10, load)).rejects.toThrow(/does not load: it tried to import 'node:fs'/);
  });

  it('an error it throws names its line and time', async () => {
    const { error } = await run(`export function control(ctx) {\n  if (ctx.t > 0.25) {\n    throw new Error('gave up');\n  }\n}`, 1000, quickJsControllerLoader());
    expect(error!.message).toBe('line 3: the controller failed at t = 0.2600 s: gave up');
    expect(error!.line).toBe(3);
  });

  it('sees no host: only the language, a silent console and the traps', async () => {
    const probe = `export function control(ctx) {
      console.log('hello');
      throw new Error(Object.getOwnPropertyNames(globalThis).filter((n) => /^[a-z]/.test(n)).sort().join(','));
    }`;
    const { error } = await run(probe, 1, quickJsControllerLoader());
    const names = error!.reason.split(': ').pop()!.split(',');
    const language = ['decodeURI', 'decodeURIComponent', 'encodeURI', 'encodeURIComponent', 'escape', 'eval', 'globalThis', 'isFinite', 'isNaN', 'parseFloat', 'parseInt', 'undefined', 'unescape'];
    const traps = FORBIDDEN_GLOBALS.filter((n) => /^[a-z]/.test(n));
    expect(names.filter((n) => !language.includes(n) && !(traps as readonly string[]).includes(n))).toEqual(['console']);
  });
});
