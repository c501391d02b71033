// What one MJCF conversion keeps while it reads: the attribute reader, the default classes, and
// the scene parts made so far, with the joints and bodies by name that actuators, equality
// constraints and the keyframe refer to.
import type { Frame, Vec3 } from '../math/math3d';
import type { Articulation, Body, Joint } from '../scene/scene_types';
import type { Element } from '../xml/xml_reader';
import { DefaultClasses } from './mjcf_defaults';
import type { AssetDirs, MjcfFileSource } from './mjcf_include';
import { Reader } from './mjcf_reader';
import { fail } from './mjcf_xml';

/** A joint read: its MJCF type and its scene joint (the keyframe and the actuators add to it). */
export interface JointEntry {
  place: string;
  type: 'hinge' | 'slide' | 'ball' | 'free'; // MJCF type
  joint: Joint;
  articulation: string;
  ref: number;
}

/** Where a body's link ended up, for equality constraints and the keyframe. */
export interface BodyEntry {
  sceneName: string; // "articulation/link", or "world"
  world: Frame; // the link frame in the world at q = 0
}

/**
 * A body still to be read: `parentLink` is the scene name of the parent's link (null for the
 * tree's root), `parentWorld` the parent's link frame at q = 0 and `parentOffset` how far that
 * link frame sits from the parent body's frame (its joint).
 */
export interface BodyTask {
  element: Element;
  parentLink: string | null;
  parentWorld: Frame;
  parentOffset: Vec3;
  inherited: string; // the class its elements take when they name none
  parentBody?: number; // index of the parent in MjcfContext.bodyNodes (none: the world)
  place: () => string;
}

/** One MJCF body as read, for MuJoCo's contact filter (mjcf_contacts.ts): its link, the link it hangs from (null: the world), its parent body (−1: the world), whether it has joints and shapes that may touch. */
export interface BodyNode {
  link: string; // "articulation/link"
  parentLink: string | null;
  parent: number;
  joints: boolean;
  collides: boolean;
}

/** An actuator read: how a control value sets the scene (null: it sets nothing there), its ctrlrange. */
export interface ActuatorEntry {
  control: ((ctrl: number) => void) | null;
  range?: [number, number];
  /** How the panel drives it: a servo's target (or target velocity) slider, or an effort slider. */
  panel?: { label: string; joint: Joint; field: 'target' | 'targetVelocity' | 'effort'; min: number; max: number };
}

export class MjcfContext {
  readonly reader = new Reader();
  readonly defaults: DefaultClasses;
  readonly joints: JointEntry[] = [];
  readonly jointsByName = new Map<string, JointEntry>(); // the first joint of each name
  readonly bodies = new Map<string, BodyEntry>();
  readonly statics: Body[] = [];
  readonly articulations: Articulation[] = [];
  private readonly usedNames = new Set<string>();
  bodyCount = 0;
  contact = true;
  /** option/flag filterparent: a body and its parent (not the world) never collide. */
  filterParent = true;
  /** Every body read, parents first: what MuJoCo's contact filter needs (mjcf_contacts.ts). */
  readonly bodyNodes: BodyNode[] = [];
  /** option/flag limit, frictionloss and equality (constraint="disable" turns all three and contacts off). */
  limit = true;
  frictionloss = true;
  equality = true;
  /** compiler meshdir, texturedir, assetdir: where asset files are read from `files` (mjcf_include.ts assetPath). */
  readonly assetDirs: AssetDirs = {};
  /** Per actuator in document order: what its control sets, for the keyframe's ctrl. */
  readonly actuators: ActuatorEntry[] = [];

  /** `files`: the model's other files (includes, meshes, textures) by path relative to the main file. */
  /** The main file's name as opened (a path or URL): the page draws its meshes from beside it. */
  modelPath = '';

  constructor(
    readonly mujoco: Element,
    readonly files?: MjcfFileSource,
  ) {
    this.defaults = new DefaultClasses(mujoco);
  }

  /** A body's scene name ('/' is the scene's separator), unique among the model's bodies. */
  uniqueName(wanted: string, place: string): string {
    const name = wanted.replace(/\//g, '-');
    if (this.usedNames.has(name)) fail(place, `a second body named "${wanted}" (body names must be unique)`);
    this.usedNames.add(name);
    return name;
  }

  jointByName(name: string, place: string): JointEntry {
    const found = this.jointsByName.get(name);
    if (!found) fail(place, `joint "${name}" does not exist`);
    return found;
  }

  bodyByName(name: string | undefined, place: string): BodyEntry {
    if (name === undefined) fail(place, 'needs body1');
    const found = this.bodies.get(name);
    if (!found) fail(place, `body "${name}" does not exist`);
    return found;
  }
}
