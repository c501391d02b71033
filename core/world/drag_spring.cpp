// The mouse spring: a grabbed body point pulled towards the hand by a spring tuned to the body.
#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>

#include "algorithms/aba.h"
#include "algorithms/forward_kinematics.h"
#include "algorithms/impulse_response.h"
#include "world/world.h"

namespace fw {

// The mouse spring is tuned as Box2D's mouse joint is (Catto: a 5 Hz spring with damping ratio
// 0.7 on the body's mass, its force capped at 1000·m·g), so that a grabbed body follows the hand
// in every direction and sags g/ω² ≈ 8 mm under its own weight; m is the mass of the grabbed
// body's tree. The spring acts as an explicit force over the step, so it is kept stable in the
// most mobile direction at the point (1/λmax of K = J H⁻¹ Jᵀ, the point's velocity change per
// unit impulse: a ball grabbed at its top turns about its centre 3.5 times as easily as it
// moves): semi-implicit Euler on a damped oscillator needs ω²h² + 2hc/m < 4, so k ≤ m_min (1.5/h)²
// and c ≤ ½ m_min/h. K changes as the body moves (a chain straightening), so the bounds are
// taken again before every step of the drag.
void World::startDrag(int body, const Vec3& pointWorld) {
  wakeBody(body);
  forwardKinematics(model_, data_, state_.motion.q, state_.motion.v);
  DragSpring& drag = state_.drag;
  drag.body = body;
  drag.localPoint = linkRotation(data_, body).transpose() * (pointWorld - linkPosition(data_, body));
  drag.target = pointWorld;
  drag.mass = model_.treeMass(model_.treeOf[size_t(body)]);
  drag.force.setZero();
  tuneDragSpring(pointWorld);
}

// k, c and the force cap for the configuration now (see startDrag).
void World::tuneDragSpring(const Vec3& pointWorld) {
  DragSpring& drag = state_.drag;
  // K needs the articulated inertias and poses of this q.
  aba(model_, data_, state_.motion.q, state_.motion.v, state_.loads.tau, nullptr);
  forwardKinematics(model_, data_, state_.motion.q, state_.motion.v);
  const Mat3 K = collisionMatrix(model_, data_, drag.body, pointWorld, work_.scratch);
  const double lightest = 1 / Eigen::SelfAdjointEigenSolver<Mat3>(K, Eigen::EigenvaluesOnly).eigenvalues()(2);
  const double h = settings_.timestep, m = drag.mass;
  drag.maxForce = 1000 * m * 9.81;
  if (!(lightest > 0 && std::isfinite(lightest))) {
    // A state that has blown up (K of NaNs, or not positive definite) has no direction the
    // spring could be stable in: it pulls with no force until the body is sound again.
    drag.stiffness = drag.damping = 0;
    return;
  }
  const double omega = 2 * 3.14159265358979 * 5.5;  // 5.5 Hz: g/ω² = 8.2 mm of sag
  drag.stiffness = std::min(m * omega * omega, lightest * 2.25 / (h * h));
  drag.damping = std::min(2 * 0.7 * std::sqrt(drag.stiffness * m), 0.5 * lightest / h);
}

Vec3 World::dragPointWorld() const {
  const DragSpring& drag = state_.drag;
  if (drag.body < 0) return Vec3::Zero();
  return linkRotation(data_, drag.body) * drag.localPoint + linkPosition(data_, drag.body);
}

// F = k (target − p) − c ṗ, capped; uses the kinematics of the last refresh (this state).
void World::applyDragSpring() {
  tuneDragSpring(dragPointWorld());
  DragSpring& drag = state_.drag;
  const int b = drag.body;
  const Mat3 R = linkRotation(data_, b);
  const Motion& v = data_.v[size_t(b)];
  const Vec3 point = R * drag.localPoint + linkPosition(data_, b);
  const Vec3 pointVelocity = R * (v.linear + v.angular.cross(drag.localPoint));
  Vec3 f = drag.stiffness * (drag.target - point) - drag.damping * pointVelocity;
  if (f.norm() > drag.maxForce) f *= drag.maxForce / f.norm();
  drag.force = f;
  addPointForce(state_.loads, b, point, f);
}

}  // namespace fw
