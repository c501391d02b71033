#pragma once
// Joint models (RBDA §4.4, Table 4.1). Motion subspaces are constant in the child frame for
// every type here, so the joint bias velocity c_J = Ṡ q̇ is zero.
#include <cmath>

#include "model/joint_type.h"
#include "spatial/transform.h"

namespace fw {

// Revolute and prismatic move along `axis`; spherical stores a unit quaternion (w, x, y, z)
// and its angular velocity in the child frame; free stores the child origin's position in
// the joint frame then a quaternion, with the child's spatial velocity in child coordinates.
// Universal joints are held by impulses only (constraints/impulse_joint.h): a tree never has one,
// and the switches below treat it as fixed.

struct JointModel {
  JointType type = JointType::Fixed;
  Vec3 axis = Vec3::UnitZ();
  // Revolute about ±e_k placed without rotation: X_up is an AxisTransform about k, at angle
  // axisSign·q (the fast path of the recursions); −1 for every other joint.
  int alignedAxis = -1;
  double axisSign = 1;
  int idx_q = 0;  // first position coordinate in q
  int idx_v = 0;  // first velocity coordinate in v
  int nq = 0;
  int nv = 0;
};

inline int configurationSize(JointType t) {
  switch (t) {
    case JointType::Revolute:
    case JointType::Prismatic: return 1;
    case JointType::Spherical: return 4;
    case JointType::Free: return 7;
    case JointType::Fixed:
    case JointType::Universal: return 0;
  }
  return 0;
}

inline int velocitySize(JointType t) {
  switch (t) {
    case JointType::Revolute:
    case JointType::Prismatic: return 1;
    case JointType::Spherical: return 3;
    case JointType::Free: return 6;
    case JointType::Fixed:
    case JointType::Universal: return 0;
  }
  return 0;
}

// Quaternion stored as (w, x, y, z) at q[i].
template <typename Vector>
Quat quaternionAt(const Vector& q, int i) {
  return Quat(q[i], q[i + 1], q[i + 2], q[i + 3]);
}

// X_J(q) X_T: parent frame → child frame, for a joint placed at X_T (RBDA eq. 4.9). Revolute
// joints only rotate (X_J has no translation), so X_T's translation carries over unchanged.
template <typename Vector>
Transform jointTransformFrom(const JointModel& j, const Transform& placement, const Vector& q);

// X_J(q): joint frame → child frame (RBDA Table 4.1).
template <typename Vector>
Transform jointTransform(const JointModel& j, const Vector& q) {
  switch (j.type) {
    case JointType::Revolute:
      return {Eigen::AngleAxisd(q[j.idx_q], j.axis).toRotationMatrix().transpose(), Vec3::Zero()};
    case JointType::Prismatic:
      return {Mat3::Identity(), j.axis * q[j.idx_q]};
    case JointType::Spherical:
      return {quaternionAt(q, j.idx_q).toRotationMatrix().transpose(), Vec3::Zero()};
    case JointType::Free:
      return {quaternionAt(q, j.idx_q + 3).toRotationMatrix().transpose(),
              Vec3(q[j.idx_q], q[j.idx_q + 1], q[j.idx_q + 2])};
    case JointType::Fixed:
    case JointType::Universal: return Transform::Identity();
  }
  return Transform::Identity();
}

template <typename Vector>
Transform jointTransformFrom(const JointModel& j, const Transform& placement, const Vector& q) {
  if (j.type == JointType::Revolute) {
    const double angle = q[j.idx_q];
    const double s = std::sin(angle), c = std::cos(angle);
    // Rodrigues: R = c 1 + s a× + (1 − c) a aᵀ; X_J's rotation is Rᵀ.
    const Vec3& a = j.axis;
    Mat3 Rt = ((1 - c) * a) * a.transpose();
    Rt.diagonal().array() += c;
    Rt(0, 1) += s * a.z(), Rt(1, 0) -= s * a.z();
    Rt(0, 2) -= s * a.y(), Rt(2, 0) += s * a.y();
    Rt(1, 2) += s * a.x(), Rt(2, 1) -= s * a.x();
    return {Rt * placement.E, placement.r};
  }
  return jointTransform(j, q) * placement;
}

// Column k of the motion subspace S (child coordinates).
inline Motion subspaceColumn(const JointModel& j, int k) {
  Motion s;
  switch (j.type) {
    case JointType::Revolute: s.angular = j.axis; break;
    case JointType::Prismatic: s.linear = j.axis; break;
    case JointType::Spherical: s.angular[k] = 1; break;
    case JointType::Free:
      if (k < 3) s.angular[k] = 1;
      else s.linear[k - 3] = 1;
      break;
    case JointType::Fixed:
    case JointType::Universal: break;
  }
  return s;
}

// S q̇ for this joint's velocity coordinates.
template <typename Vector>
Motion jointVelocity(const JointModel& j, const Vector& v) {
  switch (j.type) {
    case JointType::Revolute: return {j.axis * v[j.idx_v], Vec3::Zero()};
    case JointType::Prismatic: return {Vec3::Zero(), j.axis * v[j.idx_v]};
    case JointType::Spherical: return {v.template segment<3>(j.idx_v), Vec3::Zero()};
    case JointType::Free: return {v.template segment<3>(j.idx_v), v.template segment<3>(j.idx_v + 3)};
    case JointType::Fixed:
    case JointType::Universal: return Motion::Zero();
  }
  return Motion::Zero();
}

// Sᵀ f, written into out[0 .. nv).
template <typename Out>
void projectForce(const JointModel& j, const Force& f, Out&& out) {
  switch (j.type) {
    case JointType::Revolute: out[0] = j.axis.dot(f.angular); break;
    case JointType::Prismatic: out[0] = j.axis.dot(f.linear); break;
    case JointType::Spherical: out.template head<3>() = f.angular; break;
    case JointType::Free:
      out.template head<3>() = f.angular;
      out.template segment<3>(3) = f.linear;
      break;
    case JointType::Fixed:
    case JointType::Universal: break;
  }
}

}  // namespace fw
