#include "constraints/impulse_joint.h"

#include <algorithm>
#include <cmath>

namespace fw {
namespace {

// Two unit vectors completing n to an orthonormal basis.
void perpendiculars(const Vec3& n, Vec3& t1, Vec3& t2) {
  t1 = (std::abs(n.x()) < 0.57 ? Vec3::UnitX() : Vec3::UnitY()).cross(n).normalized();
  t2 = n.cross(t1);
}

// The rotation vector φ of R (R = exp([φ]×)).
Vec3 rotationVector(const Mat3& R) {
  const Eigen::AngleAxisd aa(R);
  return aa.angle() * aa.axis();
}

bool locksTranslation(JointType t) { return t != JointType::Prismatic; }

}  // namespace

Vec3 jointAxisWorld(const ImpulseJoint& joint, const LinkFrame& A) { return A.R * (joint.frameA * joint.axis); }

JointRowDirections jointRowDirections(const ImpulseJoint& joint, const LinkFrame& A, const LinkFrame& B) {
  JointRowDirections rows;
  auto add = [&](const Vec3& d, bool angular) {
    rows.direction[rows.count] = d;
    rows.angular[rows.count] = angular;
    ++rows.count;
  };
  const Vec3 axisA = jointAxisWorld(joint, A);
  Vec3 t1, t2;
  perpendiculars(axisA, t1, t2);
  if (locksTranslation(joint.type)) {
    for (int k = 0; k < 3; ++k) add(Vec3::Unit(k), false);
  } else {
    add(t1, false), add(t2, false);  // a slider moves freely along its axis
  }
  switch (joint.type) {
    case JointType::Spherical:
    case JointType::Free: break;  // free: never an impulse joint (the scene parser refuses it)
    case JointType::Revolute: add(t1, true), add(t2, true); break;
    case JointType::Prismatic:
    case JointType::Fixed:
      for (int k = 0; k < 3; ++k) add(Vec3::Unit(k), true);
      break;
    case JointType::Universal: {
      // A's axis and B's second axis stay perpendicular: d(a·b)/dt = (b × a)·(ω_B − ω_A).
      const Vec3 axisB = B.R * (joint.frameB * joint.axis2);
      const Vec3 n = axisB.cross(axisA);
      add(n.norm() > 1e-9 ? Vec3(n.normalized()) : t1, true);
      break;
    }
  }
  return rows;
}

void jointError(const ImpulseJoint& joint, const JointRowDirections& rows, const LinkFrame& A, const LinkFrame& B,
                double* error) {
  const Vec3 gap = B.point(joint.anchorB) - A.point(joint.anchorA);
  const Mat3 RA = A.R * joint.frameA, RB = B.R * joint.frameB;
  Vec3 angular = Vec3::Zero();  // the small rotation that undoes the misalignment, world
  double universal = 0;
  switch (joint.type) {
    case JointType::Spherical:
    case JointType::Free: break;
    case JointType::Revolute: angular = (RA * joint.axis).cross(RB * joint.axis); break;
    case JointType::Prismatic:
    case JointType::Fixed: angular = rotationVector(RB * RA.transpose()); break;
    case JointType::Universal: universal = (RA * joint.axis).dot(RB * joint.axis2); break;
  }
  for (int r = 0; r < rows.count; ++r) {
    if (!rows.angular[r]) error[r] = rows.direction[r].dot(gap);
    else if (joint.type == JointType::Universal) error[r] = universal;
    else error[r] = rows.direction[r].dot(angular);
  }
}

double jointCoordinate(const ImpulseJoint& joint, const LinkFrame& A, const LinkFrame& B) {
  const Vec3 axisA = jointAxisWorld(joint, A);
  if (joint.type == JointType::Prismatic)
    return axisA.dot(B.point(joint.anchorB) - A.point(joint.anchorA));
  // Hinge: the turn of B's frame relative to A's about the axis, from a reference direction.
  Vec3 reference, unused;
  perpendiculars(joint.axis, reference, unused);
  const Vec3 rA = A.R * (joint.frameA * reference), rB = B.R * (joint.frameB * reference);
  return std::atan2(axisA.dot(rA.cross(rB)), rA.dot(rB));
}

double jointGap(const ImpulseJoint& joint, const LinkFrame& A, const LinkFrame& B) {
  Vec3 gap = B.point(joint.anchorB) - A.point(joint.anchorA);
  const Mat3 RA = A.R * joint.frameA, RB = B.R * joint.frameB;
  if (joint.type == JointType::Prismatic) {
    const Vec3 axis = RA * joint.axis;
    gap -= axis.dot(gap) * axis;
  }
  double angle = 0;
  switch (joint.type) {
    case JointType::Spherical:
    case JointType::Free: break;
    case JointType::Revolute: angle = (RA * joint.axis).cross(RB * joint.axis).norm(); break;
    case JointType::Prismatic:
    case JointType::Fixed: angle = rotationVector(RB * RA.transpose()).norm(); break;
    case JointType::Universal: angle = std::abs((RA * joint.axis).dot(RB * joint.axis2)); break;
  }
  return std::max(gap.norm(), angle);
}

}  // namespace fw
