// The gallery's four challenges, each with a submission that solves it and one that does not,
// as result links: the library's verifyChallenge and `node scripts/challenge.mjs verify` (which
// fw-sim verify runs) decide each the same way — the claim of success holds for the solution
// (exit 0) and not for the other (exit 1). The solutions are real: an LQR for the cart-pole, an
// energy-based swing-up within 2 N·m for the Acrobot, slider values found in Node for the ball,
// a spliced two-plank deck for the bridge (tests/web/fixtures/challenges/).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { challengeHash, encodeResultLink, verifyChallenge, type ChallengeAttempt, type ChallengeClaim, type Engine } from '../../lib/featherweight';
import { loadLibraryInNode, readScene, repoPath } from './engine';

let engine: Engine;
beforeAll(async () => {
  engine = await loadLibraryInNode();
});

const fixture = (file: string) => readFileSync(repoPath(`tests/web/fixtures/challenges/${file}`), 'utf8');
const sceneBytes = (file: string) => readFileSync(repoPath(`public/scenes/${file}`));

interface Submission {
  name: string;
  challenge: string;
  attempt: ChallengeAttempt;
  /** What the run gives: success at this score (s or parts), or failure. */
  expected: { status: 'success'; score: number } | { status: 'failure' };
}

// A failing submission claims success too (with the solution's score): its claim must not hold.
const SUBMISSIONS: Submission[] = [
  { name: 'cart-pole: LQR', challenge: 'challenge-cart-pole-balance.json', attempt: { controller: { source: fixture('cart_pole_lqr.js') } }, expected: { status: 'success', score: 10.234 } },
  { name: 'cart-pole: the weak PD it starts with', challenge: 'challenge-cart-pole-balance.json', attempt: {}, expected: { status: 'failure' } },
  {
    name: 'cart-pole: the PD with stiffer gains but no cart feedback',
    challenge: 'challenge-cart-pole-balance.json',
    attempt: { controller: { parameters: { kp: 40, kd: 4 } } },
    expected: { status: 'failure' },
  },
  { name: 'Acrobot: energy swing-up and LQR catch', challenge: 'challenge-acrobot-swing-up.json', attempt: { controller: { source: fixture('acrobot_swing_up.js') } }, expected: { status: 'success', score: 5.024 } },
  { name: 'Acrobot: the kicking elbow it starts with', challenge: 'challenge-acrobot-swing-up.json', attempt: {}, expected: { status: 'failure' } },
  {
    name: 'ball: 0.6 rad at 5.5 m/s',
    challenge: 'challenge-ball-in-cup.json',
    attempt: { sliders: { '/articulations/0/links/0/joint/origin/rpy/0': 0.6, '/articulations/0/links/0/joint/velocity/linear/1': 5.5 } },
    expected: { status: 'success', score: 380 / 240 },
  },
  {
    name: 'ball: 0.6 rad at 6.5 m/s (too far)',
    challenge: 'challenge-ball-in-cup.json',
    attempt: { sliders: { '/articulations/0/links/0/joint/origin/rpy/0': 0.6, '/articulations/0/links/0/joint/velocity/linear/1': 6.5 } },
    expected: { status: 'failure' },
  },
  { name: 'bridge: two planks spliced by a fixed joint', challenge: 'challenge-bridge.json', attempt: { parts: JSON.parse(fixture('bridge_spliced.json')) }, expected: { status: 'success', score: 3 } },
  { name: 'bridge: the same planks hinged in the middle', challenge: 'challenge-bridge.json', attempt: { parts: JSON.parse(fixture('bridge_hinged.json')) }, expected: { status: 'failure' } },
];

/** The solution's score for the challenge, claimed by every submission to it. */
function claimFor(s: Submission): ChallengeClaim {
  const solution = SUBMISSIONS.find((o) => o.challenge === s.challenge && o.expected.status === 'success')!;
  return { status: 'success', score: (solution.expected as { score: number }).score };
}

async function linkOf(s: Submission): Promise<string> {
  const hash = await challengeHash(new Uint8Array(sceneBytes(s.challenge)));
  return encodeResultLink({ challenge: s.challenge, challengeHash: hash, attempt: s.attempt, claim: claimFor(s), label: s.name });
}

describe('gallery challenges: a passing and a failing submission each', () => {
  it.each(SUBMISSIONS)('$name: verifyChallenge and scripts/challenge.mjs verify agree', async (s) => {
    const link = await linkOf(s);
    const report = await verifyChallenge(link, { engine, challengeScene: new Uint8Array(sceneBytes(s.challenge)) });
    expect(report.verdict.status, report.verdict.reason).toBe(s.expected.status);
    if (s.expected.status === 'success') expect(report.verdict.score).toBeCloseTo(s.expected.score, 9);
    // A failing submission fails by missing the goal (not by a controller that does not run).
    else expect(report.verdict.reason).toMatch(/^the goal did not hold within the time limit/);
    expect(report.holds).toBe(s.expected.status === 'success');

    const cli = spawnSync(process.execPath, [repoPath('scripts/challenge.mjs'), 'verify', link], { encoding: 'utf8', cwd: repoPath('.') });
    // (Exit 1 is also Node's for a script that does not load: that must not pass for "does not hold".)
    expect(cli.stderr).not.toMatch(/Cannot find module|ERR_MODULE_NOT_FOUND|SyntaxError/);
    expect(cli.status, `${cli.stdout}\n${cli.stderr}`).toBe(report.holds ? 0 : 1);
  }, 120_000);
});

describe('the scenes as shipped', () => {
  it.each(['challenge-cart-pole-balance.json', 'challenge-acrobot-swing-up.json', 'challenge-ball-in-cup.json', 'challenge-bridge.json'])(
    '%s is in the gallery on the Challenges shelf and loads',
    (file) => {
      const gallery = JSON.parse(readFileSync(repoPath('public/gallery.json'), 'utf8')) as { file: string; shelf?: string }[];
      expect(gallery.find((entry) => entry.file === file)?.shelf).toBe('Challenges');
      engine.createWorld(readScene(file)).dispose();
    },
  );
});

describe("a controller drives only the scene's actuators (meta.efforts), within their ranges", () => {
  it('the Acrobot controller asking for 50 N·m at the elbow gets 2 N·m', async () => {
    const scene = readScene('challenge-acrobot-swing-up.json') as { controller: { source: string } };
    scene.controller.source = "export function control(ctx) { ctx.setEffort('acrobot/elbow', 50); }";
    const world = engine.createWorld(scene);
    await world.enableController();
    world.step(1);
    expect(world.tau[world.joint('acrobot/elbow').vIndex]).toBe(2);
    world.dispose();
  });

  it('a cart-pole controller that pushes the pole itself fails, naming the actuators', async () => {
    const scene = readScene('challenge-cart-pole-balance.json') as { controller: { source: string } };
    scene.controller.source = "export function control(ctx) { ctx.setEffort('cart-pole/pole', -5 * ctx.q[1]); }";
    const world = engine.createWorld(scene);
    await world.enableController();
    expect(() => world.step(1)).toThrow(/'cart-pole\/pole' is not one of this scene's actuators .*cart-pole\/cart/);
    world.dispose();
  });
});
