// A jointed part's initial velocity as its joint's rates. The builder lets any part have a
// velocity (the yellow arrow is its centre's) and a spin, but a joint allows only some motions:
// the arrow becomes a turn about the anchor at the arrow's speed over the lever arm (its part
// along the rod is what the joint forbids), the spin its part about the joint's axes. A bob on a
// light rod given a sideways arrow swings off at the arrow's speed; a spin set on a hinged part
// turns it about the hinge at that rate (as a scene's joint velocity reads back into build mode).
// Velocities are the world's (a part on a moving parent gets its own, not relative, motion).
import type { BuildJoint, Part, Quat, Vec3 } from './build_doc';
import { toQuaternion, toVector } from '../math/math3d';

/**
 * The joint's initial rate for `part`'s velocity (its child part, or one fixed to it): rad/s
 * about a hinge, m/s along a slider, for a ball joint the angular velocity in the child's frame
 * (turned by `frame`); null when it has none.
 */
export function jointVelocity(joint: BuildJoint, part: Part, frame: Quat = part.quaternion): number | Vec3 | null {
  const v = toVector(part.linearVelocity), spin = toVector(part.angularVelocity);
  if ((v.lengthSq() === 0 && spin.lengthSq() === 0) || joint.kind === 'fixed') return null;
  const axis = toVector(joint.axis).normalize();
  if (joint.kind === 'slider') return axis.dot(v);
  const arm = toVector(part.position).sub(toVector(joint.anchor)); // anchor → the part's centre
  if (joint.kind === 'hinge') {
    const tangent = axis.clone().cross(arm); // the centre's velocity per rad/s about the hinge
    const swing = tangent.lengthSq() > 1e-12 ? tangent.dot(v) / tangent.lengthSq() : 0;
    return axis.dot(spin) + swing;
  }
  // Ball: the turn that gives the centre the arrow's velocity across the arm, plus the spin.
  const omega = arm.lengthSq() > 1e-12 ? arm.clone().cross(v).divideScalar(arm.lengthSq()).add(spin) : spin;
  const inPart = omega.applyQuaternion(toQuaternion(frame).invert());
  return [inPart.x, inPart.y, inPart.z];
}
