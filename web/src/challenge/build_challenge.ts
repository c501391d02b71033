// Build mode over a challenge: each edit runs the challenge scene as it was opened with what build
// mode added appended (its new free bodies, its articulations of jointed parts, its constraints),
// so the goal stays live and the scene that runs is the one a result link's attempt rebuilds.
// Build mode rewrites the whole scene from its parts; the challenge's own bodies are taken as
// they were, so an edit that moves, joins or removes one is refused with the reason.
import type { SceneObject } from '../scene/scene_doc';

type Named = { name?: unknown; static?: unknown; position?: unknown; shapes?: unknown };

const list = (scene: SceneObject, key: string): Named[] => (Array.isArray(scene[key]) ? (scene[key] as Named[]) : []);

/** A static body that collides with nothing: build mode's drawn pivots, decoration only. */
function drawnOnly(body: Named): boolean {
  const shapes = Array.isArray(body.shapes) ? (body.shapes as { collision?: { mask?: unknown } }[]) : [];
  return body.static === true && shapes.length > 0 && shapes.every((s) => s.collision?.mask === 0);
}

function samePlace(a: unknown, b: unknown): boolean {
  const p = (Array.isArray(a) ? a : [0, 0, 0]) as number[], q = (Array.isArray(b) ? b : [0, 0, 0]) as number[];
  return p.every((x, k) => Math.abs(x - (q[k] ?? 0)) <= 1e-9);
}

/**
 * The challenge (as opened) with the parts of build mode's scene `built` that it does not have;
 * `null` when none of the challenge's bodies is left (New: an empty scene, no longer the
 * challenge); an error when the edit changed one of them.
 */
export function withBuiltParts(challenge: SceneObject, built: SceneObject): { scene: SceneObject | null } | { error: string } {
  const own = list(challenge, 'bodies');
  const builtBodies = new Map(list(built, 'bodies').map((b) => [b.name, b]));
  if (own.every((b) => !builtBodies.has(b.name))) return { scene: null };
  if (list(challenge, 'articulations').length + list(challenge, 'constraints').length > 0) return { error: 'build mode adds only to a challenge without joints of its own (it would rebuild them)' };
  for (const body of own) {
    const now = builtBodies.get(body.name);
    if (!now) return { error: `the challenge's ${String(body.name)} was joined or removed: a result may only add parts` };
    if (!samePlace(body.position, now.position)) return { error: `the challenge's ${String(body.name)} was moved: a result may only add parts` };
  }
  const ownNames = new Set(own.map((b) => b.name));
  const scene = structuredClone(challenge);
  const append = (key: string, items: Named[]) => {
    if (items.length > 0) scene[key] = [...list(scene, key), ...items] as SceneObject[string];
  };
  append('bodies', list(built, 'bodies').filter((b) => !ownNames.has(b.name) && !drawnOnly(b)));
  append('articulations', list(built, 'articulations'));
  append('constraints', list(built, 'constraints'));
  return { scene };
}
