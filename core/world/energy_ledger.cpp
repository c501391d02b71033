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
    if (k != 0) e += 0.5 * k * std::pow(state_.motion.q[j.idx_q] - model_.springRest[dof], 2);
  }
  return e + sceneSpringEnergy();
}

EnergyReport World::energy() {
  EnergyReport report;
  report.kinetic = kineticEnergy();
  report.gravity = potentialEnergy();
  report.spring = springEnergy();
  report.ledger = state_.ledger;
  return report;
}

void World::startLedger() {
  state_.ledger = EnergyLedger{};
  state_.ledger.initial = kineticEnergy() + potentialEnergy() + springEnergy();
}

// Power of the held world wrenches (the mouse spring, applied forces) at the kinematics in data_.
double World::appliedPower() const {
  if (!state_.loads.anyExternal) return 0;
  double power = 0;
  for (int link = 0; link < model_.nlinks; ++link) {
    const Force& f = state_.loads.externalWorld[size_t(link)];
    if (f.angular.isZero(0) && f.linear.isZero(0)) continue;
    power += data_.v[size_t(link)].dot(data_.X0[size_t(link)].apply(f));
  }
  return power;
}

// Power taken by air drag (k_v |v|³ + b |v|² at the centre of mass, k_ω |ω|²) at the kinematics in data_.
double World::airDragPower() const {
  double power = 0;
  for (int link = 0; link < model_.nlinks; ++link) {
    const size_t i = size_t(link);
    const double kv = model_.linearDrag[i], kw = model_.angularDrag[i], b = model_.viscousDrag[i];
    if (kv <= 0 && kw <= 0 && b <= 0) continue;
    const Motion& v = data_.v[i];
    const double speed = (v.linear + v.angular.cross(model_.inertia[i].com)).norm();
    power += (kv * speed + b) * speed * speed + kw * v.angular.squaredNorm();
  }
  return power;
}

// The work of the rows just solved (work_.rows): λ · J (before + after)/2. Around an impulse alone
// (accurate stepping's impacts) this is exactly the kinetic energy it changed; over a realtime
// step, with `before` the step's starting velocity, it is the impulse over the step's average
// velocity, the trapezoid rule for a force held over the step.
void World::ledgerImpulses(const Eigen::VectorXd& before, const Eigen::VectorXd& after) {
  work_.ledgerVelocity = before + after;
  for (const ConstraintRow& row : work_.rows.rows)
    if (row.impulse != 0) bookImpulseWork(row.kind, 0.5 * row.impulse * rowVelocity(model_, work_.rows, row, work_.ledgerVelocity));
}

// Substepped: each substep's impulses over that substep's average velocity (work_.rows.work, the
// same rule per substep), then the rebounds' over theirs.
void World::ledgerSubstepImpulses(const Eigen::VectorXd& beforeRestitution, const Eigen::VectorXd& after) {
  work_.ledgerVelocity = beforeRestitution + after;
  for (size_t r = 0; r < work_.rows.rows.size(); ++r) {
    const ConstraintRow& row = work_.rows.rows[r];
    const double rebound = row.impulse - work_.restitutionStart[r];
    const double work = work_.rows.work[r] + (rebound != 0 ? 0.5 * rebound * rowVelocity(model_, work_.rows, row, work_.ledgerVelocity) : 0);
    if (work != 0) bookImpulseWork(row.kind, work);
  }
}

void World::bookImpulseWork(RowKind kind, double work) {
  switch (kind) {
    case RowKind::ContactNormal:
    case RowKind::ContactFriction:
    case RowKind::ContactTwist:
    case RowKind::JointLimit: state_.ledger.contactLoss -= work; break;
    case RowKind::JointFriction: state_.ledger.dampingLoss -= work; break;
    case RowKind::Motor: state_.ledger.motorWork += work; break;
    case RowKind::Joint: break;  // an ideal joint does no work; its drift shows in the balance
  }
}

// Realtime: efforts and implicit damping over the step's displacement h q̇⁺ (substepped: Σ h/n q̇ₖ), where q̇* is the
// velocity after the smooth update (the damping force is −D q̇*, step_integrate.cpp). Held
// forces: the step gives out h Jᵀ(q) f, taken at the step's q in its velocity coordinates, and
// that adds exactly h fᵀ J (q̇ + q̇⁺)/2 of kinetic energy (½(q̇⁺ − q̇)ᵀ H (q̇⁺ + q̇), as the
// impulses' rule); substepped, the mean of the substeps' trapezoids (work_.meanVelocity). Not
// Jᵀ(q⁺) at the end: a body turning under an off-centre pull sees another lever arm there.
void World::ledgerRealtimeStep(double h) {
  if (state_.loads.anyExternal) {
    if (!work_.substepped) work_.meanVelocity = 0.5 * (work_.velocityBefore + state_.motion.v);
    forwardKinematics(model_, data_, state_.motion.q, work_.meanVelocity);  // (q: the step's start)
    state_.ledger.appliedWork += h * appliedPower();
    // The springs' held forces (springs.cpp): elastic work shows as spring energy, the damper's is lost.
    double damper = 0;
    state_.ledger.appliedWork -= h * heldSpringPower(damper);
    state_.ledger.dampingLoss -= h * damper;
  }
  for (int k = 0; k < model_.nv; ++k) {
    // Substepped, the coordinates moved by Σ h/n q̇ₖ = h (q̇⁺ + q̇ₚ); the split-impulse push is
    // not a motion forces work over.
    const double displacement = h * (state_.motion.v[k] + (work_.substepped ? work_.pseudoVelocity[k] : 0.0));
    state_.ledger.effortWork += state_.loads.tau[k] * displacement;
    state_.ledger.dampingLoss += model_.damping[size_t(k)] * work_.smoothVelocity[k] * displacement;
  }
  for (const JointMotor& m : state_.motors)
    if (m.mode == MotorMode::Prescribed) state_.ledger.motorWork += m.effort * h * state_.motion.v[model_.joints[size_t(m.link)].idx_v];
}

// Accurate: one smooth interval, with the efforts it held (the user's) and the motors' and the
// resting rows' at each stage, by the integrator's own quadrature of q̇ and of τ · q̇ (the same as
// integrating ẇ = τ · q̇ with it). The resting rows' impulse at the interval's start is booked
// where it is applied (prepareRestingRows).
void World::ledgerInterval() {
  const Eigen::VectorXd& displacement = data_.velocityIntegral;
  state_.ledger.effortWork += state_.loads.tau.dot(displacement);
  state_.ledger.contactLoss -= data_.constraintWork;
  for (int k = 0; k < model_.nv; ++k) state_.ledger.dampingLoss += model_.damping[size_t(k)] * data_.speedSquaredIntegral[k];
  state_.ledger.motorWork += data_.servoWork;
}

}  // namespace fw
