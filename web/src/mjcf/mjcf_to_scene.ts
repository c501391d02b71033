// MJCF (MuJoCo's model format) to a Featherweight scene. Each body under <worldbody> becomes an
// articulation of the bodies nested in it (mjcf_bodies.ts: joints, and how MuJoCo's joint
// positions become link frames), geoms become shapes (mjcf_geoms.ts), actuators, equality
// constraints and the first keyframe add motors, constraints and the initial state
// (mjcf_actuation.ts).
//
// Includes are spliced in first (mjcf_include.ts). What is read: compiler (mjcf_compiler.ts),
// option (timestep, gravity, integrator; flags contact, limit, frictionloss, equality,
// constraint, gravity, filterparent), contact/exclude and MuJoCo's pair filter (mjcf_contacts.ts), several <worldbody> sections as one, default classes and childclass, body/joint/geom/inertial,
// actuators motor/position/velocity/general, equality connect/weld, keyframe 0 as the initial
// state, sites, materials' colours and a camera as the view (mjcf_frames.ts, mjcf_appearance.ts).
// Everything else is listed once as ignored. Errors are MjcfErrors naming the element:
// `mujoco/worldbody/body "pole"/joint "hinge": …` (line and column for XML syntax).
import type { Scene, SceneWorld } from '../scene/scene_types';
import { type Element, XmlError, attribute, children, isAttributeKey } from '../xml/xml_reader';
import { actuatorPanel, noteSoftConstraints, readActuators, readEqualities, readKeyframe } from './mjcf_actuation';
import { hideGeomGroups, noteIgnoredAssets } from './mjcf_appearance';
import { readWorldbody } from './mjcf_bodies';
import { contactFilter } from './mjcf_contacts';
import { applyMassSettings, readCompiler } from './mjcf_compiler';
import { MjcfContext } from './mjcf_context';
import { readCamera } from './mjcf_frames';
import { type MjcfFileSource, expandIncludes } from './mjcf_include';
import { meshesLeftOut } from './mjcf_meshes';
import { readContactPairs } from './mjcf_pairs';
import { MjcfError, fail, parseMjcfXml } from './mjcf_xml';

export { MjcfError } from './mjcf_xml';
export { type MjcfFileSource, mjcfFiles } from './mjcf_include';

/** camera: the <camera> whose view the scene opens with (by name; default the first). */
export interface MjcfOptions {
  camera?: string;
}

/** How many ignored names the notice lists (a file may hold any number of unknown attributes). */
const MAX_IGNORED_LISTED = 100;
const SECTIONS = new Set(['compiler', 'option', 'default', 'worldbody', 'actuator', 'equality', 'keyframe', 'asset', 'contact']);
/** option/flag settings read (constraint="disable" turns off all four). */
const FLAGS = ['contact', 'limit', 'frictionloss', 'equality'] as const;

function readOption(ctx: MjcfContext): SceneWorld {
  const r = ctx.reader;
  // MuJoCo's pair friction is the larger of the two geoms' (for geoms of equal priority).
  const world: SceneWorld = { timestep: 0.002, gravity: [0, 0, -9.81], integrator: 'semi-implicit-euler', mixing: { friction: 'max' } };
  let gravityOn = true;
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
      for (const [key, value] of Object.entries(flag)) {
        if (!isAttributeKey(key)) continue;
        const name = key.slice(2);
        if (value !== 'enable' && value !== 'disable') fail(`${place}/flag`, `${name} must be enable or disable, got "${String(value)}"`);
        if ((FLAGS as readonly string[]).includes(name)) ctx[name as (typeof FLAGS)[number]] = value === 'enable';
        else if (name === 'constraint') for (const f of FLAGS) ctx[f] = ctx[f] && value === 'enable';
        else if (name === 'gravity') gravityOn = value === 'enable';
        else if (name === 'filterparent') ctx.filterParent = value === 'enable';
        else r.ignored.add(`option/flag ${name}`);
      }
    }
  }
  if (!gravityOn) world.gravity = [0, 0, 0];
  if (!ctx.contact) r.notices.push('Contacts are disabled (option/flag contact="disable"): no shape collides.');
  return world;
}

/** Several sections of one kind (as includes make them) as one: MuJoCo reads them in order. */
function mergeSections(sections: Element[]): Element {
  if (sections.length === 1) return sections[0];
  const merged: Element = {};
  for (const section of sections) {
    for (const [key, value] of Object.entries(section)) {
      if (isAttributeKey(key)) continue;
      merged[key] = [...((merged[key] as unknown[] | undefined) ?? []), ...(Array.isArray(value) ? value : [value])];
    }
  }
  return merged;
}

/** option/flag limit and frictionloss off: the joints' limits and friction go. */
function applyFlags(ctx: MjcfContext): void {
  for (const { joint } of ctx.joints) {
    if (!ctx.limit && 'limits' in joint) delete joint.limits;
    if (!ctx.frictionloss && 'friction' in joint) delete joint.friction;
  }
  const off = [!ctx.limit && 'joint limits', !ctx.frictionloss && 'joint friction', !ctx.equality && 'equality constraints'].filter(Boolean);
  if (off.length > 0) ctx.reader.notices.push(`Disabled by option/flag: ${off.join(', ')}.`);
}

function convert(ctx: MjcfContext, fileName: string, options: MjcfOptions): { scene: Scene; notices: string[] } {
  const r = ctx.reader;
  for (const key of Object.keys(ctx.mujoco)) {
    if (isAttributeKey(key)) continue;
    if (!SECTIONS.has(key)) r.ignored.add(`<${key}>`);
  }
  const mass = readCompiler(ctx);
  const world = readOption(ctx);
  const worldbodies = children(ctx.mujoco, 'worldbody');
  if (worldbodies.length === 0) fail('mujoco', 'expected a <worldbody>, found none');
  readWorldbody(ctx, mergeSections(worldbodies));
  hideGeomGroups(ctx, meshesLeftOut(ctx));
  applyMassSettings(ctx, mass);
  applyFlags(ctx);
  const exclusions = contactFilter(ctx, world);
  const pairs = readContactPairs(ctx);
  readActuators(ctx);
  const constraints = ctx.equality ? readEqualities(ctx) : [];
  readKeyframe(ctx);
  const camera = readCamera(ctx, options.camera);
  noteIgnoredAssets(ctx);
  noteSoftConstraints(ctx);
  // Coulomb joint friction sticks and slips: the engine steps it semi-implicitly only.
  if (world.integrator !== 'semi-implicit-euler' && ctx.joints.some(({ joint }) => 'friction' in joint && (joint.friction ?? 0) > 0)) {
    world.integrator = 'semi-implicit-euler';
    r.notices.push('Joint friction (frictionloss) needs semi-implicit Euler in Featherweight: the integrator was changed to it.');
  }
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
      // The scene's own texts in German (meta.translations), as every gallery scene has them; the notices stay as they are.
      translations: { de: { description: `Importiert aus ${fileName}: das MuJoCo-Modell „${model}“ mit ${ctx.bodyCount} Körpern und ${ctx.joints.length} Gelenken.` } },
      observe: [...r.notices],
    },
    world,
    bodies: ctx.statics,
    articulations: ctx.articulations,
  };
  Object.assign(scene.meta!, actuatorPanel(ctx));
  if (constraints.length > 0) scene.constraints = constraints;
  if (exclusions.length > 0) scene.contactExclusions = exclusions;
  if (pairs.length > 0) scene.contactPairs = pairs;
  if (camera) scene.camera = camera;
  return { scene, notices: r.notices };
}

/**
 * Converts an MJCF document into a Featherweight scene; `files` gives the files it includes (and
 * its meshes) by path relative to its directory. Throws an MjcfError naming the place of
 * the problem: "FILE line L, column C: …" for XML syntax, "FILE: mujoco/worldbody/body "arm"/geom
 * 2: …" for what is not a valid model or what the scene format cannot express.
 */
export function mjcfToScene(xml: string, fileName: string, files?: MjcfFileSource, options: MjcfOptions = {}): { scene: Scene; notices: string[] } {
  try {
    const document = parseMjcfXml(expandIncludes(xml, fileName, files), fileName);
    const roots = children(document, 'mujoco');
    if (roots.length !== 1) fail('mujoco', `expected one <mujoco> element, found ${roots.length}`);
    const ctx = new MjcfContext(roots[0], files);
    ctx.modelPath = fileName;
    return convert(ctx, fileName, options);
  } catch (error) {
    if (error instanceof XmlError) {
      const message = error.message.startsWith(fileName) ? error.message : `${fileName}: ${error.message}`;
      throw new MjcfError(message, error.element, error.line);
    }
    throw error;
  }
}
