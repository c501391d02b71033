// The loader's checks of meta.challenge (lib/challenge_check.ts through
// validateSceneMeta): each problem at its JSON Pointer, the names checked against the scene, and
// the goal's size and depth bounded.
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validateSceneMeta } from '../../lib/scene_meta';
import { MAX_PREDICATE_DEPTH, MAX_PREDICATE_NODES } from '../../lib/challenge_check';
import { readScene, repoPath } from './engine';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

// The cart-pole (articulations "cart-pole": cart prismatic, pole revolute; "track": rail fixed)
// with a ball and a static floor added.
function scene(challenge: unknown): Json {
  const s = readScene('cart-pole.json') as Json;
  s.bodies = [
    { name: 'ball', position: [0, 0, 2], shapes: [{ type: 'sphere', radius: 0.1 }] },
    { name: 'floor', static: true, shapes: [{ type: 'plane' }] },
  ];
  s.meta.challenge = challenge;
  return s;
}

const goodChallenge = (): Json => ({
  title: 'Ball in the cup',
  goal: { all: [{ inside: { body: 'ball', region: 'cup' } }, { not: { touching: { a: 'ball', b: 'floor' } } }, { holdFor: { seconds: 1, goal: { joint: { name: 'cart-pole/pole', near: 0, within: 0.1 } } } }] },
  timeLimit: 10,
  score: 'time',
  allow: { sliders: true },
  regions: [{ name: 'cup', center: [1, 0, 0.2], size: [0.3, 0.3, 0.2] }],
});

const problems = (challenge: unknown) => validateSceneMeta(scene(challenge)).map((p) => `${p.path}: ${p.message}`);

describe('meta.challenge on load', () => {
  it('accepts a well-formed challenge', () => {
    expect(problems(goodChallenge())).toEqual([]);
  });

  it('names a region that does not exist, at its JSON Pointer', () => {
    const c = goodChallenge();
    c.goal.all[0].inside.region = 'cop';
    expect(problems(c)).toEqual(['/meta/challenge/goal/all/0/inside/region: no region named "cop"']);
  });

  it('names bodies and joints that do not exist; static bodies only in touching', () => {
    const c = goodChallenge();
    c.goal.all[0].inside.body = 'floor'; // static: not for inside
    c.goal.all[1].not.touching.b = 'flor';
    c.goal.all[2].holdFor.goal.joint.name = 'track/rail'; // fixed, not 1-DoF
    expect(problems(c)).toEqual([
      `/meta/challenge/goal/all/0/inside/body: no body named "floor" (a free body's name or "articulation/link")`,
      `/meta/challenge/goal/all/1/not/touching/b: no body named "flor" (a body's name or "articulation/link")`,
      '/meta/challenge/goal/all/2/holdFor/goal/joint/name: no revolute or prismatic joint named "track/rail" (use "articulation/link")',
    ]);
    const links = goodChallenge();
    links.goal = { touching: { a: 'cart-pole/pole', b: 'floor' } };
    expect(problems(links)).toEqual([]);
  });

  it('a predicate has exactly one key, of a known kind', () => {
    const c = goodChallenge();
    c.goal = { any: [{}, { height: { body: 'ball', above: 1 }, speed: { body: 'ball', below: 1 } }, { near: { body: 'ball' } }, 3] };
    expect(problems(c)).toEqual([
      '/meta/challenge/goal/any/0: a predicate is an object with exactly one key (one of: inside, joint, speed, height, energyUsed, touching, all, any, not, holdFor, always, before), got none',
      '/meta/challenge/goal/any/1: a predicate is an object with exactly one key (one of: inside, joint, speed, height, energyUsed, touching, all, any, not, holdFor, always, before), got 2',
      '/meta/challenge/goal/any/2/near: unknown predicate (expected one of: inside, joint, speed, height, energyUsed, touching, all, any, not, holdFor, always, before)',
      '/meta/challenge/goal/any/3: expected an object, got a number',
    ]);
  });

  it('unknown and missing fields, numbers finite and in range', () => {
    const c = goodChallenge();
    c.colour = 'red';
    c.timeLimit = 1e6;
    c.score = 'style';
    c.goal = { all: [{ speed: { body: 'ball', below: -1 } }, { holdFor: { seconds: 0, goal: { energyUsed: { below: 5, above: 1 } } } }, { before: { goal: { height: { body: 'ball', above: '1' } } } }, { inside: { body: 'ball', region: 'cup', point: [0, 0] } }] };
    c.regions[0].size = [0.3, 0, 0.2];
    expect(problems(c)).toEqual([
      '/meta/challenge/colour: unknown field (expected one of: title, goal, timeLimit, score, allow, regions)',
      '/meta/challenge/timeLimit: at most 3600 s, got 1000000',
      '/meta/challenge/score: "style" is not one of "time", "energy", "parts"',
      '/meta/challenge/regions/0/size/1: must be positive, got 0',
      '/meta/challenge/goal/all/0/speed/below: must be positive, got -1',
      '/meta/challenge/goal/all/1/holdFor/seconds: must be positive, got 0',
      '/meta/challenge/goal/all/1/holdFor/goal/energyUsed/above: unknown field (expected one of: below)',
      '/meta/challenge/goal/all/2/before/time: required field is missing',
      '/meta/challenge/goal/all/2/before/goal/height/above: expected a number, got a string',
      '/meta/challenge/goal/all/3/inside/point: expected three numbers [x, y, z], got 2',
    ]);
  });

  it('allow: what may change must exist in the scene; a parts score needs a build budget', () => {
    const c = goodChallenge();
    c.allow = { controller: true, sliders: 'yes', build: { maxParts: 0.5 }, paint: true };
    c.score = 'parts';
    expect(problems(c)).toEqual([
      '/meta/challenge/allow/paint: unknown field (expected one of: controller, sliders, build)',
      '/meta/challenge/allow/controller: the scene has no controller to change',
      '/meta/challenge/allow/sliders: expected true or false, got a string',
      '/meta/challenge/allow/build/maxParts: expected a whole number from 1 to 200, got 0.5',
    ]);
    c.allow = {};
    expect(problems(c)).toContain('/meta/challenge/score: a "parts" score needs allow.build (the parts counted are those added)');
  });

  it('regions: names unique, at most 32', () => {
    const c = goodChallenge();
    c.regions.push({ ...c.regions[0] });
    expect(problems(c)).toEqual(['/meta/challenge/regions/1/name: two regions are named "cup"']);
    c.regions = Array.from({ length: 33 }, (_, i) => ({ name: `r${i}`, center: [0, 0, 0], size: [1, 1, 1] }));
    expect(problems(c)).toContain('/meta/challenge/regions: a challenge has at most 32 regions');
  });

  it('bounds the goal: at most 1000 predicates, 32 deep, with one problem each', () => {
    const c = goodChallenge();
    const leaf = { height: { body: 'ball', above: 0 } };
    c.goal = { any: Array.from({ length: 5000 }, () => leaf) };
    expect(problems(c)).toEqual([`/meta/challenge/goal/any/${MAX_PREDICATE_NODES - 1}: a goal has at most ${MAX_PREDICATE_NODES} predicates`]);
    let deep: Json = leaf;
    for (let i = 0; i < 40; i++) deep = { not: deep };
    c.goal = deep;
    const found = problems(c);
    expect(found).toHaveLength(1);
    expect(found[0]).toBe(`/meta/challenge/goal${'/not'.repeat(MAX_PREDICATE_DEPTH)}: predicates nest at most ${MAX_PREDICATE_DEPTH} deep`);
  });

  it('the gallery challenges load clean', () => {
    const files = readdirSync(repoPath('public/scenes')).filter((f) => /^challenge-.*\.json$/.test(f));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(validateSceneMeta(readScene(file)), file).toEqual([]);
  });
});
