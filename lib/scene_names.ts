// The names a scene gives beyond the engine's own ("articulation/link" for links, a free body's
// name): a joint's own name (an imported model's, e.g. MJCF's), a link's plain name where it is
// unique, and sites, named frames fixed on a link or body. The engine has checked the scene
// before these are read (core/scene: sites and joint names are checked there, not used).
import { fromRpy, multiply, rotate } from './quaternion';
import type { Pose, Vec3 } from './types';

/** A site: a named frame on a body (its engine name), at `position` and `quaternion` (w, x, y, z) in that body's frame. */
export interface SiteDescription {
  readonly name: string;
  readonly body: string;
  readonly position: Vec3;
  readonly quaternion: Pose['quaternion'];
}

export interface SceneNames {
  /** A joint's own name → its link's engine name. */
  joints: Map<string, string>;
  sites: SiteDescription[];
}

type Json = Record<string, unknown>;
const objects = (value: unknown): Json[] => (Array.isArray(value) ? value.filter((v): v is Json => typeof v === 'object' && v !== null) : []);
const vector = (value: unknown): Vec3 => (Array.isArray(value) && value.length === 3 ? (value.map(Number) as Vec3) : [0, 0, 0]);

function orientation(holder: Json): Pose['quaternion'] {
  if (Array.isArray(holder.rpy)) return fromRpy(vector(holder.rpy));
  if (!Array.isArray(holder.quaternion) || holder.quaternion.length !== 4) return [1, 0, 0, 0];
  const q = holder.quaternion.map(Number), n = Math.hypot(...q);
  return [q[0] / n, q[1] / n, q[2] / n, q[3] / n];
}

function sitesOf(owner: Json, body: string, into: SiteDescription[]): void {
  for (const site of objects(owner.sites)) {
    if (typeof site.name !== 'string') continue;
    into.push(Object.freeze({ name: site.name, body, position: vector(site.position), quaternion: orientation(site) }));
  }
}

/** The joints' own names and the sites of a scene document. */
export function sceneNames(scene: unknown): SceneNames {
  const names: SceneNames = { joints: new Map(), sites: [] };
  if (typeof scene !== 'object' || scene === null) return names;
  const doc = scene as Json;
  for (const body of objects(doc.bodies)) if (typeof body.name === 'string') sitesOf(body, body.name, names.sites);
  for (const articulation of objects(doc.articulations)) {
    for (const link of objects(articulation.links)) {
      const full = `${String(articulation.name)}/${String(link.name)}`;
      const joint = (typeof link.joint === 'object' && link.joint !== null ? link.joint : {}) as Json;
      if (typeof joint.name === 'string' && !names.joints.has(joint.name)) names.joints.set(joint.name, full);
      sitesOf(link, full, names.sites);
    }
  }
  return names;
}

/** Each plain link name ("upper" of "arm/upper") → its engine name, where only one link has it and no body is called so. */
export function plainNames(engineNames: readonly string[]): Map<string, string> {
  const count = new Map<string, number>();
  for (const name of engineNames) {
    const plain = name.slice(name.lastIndexOf('/') + 1);
    if (plain !== name) count.set(plain, (count.get(plain) ?? 0) + 1);
  }
  const taken = new Set(engineNames), plain = new Map<string, string>();
  for (const name of engineNames) {
    const short = name.slice(name.lastIndexOf('/') + 1);
    if (short !== name && count.get(short) === 1 && !taken.has(short)) plain.set(short, name);
  }
  return plain;
}

/** A point and frame on a body, placed by the body's pose: the site's pose in the world. */
export function placeOnBody(body: Pose, site: SiteDescription): Pose {
  const p = rotate(body.quaternion, site.position);
  return { position: [body.position[0] + p[0], body.position[1] + p[1], body.position[2] + p[2]], quaternion: multiply(body.quaternion, site.quaternion) };
}

/** The sites with their bodies' indices in `bodyNames` (the engine's order), for drawing them. */
export function sitesOnBodies(scene: unknown, bodyNames: readonly string[]): (SiteDescription & { index: number })[] {
  return sceneNames(scene)
    .sites.map((site) => ({ ...site, index: bodyNames.indexOf(site.body) }))
    .filter((site) => site.index >= 0);
}
