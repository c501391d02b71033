// How MJCF geoms look: a geom's colour is its own rgba when set (MuJoCo: an rgba other than the
// default wins over the material), else its material's rgba (material default classes apply),
// else its rgba (its alpha too). Geoms of groups 3 to 5, which MuJoCo's viewer hides by default
// (models keep their collision geoms there), are not drawn (alpha 0) unless meshes that would show
// instead were left out. Textures and the other drawing assets are not read, and are listed as such.
import type { Shape } from '../scene/scene_types';
import { children, isAttributeKey } from '../xml/xml_reader';
import type { MjcfContext } from './mjcf_context';
import { type Attributes, color } from './mjcf_reader';
import { fail } from './mjcf_xml';

const DEFAULT_RGBA = [0.5, 0.5, 0.5, 1];
const materialsOf = new WeakMap<MjcfContext, Map<string, Attributes>>();
const hiddenOf = new WeakMap<MjcfContext, Shape[]>();

/** The model's <material>s by name, their default classes resolved (read once per conversion). */
function materials(ctx: MjcfContext): Map<string, Attributes> {
  let found = materialsOf.get(ctx);
  if (found) return found;
  found = new Map();
  for (const asset of children(ctx.mujoco, 'asset')) {
    children(asset, 'material').forEach((material, i) => {
      const place = `mujoco/asset/material[${i + 1}]`;
      const attrs = ctx.defaults.resolve(material, 'material', 'main', place);
      if (attrs.name !== undefined && !found!.has(attrs.name)) found!.set(attrs.name, attrs);
      for (const name of Object.keys(attrs)) if (!['name', 'class', 'rgba'].includes(name)) ctx.reader.ignored.add(`material ${name}`);
    });
  }
  materialsOf.set(ctx, found);
  return found;
}

/** A geom's colour as a CSS colour, or undefined for the page's own. */
export function geomColor(ctx: MjcfContext, attrs: Attributes, place: string): string | undefined {
  const r = ctx.reader;
  const own = attrs.rgba !== undefined ? r.numbers(attrs, 'rgba', 4, place) : undefined;
  const ownWins = own !== undefined && own.some((c, k) => c !== DEFAULT_RGBA[k]);
  if (!ownWins && attrs.material !== undefined) {
    const material = materials(ctx).get(attrs.material);
    if (!material) fail(place, `material "${attrs.material}" does not exist`);
    if (material.rgba !== undefined) return color(r.numbers(material, 'rgba', 4, `mujoco/asset/material "${attrs.material}"`));
  }
  return own ? color(own) : undefined;
}

/** Keeps a geom's shape to be hidden when its group is one MuJoCo's viewer hides (3 to 5). */
export function noteGeomGroup(ctx: MjcfContext, attrs: Attributes, shape: Shape, place: string): void {
  if (attrs.group === undefined) return;
  const group = ctx.reader.number(attrs, 'group', place, 0);
  if (group >= 3 && group <= 5) hiddenOf.set(ctx, [...(hiddenOf.get(ctx) ?? []), shape]);
}

/** Hides the shapes noteGeomGroup kept, unless they are what shows of bodies whose meshes were left out. */
export function hideGeomGroups(ctx: MjcfContext, meshesLeftOut: boolean): void {
  const shapes = hiddenOf.get(ctx) ?? [];
  if (shapes.length === 0) return;
  const count = `${shapes.length} geom${shapes.length > 1 ? 's' : ''} of groups 3 to 5 (which MuJoCo's viewer hides)`;
  if (meshesLeftOut) {
    ctx.reader.notices.push(`${count} are drawn, since the meshes that would show instead are left out.`);
    return;
  }
  for (const shape of shapes) shape.color = `${(shape.color ?? '#808080').slice(0, 7)}00`;
  ctx.reader.notices.push(`${count} are not drawn (colour alpha 0); they collide and weigh as before.`);
}

/** Lists the drawing assets the converter does not read (textures, height fields, skins …). */
export function noteIgnoredAssets(ctx: MjcfContext): void {
  materials(ctx);
  for (const asset of children(ctx.mujoco, 'asset'))
    for (const key of Object.keys(asset)) if (!isAttributeKey(key) && key !== 'material' && key !== 'mesh') ctx.reader.ignored.add(`asset <${key}>`);
}
