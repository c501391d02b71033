// The realtime step's integration stages: the smooth velocity update q̇* = q̇ + h q̈ (with the
// gyroscopic terms treated implicitly) before the rows are solved, and the position update
// q⁺ = q ⊕ h (q̇⁺ + q̇ₚ) after.
// Joint damping is implicit: q̈ solves (H + h D) q̈ = τ − D q̇ − C, D = diag(d), so the velocity
// step q̇* = q̇ + h q̈ is stable for any d (explicit damping needs h d < 2 I on every axis; a
// ragdoll's thin upper arm spinning about its own axis failed that at 60 Hz and blew up). The
// h D goes in as armature (Loads), so the impulses see the same damped system.
#include <Eigen/LU>  // Matrix3d::inverse

#include "model/configuration.h"
#include "world/world.h"

namespace fw {

// Free joints keep their velocity as a body twist (ω, v) in body coordinates, whose ABA
// acceleration carries the gyroscopic term v̇ = −ω × v. Integrated explicitly, that term turns
// v by ωh each step and grows it by √(1 + (ωh)²): a fast-rolling ball gains energy. So the
// realtime step moves free bodies on SO(3) × R³ instead: the world velocity u = R (v + ω × c)
// of a body point c changes only by forces, the position by h R v, and u is re-expressed in the
// new frame. c is the centre of mass of a free body (linearPoint_): with its origin off
// the centre instead, the origin circles the centre and the body's momentum changes with no
// force on it. Bodies held by impulse joints keep the origin: a chain's links hang from theirs,
// which barely move (with the centre, the chain strays further from the reduced-coordinate one).
namespace {

Vec3 pointVelocity(const JointModel& j, const Vec3& c, const Eigen::VectorXd& v) {
  return Vec3(v.segment<3>(j.idx_v + 3)) + Vec3(v.segment<3>(j.idx_v)).cross(c);
}

void cancelGyroscopicTurn(const Model& model, const std::vector<Vec3>& point, const Eigen::VectorXd& before, double h,
                          Eigen::VectorXd& v) {
  for (size_t link = 0; link < model.joints.size(); ++link) {
    const JointModel& j = model.joints[link];
    if (j.type == JointType::Free)
      v.segment<3>(j.idx_v + 3) += h * Vec3(before.segment<3>(j.idx_v)).cross(pointVelocity(j, point[link], before));
  }
}

// dq's linear parts from body to world coordinates (retract() adds them to the position).
void linearIncrementsToWorld(const Model& model, const Eigen::VectorXd& q, Eigen::VectorXd& dq) {
  for (const JointModel& j : model.joints)
    if (j.type == JointType::Free)
      dq.segment<3>(j.idx_v + 3) = quaternionAt(q, j.idx_q + 3) * Vec3(dq.segment<3>(j.idx_v + 3));
}

// The point's velocity into the turned body frame, ΔRᵀ (v + ω × c) with ΔR = exp(dq's angular
// part), and the origin's from it.
void reexpressInNewFrame(const Model& model, const std::vector<Vec3>& point, const Eigen::VectorXd& dq,
                         Eigen::VectorXd& v) {
  for (size_t link = 0; link < model.joints.size(); ++link) {
    const JointModel& j = model.joints[link];
    if (j.type != JointType::Free) continue;
    const Vec3 turned = quaternionExp(dq.segment<3>(j.idx_v)).conjugate() * pointVelocity(j, point[link], v);
    v.segment<3>(j.idx_v + 3) = turned - Vec3(v.segment<3>(j.idx_v)).cross(point[link]);
  }
}

}  // namespace

// The gyroscopic torque at the midpoint. The explicit step's rotation update
// Δω = h I⁻¹(τ − ω × Iω) adds energy every step to a body turning about an axis other than a
// principal one (a box spinning at 30 rad/s at 60 Hz blew up within 3 s; a spherical pendulum
// doubled its energy). Box2D v3, Bullet and Jolt take one backward-Euler Newton step instead
// (Catto, "Numerical methods", GDC 2015), which is stable but dissipates (7 % of a spherical
// pendulum's energy in 10 min). The implicit midpoint rule
//   I (ω⁺ − ω) + h ω̄ × I ω̄ = h τ,   ω̄ = (ω + ω⁺)/2,
// keeps a torque-free rotation's kinetic energy and |L| to round-off (ω̄ · (ω̄ × Iω̄) = 0, and
// (Iω⁺ − Iω) · (Iω⁺ + Iω) = 0 likewise); L's direction in space only to first order (the
// orientation turns by h ω⁺), a wobble that does not grow. Gravity on a ball-jointed link is
// semi-implicit Euler's: an O(h) energy error that comes and goes. It is solved by Newton's
// method from the explicit step, whose Δω gives h τ = I Δω + h ω × Iω.
// It applies to links whose rotation is their own: a free body (I about its centre of mass, the
// origin's velocity kept consistent with the centre's) or a ball joint (I about the pivot) with
// nothing hanging from them; the joint's implicit damping (armature h d) and its rotor inertia
// (the model's armature, which has no gyroscopic term) are part of I.
void World::applyImplicitGyroscopic(double h) {
  constexpr int kNewtonSteps = 3;  // quadratic convergence: 1e-12 relative from the explicit guess
  for (int link : gyroscopicLinks_) {
    if (state_.asleep[size_t(model_.treeOf[size_t(link)])]) continue;  // q̇ = 0 stays 0
    const JointModel& j = model_.joints[size_t(link)];
    const Inertia& body = model_.inertia[size_t(link)];
    const bool free = j.type == JointType::Free;
    const Vec3 c = free ? Vec3::Zero() : body.com;
    const Mat3 I = body.inertiaAboutCom + body.mass * (c.squaredNorm() * Mat3::Identity() - c * c.transpose());
    Mat3 Ieff = I + Mat3(state_.loads.armature.segment<3>(j.idx_v).asDiagonal());
    if (model_.anyArmature) Ieff += Mat3(Eigen::Map<const Vec3>(&model_.armature[size_t(j.idx_v)]).asDiagonal());
    const Vec3 w = work_.velocityBefore.segment<3>(j.idx_v);
    const Vec3 explicitNext = state_.motion.v.segment<3>(j.idx_v);
    const Vec3 impulse = Ieff * (explicitNext - w) + h * w.cross(I * w);  // h τ
    Vec3 next = explicitNext;
    for (int k = 0; k < kNewtonSteps; ++k) {
      const Vec3 mid = 0.5 * (w + next);
      const Vec3 residual = Ieff * (next - w) + h * mid.cross(I * mid) - impulse;
      const Mat3 jacobian = Ieff + 0.5 * h * (skew(mid) * I - skew(I * mid));
      next -= jacobian.inverse() * residual;  // closed-form 3×3 (I + O(h ω I): well conditioned)
    }
    state_.motion.v.segment<3>(j.idx_v) = next;
    // A free body's twist is at its frame origin: v_origin = v_centre − ω × c, and the centre's
    // velocity is not the rotation's business.
    if (free) state_.motion.v.segment<3>(j.idx_v + 3) += body.com.cross(next - explicitNext);
  }
}

// Sleeping trees do not move: no acceleration, so q̇ stays 0 unless a contact wakes them.
void World::integrateVelocities(double h) {
  evaluateDynamics();
  for (int t = 0; t < model_.treeCount(); ++t)
    if (state_.asleep[size_t(t)]) data_.qdd.segment(model_.treeFirstV[size_t(t)], model_.treeNv(t)).setZero();
  Eigen::VectorXd& v = state_.motion.v;
  work_.velocityBefore = v;
  v.noalias() += h * data_.qdd;
  applyImplicitGyroscopic(h);
  cancelGyroscopicTurn(model_, linearPoint_, work_.velocityBefore, h, v);
  work_.smoothVelocity = v;
}

// Free bodies' linear increments go to the world frame before retract() adds them.
void World::integratePositions(double h) {
  data_.dq.noalias() = h * (state_.motion.v + work_.pseudoVelocity);
  data_.q0 = state_.motion.q;
  linearIncrementsToWorld(model_, data_.q0, data_.dq);
  retract(model_, data_.q0, data_.dq, state_.motion.q);
  reexpressInNewFrame(model_, linearPoint_, data_.dq, state_.motion.v);
}

}  // namespace fw
