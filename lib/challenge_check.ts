// Checks a scene's `meta.challenge` (docs/scene-format.md): its fields, the goal's predicates
// (exactly one key each, a bounded tree), and that every region, body and joint it names exists
// in the scene. Called from lib/scene_meta.ts, so the page and the library refuse the same
// challenges with the same JSON Pointers. The input is untrusted: the walk is bounded by
// MAX_PREDICATE_NODES and MAX_PREDICATE_DEPTH whatever the document holds.
import { Checker, type JsonRecord, escapeToken, isRecord, jointNames, own, quoted, staticBodyNames } from './json_check';

/** The most predicates in a goal, and how deeply they may nest: bounded work on outside input. */
export const MAX_PREDICATE_NODES = 1000;
export const MAX_PREDICATE_DEPTH = 32;
export const MAX_REGIONS = 32;
export const MAX_TIME_LIMIT = 3600;
export const MAX_BUILD_PARTS = 200;
export const SCORE_KINDS = ['time', 'energy', 'parts'] as const;
export const PREDICATE_KINDS = ['inside', 'joint', 'speed', 'height', 'energyUsed', 'touching', 'all', 'any', 'not', 'holdFor', 'always', 'before'] as const;

/** What the predicates may name. */
interface Names {
  regions: Set<string>;
  /** Free bodies and links ("articulation/link"). */
  moving: Set<string>;
  /** Static bodies: only `touching` may name them. */
  fixed: Set<string>;
  /** Links with a one-degree-of-freedom joint (revolute or prismatic), as "articulation/link". */
  joints: Set<string>;
}

/** The scene's links whose joint has one coordinate. */
function oneDofJoints(scene: JsonRecord): Set<string> {
  const names = new Set<string>();
  if (!Array.isArray(scene.articulations)) return names;
  for (const articulation of scene.articulations) {
    if (!isRecord(articulation) || typeof articulation.name !== 'string' || !Array.isArray(articulation.links)) continue;
    for (const link of articulation.links) {
      if (!isRecord(link) || typeof link.name !== 'string' || !isRecord(link.joint)) continue;
      if (link.joint.type === 'revolute' || link.joint.type === 'prismatic') names.add(`${articulation.name}/${link.name}`);
    }
  }
  return names;
}

/** Walks one goal, counting its predicates. */
class PredicateChecker {
  private nodes = 0;

  constructor(
    private readonly c: Checker,
    private readonly names: Names,
  ) {}

  check(value: unknown, path: string, depth: number): void {
    if (++this.nodes > MAX_PREDICATE_NODES) {
      if (this.nodes === MAX_PREDICATE_NODES + 1) this.c.fail(path, `a goal has at most ${MAX_PREDICATE_NODES} predicates`);
      return;
    }
    if (depth > MAX_PREDICATE_DEPTH) {
      this.c.fail(path, `predicates nest at most ${MAX_PREDICATE_DEPTH} deep`);
      return;
    }
    if (!this.c.object(value, path)) return;
    const keys = Object.keys(value);
    const kinds = `one of: ${PREDICATE_KINDS.join(', ')}`;
    if (keys.length !== 1) {
      this.c.fail(path, `a predicate is an object with exactly one key (${kinds}), got ${keys.length === 0 ? 'none' : keys.length}`);
      return;
    }
    const [kind] = keys;
    const at = `${path}/${escapeToken(kind)}`;
    const body = value[kind];
    switch (kind) {
      case 'all':
      case 'any':
        if (!this.c.array(body, at)) return;
        if (body.length === 0) this.c.fail(at, `"${kind}" needs at least one predicate`);
        for (let i = 0; i < body.length && this.nodes <= MAX_PREDICATE_NODES; i++) this.check(body[i], `${at}/${i}`, depth + 1);
        return;
      case 'not':
      case 'always':
        this.check(body, at, depth + 1);
        return;
      case 'holdFor':
      case 'before':
        this.temporal(kind, body, at, depth);
        return;
      default:
        this.leaf(kind, body, at);
    }
  }

  private temporal(kind: 'holdFor' | 'before', body: unknown, at: string, depth: number): void {
    const c = this.c;
    if (!c.object(body, at)) return;
    const amount = kind === 'holdFor' ? 'seconds' : 'time';
    c.allowOnly(body, at, [amount, 'goal']);
    if (c.required(body, at, amount) && c.number(body[amount], `${at}/${amount}`)) {
      const value = body[amount] as number;
      if (kind === 'holdFor' ? !(value > 0) : value < 0) c.fail(`${at}/${amount}`, `must be ${kind === 'holdFor' ? 'positive' : '≥ 0'}, got ${value}`);
    }
    if (c.required(body, at, 'goal')) this.check(body.goal, `${at}/goal`, depth + 1);
  }

  private leaf(kind: string, body: unknown, at: string): void {
    const c = this.c;
    const fields: Record<string, string[]> = {
      inside: ['body', 'region', 'point'], joint: ['name', 'near', 'within'], speed: ['body', 'below'],
      height: ['body', 'above'], energyUsed: ['below'], touching: ['a', 'b'],
    };
    const known = fields[kind];
    if (!known) {
      c.fail(at, `unknown predicate (expected one of: ${PREDICATE_KINDS.join(', ')})`);
      return;
    }
    if (!c.object(body, at)) return;
    c.allowOnly(body, at, known);
    for (const field of known) if (field !== 'point') c.required(body, at, field);
    const name = (field: string, where: Set<string>, what: string, hint: string) => {
      const value = body[field];
      if (own(body, field) && c.string(value, `${at}/${field}`) && !where.has(value)) c.fail(`${at}/${field}`, `no ${what} named ${quoted(value)}${hint}`);
    };
    const movingHint = ' (a free body\'s name or "articulation/link")';
    if (kind === 'inside') {
      name('body', this.names.moving, 'body', movingHint);
      name('region', this.names.regions, 'region', '');
      if (own(body, 'point')) vector(c, body.point, `${at}/point`, false);
    } else if (kind === 'joint') {
      name('name', this.names.joints, 'revolute or prismatic joint', ' (use "articulation/link")');
      if (own(body, 'near')) c.number(body.near, `${at}/near`);
      if (own(body, 'within') && c.number(body.within, `${at}/within`) && body.within < 0) c.fail(`${at}/within`, `must be ≥ 0, got ${body.within}`);
    } else if (kind === 'touching') {
      const either = new Set([...this.names.moving, ...this.names.fixed]);
      name('a', either, 'body', ' (a body\'s name or "articulation/link")');
      name('b', either, 'body', ' (a body\'s name or "articulation/link")');
    } else {
      if (kind !== 'energyUsed') name('body', this.names.moving, 'body', movingHint);
      const bound = kind === 'height' ? 'above' : 'below';
      if (own(body, bound) && kind === 'height') c.number(body[bound], `${at}/${bound}`);
      else if (own(body, bound)) c.positive(body[bound], `${at}/${bound}`);
    }
  }
}

/** Three finite numbers; all positive when `positive`. */
function vector(c: Checker, value: unknown, path: string, positive: boolean): boolean {
  if (!c.array(value, path)) return false;
  if (value.length !== 3) return c.fail(path, `expected three numbers [x, y, z], got ${value.length}`);
  return value.every((x, i) => (positive ? c.positive(x, `${path}/${i}`) : c.number(x, `${path}/${i}`)));
}

function checkRegions(c: Checker, regions: unknown, path: string): Set<string> {
  const names = new Set<string>();
  if (!c.array(regions, path)) return names;
  if (regions.length > MAX_REGIONS) return (c.fail(path, `a challenge has at most ${MAX_REGIONS} regions`), names);
  regions.forEach((region, i) => {
    const at = `${path}/${i}`;
    if (!c.object(region, at)) return;
    c.allowOnly(region, at, ['name', 'center', 'size']);
    if (c.required(region, at, 'name') && c.string(region.name, `${at}/name`)) {
      if (region.name === '') c.fail(`${at}/name`, 'a region needs a name');
      else if (names.has(region.name)) c.fail(`${at}/name`, `two regions are named ${quoted(region.name)}`);
      names.add(region.name);
    }
    if (c.required(region, at, 'center')) vector(c, region.center, `${at}/center`, false);
    if (c.required(region, at, 'size')) vector(c, region.size, `${at}/size`, true);
  });
  return names;
}

function checkAllow(c: Checker, allow: unknown, path: string, document: JsonRecord): void {
  if (!c.object(allow, path)) return;
  c.allowOnly(allow, path, ['controller', 'sliders', 'build']);
  if (own(allow, 'controller') && c.boolean(allow.controller, `${path}/controller`) && allow.controller && !own(document, 'controller'))
    c.fail(`${path}/controller`, 'the scene has no controller to change');
  if (own(allow, 'sliders') && c.boolean(allow.sliders, `${path}/sliders`) && allow.sliders) {
    const sliders = isRecord(document.meta) ? document.meta.sliders : undefined;
    if (!Array.isArray(sliders) || sliders.length === 0) c.fail(`${path}/sliders`, 'the scene has no sliders (meta.sliders) to move');
  }
  if (!own(allow, 'build')) return;
  const build = allow.build, at = `${path}/build`;
  if (!c.object(build, at)) return;
  c.allowOnly(build, at, ['maxParts', 'maxMass']);
  if (c.required(build, at, 'maxParts') && c.number(build.maxParts, `${at}/maxParts`)) {
    const parts = build.maxParts;
    if (!Number.isInteger(parts) || parts < 1 || parts > MAX_BUILD_PARTS) c.fail(`${at}/maxParts`, `expected a whole number from 1 to ${MAX_BUILD_PARTS}, got ${parts}`);
  }
  if (own(build, 'maxMass')) c.positive(build.maxMass, `${at}/maxMass`);
}

/** Checks `meta.challenge` (at `path`) against the scene it is in, adding problems to `c`. */
export function checkChallenge(c: Checker, challenge: unknown, path: string, document: JsonRecord): void {
  if (!c.object(challenge, path)) return;
  c.allowOnly(challenge, path, ['title', 'goal', 'timeLimit', 'score', 'allow', 'regions']);
  if (own(challenge, 'title')) c.string(challenge.title, `${path}/title`);
  if (c.required(challenge, path, 'timeLimit') && c.positive(challenge.timeLimit, `${path}/timeLimit`) && challenge.timeLimit > MAX_TIME_LIMIT)
    c.fail(`${path}/timeLimit`, `at most ${MAX_TIME_LIMIT} s, got ${challenge.timeLimit}`);
  if (c.required(challenge, path, 'score') && c.string(challenge.score, `${path}/score`) && !(SCORE_KINDS as readonly string[]).includes(challenge.score))
    c.fail(`${path}/score`, `${quoted(challenge.score)} is not one of ${SCORE_KINDS.map((k) => `"${k}"`).join(', ')}`);
  if (challenge.score === 'parts' && !(isRecord(challenge.allow) && own(challenge.allow, 'build')))
    c.fail(`${path}/score`, 'a "parts" score needs allow.build (the parts counted are those added)');
  if (own(challenge, 'allow')) checkAllow(c, challenge.allow, `${path}/allow`, document);
  const regions = own(challenge, 'regions') ? checkRegions(c, challenge.regions, `${path}/regions`) : new Set<string>();
  const names: Names = { regions, moving: jointNames(document, false), fixed: staticBodyNames(document), joints: oneDofJoints(document) };
  if (c.required(challenge, path, 'goal')) new PredicateChecker(c, names).check(challenge.goal, `${path}/goal`, 1);
}
