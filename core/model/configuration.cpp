#include "model/configuration.h"

#include <cmath>

namespace fw {

Quat quaternionExp(const Vec3& phi) {
  const double angle = phi.norm();
  if (angle < 1e-12) return Quat(1, 0.5 * phi.x(), 0.5 * phi.y(), 0.5 * phi.z()).normalized();
  return Quat(Eigen::AngleAxisd(angle, phi / angle));
}

namespace {

// log of a unit quaternion as a rotation vector, the shorter of its two rotations.
Vec3 quaternionLog(const Quat& q) {
  const double sign = q.w() < 0 ? -1.0 : 1.0;
  const Vec3 axis = sign * q.vec();
  const double s = axis.norm();
  if (s < 1e-12) return 2 * axis;
  return 2 * std::atan2(s, sign * q.w()) / s * axis;
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

// J_r(Θ)⁻¹ = 1 + ½ Θ× + (1/θ² − (1 + cos θ)/(2θ sin θ)) Θ×² (e.g. Chirikjian, Stochastic Models
// on Lie Groups, vol. 2, eq. 10.86): maps the body angular velocity to the rate of Θ in R exp(Θ).
Mat3 so3RightJacobianInverse(const Vec3& theta) {
  const double t = theta.norm();
  const Mat3 K = skew(theta);
  const double c = t < 1e-4 ? 1.0 / 12 + t * t / 720 : 1 / (t * t) - (1 + std::cos(t)) / (2 * t * std::sin(t));
  return Mat3::Identity() + 0.5 * K + c * K * K;
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
      case JointType::Fixed:
      case JointType::Universal: break;
    }
  }
}

void retractJoint(const JointModel& j, const Eigen::VectorXd& q, const Eigen::VectorXd& dq, Eigen::VectorXd& qOut) {
  switch (j.type) {
    case JointType::Revolute:
    case JointType::Prismatic: qOut[j.idx_q] = q[j.idx_q] + dq[j.idx_v]; break;
    case JointType::Spherical:
      storeQuaternion((quaternionAt(q, j.idx_q) * quaternionExp(dq.segment<3>(j.idx_v))).normalized(), qOut, j.idx_q);
      break;
    case JointType::Free:
      qOut.segment<3>(j.idx_q) = q.segment<3>(j.idx_q) + dq.segment<3>(j.idx_v + 3);
      storeQuaternion((quaternionAt(q, j.idx_q + 3) * quaternionExp(dq.segment<3>(j.idx_v))).normalized(), qOut,
                      j.idx_q + 3);
      break;
    case JointType::Fixed:
    case JointType::Universal: break;
  }
}

void retract(const Model& model, const Eigen::VectorXd& q, const Eigen::VectorXd& dq, Eigen::VectorXd& qOut) {
  for (const JointModel& j : model.joints) retractJoint(j, q, dq, qOut);
}

void chartDisplacement(const Model& model, const Eigen::VectorXd& q0, const Eigen::VectorXd& q1, Eigen::VectorXd& out) {
  for (const JointModel& j : model.joints) {
    switch (j.type) {
      case JointType::Revolute:
      case JointType::Prismatic: out[j.idx_v] = q1[j.idx_q] - q0[j.idx_q]; break;
      case JointType::Spherical:
        out.segment<3>(j.idx_v) = quaternionLog(quaternionAt(q0, j.idx_q).conjugate() * quaternionAt(q1, j.idx_q));
        break;
      case JointType::Free:
        out.segment<3>(j.idx_v) = quaternionLog(quaternionAt(q0, j.idx_q + 3).conjugate() * quaternionAt(q1, j.idx_q + 3));
        out.segment<3>(j.idx_v + 3) = q1.segment<3>(j.idx_q) - q0.segment<3>(j.idx_q);
        break;
      case JointType::Fixed:
      case JointType::Universal: break;
    }
  }
}

void chartVelocity(const Model& model, const Eigen::VectorXd& qStage, const Eigen::VectorXd& theta,
                   const Eigen::VectorXd& v, Eigen::VectorXd& out) {
  for (const JointModel& j : model.joints) {
    switch (j.type) {
      case JointType::Revolute:
      case JointType::Prismatic: out[j.idx_v] = v[j.idx_v]; break;
      case JointType::Spherical:
        out.segment<3>(j.idx_v) = so3RightJacobianInverse(theta.segment<3>(j.idx_v)) * v.segment<3>(j.idx_v);
        break;
      case JointType::Free:
        out.segment<3>(j.idx_v) = so3RightJacobianInverse(theta.segment<3>(j.idx_v)) * v.segment<3>(j.idx_v);
        out.segment<3>(j.idx_v + 3) = quaternionAt(qStage, j.idx_q + 3).toRotationMatrix() * v.segment<3>(j.idx_v + 3);
        break;
      case JointType::Fixed:
      case JointType::Universal: break;
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
