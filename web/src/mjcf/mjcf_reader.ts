// Reading MJCF attributes: numbers and vectors with MuJoCo's conventions (angles in the
// compiler's unit, orientations in any of its five ways), the notices and ignored names a
// conversion collects, and the few ways numbers are written back into the scene.
import { type Frame, type Quat, type Vec3, IDENTITY_QUAT, axisAngle, fromEuler, fromXYAxes, normalize, tidy, zTo } from '../math/math3d';
import type { Pose } from '../scene/scene_types';
import { fail } from './mjcf_xml';

/** An element's attributes after default classes: name → text. */
export type Attributes = Record<string, string>;

// What the converter reads of each element (anything else is listed as ignored).
const KNOWN: Record<string, string[]> = {
  body: ['name', 'pos', 'quat', 'euler', 'axisangle', 'xyaxes', 'zaxis', 'childclass', 'mocap', 'gravcomp'],
  joint: ['name', 'class', 'type', 'pos', 'axis', 'range', 'limited', 'damping', 'stiffness', 'springref', 'armature', 'frictionloss', 'ref'],
  freejoint: ['name'],
  geom: ['name', 'class', 'type', 'size', 'fromto', 'pos', 'quat', 'euler', 'axisangle', 'xyaxes', 'zaxis', 'mass', 'density', 'friction', 'rgba', 'contype', 'conaffinity', 'mesh', 'material', 'group'],
  pair: ['name', 'class', 'geom1', 'geom2', 'friction', 'condim'],
  inertial: ['pos', 'quat', 'euler', 'axisangle', 'xyaxes', 'zaxis', 'mass', 'diaginertia', 'fullinertia'],
};

export class Reader {
  readonly notices: string[] = [];
  readonly ignored = new Set<string>();
  angleScale = Math.PI / 180; // MuJoCo's default unit is the degree
  eulerSequence = 'xyz';
  autolimits = true;
  inertiaFromGeom: 'true' | 'false' | 'auto' = 'auto';

  number(attrs: Attributes, name: string, place: string, fallback: number): number {
    const text = attrs[name];
    if (text === undefined) return fallback;
    return this.numbers(attrs, name, 1, place)[0];
  }

  numbers(attrs: Attributes, name: string, count: number | [number, number], place: string): number[] {
    const text = attrs[name] ?? '';
    const values = text.trim().split(/\s+/).filter((w) => w !== '').map(Number);
    const [least, most] = typeof count === 'number' ? [count, count] : count;
    if (values.length < least || values.length > most || values.some((v) => !Number.isFinite(v))) {
      const wanted = least === most ? `${least} number${least > 1 ? 's' : ''}` : `${least} to ${most} numbers`;
      fail(place, `${name} needs ${wanted}, got "${text}"`);
    }
    return values;
  }

  vector(attrs: Attributes, name: string, place: string, fallback: Vec3): Vec3 {
    return attrs[name] === undefined ? fallback : (this.numbers(attrs, name, 3, place) as Vec3);
  }

  /** The orientation an element gives by any of MuJoCo's five ways (at most one). */
  orientation(attrs: Attributes, place: string): Quat {
    const given = ['quat', 'axisangle', 'euler', 'xyaxes', 'zaxis'].filter((name) => attrs[name] !== undefined);
    if (given.length > 1) fail(place, `give one orientation, not ${given.join(' and ')}`);
    switch (given[0]) {
      case 'quat':
        return normalize(this.numbers(attrs, 'quat', 4, place) as Quat);
      case 'axisangle': {
        const [x, y, z, angle] = this.numbers(attrs, 'axisangle', 4, place);
        return axisAngle([x, y, z], angle * this.angleScale);
      }
      case 'euler':
        return fromEuler(this.numbers(attrs, 'euler', 3, place).map((a) => a * this.angleScale) as Vec3, this.eulerSequence);
      case 'xyaxes': {
        const v = this.numbers(attrs, 'xyaxes', 6, place);
        return fromXYAxes([v[0], v[1], v[2]], [v[3], v[4], v[5]]);
      }
      case 'zaxis':
        return zTo(this.numbers(attrs, 'zaxis', 3, place) as Vec3);
      default:
        return [...IDENTITY_QUAT];
    }
  }

  frame(attrs: Attributes, place: string): Frame {
    return { pos: this.vector(attrs, 'pos', place, [0, 0, 0]), quat: this.orientation(attrs, place) };
  }

  /** Notes attributes the converter does not read (once per kind and name). */
  checkKnown(kind: string, attrs: Attributes): void {
    for (const name of Object.keys(attrs)) if (!(KNOWN[kind] ?? []).includes(name)) this.ignored.add(`${kind} ${name}`);
  }
}

/** An MJCF rgba as a CSS colour: #rrggbb, or #rrggbbaa when it is not opaque. */
export const color = (rgba: number[]): string =>
  `#${rgba.slice(0, rgba.length > 3 && rgba[3] < 1 ? 4 : 3).map((c) => Math.round(Math.min(1, Math.max(0, c)) * 255).toString(16).padStart(2, '0')).join('')}`;

export const tidyVec = (v: readonly number[]): Vec3 => [tidy(v[0]), tidy(v[1]), tidy(v[2])];
export const isIdentity = (q: Quat): boolean => Math.abs(Math.abs(q[0]) - 1) < 1e-14;
/** A quaternion as written to the scene: 15 significant digits. */
export const quaternionJson = (q: Quat): Quat => q.map((x) => Number(x.toPrecision(15))) as Quat;

/** A frame as a scene pose, or undefined for the identity. */
export function originJson(frame: Frame): Pose | undefined {
  const origin: Pose = {};
  if (frame.pos.some((x) => Math.abs(x) > 1e-15)) origin.position = tidyVec(frame.pos);
  if (!isIdentity(frame.quat)) origin.quaternion = quaternionJson(frame.quat);
  return Object.keys(origin).length > 0 ? origin : undefined;
}
