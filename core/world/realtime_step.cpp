// Realtime stepping: one semi-implicit Euler step with every constraint as an impulse.
//   q̇* = q̇ + h q̈(q, q̇)                      smooth dynamics (ABA or CRBA, hybrid if prescribed)
//   q̇⁺ = q̇* + Σ W λ                          rows solved by PGS, warm-started, + restitution
//   q⁺ = q ⊕ h (q̇⁺ + q̇ₚ)                    q̇ₚ: split-impulse pseudo-velocity, then dropped
// or, substepped (solver.substeps > 1, Box2D v3's soft step), q̈ given out and the rows relaxed
// and q moved n times within the step, q⁺ = q ⊕ Σ h/n q̇ₖ, the push-out relaxed away each time.
// Joint damping is implicit: q̈ solves (H + h D) q̈ = τ − D q̇ − C, D = diag(d), so the velocity
// step q̇* = q̇ + h q̈ is stable for any d (explicit damping needs h d < 2 I on every axis; a
// ragdoll's thin upper arm spinning about its own axis failed that at 60 Hz and blew up). The
// h D goes in as armature (Loads), so the impulses below see the same damped system.
#include "algorithms/aba.h"
#include "algorithms/crba.h"
#include "algorithms/external_forces.h"
#include <Eigen/LU>  // Matrix3d::inverse
#include "model/configuration.h"
#include "world/world.h"

namespace fw {

void World::evaluateDynamics() {
  fw::jointEfforts(model_, data_, state_.q, state_.v, loads_);
  bool anyPrescribed = false;
  for (const JointMotor& m : interactions_.motors) {
    if (m.mode != MotorMode::Prescribed) continue;
    anyPrescribed = true;
    qddPrescribed_[model_.joints[size_t(m.link)].idx_v] = m.trajectoryAcceleration(state_.t);
  }
  if (anyPrescribed) {
    hybridDynamics(model_, data_, state_.q, state_.v, data_.tau, prescribed_, qddPrescribed_, &loads_);
    for (JointMotor& m : interactions_.motors)
      if (m.mode == MotorMode::Prescribed) m.effort = data_.tau[model_.joints[size_t(m.link)].idx_v];
    // The same motion as an ordinary forward problem with the efforts just found: leaves the
    // articulated inertias the impulse response needs (prescribed joints are then reset below).
    aba(model_, data_, state_.q, state_.v, data_.tau, &loads_);
  } else if (settings_.integrator.dynamics == DynamicsAlgorithm::CRBA) {
    crbaForwardDynamics(model_, data_, state_.q, state_.v, data_.tau, &loads_);
  } else {
    aba(model_, data_, state_.q, state_.v, data_.tau, &loads_);
  }
  ++stats_.derivativeEvaluations;
}

// Prescribed joints sit exactly on their trajectory at time t.
void World::applyPrescribedMotion(double t) {
  for (const JointMotor& m : interactions_.motors) {
    if (m.mode != MotorMode::Prescribed) continue;
    const JointModel& j = model_.joints[size_t(m.link)];
    state_.q[j.idx_q] = m.trajectoryPosition(t);
    state_.v[j.idx_v] = m.trajectoryVelocity(t);
  }
}

// Free joints keep their velocity as a body twist (ω, v) in body coordinates, whose ABA
// acceleration carries the gyroscopic term v̇ = −ω × v. Integrated explicitly, that term turns
// v by ωh each step and grows it by √(1 + (ωh)²): a fast-rolling ball gains energy. So the
// realtime step moves free bodies on SO(3) × R³ instead: the world velocity u = R (v + ω × c)
// of a body point c changes only by forces, the position by h R v, and u is re-expressed in the
// new frame. c is the centre of mass of a free body (World::linearPoint_): with its origin off
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
// nothing hanging from them; the joint's implicit damping (armature h d) is part of I.
void World::applyImplicitGyroscopic(double h) {
  constexpr int kNewtonSteps = 3;  // quadratic convergence: 1e-12 relative from the explicit guess
  for (int link : gyroscopicLinks_) {
    const JointModel& j = model_.joints[size_t(link)];
    const Inertia& body = model_.inertia[size_t(link)];
    const bool free = j.type == JointType::Free;
    const Vec3 c = free ? Vec3::Zero() : body.com;
    const Mat3 I = body.inertiaAboutCom + body.mass * (c.squaredNorm() * Mat3::Identity() - c * c.transpose());
    const Mat3 Ieff = I + Mat3(loads_.armature.segment<3>(j.idx_v).asDiagonal());
    const Vec3 w = velocityBefore_.segment<3>(j.idx_v);
    const Vec3 explicitNext = state_.v.segment<3>(j.idx_v);
    const Vec3 impulse = Ieff * (explicitNext - w) + h * w.cross(I * w);  // h τ
    Vec3 next = explicitNext;
    for (int k = 0; k < kNewtonSteps; ++k) {
      const Vec3 mid = 0.5 * (w + next);
      const Vec3 residual = Ieff * (next - w) + h * mid.cross(I * mid) - impulse;
      const Mat3 jacobian = Ieff + 0.5 * h * (skew(mid) * I - skew(I * mid));
      next -= jacobian.inverse() * residual;  // closed-form 3×3 (I + O(h ω I): well conditioned)
    }
    state_.v.segment<3>(j.idx_v) = next;
    // A free body's twist is at its frame origin: v_origin = v_centre − ω × c, and the centre's
    // velocity is not the rotation's business.
    if (free) state_.v.segment<3>(j.idx_v + 3) += body.com.cross(next - explicitNext);
  }
}

void World::stepRealtime() {
  const double h = settings_.timestep;
  // Efforts (the page's sliders, a controller) wake what they act on.
  for (int t = 0; t < model_.treeCount(); ++t)
    if (asleep_[size_t(t)] && !loads_.tau.segment(model_.treeFirstV[size_t(t)], model_.treeNv(t)).isZero(0)) wakeTree(t);
  evaluateDynamics();
  // Sleeping trees do not move: no acceleration, so q̇ stays 0 unless a contact wakes them.
  for (int t = 0; t < model_.treeCount(); ++t)
    if (asleep_[size_t(t)]) data_.qdd.segment(model_.treeFirstV[size_t(t)], model_.treeNv(t)).setZero();
  const bool hasInteractions = !interactions_.colliders.empty() || !interactions_.limits.empty() ||
                               !interactions_.motors.empty() || !interactions_.impulseJoints.empty() ||
                               std::any_of(model_.coulombFriction.begin(), model_.coulombFriction.end(),
                                           [](double f) { return f > 0; });
  velocityBefore_ = state_.v;
  state_.v.noalias() += h * data_.qdd;
  applyImplicitGyroscopic(h);
  cancelGyroscopicTurn(model_, linearPoint_, velocityBefore_, h, state_.v);
  smoothVelocity_ = state_.v;
  if (hasInteractions) {
    // The impulse response needs ABA's articulated inertias at this q.
    if (settings_.integrator.dynamics == DynamicsAlgorithm::CRBA) aba(model_, data_, state_.q, state_.v, data_.tau, &loads_);
    findContacts(settings_.solver.speculativeMargin, true);
    buildRows(velocityBefore_, h, true);
    if (!rows_.rows.empty()) {
      // Contacts and limits only: the rows with a budget per step (motors, joint friction) and
      // impulse joints (whose exact position correction predicts from one velocity) keep one pass.
      const int substeps = substepCount(settings_.solver, h);
      substepped_ = substeps > 1 && interactions_.impulseJoints.empty() &&
                    std::none_of(rows_.rows.begin(), rows_.rows.end(), [](const ConstraintRow& r) {
                      return r.kind == RowKind::Motor || r.kind == RowKind::JointFriction;
                    });
      if (substepped_) {
        smoothChange_ = state_.v - velocityBefore_;
        solveSubsteps(model_, rows_, smoothChange_, state_.v, pseudoVelocity_, meanVelocity_, h, substeps, settings_.solver);
        smoothChange_ = state_.v;  // now: the velocity before the rebounds
        restitutionStart_.resize(rows_.rows.size());
        for (size_t r = 0; r < rows_.rows.size(); ++r) restitutionStart_[r] = rows_.rows[r].impulse;
        applyRestitution(model_, rows_, state_.v, settings_.solver);
        ledgerSubstepImpulses(smoothChange_, state_.v);
        pseudoVelocity_ = pseudoVelocity_ / h - state_.v;  // the substeps' displacement is h (q̇⁺ + q̇ₚ)
      } else {
        warmStart(model_, rows_, state_.v);
        solveVelocities(model_, rows_, state_.v, h, settings_.solver);
        applyRestitution(model_, rows_, state_.v, settings_.solver);
        // Over the step's average velocity: a contact that holds a resting body against the
        // step's gravity kick does no work; an impact takes ½ m u² (to O(h)).
        ledgerImpulses(velocityBefore_, state_.v);
        solvePositions(model_, rows_, pseudoVelocity_, h, settings_.solver);
      }
      storeImpulses();
    } else {
      storeImpulses();
      pseudoVelocity_.setZero();
      substepped_ = false;
    }
  } else {
    pseudoVelocity_.setZero();
    substepped_ = false;
  }
  const bool hasJoints = !interactions_.impulseJoints.empty();
  if (hasJoints) {
    buildJointRows();
    correctJointPositions(h);
  }
  ledgerRealtimeStep(h);
  data_.dq.noalias() = h * (state_.v + pseudoVelocity_);
  data_.q0 = state_.q;
  linearIncrementsToWorld(model_, data_.q0, data_.dq);
  retract(model_, data_.q0, data_.dq, state_.q);
  reexpressInNewFrame(model_, linearPoint_, data_.dq, state_.v);
  if (hasJoints) correctJointVelocities();
  state_.t += h;
  applyPrescribedMotion(state_.t);
  if (settings_.solver.sleep) updateSleep();
  ++stats_.steps;
  ++stats_.accepted;
}

}  // namespace fw
