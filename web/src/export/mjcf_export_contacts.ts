// What of Featherweight's contact filter MJCF says its own way. Under the default "each" rule a
// pair collides when each shape's group meets the other's mask, under MuJoCo's when either
// contype meets the other's conaffinity: the exporter picks contype/conaffinity that give the
// same answer for every pair of the scene's filters, or lists the asymmetric ones. Featherweight
// never collides the links of a tree with selfCollision false, nor a link and its parent; MuJoCo
// collides the bodies of a tree that are not parent and child (and a parent welded to the world
// with its child): those pairs become <exclude>. And contactPairs become <pair>, their geoms
// named so the pair can find them.
import type { Json, SceneObject } from '../scene/scene_doc';
import { canonicalJointType } from '../scene/scene_types';
import { foldedInto } from './mjcf_export_chains';

type JsonObject = { [key: string]: Json };
const obj = (value: Json | undefined): JsonObject => (value && typeof value === 'object' && !Array.isArray(value) ? value : {});
const shapesOf = (owner: JsonObject) => (owner.shapes ?? []) as JsonObject[];
/** Above this many colliding bodies in one tree the excludes (n(n−1)/2) are not written. */
export const MAX_EXCLUDED_BODIES = 64;

/** A shape's filter under the "each" rule: [group, mask] as unsigned 32-bit numbers. */
function filterOf(shape: JsonObject): [number, number] {
  const c = obj(shape.collision);
  return [typeof c.group === 'number' ? c.group >>> 0 : 1, typeof c.mask === 'number' ? c.mask >>> 0 : 0xffffffff];
}
const drawnOnly = ([group, mask]: [number, number]) => group === 0 || mask === 0;
const eachRule = (a: [number, number], b: [number, number]) => (a[0] & b[1]) !== 0 && (b[0] & a[1]) !== 0;
const eitherRule = (a: [number, number], b: [number, number]) => (a[0] & b[1]) !== 0 || (b[0] & a[1]) !== 0;

/**
 * For the "each" rule: the contype/conaffinity attributes of a shape, chosen so that MuJoCo's rule
 * agrees with Featherweight's on every pair of the scene's filters ("" for MuJoCo's default 1, 1).
 */
export function eachRuleFilter(scene: SceneObject, unsupported: Set<string>): (shape: JsonObject) => string {
  const owners = [...((scene.bodies ?? []) as JsonObject[]), ...((scene.articulations ?? []) as JsonObject[]).flatMap((a) => (a.links ?? []) as JsonObject[])];
  const seen = new Map<string, [number, number]>();
  for (const owner of owners)
    for (const shape of shapesOf(owner)) {
      const f = filterOf(shape);
      if (!drawnOnly(f)) seen.set(f.join(' '), f);
    }
  const filters = [...seen.values()];
  // Candidates: contype = conaffinity = group ∧ mask (group = mask, the defaults), or group and mask as they are.
  const candidates: ((f: [number, number]) => [number, number])[] = [([g, m]) => [g & m, g & m], (f) => f];
  const agrees = (map: (f: [number, number]) => [number, number]) =>
    filters.every((a) => filters.every((b) => eachRule(a, b) === eitherRule(map(a), map(b))));
  const chosen = candidates.find(agrees);
  if (!chosen) {
    const [a, b] = filters.flatMap((x) => filters.filter((y) => eachRule(x, y) !== eitherRule(x, y)).map((y) => [x, y]))[0];
    unsupported.add(`collision filters: group ${a[0]} mask ${a[1]} against group ${b[0]} mask ${b[1]} (only one side's group meets the other's mask: MuJoCo's contype/conaffinity rule collides them, Featherweight's "each" rule does not)`);
  }
  const map = chosen ?? candidates[1];
  return (shape) => {
    const f = filterOf(shape);
    if (drawnOnly(f)) return ' contype="0" conaffinity="0"';
    const [type, affinity] = map(f).map((x) => x | 0); // MuJoCo reads int32
    return type === 1 && affinity === 1 ? '' : ` contype="${type}" conaffinity="${affinity}"`;
  };
}

/** Whether a shape can touch anything under the scene's rule. */
function collides(shape: JsonObject, either: boolean): boolean {
  const [group, mask] = filterOf(shape);
  return either ? group !== 0 || mask !== 0 : group !== 0 && mask !== 0;
}

/**
 * <exclude> lines for the pairs of bodies of one tree that Featherweight never collides and MuJoCo
 * would: all but parent and child when selfCollision is off, and a parent welded to the world with
 * its child. `bodyName` is a link's MJCF body name (the body it is folded into).
 */
export function treeExclusions(scene: SceneObject, either: boolean, unsupported: Set<string>, bodyName: (articulation: JsonObject, link: number) => string): string[] {
  const lines: string[] = [];
  ((scene.articulations ?? []) as JsonObject[]).forEach((articulation, a) => {
    const links = (articulation.links ?? []) as JsonObject[];
    const index = new Map(links.map((l, k) => [String(l.name), k]));
    // Each link's body: the link it is folded into, followed to the end.
    const body = links.map((_, k) => {
      let at = k;
      for (let next = foldedInto(links, at); next >= 0; next = foldedInto(links, at)) at = next;
      return at;
    });
    const parentLink = (k: number) => (links[k].parent === undefined || links[k].parent === null ? -1 : (index.get(String(links[k].parent)) ?? -1));
    const parentBody = new Map<number, number>();
    links.forEach((_, k) => {
      const p = parentLink(k);
      if (p >= 0 && body[p] !== body[k]) parentBody.set(body[k], body[p]);
    });
    // MuJoCo's weld: a body without a moving joint is part of its parent (−1: the world).
    const moves = (k: number) => canonicalJointType(String(obj(links[k].joint).type)) !== 'fixed';
    const weld = new Map<number, number>();
    const weldOf = (b: number): number => {
      if (!weld.has(b)) {
        const own = links.some((_, k) => body[k] === b && moves(k));
        weld.set(b, own ? b : parentBody.has(b) ? weldOf(parentBody.get(b)!) : -1);
      }
      return weld.get(b)!;
    };
    const bodies = [...new Set(body)].filter((b) => links.some((l, k) => body[k] === b && shapesOf(l).some((s) => collides(s, either))));
    const self = articulation.selfCollision === true;
    if (!self && bodies.length > MAX_EXCLUDED_BODIES) {
      unsupported.add(`/articulations/${a}: "selfCollision": false with ${bodies.length} colliding bodies (MuJoCo would need an <exclude> per pair; written up to ${MAX_EXCLUDED_BODIES} bodies)`);
      return;
    }
    const weldParent = (b: number) => (parentBody.has(weldOf(b)) ? weldOf(parentBody.get(weldOf(b))!) : -1);
    for (let i = 0; i < bodies.length; i++)
      for (let j = i + 1; j < bodies.length; j++) {
        const [x, y] = [bodies[i], bodies[j]];
        const [wx, wy] = [weldOf(x), weldOf(y)];
        if (wx < 0 && wy < 0) continue; // neither moves: no engine collides them
        const adjacent = parentBody.get(x) === y || parentBody.get(y) === x;
        const mujocoSkips = wx === wy || (wx >= 0 && wy >= 0 && (wx === weldParent(y) || wy === weldParent(x)));
        const featherweightSkips = !self || adjacent;
        if (featherweightSkips && !mujocoSkips) lines.push(`    <exclude body1="${escapeName(bodyName(articulation, x))}" body2="${escapeName(bodyName(articulation, y))}"/>`);
        else if (!featherweightSkips && mujocoSkips)
          unsupported.add(`/articulations/${a}: links ${String(links[x].name)} and ${String(links[y].name)} (MuJoCo never collides bodies welded together, nor a body and its weld parent)`);
      }
  });
  return lines;
}

const escapeName = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

const MIXING: Record<string, (a: number, b: number) => number> = {
  'geometric-mean': (a, b) => Math.sqrt(a * b),
  min: Math.min,
  max: Math.max,
  mean: (a, b) => (a + b) / 2,
};

/** A geom's name for the pairs: "<scene body name>#<shape index>". */
export const pairGeomName = (body: string, shape: number) => `${body}#${shape}`;

/** The shapes contactPairs name, as pairGeomName keys. */
export function pairedShapes(scene: SceneObject): Set<string> {
  const names = new Set<string>();
  for (const pair of (scene.contactPairs ?? []) as JsonObject[])
    for (const side of [obj(pair.a), obj(pair.b)]) names.add(pairGeomName(String(side.body), Number(side.shape)));
  return names;
}

/**
 * contactPairs as <pair> lines, each with the friction Featherweight's contacts use (the pair's, or
 * the mix of its shapes'); `friction(body, shape)` is a shape's own coefficient.
 */
export function pairLines(scene: SceneObject, friction: (body: string, shape: number) => number): string[] {
  const mix = MIXING[String(obj(obj(scene.world).mixing).friction ?? 'geometric-mean')] ?? MIXING['geometric-mean'];
  return ((scene.contactPairs ?? []) as JsonObject[]).map((pair) => {
    const [a, b] = [obj(pair.a), obj(pair.b)];
    const mu = typeof pair.friction === 'number' ? pair.friction : mix(friction(String(a.body), Number(a.shape)), friction(String(b.body), Number(b.shape)));
    const geom = (side: JsonObject) => escapeName(pairGeomName(String(side.body), Number(side.shape)));
    return `    <pair geom1="${geom(a)}" geom2="${geom(b)}" condim="3" friction="${Number(mu.toPrecision(17))} ${Number(mu.toPrecision(17))} 0.005 0.0001 0.0001"/>`;
  });
}
