// MuJoCo's <contact><pair> as the scene's contactPairs: two named geoms that collide whatever
// their contype/conaffinity, a parent/child relation or an <exclude> say, with the pair's own
// friction (its first value; MuJoCo's default 1, condim 1 frictionless). The geoms are found by
// name among the shapes readGeoms made, as the body and shape index they became.
import type { Scene, Shape } from '../scene/scene_types';
import { type Element, attribute, children } from '../xml/xml_reader';
import type { MjcfContext } from './mjcf_context';
import { fail } from './mjcf_xml';

type ContactPair = NonNullable<Scene['contactPairs']>[number];
type PairSide = ContactPair['a'];
const MAX_PAIRS = 10000; // the scene format's contactPairs limit

/** Per conversion: each named geom's shape (null: the geom was left out). */
const geomsOf = new WeakMap<MjcfContext, Map<string, Shape | null>>();

/** Keeps a geom's shape under its name, for pairs to find (the first geom of a name). */
export function noteGeomName(ctx: MjcfContext, geom: Element, shape: Shape | null): void {
  const name = attribute(geom, 'name');
  if (name === undefined) return;
  const geoms = geomsOf.get(ctx) ?? new Map<string, Shape | null>();
  geomsOf.set(ctx, geoms);
  if (!geoms.has(name)) geoms.set(name, shape);
}

/** Where each shape ended up: its body's scene name and its index among that body's shapes. */
function shapeOwners(ctx: MjcfContext): Map<Shape, PairSide> {
  const owners = new Map<Shape, PairSide>();
  for (const body of ctx.statics) (body.shapes ?? []).forEach((s, i) => owners.set(s, { body: body.name, shape: i }));
  for (const a of ctx.articulations)
    for (const link of a.links) (link.shapes ?? []).forEach((s, i) => owners.set(s, { body: `${a.name}/${link.name}`, shape: i }));
  return owners;
}

/** Every <contact><pair> of the model as a scene contact pair (none when contacts are disabled). */
export function readContactPairs(ctx: MjcfContext): ContactPair[] {
  const pairs: ContactPair[] = [];
  const sections = children(ctx.mujoco, 'contact');
  if (!sections.some((s) => children(s, 'pair').length > 0)) return pairs;
  if (!ctx.contact) {
    ctx.reader.notices.push('The <contact><pair> elements are not read: contacts are disabled (option/flag contact="disable").');
    return pairs;
  }
  const owners = shapeOwners(ctx);
  const statics = new Set(ctx.statics.map((body) => body.name));
  const geoms = geomsOf.get(ctx) ?? new Map<string, Shape | null>();
  let leftOut = 0, ignoredCondim = 0;
  sections.forEach((section, i) =>
    children(section, 'pair').forEach((element, k) => {
      const here = `mujoco/contact[${i + 1}]/pair "${attribute(element, 'name') ?? k + 1}"`;
      const attrs = ctx.defaults.resolve(element, 'pair', 'main', here);
      ctx.reader.checkKnown('pair', attrs);
      const sides = (['geom1', 'geom2'] as const).map((key) => {
        const name = attrs[key];
        if (name === undefined) fail(here, `needs ${key}`);
        const shape = geoms.get(name);
        if (shape === undefined) fail(here, `geom "${name}" does not exist (a pair names geoms by their name)`);
        return shape && owners.get(shape);
      });
      const [a, b] = sides;
      if (!a || !b) return void leftOut++;
      if (statics.has(a.body) && statics.has(b.body)) return void leftOut++; // neither moves
      if (pairs.length === MAX_PAIRS) fail(here, `more than ${MAX_PAIRS} pairs (the scene's limit)`);
      if (a.body === b.body) fail(here, 'the two geoms are on one body (Featherweight never collides a body with itself)');
      const condim = ctx.reader.number(attrs, 'condim', here, 3);
      if (![1, 3, 4, 6].includes(condim)) fail(here, `condim must be 1, 3, 4 or 6, got "${attrs.condim}"`);
      if (condim > 3) ignoredCondim++;
      const friction = condim === 1 ? 0 : attrs.friction === undefined ? 1 : ctx.reader.numbers(attrs, 'friction', [1, 5], here)[0];
      if (!(friction >= 0)) fail(here, `friction must not be negative, got "${attrs.friction}"`);
      pairs.push({ a, b, friction });
    }),
  );
  const r = ctx.reader;
  if (leftOut > 0) r.notices.push(`${leftOut} <contact><pair> element${leftOut > 1 ? 's name' : ' names'} a geom the converter left out, or two geoms of the world body: not read.`);
  if (ignoredCondim > 0) r.notices.push(`${ignoredCondim} <contact><pair> element${ignoredCondim > 1 ? 's have' : ' has'} condim 4 or 6: the torsional and rolling friction are not modelled (Featherweight's contacts have their own twist friction).`);
  return pairs;
}
