// MJCF frames that are not bodies: sites become named frames on their link (the library's
// site(name)), and a <camera> becomes the scene's initial view. A camera's pose is taken at the
// model's pose (every joint at its reference): MuJoCo cameras look along their frame's −z.
import { type Frame, type Vec3, IDENTITY_FRAME, compose, rotate, tidy } from '../math/math3d';
import type { SceneCamera, Site } from '../scene/scene_types';
import { type Element, attribute, children } from '../xml/xml_reader';
import type { MjcfContext } from './mjcf_context';
import { isIdentity, quaternionJson, tidyVec } from './mjcf_reader';

/** A body's named sites, in its link frame (shifted back by the joint offset, as its geoms). */
export function readSites(ctx: MjcfContext, element: Element, childclass: string, offset: readonly number[], place: string): Site[] {
  const sites: Site[] = [];
  children(element, 'site').forEach((site, i) => {
    const here = `${place}/site "${attribute(site, 'name') ?? i + 1}"`;
    const attrs = ctx.defaults.resolve(site, 'site', childclass, here);
    if (attrs.name === undefined) {
      ctx.reader.ignored.add('unnamed sites (a site is found by its name)');
      return;
    }
    if (attrs.fromto !== undefined) ctx.reader.ignored.add('site fromto (the site sits at its pos)');
    const frame = ctx.reader.frame(attrs, here);
    const out: Site = { name: attrs.name.replace(/\//g, '-') };
    const pos = frame.pos.map((x, k) => x - offset[k]);
    if (pos.some((x) => Math.abs(x) > 1e-15)) out.position = tidyVec(pos);
    if (!isIdentity(frame.quat)) out.quaternion = quaternionJson(frame.quat);
    sites.push(out);
  });
  return sites;
}

/** Every camera with its world frame at the model's pose, in document order (depth first). */
function cameras(ctx: MjcfContext): { name: string | undefined; frame: Frame; attrs: Record<string, string> }[] {
  const found: { name: string | undefined; frame: Frame; attrs: Record<string, string> }[] = [];
  const stack: { element: Element; frame: Frame; cls: string; place: string }[] = children(ctx.mujoco, 'worldbody')
    .map((w) => ({ element: w, frame: IDENTITY_FRAME, cls: 'main', place: 'mujoco/worldbody' }))
    .reverse();
  for (let item = stack.pop(); item; item = stack.pop()) {
    const { element, frame, cls, place } = item;
    children(element, 'camera').forEach((camera, i) => {
      const here = `${place}/camera "${attribute(camera, 'name') ?? i + 1}"`;
      const attrs = ctx.defaults.resolve(camera, 'camera', cls, here);
      found.push({ name: attrs.name, frame: compose(frame, ctx.reader.frame(attrs, here)), attrs });
    });
    const bodies = children(element, 'body');
    for (let k = bodies.length - 1; k >= 0; k--) {
      const here = `${place}/body "${attribute(bodies[k], 'name') ?? k + 1}"`;
      const attrs = ctx.defaults.resolve(bodies[k], 'body', cls, here);
      stack.push({ element: bodies[k], frame: compose(frame, ctx.reader.frame(attrs, here)), cls: attrs.childclass ?? cls, place: here });
    }
  }
  return found;
}

/** A point of the view, to a nanometre (no rounding noise in the scene). */
const view = (v: readonly number[]): Vec3 => [0, 1, 2].map((k) => Number(v[k].toFixed(9)) + 0) as Vec3;

/**
 * The scene's view from the camera named `wanted` (or the first camera): its position, a target
 * on its line of sight (where the line passes closest to the world's origin, at least 1 m ahead)
 * and its vertical field of view. Undefined when the model has no camera.
 */
export function readCamera(ctx: MjcfContext, wanted?: string): SceneCamera | undefined {
  const all = cameras(ctx);
  const camera = wanted === undefined ? all[0] : all.find((c) => c.name === wanted);
  if (wanted !== undefined && !camera) {
    ctx.reader.notices.push(`No camera named "${wanted}" (there are: ${all.map((c) => c.name ?? '(unnamed)').join(', ') || 'none'}); the default view is used.`);
    return undefined;
  }
  if (!camera) return undefined;
  const position = camera.frame.pos, ahead = rotate(camera.frame.quat, [0, 0, -1]);
  const distance = Math.max(1, -(position[0] * ahead[0] + position[1] * ahead[1] + position[2] * ahead[2]));
  const fov = ctx.reader.number(camera.attrs, 'fovy', `camera "${camera.name ?? ''}"`, 45);
  const others = all.length > 1 ? ` (${all.length - 1} other camera${all.length > 2 ? 's' : ''} ignored)` : '';
  ctx.reader.notices.push(`The view is that of camera "${camera.name ?? '1'}" at the model's pose${others}.`);
  return {
    position: view(position),
    target: view(position.map((p, k) => p + distance * ahead[k])),
    fov: tidy(Math.min(179, Math.max(1, fov))),
  };
}
