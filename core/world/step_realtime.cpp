// Realtime stepping: one semi-implicit Euler step with every constraint as an impulse.
//   q̇* = q̇ + h q̈(q, q̇)                      smooth dynamics (ABA or CRBA, hybrid if prescribed)
//   q̇⁺ = q̇* + Σ W λ                          rows solved by PGS, warm-started, + restitution
//   q⁺ = q ⊕ h (q̇⁺ + q̇ₚ)                    q̇ₚ: split-impulse pseudo-velocity, then dropped
// or, substepped (solver.substeps > 1, Box2D v3's soft step), q̈ given out and the rows relaxed
// and q moved n times within the step, q⁺ = q ⊕ Σ h/n q̇ₖ, the push-out relaxed away each time.
// The step is the list of stages in stepRealtime(), each in a file of its own:
//   step_integrate.cpp   the smooth velocity update, then the positions
//   step_collide.cpp     colliders, broad phase, narrow phase → contacts (warm-started)
//   step_rows.cpp        contact, limit, joint-friction, motor and impulse-joint rows
//   step_solve.cpp       the impulses, restitution and push-out; impulses kept for warm starts
//   impulse_joints.cpp   the impulse joints' position and velocity corrections
//   energy_ledger.cpp    the work of the step's forces and impulses
//   sleeping.cpp         waking what is driven, putting slow islands to sleep
#include <cmath>

#include "algorithms/aba.h"
#include "algorithms/crba.h"
#include "algorithms/external_forces.h"
#include "world/world.h"

namespace fw {

void World::stepRealtime() {
  const double h = settings_.timestep;
  wakeDrivenTrees();
  integrateVelocities(h);
  if (hasInteractions_) {
    // The impulse response needs ABA's articulated inertias at this q.
    if (settings_.integrator.dynamics == DynamicsAlgorithm::CRBA)
      aba(model_, data_, state_.motion.q, state_.motion.v, data_.tau, &state_.loads);
    findContacts(settings_.solver.speculativeMargin, true);
    buildRows(work_.velocityBefore, h, true);
    solveRows(h);
    if (!interactions_.strings.empty()) readStringTensions(h);
  } else {
    work_.pseudoVelocity.setZero();
    work_.substepped = false;
  }
  const bool joints = !interactions_.impulseJoints.empty();
  if (joints) correctJoints(h);
  ledgerRealtimeStep(h);
  integratePositions(h);
  if (joints) correctJointVelocities();
  finishStep();
}

void World::finishStep() {
  endStepAt(stepEndTime());
  applyPrescribedMotion(state_.motion.t);
  if (settings_.solver.sleep) updateSleep();
  ++state_.stats.steps;
  ++state_.stats.accepted;
}

// The count behind stepEndTime() for a state at time t, taken between steps: n steps when t is
// exactly n·h (every time this world's steps reach from t = 0), else t itself with none counted.
void World::countTimeFrom(double t) {
  const double h = settings_.timestep, n = std::round(t / h);
  const bool counted = n >= 0 && n <= 0x1p53 && n * h == t;
  timeBase_ = counted ? 0.0 : t;
  stepsSinceBase_ = counted ? static_cast<long long>(n) : 0;
}

void World::evaluateDynamics() {
  const State& s = state_.motion;
  Loads& loads = state_.loads;
  fw::jointEfforts(model_, data_, s.q, s.v, loads);
  bool anyPrescribed = false;
  for (const JointMotor& m : state_.motors) {
    if (m.mode != MotorMode::Prescribed) continue;
    anyPrescribed = true;
    work_.qddPrescribed[model_.joints[size_t(m.link)].idx_v] = m.trajectoryAcceleration(s.t);
  }
  if (anyPrescribed) {
    hybridDynamics(model_, data_, s.q, s.v, data_.tau, prescribed_, work_.qddPrescribed, &loads);
    for (JointMotor& m : state_.motors)
      if (m.mode == MotorMode::Prescribed) m.effort = data_.tau[model_.joints[size_t(m.link)].idx_v];
    // The same motion as an ordinary forward problem with the efforts just found: leaves the
    // articulated inertias the impulse response needs (prescribed joints are then reset below).
    aba(model_, data_, s.q, s.v, data_.tau, &loads);
  } else if (settings_.integrator.dynamics == DynamicsAlgorithm::CRBA) {
    crbaForwardDynamics(model_, data_, s.q, s.v, data_.tau, &loads);
  } else {
    // Sleeping trees neither move nor take impulses (their contacts hold them as static): their
    // accelerations and articulated inertias are not needed.
    abaSkippingTrees(model_, data_, s.q, s.v, data_.tau, &loads, state_.asleep);
  }
  ++state_.stats.derivativeEvaluations;
}

// Prescribed joints sit exactly on their trajectory at time t.
void World::applyPrescribedMotion(double t) {
  for (const JointMotor& m : state_.motors) {
    if (m.mode != MotorMode::Prescribed) continue;
    const JointModel& j = model_.joints[size_t(m.link)];
    state_.motion.q[j.idx_q] = m.trajectoryPosition(t);
    state_.motion.v[j.idx_v] = m.trajectoryVelocity(t);
  }
}

}  // namespace fw
