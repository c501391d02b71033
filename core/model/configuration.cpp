#include "model/configuration.h"

#include <cmath>

namespace fw {
namespace {

// exp of a rotation vector φ as a quaternion.
Quat quaternionExp(const Vec3& phi) {
  const double angle = phi.norm();
  if (angle < 1e-12) return Quat(1, 0.5 * phi.x(), 0.5 * phi.y(), 0.5 * phi.z()).normalized();
  return Quat(Eigen::AngleAxisd(angle, phi / angle));
}

// Left Jacobian of SO(3), V(φ) = 1 + (1 − cos θ)/θ² φ× + (θ − sin θ)/θ³ φ×², so that the SE(3)
// exponential of a body twist (φ, ρ) moves the origin by R V(φ) ρ.
Mat3 so3LeftJacobian(const Vec3& phi) {
  const double theta = phi.norm();
  const Mat3 K = skew(phi);
  if (theta < 1e-6) return Mat3::Identity() + 0.5 * K + K * K / 6.0;
  const double t2 = theta * theta;
  return Mat3::Identity() + (1 - std::cos(theta)) / t2 * K + (theta - std::sin(theta)) / (t2 * theta) * K * K;
}

void storeQuaternion(const Quat& q, Eigen::VectorXd& out, int i) {
  out[i] = q.w(), out[i + 1] = q.x(), out[i + 2] = q.y(), out[i + 3] = q.z();
}

}  // namespace

void integrateConfiguration(const Model& model, const Eigen::VectorXd& q, const Eigen::VectorXd& dv,
                            Eigen::VectorXd& qOut) {
  for (const JointModel& j : model.joints) {
    switch (j.type) {
      case JointType::Revolute:
      case JointType::Prismatic:
        qOut[j.idx_q] = q[j.idx_q] + dv[j.idx_v];
        break;
      case JointType::Spherical: {
        // Angular velocity is in the child frame: right-multiply.
        const Quat r = (quaternionAt(q, j.idx_q) * quaternionExp(dv.segment<3>(j.idx_v))).normalized();
        storeQuaternion(r, qOut, j.idx_q);
        break;
      }
      case JointType::Free: {
        const Quat r0 = quaternionAt(q, j.idx_q + 3);
        const Vec3 phi = dv.segment<3>(j.idx_v), rho = dv.segment<3>(j.idx_v + 3);
        qOut.segment<3>(j.idx_q) = q.segment<3>(j.idx_q) + r0.toRotationMatrix() * (so3LeftJacobian(phi) * rho);
        storeQuaternion((r0 * quaternionExp(phi)).normalized(), qOut, j.idx_q + 3);
        break;
      }
      case JointType::Fixed: break;
    }
  }
}

void normalizeConfiguration(const Model& model, Eigen::VectorXd& q) {
  for (const JointModel& j : model.joints) {
    const int i = j.type == JointType::Spherical ? j.idx_q : j.type == JointType::Free ? j.idx_q + 3 : -1;
    if (i >= 0) storeQuaternion(quaternionAt(q, i).normalized(), q, i);
  }
}

}  // namespace fw
