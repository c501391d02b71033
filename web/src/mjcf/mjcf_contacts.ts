// MuJoCo's contact pair filter as scene exclusions. MuJoCo never collides two geoms of one body,
// nor of bodies welded together (a body without joints is part of its parent), nor — unless
// option/flag filterparent is off — of a body and its parent when the parent is not the world;
// other bodies of one tree do collide, as their contype/conaffinity allow (the scene's "either"
// filter, set by the converter). Featherweight splits a body with several joints into a chain of
// links, so these pairs are written out as contactExclusions (the core already keeps links joined
// by a joint apart), and <contact><exclude> adds its own. <contact><pair> is mjcf_pairs.ts's.
import type { Scene, SceneWorld } from '../scene/scene_types';
import { attribute, children, isAttributeKey } from '../xml/xml_reader';
import type { MjcfContext } from './mjcf_context';
import { fail } from './mjcf_xml';

type Exclusion = NonNullable<Scene['contactExclusions']>[number];

/**
 * MuJoCo's filter for the scene: the "either" rule, every shape's filter written once some geom
 * has its own (the scene's default mask is every bit, MuJoCo's conaffinity 1), and the pairs
 * that never collide. Answers the exclusions.
 */
export function contactFilter(ctx: MjcfContext, world: SceneWorld): Exclusion[] {
  world.collisionFilter = 'either';
  const shapes = [...ctx.statics.flatMap((b) => b.shapes ?? []), ...ctx.articulations.flatMap((a) => a.links.flatMap((l) => l.shapes ?? []))];
  if (shapes.some((s) => s.collision)) for (const s of shapes) s.collision ??= { group: 1, mask: 1 };
  return contactExclusions(ctx);
}

/** The exclusions MuJoCo's filter and the model's <contact><exclude> ask for. */
function contactExclusions(ctx: MjcfContext): Exclusion[] {
  const pairs = new Map<string, Exclusion>();
  const add = (a: string, b: string): void => {
    if (a === b) return;
    const [x, y] = a < b ? [a, b] : [b, a];
    pairs.set(`${x}\n${y}`, { a: x, b: y });
  };
  if (ctx.contact) weldAndParentPairs(ctx, add);
  readContactSection(ctx, add);
  return [...pairs.values()];
}

/** Pairs of bodies of one weld group, and of a weld group and its parent's (filterparent). */
function weldAndParentPairs(ctx: MjcfContext, add: (a: string, b: string) => void): void {
  const nodes = ctx.bodyNodes;
  // A body's weld group: the nearest body at or above it with joints (−1: welded to the world).
  const weld: number[] = [];
  nodes.forEach((node, i) => (weld[i] = node.joints ? i : node.parent < 0 ? -1 : weld[node.parent]));
  const groups = new Map<number, number[]>();
  nodes.forEach((node, i) => {
    if (!node.collides || weld[i] < 0) return;
    groups.set(weld[i], [...(groups.get(weld[i]) ?? []), i]);
  });
  // Links the core keeps apart already: a link and the link it hangs from.
  const adjacent = (i: number, j: number) => nodes[i].parentLink === nodes[j].link || nodes[j].parentLink === nodes[i].link;
  for (const [root, members] of groups) {
    for (let x = 0; x < members.length; x++)
      for (let y = x + 1; y < members.length; y++) if (!adjacent(members[x], members[y])) add(nodes[members[x]].link, nodes[members[y]].link);
    const parent = nodes[root].parent;
    if (!ctx.filterParent || parent < 0 || weld[parent] < 0) continue;
    for (const i of members) for (const j of groups.get(weld[parent]) ?? []) if (!adjacent(i, j)) add(nodes[i].link, nodes[j].link);
  }
}

/** <contact>: exclude as exclusions (a body named "world" means every world geom); pair is read by mjcf_pairs.ts. */
function readContactSection(ctx: MjcfContext, add: (a: string, b: string) => void): void {
  const r = ctx.reader;
  for (const [i, section] of children(ctx.mujoco, 'contact').entries()) {
    const place = `mujoco/contact[${i + 1}]`;
    children(section, 'exclude').forEach((exclude, k) => {
      const here = `${place}/exclude "${attribute(exclude, 'name') ?? k + 1}"`;
      const sides = ['body1', 'body2'].map((key) => {
        const name = attribute(exclude, key);
        if (name === undefined) fail(here, `needs ${key}`);
        const scene = ctx.bodyByName(name, here).sceneName;
        return scene === 'world' ? ctx.statics.map((s) => s.name) : [scene];
      });
      for (const a of sides[0]) for (const b of sides[1]) add(a, b);
    });
    for (const key of Object.keys(section)) if (!isAttributeKey(key) && key !== 'exclude' && key !== 'pair') r.ignored.add(`contact <${key}>`);
  }
}
