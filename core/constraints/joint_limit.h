#pragma once
// Joint limits as unilateral impulses (Holck ch. 4): a revolute or prismatic joint stays within
// [lower, upper]; a spherical joint keeps its child's z axis within a cone about the joint
// frame's z axis. A hit bounces by Newton's law with the limit's own restitution.
namespace fw {

struct JointLimit {
  int link = 0;
  int impulseJoint = -1;   // ≥ 0: the limit/motor acts on that impulse joint (link is its child)
  bool cone = false;        // spherical: cone limit; otherwise [lower, upper] on the coordinate
  double lower = 0, upper = 0;  // rad or m
  double coneAngle = 0;     // rad, half-angle
  double restitution = 0;
};

}  // namespace fw
