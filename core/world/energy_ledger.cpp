// The energy ledger's bookkeeping (see world/energy_ledger.h for what each term is).
#include "algorithms/energy.h"
#include "algorithms/forward_kinematics.h"
#include "constraints/constraint_solver.h"
#include "world/world.h"

namespace fw {

double World::springEnergy() const {
  double e = 0;
  for (const JointModel& j : model_.joints) {
    if (j.nv != 1) continue;
    const size_t dof = size_t(j.idx_v);
    const double k = model_.springStiffness[dof];
    if (k != 0) e += 0.5 * k * std::pow(state_.q[j.idx_q] - model_.springRest[dof], 2);
  }
  return e;
}

EnergyReport World::energy() {
  EnergyReport report;
  report.kinetic = kineticEnergy();
  report.gravity = potentialEnergy();
  report.spring = springEnergy();
  report.ledger = ledger_;
  return report;
}

void World::startLedger() {
  ledger_ = EnergyLedger{};
  ledger_.initial = kineticEnergy() + potentialEnergy() + springEnergy();
}

// Power of the held world wrenches (the mouse spring, applied forces) at the kinematics in data_.
double World::appliedPower() const {
  if (!loads_.anyExternal) return 0;
  double power = 0;
  for (int link = 0; link < model_.nlinks; ++link) {
    const Force& f = loads_.externalWorld[size_t(link)];
    if (f.angular.isZero(0) && f.linear.isZero(0)) continue;
    power += data_.v[size_t(link)].dot(data_.X0[size_t(link)].apply(f));
  }
  return power;
}

// Power taken by air drag (−k_v |v|³ at the centre of mass, −k_ω |ω|²) at the kinematics in data_.
double World::airDragPower() const {
  double power = 0;
  for (int link = 0; link < model_.nlinks; ++link) {
    const size_t i = size_t(link);
    const double kv = model_.linearDrag[i], kw = model_.angularDrag[i];
    if (kv <= 0 && kw <= 0) continue;
    const Motion& v = data_.v[i];
    power += kv * std::pow((v.linear + v.angular.cross(model_.inertia[i].com)).norm(), 3) + kw * v.angular.squaredNorm();
  }
  return power;
}

// The work of the rows just solved (rows_): λ · J (before + after)/2. Around an impulse alone
// (accurate stepping's impacts) this is exactly the kinetic energy it changed; over a realtime
// step, with `before` the step's starting velocity, it is the impulse over the step's average
// velocity, the trapezoid rule for a force held over the step.
void World::ledgerImpulses(const Eigen::VectorXd& before, const Eigen::VectorXd& after) {
  ledgerVelocity_ = before + after;
  for (const ConstraintRow& row : rows_.rows)
    if (row.impulse != 0) bookImpulseWork(row.kind, 0.5 * row.impulse * rowVelocity(model_, rows_, row, ledgerVelocity_));
}

// Substepped: each substep's impulses over that substep's average velocity (rows_.work, the
// same rule per substep), then the rebounds' over theirs.
void World::ledgerSubstepImpulses(const Eigen::VectorXd& beforeRestitution, const Eigen::VectorXd& after) {
  ledgerVelocity_ = beforeRestitution + after;
  for (size_t r = 0; r < rows_.rows.size(); ++r) {
    const ConstraintRow& row = rows_.rows[r];
    const double rebound = row.impulse - restitutionStart_[r];
    const double work = rows_.work[r] + (rebound != 0 ? 0.5 * rebound * rowVelocity(model_, rows_, row, ledgerVelocity_) : 0);
    if (work != 0) bookImpulseWork(row.kind, work);
  }
}

void World::bookImpulseWork(RowKind kind, double work) {
  switch (kind) {
    case RowKind::ContactNormal:
    case RowKind::ContactFriction:
    case RowKind::ContactTwist:
    case RowKind::JointLimit: ledger_.contactLoss -= work; break;
    case RowKind::JointFriction: ledger_.dampingLoss -= work; break;
    case RowKind::Motor: ledger_.motorWork += work; break;
    case RowKind::Joint: break;  // an ideal joint does no work; its drift shows in the balance
  }
}

// Realtime: efforts and implicit damping over the step's displacement h q̇⁺ (substepped: Σ h/n q̇ₖ), where q̇* is the
// velocity after the smooth update (the damping force is −D q̇*, realtime_step.cpp). Held
// forces: the step gives out h Jᵀ(q) f, taken at the step's q in its velocity coordinates, and
// that adds exactly h fᵀ J (q̇ + q̇⁺)/2 of kinetic energy (½(q̇⁺ − q̇)ᵀ H (q̇⁺ + q̇), as the
// impulses' rule); substepped, the mean of the substeps' trapezoids (meanVelocity_). Not
// Jᵀ(q⁺) at the end: a body turning under an off-centre pull sees another lever arm there.
void World::ledgerRealtimeStep(double h) {
  if (loads_.anyExternal) {
    if (!substepped_) meanVelocity_ = 0.5 * (velocityBefore_ + state_.v);
    forwardKinematics(model_, data_, state_.q, meanVelocity_);  // (q: the step's start)
    ledger_.appliedWork += h * appliedPower();
  }
  for (int k = 0; k < model_.nv; ++k) {
    // Substepped, the coordinates moved by Σ h/n q̇ₖ = h (q̇⁺ + q̇ₚ); the split-impulse push is
    // not a motion forces work over.
    const double displacement = h * (state_.v[k] + (substepped_ ? pseudoVelocity_[k] : 0.0));
    ledger_.effortWork += loads_.tau[k] * displacement;
    ledger_.dampingLoss += model_.damping[size_t(k)] * smoothVelocity_[k] * displacement;
  }
  for (const JointMotor& m : interactions_.motors)
    if (m.mode == MotorMode::Prescribed) ledger_.motorWork += m.effort * h * state_.v[model_.joints[size_t(m.link)].idx_v];
}

// Accurate: one smooth interval, with the efforts it held (the user's, the motors', the resting
// contacts'), by the integrator's own quadrature of q̇ (the same as integrating ẇ = τ · q̇ with it).
void World::ledgerInterval() {
  const Eigen::VectorXd& displacement = data_.velocityIntegral;
  ledger_.effortWork += loads_.tau.dot(displacement);
  ledger_.contactLoss -= restingEffort_.dot(displacement);
  for (int k = 0; k < model_.nv; ++k) ledger_.dampingLoss += model_.damping[size_t(k)] * data_.speedSquaredIntegral[k];
  for (const JointMotor& m : interactions_.motors) ledger_.motorWork += m.effort * displacement[model_.joints[size_t(m.link)].idx_v];
}

}  // namespace fw
