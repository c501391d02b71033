// URDF's own parts of reading XML (web/src/xml/xml_reader.ts reads the elements): its error type
// and the <origin xyz rpy> every pose is written with.
import type { Vec3 } from '../math/math3d';
import { type Element, XmlError, optionalChild, vectorAttribute } from '../xml/xml_reader';

/** An error about a URDF's content or syntax; the message starts with its place. */
export class UrdfError extends XmlError {
  constructor(message: string, element = '', line?: number) {
    super(message, element, line);
    this.name = 'UrdfError';
  }
}

/** Throws a UrdfError about `place` (an element path such as `robot/joint "elbow"/axis`). */
export function fail(place: string, message: string): never {
  throw new UrdfError(`${place}: ${message}`, place);
}

/** An <origin xyz rpy> child as a position and roll-pitch-yaw (zeros when absent). */
export function originOf(element: Element, place: string): { xyz: Vec3; rpy: Vec3 } {
  const origin = optionalChild(element, 'origin', place);
  if (!origin) return { xyz: [0, 0, 0], rpy: [0, 0, 0] };
  return {
    xyz: vectorAttribute(origin, 'xyz', `${place}/origin`, [0, 0, 0]),
    rpy: vectorAttribute(origin, 'rpy', `${place}/origin`, [0, 0, 0]),
  };
}
