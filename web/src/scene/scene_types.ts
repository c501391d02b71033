// The scene format as TypeScript types: generated from public/schema/scene.schema.json (by
// scripts/generate/scene_types.mjs into scene.generated.ts), with names for the parts the
// schema writes inline. Every producer of scenes in the page is typed with these.
import type { Fixed, Free, Prismatic, Revolute, Scene, Spherical } from '../../../lib/scene.generated';

export type * from '../../../lib/scene.generated';

export type SceneWorld = NonNullable<Scene['world']>;
export type SceneMeta = NonNullable<Scene['meta']>;
export type SceneCamera = NonNullable<Scene['camera']>;
export type SceneController = NonNullable<Scene['controller']>;
export type Question = NonNullable<SceneMeta['questions']>[number];
/** A revolute or prismatic joint: one coordinate, with limits, spring and motor. */
export type OneDofJoint = Revolute | Prismatic;
export type Motor = NonNullable<OneDofJoint['motor']>;
export type JointLimits = NonNullable<OneDofJoint['limits']>;
export type JointType = (Revolute | Prismatic | Spherical | Free | Fixed)['type'];

/**
 * Joint names the format accepts besides the canonical ones (articulation joints and
 * constraints alike): hinge = revolute, slider = prismatic, ball = spherical.
 */
export const JOINT_ALIASES = { hinge: 'revolute', slider: 'prismatic', ball: 'spherical' } as const;

/** The canonical name of a joint type as a scene may write it ("hinge" → "revolute"). */
export function canonicalJointType(type: string): string {
  return Object.prototype.hasOwnProperty.call(JOINT_ALIASES, type) ? JOINT_ALIASES[type as keyof typeof JOINT_ALIASES] : type;
}
