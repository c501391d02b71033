// Realtime stepping: one semi-implicit Euler step with every constraint as an impulse.
//   q̇* = q̇ + h q̈(q, q̇)                      smooth dynamics (ABA or CRBA, hybrid if prescribed)
//   q̇⁺ = q̇* + Σ W λ                          rows solved by PGS, warm-started, + restitution
//   q⁺ = q ⊕ h (q̇⁺ + q̇ₚ)                    q̇ₚ: split-impulse pseudo-velocity, then dropped
// Joint damping is implicit: q̈ solves (H + h D) q̈ = τ − D q̇ − C, D = diag(d), so the velocity
// step q̇* = q̇ + h q̈ is stable for any d (explicit damping needs h d < 2 I on every axis; a
// ragdoll's thin upper arm spinning about its own axis failed that at 60 Hz and blew up). The
// h D goes in as armature (Loads), so the impulses below see the same damped system.
#include "algorithms/aba.h"
#include "algorithms/crba.h"
#include "algorithms/external_forces.h"
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
// realtime step moves free bodies on SO(3) × R³ instead: the origin's world velocity u = R v
// changes only by forces, the position by h u, and v is re-expressed in the new frame.
namespace {

void cancelGyroscopicTurn(const Model& model, const Eigen::VectorXd& before, double h, Eigen::VectorXd& v) {
  for (const JointModel& j : model.joints)
    if (j.type == JointType::Free)
      v.segment<3>(j.idx_v + 3) += h * Vec3(before.segment<3>(j.idx_v)).cross(Vec3(before.segment<3>(j.idx_v + 3)));
}

// dq's linear parts from body to world coordinates (retract() adds them to the position).
void linearIncrementsToWorld(const Model& model, const Eigen::VectorXd& q, Eigen::VectorXd& dq) {
  for (const JointModel& j : model.joints)
    if (j.type == JointType::Free)
      dq.segment<3>(j.idx_v + 3) = quaternionAt(q, j.idx_q + 3) * Vec3(dq.segment<3>(j.idx_v + 3));
}

// v's linear parts into the turned body frame: v ← ΔRᵀ v with ΔR = exp(dq's angular part).
void reexpressInNewFrame(const Model& model, const Eigen::VectorXd& dq, Eigen::VectorXd& v) {
  for (const JointModel& j : model.joints)
    if (j.type == JointType::Free)
      v.segment<3>(j.idx_v + 3) = quaternionExp(dq.segment<3>(j.idx_v)).conjugate() * Vec3(v.segment<3>(j.idx_v + 3));
}

}  // namespace

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
  cancelGyroscopicTurn(model_, velocityBefore_, h, state_.v);
  if (hasInteractions) {
    // The impulse response needs ABA's articulated inertias at this q.
    if (settings_.integrator.dynamics == DynamicsAlgorithm::CRBA) aba(model_, data_, state_.q, state_.v, data_.tau, &loads_);
    findContacts(settings_.solver.speculativeMargin);
    buildRows(velocityBefore_, h, true);
    if (!rows_.rows.empty()) {
      warmStart(model_, rows_, state_.v);
      solveVelocities(model_, rows_, state_.v, h, settings_.solver);
      applyRestitution(model_, rows_, state_.v, settings_.solver);
      solvePositions(model_, rows_, pseudoVelocity_, h, settings_.solver);
      storeImpulses();
    } else {
      storeImpulses();
      pseudoVelocity_.setZero();
    }
  } else {
    pseudoVelocity_.setZero();
  }
  const bool hasJoints = !interactions_.impulseJoints.empty();
  if (hasJoints) {
    buildJointRows();
    correctJointPositions(h);
  }
  data_.dq.noalias() = h * (state_.v + pseudoVelocity_);
  data_.q0 = state_.q;
  linearIncrementsToWorld(model_, data_.q0, data_.dq);
  retract(model_, data_.q0, data_.dq, state_.q);
  reexpressInNewFrame(model_, data_.dq, state_.v);
  if (hasJoints) correctJointVelocities();
  state_.t += h;
  applyPrescribedMotion(state_.t);
  if (settings_.solver.sleep) updateSleep();
  ++stats_.steps;
  ++stats_.accepted;
}

}  // namespace fw
