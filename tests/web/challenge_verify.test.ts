// verifyChallenge (lib/featherweight.ts, lib/challenge/verify.ts) on small challenges built here:
// an honest claim holds; a tampered score or status does not; an attempt changing what is not
// allowed (a slider out of range or not a slider, the controller, parts) is refused naming it; a
// result made for another version of the challenge is refused; the world's contacts name their
// bodies, so `touching` sees the ball land.
import { beforeAll, describe, expect, it } from 'vitest';
import { type Engine, verifyChallenge } from '../../lib/featherweight';
import { loadControlFunction } from '../../lib/controller';
import { runChallenge } from '../../lib/challenge/referee';
import { WorldProbe } from '../../lib/challenge/world_probe';
import { applyAttempt } from '../../lib/challenge/attempt';
import { type ChallengeAttempt, type ChallengeResult, ResultLinkError, challengeHash, encodeResultLink } from '../../lib/challenge/result_link';
import type { Scene } from '../../lib/scene.generated';
import { loadLibraryInNode } from './engine';

let engine: Engine;
beforeAll(async () => {
  engine = await loadLibraryInNode();
});

// A ball thrown sideways from 1 m onto a floor: land it in a box by its launch speed (a slider).
const throwText = `${JSON.stringify({
  format: 'featherweight-scene',
  version: 1,
  meta: {
    title: 'Land the ball',
    sliders: [{ label: 'Launch speed', path: '/bodies/0/linearVelocity/0', min: 0, max: 4 }],
    challenge: {
      goal: { all: [{ inside: { body: 'ball', region: 'target' } }, { touching: { a: 'ball', b: 'floor' } }] },
      timeLimit: 1.5,
      score: 'time',
      allow: { sliders: true, build: { maxParts: 2, maxMass: 3 } },
      regions: [{ name: 'target', center: [1, 0, 0.1], size: [0.4, 1, 0.4] }],
    },
  },
  world: { timestep: 0.002 },
  bodies: [
    { name: 'ball', position: [0, 0, 1], linearVelocity: [0.5, 0, 0], shapes: [{ type: 'sphere', radius: 0.1 }] },
    { name: 'floor', static: true, shapes: [{ type: 'plane' }] },
  ],
}, null, 2)}\n`;

// A pendulum lifted from hanging to 1 rad and held there by its controller (a PD law with gravity
// compensation, its gains the parameters), scored by the energy its effort put in.
const pendulumText = `${JSON.stringify({
  format: 'featherweight-scene',
  version: 1,
  meta: {
    challenge: {
      goal: { holdFor: { seconds: 0.5, goal: { joint: { name: 'pendulum/rod', near: 1, within: 0.05 } } } },
      timeLimit: 5,
      score: 'energy',
      allow: { controller: true },
    },
  },
  world: { timestep: 0.001, integrator: 'rk4' },
  articulations: [{
    name: 'pendulum',
    links: [{
      name: 'rod',
      joint: { type: 'revolute', axis: [0, 1, 0], origin: { position: [0, 0, 1.5] }, position: 0 },
      inertial: { mass: 1, com: [0, 0, -1] },
      shapes: [{ type: 'sphere', radius: 0.08, position: [0, 0, -1] }],
    }],
  }],
  controller: {
    rate: 100,
    parameters: { kp: 0, kd: 0 },
    source: "export function control(ctx) { const j = ctx.joint('pendulum/rod'), p = ctx.parameters; ctx.setEffort('pendulum/rod', p.kp * (1 - j.q) - p.kd * j.qd + 9.81 * Math.sin(j.q)); }",
  },
})}\n`;

/** The verdict the library's own run gives for an attempt (the honest claim). */
async function honestClaim(text: string, attempt: ChallengeAttempt): Promise<ChallengeResult['claim']> {
  const applied = applyAttempt(JSON.parse(text) as Scene, attempt);
  const world = engine.createWorld(applied.scene);
  if (applied.scene.controller) await world.enableController({ load: loadControlFunction });
  const verdict = runChallenge(world, applied.scene.meta!.challenge!, { parts: applied.parts });
  world.dispose();
  return { status: verdict.status, score: verdict.score };
}

async function link(text: string, file: string, attempt: ChallengeAttempt, claim?: ChallengeResult['claim']): Promise<string> {
  return encodeResultLink({ challenge: file, challengeHash: await challengeHash(text), attempt, claim: claim ?? (await honestClaim(text, attempt)), label: 'test' });
}

const verifyThrow = (l: string, options: Parameters<typeof verifyChallenge>[1] = { challengeScene: throwText, engine }) => verifyChallenge(l, options);

async function refusal(promise: Promise<unknown>): Promise<ResultLinkError> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(ResultLinkError);
  return error as ResultLinkError;
}

describe('verifyChallenge: sliders', () => {
  const good: ChallengeAttempt = { sliders: { '/bodies/0/linearVelocity/0': 2.2 } };

  it('an honest success holds; the ball lands in the target (touching the floor)', async () => {
    const claim = await honestClaim(throwText, good);
    expect(claim.status).toBe('success');
    expect(claim.score).toBeGreaterThan(0.35);
    expect(claim.score).toBeLessThan(0.6);
    const report = await verifyThrow(await link(throwText, 'throw.json', good));
    expect(report).toMatchObject({ holds: true, verdict: { status: 'success', score: claim.score }, claim });
    expect(report.message).toMatch(/^The claim holds/);
    expect(report.result.label).toBe('test');
  });

  it('an honest failure holds too (the scene as shipped misses the target)', async () => {
    const claim = await honestClaim(throwText, {});
    expect(claim).toEqual({ status: 'failure', score: null });
    expect((await verifyThrow(await link(throwText, 'throw.json', {}, claim))).holds).toBe(true);
  });

  it('a tampered claim does not hold: the score edited, or a failure claimed as success', async () => {
    const claim = await honestClaim(throwText, good);
    const edited = await verifyThrow(await link(throwText, 'throw.json', good, { status: 'success', score: claim.score! - 0.002 }));
    expect(edited.holds).toBe(false);
    expect(edited.message).toMatch(/^The claim does not hold: it says success, score/);
    const tiny = await verifyThrow(await link(throwText, 'throw.json', good, { status: 'success', score: claim.score! * (1 + 1e-7) }));
    expect(tiny.holds).toBe(false);
    const rounding = await verifyThrow(await link(throwText, 'throw.json', good, { status: 'success', score: claim.score! * (1 + 1e-12) }));
    expect(rounding.holds).toBe(true); // within 1e-9 relative
    const boast = await verifyThrow(await link(throwText, 'throw.json', {}, { status: 'success', score: 0.4 }));
    expect(boast).toMatchObject({ holds: false, verdict: { status: 'failure' } });
  });

  it('refuses slider values out of range, paths that are no slider, and changes not allowed', async () => {
    const claim = { status: 'success' as const, score: 1 };
    const cases: [ChallengeAttempt, RegExp][] = [
      [{ sliders: { '/bodies/0/linearVelocity/0': 4.5 } }, /= 4\.5 is outside the slider's range 0 … 4/],
      [{ sliders: { '/bodies/0/position/2': 0.2 } }, /"\/bodies\/0\/position\/2" is not the path of one of the challenge's sliders/],
      [{ controller: { source: 'export function control() {}' } }, /changes the controller, which this challenge does not allow/],
    ];
    for (const [attempt, message] of cases) {
      const error = await refusal(verifyThrow(await link(throwText, 'throw.json', attempt, claim)));
      expect(error.kind).toBe('not-allowed');
      expect(error.message).toMatch(message);
    }
  });

  it('an attempt with a field no attempt has is not a result', async () => {
    const attempt = { sliders: { '/bodies/0/linearVelocity/0': 2 }, physics: { gravity: 0 } } as ChallengeAttempt;
    const error = await refusal(verifyThrow(await link(throwText, 'throw.json', attempt, { status: 'success', score: 1 })));
    expect(error.kind).toBe('not-a-result');
    expect(error.message).toMatch(/unknown field \/attempt\/physics/);
  });

  it('parts within the build budget count for the score; over it, static, a taken name or a joint to the world refused', async () => {
    // A 0.1 m cube of density 1000 × mass weighs `mass` kg.
    const block = (name: string, mass: number, extra: object = {}) => ({ name, position: [1, 0.3, 0.5], shapes: [{ type: 'box', size: [0.1, 0.1, 0.1], density: 1000 * mass }], ...extra });
    const fine = await verifyThrow(await link(throwText, 'throw.json', { ...good, parts: { bodies: [block('b1', 1)] } }));
    expect(fine.holds).toBe(true);
    const refused: [ChallengeAttempt, RegExp][] = [
      [{ parts: { bodies: [block('b1', 1), block('b2', 1), block('b3', 1)] } }, /adds 3 parts; this challenge allows at most 2/],
      [{ parts: { bodies: [block('b1', 2), block('b2', 2)] } }, /the added bodies weigh 4 kg; at most 3 kg are allowed/],
      [{ parts: { bodies: [block('wall', 1, { static: true })] } }, /added bodies move freely/],
      [{ parts: { bodies: [block('ball', 1)] } }, /bodies\[0\]: the name "ball" is taken/],
      [{ parts: { bodies: [block('b1', 1)], constraints: [{ type: 'fixed', a: 'b1', b: 'world', anchor: [1, 0.3, 0.5] }] } }, /constraints\[0\]\.b: added constraints join parts the attempt adds \(not "world"\)/],
      [{ parts: { bodies: [{ ...block('b1', 1), position: [1, 0.3, 'x'] }] } }, /does not make a valid scene/],
    ];
    for (const [attempt, message] of refused) {
      const error = await refusal(verifyThrow(await link(throwText, 'throw.json', attempt, { status: 'success', score: 0.5 })));
      expect(error.message).toMatch(message);
    }
  });

  it('a result made for another version of the challenge is a bad link', async () => {
    const l = await link(throwText, 'throw.json', good);
    const edited = throwText.replace('"timeLimit": 1.5', '"timeLimit": 1.6');
    const error = await refusal(verifyThrow(l, { challengeScene: edited, engine }));
    expect(error.kind).toBe('hash-mismatch');
    expect(error.message).toMatch(/made for another version of the challenge "throw\.json"/);
  });

  it('resolves the challenge by its file name', async () => {
    const l = await link(throwText, 'throw.json', good);
    const files: Record<string, string> = { 'throw.json': throwText };
    expect((await verifyChallenge(l, { challengeScene: (file) => files[file], engine })).holds).toBe(true);
    const unknown = await link(throwText, 'other.json', good);
    expect((await refusal(verifyChallenge(unknown, { challengeScene: (file) => files[file], engine }))).kind).toBe('unknown-challenge');
  });

  it('a damaged link is a bad link', async () => {
    const l = await link(throwText, 'throw.json', good);
    expect((await refusal(verifyThrow(l.slice(0, -3)))).kind).toBe('damaged');
  });
});

describe('verifyChallenge: a controller', () => {
  const gains: ChallengeAttempt = { controller: { parameters: { kp: 40, kd: 12 } } };
  const options = () => ({ challengeScene: pendulumText, engine, loadController: loadControlFunction });

  it('the energy score of a PD law holds; weaker gains fail; the claim compared', async () => {
    const claim = await honestClaim(pendulumText, gains);
    expect(claim.status).toBe('success');
    expect(claim.score).toBeGreaterThan(9.81 * (1 - Math.cos(0.95))); // at least the lift
    expect((await verifyChallenge(await link(pendulumText, 'pendulum.json', gains), options())).holds).toBe(true);
    const tampered = await verifyChallenge(await link(pendulumText, 'pendulum.json', gains, { status: 'success', score: claim.score! / 2 }), options());
    expect(tampered.holds).toBe(false);
    const none = await honestClaim(pendulumText, { controller: { parameters: { kp: 0, kd: 0 } } });
    expect(none.status).toBe('failure');
  });

  it('a controller that throws fails the run with a clear reason', async () => {
    const attempt: ChallengeAttempt = { controller: { source: 'export function control(ctx) { if (ctx.t > 0.5) throw new Error("boom"); }' } };
    const report = await verifyChallenge(await link(pendulumText, 'pendulum.json', attempt, { status: 'failure', score: null }), options());
    expect(report.holds).toBe(true);
    expect(report.verdict.reason).toMatch(/the controller failed at t = 0\.51.*boom/);
  });

  it('runs the controller in the QuickJS sandbox by default, with the same verdict', async () => {
    const claim = await honestClaim(pendulumText, gains);
    const report = await verifyChallenge(await link(pendulumText, 'pendulum.json', gains), { challengeScene: pendulumText, engine });
    expect(report.verdict).toMatchObject(claim);
    expect(report.holds).toBe(true);
  });
});

describe('WorldProbe', () => {
  it('reads a point on a turned link, q, the time, the energy used and the contacts', () => {
    const scene = JSON.parse(pendulumText.replace('"position":0}', '"position":1}')) as Scene;
    delete scene.controller;
    delete scene.meta;
    const world = engine.createWorld(scene);
    const probe = new WorldProbe(world);
    // The bob, 1 m down the rod, turned by q = 1 rad about y: (−sin q, 0, 1.5 − cos q).
    const bob = probe.bodyPosition('pendulum/rod', [0, 0, -1]);
    expect(bob[0]).toBeCloseTo(-Math.sin(1), 12);
    expect(bob[1]).toBeCloseTo(0, 12);
    expect(bob[2]).toBeCloseTo(1.5 - Math.cos(1), 12);
    expect(probe.bodyPosition('pendulum/rod')).toEqual([0, 0, 1.5]);
    expect(probe.jointQ('pendulum/rod')).toBe(1);
    world.setEffort('pendulum/rod', 15); // more than gravity's 9.81 sin 1: lifts it, positive work
    world.step(100);
    probe.refresh();
    expect(probe.time()).toBe(0.1);
    expect(probe.timestep()).toBe(0.001);
    expect(probe.energyUsed()).toBeCloseTo(world.energy().effortWork, 12);
    expect(probe.energyUsed()).toBeGreaterThan(0);
    expect(() => probe.jointQ('pendulum/bob')).toThrow(/does not have/);
    world.dispose();

    const ball = engine.createWorld(throwText);
    const contact = new WorldProbe(ball);
    ball.step(1);
    expect(contact.touching('ball', 'floor')).toBe(false);
    ball.step(400); // fallen and resting on the floor
    contact.refresh();
    expect(contact.touching('floor', 'ball')).toBe(true);
    expect(contact.touching('ball', 'ball')).toBe(false);
    ball.dispose();
  });
});

