// MJCF's <compiler>: units and conventions the reader applies while reading (angle, eulerseq,
// inertiafromgeom, autolimits), where asset files are (meshdir, texturedir, assetdir, kept in the
// context for the geoms), and the mass settings applied to the finished links as MuJoCo's
// compiler does: boundmass and boundinertia per body, then settotalmass last, scaling every
// body's mass and inertia so that the model's mass is the one given.
import { type Mat3, rotateInertia, symmetricEigen } from '../math/math3d';
import type { Inertial, Link } from '../scene/scene_types';
import { children } from '../xml/xml_reader';
import type { MjcfContext } from './mjcf_context';
import { volume } from './mjcf_geoms';
import { DEFAULT_DENSITY, linkMassProperties } from './mjcf_mass';
import { fail } from './mjcf_xml';

/** The compiler's mass settings (MuJoCo's defaults: no bound, no total). */
export interface MassSettings {
  boundmass: number;
  boundinertia: number;
  settotalmass: number; // ≤ 0: keep the masses
}

/** Reads every <compiler>: the reader's conventions and asset folders; answers the mass settings. */
export function readCompiler(ctx: MjcfContext): MassSettings {
  const r = ctx.reader;
  const mass: MassSettings = { boundmass: 0, boundinertia: 0, settotalmass: -1 };
  for (const [i, element] of children(ctx.mujoco, 'compiler').entries()) {
    const place = `mujoco/compiler[${i + 1}]`;
    const attrs = ctx.defaults.resolve(element, 'compiler', 'main', place);
    for (const [name, value] of Object.entries(attrs)) {
      if (name === 'angle') {
        if (value !== 'degree' && value !== 'radian') fail(place, `angle must be degree or radian, got "${value}"`);
        r.angleScale = value === 'degree' ? Math.PI / 180 : 1;
      } else if (name === 'eulerseq') {
        if (!/^[xyzXYZ]{3}$/.test(value)) fail(place, `eulerseq must be three of x, y, z, X, Y, Z, got "${value}"`);
        r.eulerSequence = value;
      } else if (name === 'coordinate') {
        if (value !== 'local') fail(place, 'coordinate="global" is not supported (MuJoCo itself removed it): use local coordinates');
      } else if (name === 'inertiafromgeom') {
        if (value !== 'true' && value !== 'false' && value !== 'auto') fail(place, `inertiafromgeom must be true, false or auto, got "${value}"`);
        r.inertiaFromGeom = value;
      } else if (name === 'autolimits') {
        if (value !== 'true' && value !== 'false') fail(place, `autolimits must be true or false, got "${value}"`);
        r.autolimits = value === 'true';
      } else if (name === 'meshdir' || name === 'texturedir' || name === 'assetdir') ctx.assetDirs[name] = value;
      else if (name === 'boundmass' || name === 'boundinertia' || name === 'settotalmass') {
        const x = r.number(attrs, name, place, 0);
        if (name !== 'settotalmass' && x < 0) fail(place, `${name} must not be negative, got ${value}`);
        mass[name] = x;
      } else r.ignored.add(`compiler ${name}`);
    }
  }
  return mass;
}

type Dense = { density?: number };

/** A link's mass as the engine computes it: its inertial's, else its shapes' volume × density. */
function linkMass(link: Link): number {
  if (link.inertial?.mass !== undefined) return link.inertial.mass;
  return (link.shapes ?? []).reduce((sum, shape) => sum + ((shape as Dense).density ?? DEFAULT_DENSITY) * volume(shape), 0);
}

function scaleInertial(inertial: Inertial, factor: number): void {
  if (inertial.mass !== undefined) inertial.mass *= factor;
  const I = inertial.inertia as Record<string, number> | undefined;
  if (I) for (const key of Object.keys(I)) I[key] *= factor;
}

/**
 * boundmass and boundinertia on one body's link, as MuJoCo's compiler: the mass raised to
 * boundmass (the inertia kept), each principal moment to boundinertia. A link whose mass comes
 * from its shapes gets the result as an <inertial>.
 */
function bound(ctx: MjcfContext, link: Link, settings: MassSettings): void {
  const props = linkMassProperties(link);
  if (!props) {
    ctx.reader.notices.push(`Body "${link.name}": compiler boundmass/boundinertia is not applied to a body with a mesh (its inertia is the engine's).`);
    return;
  }
  const mass = Math.max(props.mass, settings.boundmass);
  const { values, axes } = symmetricEigen(props.inertia);
  const raised = values.some((v) => v < settings.boundinertia);
  if (mass === props.mass && !raised) return;
  const I: Mat3 = raised
    ? rotateInertia(axes, [
        [Math.max(values[0], settings.boundinertia), 0, 0],
        [0, Math.max(values[1], settings.boundinertia), 0],
        [0, 0, Math.max(values[2], settings.boundinertia)],
      ])
    : props.inertia;
  const inertia: NonNullable<Inertial['inertia']> = { ixx: I[0][0], iyy: I[1][1], izz: I[2][2] };
  if (I[0][1] !== 0) inertia.ixy = I[0][1];
  if (I[0][2] !== 0) inertia.ixz = I[0][2];
  if (I[1][2] !== 0) inertia.iyz = I[1][2];
  link.inertial = { mass, com: props.com, inertia };
}

/** Whether a link is one of the massless links between a body's joints (not a MuJoCo body). */
const isFiller = (link: Link, links: Link[]) => (link.inertial?.mass ?? 1) <= 1e-9 && link.joint.type !== 'fixed' && links.some((child) => child.parent === link.name);

/** Applies the compiler's mass settings to every body's link (the world's geoms have no mass). */
export function applyMassSettings(ctx: MjcfContext, settings: MassSettings): void {
  const links = ctx.articulations.flatMap((a) => a.links.filter((link) => !isFiller(link, a.links)));
  if (settings.boundmass > 0 || settings.boundinertia > 0) for (const link of links) bound(ctx, link, settings);
  if (settings.settotalmass <= 0) return;
  const total = links.reduce((sum, link) => sum + linkMass(link), 0);
  if (!(total > 0)) {
    ctx.reader.notices.push('compiler settotalmass: the model has no mass to scale; left as it is.');
    return;
  }
  const factor = settings.settotalmass / total;
  for (const link of links) {
    if (link.inertial?.mass !== undefined) scaleInertial(link.inertial, factor);
    else for (const shape of link.shapes ?? []) (shape as Dense).density = ((shape as Dense).density ?? DEFAULT_DENSITY) * factor;
  }
}
