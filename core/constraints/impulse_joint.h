#pragma once
// Joints held by impulses (Bender, Finkenzeller & Schmitt, "Impulse-based dynamic simulation in
// linear time", 2007; the physics reference's Karlsruhe paper): between free bodies, between a
// body and the world, and between any two links of the scene, which is how loops close over
// Featherstone trees. Each joint removes k ≤ 6 relative motions (its rows); the solver predicts
// where the joint points and axes will be at t + h and applies impulses at t until they meet.
#include <string>

#include "model/joint_type.h"
#include "spatial/transform.h"

namespace fw {

struct ImpulseJoint {
  // Spherical (a ball joint), revolute (a hinge), prismatic (a slider), fixed or universal.
  JointType type = JointType::Spherical;
  int linkA = -1, linkB = -1;  // −1: the world
  // The joint frame in each link's frame: origin (the joint point) and axes. In an assembled
  // joint at its zero position the two frames coincide in the world.
  Vec3 anchorA = Vec3::Zero(), anchorB = Vec3::Zero();
  Mat3 frameA = Mat3::Identity(), frameB = Mat3::Identity();
  Vec3 axis = Vec3::UnitZ();   // joint-frame axis: hinge, slider; the universal joint's axis on A
  Vec3 axis2 = Vec3::UnitX();  // the universal joint's axis on B (⊥ axis)
  std::string name;            // "articulation/link" or the constraint's name
};

// Settings of the joint correction (world.jointCorrection in the scene).
struct ImpulseJointSettings {
  double tolerance = 1e-6;  // D_max: m (and rad) of joint error allowed at the end of a step
  int iterations = 50;      // the iteration budget per step (1 = one pass over the joints)
  double maxSpeed = 1.0;    // m/s (rad/s): a torn joint closes at most this fast (a gentle reassembly)
};

// A link frame in the world: rotation (its axes as columns) and origin.
struct LinkFrame {
  Mat3 R = Mat3::Identity();
  Vec3 p = Vec3::Zero();
  Vec3 point(const Vec3& local) const { return p + R * local; }
};

// The rows of a joint at the current poses: world directions, translational (at the joint
// points) or angular. Their count and kinds depend only on the joint type.
struct JointRowDirections {
  int count = 0;
  Vec3 direction[6];
  bool angular[6] = {};
};

JointRowDirections jointRowDirections(const ImpulseJoint& joint, const LinkFrame& A, const LinkFrame& B);

// The joint's error along those rows (fixed at the current poses) for the poses A, B (the
// predicted ones at t + h): row velocity J q̇ changes it at unit rate, so −error/h removes it.
void jointError(const ImpulseJoint& joint, const JointRowDirections& rows, const LinkFrame& A, const LinkFrame& B,
                double* error);

// The joint's own coordinate for limits and motors: a hinge's angle (rad) or a slider's
// displacement (m) along its axis; and the world axis it moves about or along.
double jointCoordinate(const ImpulseJoint& joint, const LinkFrame& A, const LinkFrame& B);
Vec3 jointAxisWorld(const ImpulseJoint& joint, const LinkFrame& A);

// The largest distance between the joint points or angle between axes that should coincide.
double jointGap(const ImpulseJoint& joint, const LinkFrame& A, const LinkFrame& B);

}  // namespace fw
