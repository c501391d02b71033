// Two things of the MJCF export that MuJoCo says its own way. A massless link between joints (the
// MJCF importer makes one per extra joint of a body) is folded with the link below it into one
// body with several joints, each at its place in that body: MuJoCo refuses a moving body without
// mass. And contactExclusions become <contact><exclude> (with the lines mjcf_export_contacts.ts makes).
import type { Json, SceneObject } from '../scene/scene_doc';
import { type Frame, type Vec3, compose } from '../math/math3d';
import { canonicalJointType } from '../scene/scene_types';

type JsonObject = { [key: string]: Json };
const obj = (value: Json | undefined): JsonObject => (value && typeof value === 'object' && !Array.isArray(value) ? value : {});
const positionOf = (pose: JsonObject): Vec3 => (Array.isArray(pose.position) ? (pose.position as Vec3) : [0, 0, 0]);
const turned = (pose: JsonObject) =>
  (Array.isArray(pose.quaternion) && Math.abs((pose.quaternion as number[])[0]) < 1 - 1e-15) ||
  (Array.isArray(pose.rpy) && (pose.rpy as number[]).some((x) => x !== 0));
const moving = (joint: Json | undefined) => ['revolute', 'prismatic', 'spherical'].includes(canonicalJointType(String(obj(joint).type)));

/** A link folded into the body of the link below it. */
export interface ChainLink {
  link: JsonObject;
  place: string;
  index: number;
}

/**
 * The link that link `index` folds into: its one child, when it has no mass, shapes or sites,
 * and both joints move (hinge, slide, ball) and the child sits at an offset without a turn.
 * −1 when it is a body of its own.
 */
export function foldedInto(links: JsonObject[], index: number): number {
  const link = links[index];
  const bare = obj(link.inertial).mass === 0 && !((link.shapes as Json[] | undefined)?.length) && !((link.sites as Json[] | undefined)?.length);
  if (!bare || !moving(link.joint)) return -1;
  const below = links.flatMap((child, k) => (child.parent === link.name ? [k] : []));
  if (below.length !== 1) return -1;
  const child = obj(links[below[0]].joint);
  return moving(child) && !turned(obj(child.origin)) ? below[0] : -1;
}

/**
 * The body of link `index` with the links folded into it: its frame (the last link's, placed by
 * the first link's origin `first` and the offsets between them) and where each folded joint
 * sits in it.
 */
export function chainBody(links: JsonObject[], chain: ChainLink[], index: number, first: Frame): { origin: Frame; joints: (ChainLink & { pos: Vec3 })[] } {
  const offsets = [...chain.slice(1).map((c) => c.link), links[index]].map((l) => positionOf(obj(obj(l.joint).origin)));
  const sum = (from: number): Vec3 => offsets.slice(from).reduce<Vec3>((t, p) => [t[0] + p[0], t[1] + p[1], t[2] + p[2]], [0, 0, 0]);
  if (chain.length === 0) return { origin: first, joints: [] };
  const origin = compose(first, { pos: sum(0), quat: [1, 0, 0, 0] });
  return { origin, joints: chain.map((c, k) => ({ ...c, pos: sum(k).map((x) => -x) as Vec3 })) };
}

/**
 * contactExclusions as a <contact> section (static bodies are geoms of MuJoCo's world body: listed
 * as unsupported), after the `more` lines given (pairs, the trees' excludes).
 */
export function contactSection(scene: SceneObject, unsupported: Set<string>, more: string[] = []): string[] {
  const pairs = (scene.contactExclusions ?? []) as JsonObject[];
  const statics = new Set(((scene.bodies ?? []) as JsonObject[]).filter((b) => b.static === true).map((b) => String(b.name)));
  const lines: string[] = [...more];
  pairs.forEach((pair, i) => {
    const sides = [String(pair.a), String(pair.b)];
    if (sides.some((side) => statics.has(side))) {
      unsupported.add(`/contactExclusions/${i}: a static body's exclusion (its shapes are geoms of MuJoCo's world body)`);
      return;
    }
    const [a, b] = sides.map((side) => side.replace('/', '-').replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;'));
    lines.push(`    <exclude body1="${a}" body2="${b}"/>`);
  });
  return lines.length > 0 ? ['  <contact>', ...lines, '  </contact>'] : [];
}
