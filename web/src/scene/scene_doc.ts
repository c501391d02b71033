// The current scene as a JSON object, and edits of it: a copy is changed and handed back to the
// engine as text, so every change is validated by the C++ loader exactly like a fresh scene.
// JSON Pointers follow RFC 6901 ("/world/gravity/2", "~1" for '/', "~0" for '~').

//
// A scene here is a document: JSON the page holds and edits, which the loader has yet to judge
// (a file, the editor's text, a link). What the page *makes* is typed by the format's schema
// (`Scene`, scene_types.ts: MJCF and URDF import, build mode) and is such a document too.
import { SHAPE_DEFAULTS as SCHEMA_SHAPE_DEFAULTS, WORLD_DEFAULTS as SCHEMA_WORLD_DEFAULTS } from '../../../lib/scene_defaults.generated';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
/** A scene document: parsed JSON, not yet checked (a `Scene` is one once the loader accepts it). */
export type SceneObject = { [key: string]: Json };

export type Vec3 = [number, number, number];

/** Defaults of `world` (the schema's `default`s), for showing a value the scene leaves out. */
export const WORLD_DEFAULTS = {
  gravity: [...SCHEMA_WORLD_DEFAULTS.gravity] as Vec3,
  timestep: SCHEMA_WORLD_DEFAULTS.timestep,
  integrator: SCHEMA_WORLD_DEFAULTS.integrator,
  dynamics: SCHEMA_WORLD_DEFAULTS.dynamics,
  iterations: SCHEMA_WORLD_DEFAULTS.solver.iterations,
};

export function cloneScene(scene: SceneObject): SceneObject {
  return structuredClone(scene);
}

function tokens(pointer: string): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) throw new Error(`not a JSON Pointer: ${pointer}`);
  return pointer.slice(1).split('/').map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function child(node: Json | undefined, token: string): Json | undefined {
  if (Array.isArray(node)) return /^(0|[1-9]\d*)$/.test(token) ? node[Number(token)] : undefined;
  if (node !== null && typeof node === 'object') return Object.prototype.hasOwnProperty.call(node, token) ? node[token] : undefined;
  return undefined;
}

/** The value a pointer names, or undefined. */
export function getPointer(scene: SceneObject, pointer: string): Json | undefined {
  let node: Json | undefined = scene;
  for (const token of tokens(pointer)) node = child(node, token);
  return node;
}

/** Sets the number a pointer names in place; the parent must exist. Returns false if it does not. */
export function setPointer(scene: SceneObject, pointer: string, value: Json): boolean {
  const path = tokens(pointer);
  const last = path.pop();
  if (last === undefined) return false;
  let parent: Json | undefined = scene;
  for (const token of path) parent = child(parent, token);
  if (Array.isArray(parent)) {
    if (!/^(0|[1-9]\d*)$/.test(last) || Number(last) > parent.length) return false;
    parent[Number(last)] = value;
    return true;
  }
  if (parent !== null && typeof parent === 'object') {
    parent[last] = value;
    return true;
  }
  return false;
}

/** A copy of the scene with one value changed (objects on the way are created as needed for `world`). */
export function withValue(scene: SceneObject, pointer: string, value: Json): SceneObject | null {
  const copy = cloneScene(scene);
  if (pointer.startsWith('/world/') && (copy.world === undefined || copy.world === null)) copy.world = {};
  return setPointer(copy, pointer, value) ? copy : null;
}

/**
 * A copy of the scene with one field set on every shape of every body and link (friction,
 * restitution): what a "for all shapes" control of the panel rebuilds with.
 */
export function withEveryShape(scene: SceneObject, field: string, value: Json): SceneObject {
  const copy = cloneScene(scene);
  const owners: Json[] = [...((copy.bodies as Json[] | undefined) ?? [])];
  for (const articulation of (copy.articulations as { links?: Json[] }[] | undefined) ?? []) owners.push(...(articulation.links ?? []));
  for (const owner of owners) {
    for (const shape of ((owner as { shapes?: Json[] }).shapes ?? []) as { [key: string]: Json }[]) shape[field] = value;
  }
  return copy;
}

/** A shape's contact coefficients when neither it nor its material gives one (the schema's `default`s). */
export const SHAPE_DEFAULTS = { friction: SCHEMA_SHAPE_DEFAULTS.friction, restitution: SCHEMA_SHAPE_DEFAULTS.restitution };

/**
 * The smallest and largest friction or restitution over the scene's colliding shapes (those with
 * collision mask 0 are only drawn, group and mask 0 under the "either" filter), each resolved as the engine does: the shape's own value, else
 * its material's, else the default. Null when no shape collides.
 */
export function shapeCoefficientRange(scene: SceneObject, field: 'friction' | 'restitution'): { min: number; max: number } | null {
  type ShapeJson = { [key: string]: Json } & { collision?: { mask?: Json }; material?: Json };
  const materials = (scene.materials ?? {}) as { [name: string]: { [key: string]: Json } };
  const owners: { shapes?: ShapeJson[] }[] = [...((scene.bodies as { shapes?: ShapeJson[] }[] | undefined) ?? [])];
  for (const articulation of (scene.articulations as { links?: { shapes?: ShapeJson[] }[] }[] | undefined) ?? []) owners.push(...(articulation.links ?? []));
  // Under the "either" filter a shape with a group still touches others (drawn only: group and mask 0).
  const either = (scene.world as { collisionFilter?: Json } | undefined)?.collisionFilter === 'either';
  let range: { min: number; max: number } | null = null;
  for (const owner of owners) {
    for (const shape of owner.shapes ?? []) {
      if (shape.collision?.mask === 0 && (!either || (shape.collision as { group?: Json }).group === 0)) continue;
      const material = typeof shape.material === 'string' ? materials[shape.material] : undefined;
      const own = shape[field] ?? material?.[field];
      const value = typeof own === 'number' ? own : SHAPE_DEFAULTS[field];
      range = range ? { min: Math.min(range.min, value), max: Math.max(range.max, value) } : { min: value, max: value };
    }
  }
  return range;
}

/** The world settings the scene asks for, with the documented defaults filled in. */
export function worldSettings(scene: SceneObject): {
  gravity: Vec3;
  timestep: number;
  integrator: string;
  dynamics: string;
  iterations: number;
} {
  const world = (scene.world ?? {}) as { [key: string]: Json };
  const gravity = Array.isArray(world.gravity) && world.gravity.length === 3 ? (world.gravity as number[]) : WORLD_DEFAULTS.gravity;
  return {
    gravity: [gravity[0], gravity[1], gravity[2]],
    timestep: typeof world.timestep === 'number' ? world.timestep : WORLD_DEFAULTS.timestep,
    integrator: typeof world.integrator === 'string' ? world.integrator : WORLD_DEFAULTS.integrator,
    dynamics: typeof world.dynamics === 'string' ? world.dynamics : WORLD_DEFAULTS.dynamics,
    iterations: typeof (world.solver as { iterations?: Json } | undefined)?.iterations === 'number'
      ? ((world.solver as { iterations: number }).iterations)
      : WORLD_DEFAULTS.iterations,
  };
}

/**
 * The engine's index of the motor whose target a pointer names ("/articulations/A/links/L/joint/
 * motor/target" or ".../targetVelocity"), or -1: motors are numbered in scene order, the way the
 * loader builds them. Their targets change live; everything else in a scene needs a rebuild.
 */
export function motorIndexOf(scene: SceneObject, pointer: string): number {
  const match = /^\/articulations\/(\d+)\/links\/(\d+)\/joint\/motor\/(target|targetVelocity)$/.exec(pointer);
  if (!match) return -1;
  const [a, l] = [Number(match[1]), Number(match[2])];
  const articulations = (scene.articulations as { links?: { joint?: { motor?: { mode?: string } } }[] }[] | undefined) ?? [];
  let index = 0;
  for (let i = 0; i < articulations.length; i++) {
    const links = articulations[i].links ?? [];
    for (let j = 0; j < links.length; j++) {
      const motor = links[j].joint?.motor;
      if (!motor) continue;
      if (i === a && j === l) return motor.mode === 'prescribed' ? -1 : index;
      index++;
    }
  }
  return -1;
}
