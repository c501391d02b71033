// MJCF (MuJoCo's model format) to a Featherweight scene. Each body under <worldbody> becomes an
// articulation of the bodies nested in it (mjcf_bodies.ts: joints, and how MuJoCo's joint
// positions become link frames), geoms become shapes (mjcf_geoms.ts), actuators, equality
// constraints and the first keyframe add motors, constraints and the initial state
// (mjcf_actuation.ts).
//
// What is read: compiler (angle, eulerseq, inertiafromgeom, autolimits), option (timestep,
// gravity, integrator, contact flag), default classes and childclass, body/joint/geom/inertial,
// actuators motor/position/velocity, equality connect/weld, keyframe 0 as the initial state.
// Everything else is listed once as ignored. Errors are MjcfErrors naming the element:
// `mujoco/worldbody/body "pole"/joint "hinge": …` (line and column for XML syntax).
import type { Scene, SceneWorld } from '../scene/scene_types';
import { XmlError, attribute, children, isAttributeKey } from '../xml/xml_reader';
import { readActuators, readEqualities, readKeyframe } from './mjcf_actuation';
import { readWorldbody } from './mjcf_bodies';
import { MjcfContext } from './mjcf_context';
import { MjcfError, fail, parseMjcfXml } from './mjcf_xml';

export { MjcfError } from './mjcf_xml';

/** How many ignored names the notice lists (a file may hold any number of unknown attributes). */
const MAX_IGNORED_LISTED = 100;
const SECTIONS = new Set(['compiler', 'option', 'default', 'worldbody', 'actuator', 'equality', 'keyframe', 'asset', 'include']);

function readCompiler(ctx: MjcfContext): void {
  const r = ctx.reader;
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
      } else if (name === 'autolimits') r.autolimits = value === 'true';
      else r.ignored.add(`compiler ${name}`);
    }
  }
}

function readOption(ctx: MjcfContext): SceneWorld {
  const r = ctx.reader;
  const world: SceneWorld = { timestep: 0.002, gravity: [0, 0, -9.81], integrator: 'semi-implicit-euler' };
  for (const [i, element] of children(ctx.mujoco, 'option').entries()) {
    const place = `mujoco/option[${i + 1}]`;
    const attrs = ctx.defaults.resolve(element, 'option', 'main', place);
    for (const name of Object.keys(attrs)) {
      if (name === 'timestep') world.timestep = r.number(attrs, 'timestep', place, 0.002);
      else if (name === 'gravity') world.gravity = r.vector(attrs, 'gravity', place, [0, 0, -9.81]);
      else if (name === 'integrator') {
        const value = attrs.integrator;
        if (value === 'RK4') world.integrator = 'rk4';
        else if (value === 'Euler') world.integrator = 'semi-implicit-euler';
        else if (value === 'implicit' || value === 'implicitfast') {
          r.notices.push(`integrator="${value}" runs as semi-implicit Euler with implicit joint damping (Featherweight's realtime step).`);
        } else fail(place, `unknown integrator "${value}" (expected Euler, RK4, implicit or implicitfast)`);
      } else r.ignored.add(`option ${name}`);
    }
    for (const flag of children(element, 'flag')) {
      for (const [name, value] of Object.entries(flag)) {
        if (!isAttributeKey(name)) continue;
        if (name === '@_contact') ctx.contact = value !== 'disable';
        else r.ignored.add(`option/flag ${name.slice(2)}`);
      }
    }
  }
  if (!ctx.contact) r.notices.push('Contacts are disabled (option/flag contact="disable"): no shape collides.');
  return world;
}

function convert(ctx: MjcfContext, fileName: string): { scene: Scene; notices: string[] } {
  const r = ctx.reader;
  for (const key of Object.keys(ctx.mujoco)) {
    if (isAttributeKey(key)) continue;
    if (key === 'include') fail('mujoco/include', '<include> is not supported here: the page opens one file; paste the included file into this one');
    if (!SECTIONS.has(key)) r.ignored.add(`<${key}>`);
  }
  readCompiler(ctx);
  const world = readOption(ctx);
  const worldbodies = children(ctx.mujoco, 'worldbody');
  if (worldbodies.length !== 1) fail('mujoco', `expected one <worldbody>, found ${worldbodies.length}`);
  readWorldbody(ctx, worldbodies[0]);
  readActuators(ctx);
  const constraints = readEqualities(ctx);
  readKeyframe(ctx);
  if (constraints.length > 0 && world.integrator !== 'semi-implicit-euler') {
    world.integrator = 'semi-implicit-euler';
    r.notices.push('Equality constraints are impulse joints in Featherweight, which step with semi-implicit Euler: the integrator was changed to it.');
  }
  if (r.ignored.size > 0) {
    const ignored = [...r.ignored].sort(), shown = ignored.slice(0, MAX_IGNORED_LISTED);
    const more = ignored.length > shown.length ? ` and ${ignored.length - shown.length} more` : '';
    r.notices.push(`Ignored (not read by the converter): ${shown.join(', ')}${more}.`);
  }
  const model = (attribute(ctx.mujoco, 'model') ?? '').trim() || fileName.replace(/\.[^.]*$/, '');
  const scene: Scene = {
    format: 'featherweight-scene',
    version: 1,
    meta: {
      title: model,
      description: `Imported from ${fileName}: the MuJoCo model "${model}" with ${ctx.bodyCount} bodies and ${ctx.joints.length} joints.`,
      observe: [...r.notices],
    },
    world,
    bodies: ctx.statics,
    articulations: ctx.articulations,
  };
  if (constraints.length > 0) scene.constraints = constraints;
  return { scene, notices: r.notices };
}

/**
 * Converts an MJCF document into a Featherweight scene. Throws an MjcfError naming the place of
 * the problem: "FILE line L, column C: …" for XML syntax, "FILE: mujoco/worldbody/body "arm"/geom
 * 2: …" for what is not a valid model or what the scene format cannot express.
 */
export function mjcfToScene(xml: string, fileName: string): { scene: Scene; notices: string[] } {
  try {
    const document = parseMjcfXml(xml, fileName);
    const roots = children(document, 'mujoco');
    if (roots.length !== 1) fail('mujoco', `expected one <mujoco> element, found ${roots.length}`);
    return convert(new MjcfContext(roots[0]), fileName);
  } catch (error) {
    if (error instanceof XmlError) {
      const message = error.message.startsWith(fileName) ? error.message : `${fileName}: ${error.message}`;
      throw new MjcfError(message, error.element, error.line);
    }
    throw error;
  }
}
