// The solve stage: the rows' impulses (warm-started PGS, or Box2D v3's substepped soft step),
// Newton's rebounds, the split-impulse push-out; then the impulses go back onto the contacts and
// motors, where the next step's rows start from them.
#include <algorithm>

#include "constraints/constraint_solver.h"
#include "world/world.h"

namespace fw {

void World::solveRows(double h) {
  ConstraintSet& rows = work_.rows;
  Eigen::VectorXd& v = state_.motion.v;
  // Contacts and limits only: the rows with a budget per step (motors, joint friction) and
  // impulse joints (whose exact position correction predicts from one velocity) keep one pass.
  // A step without rows substeps too, so a body in flight moves the same way whether or not
  // something elsewhere touches (or sleeps).
  const SolverSettings& solver = settings_.solver;
  const int substeps = substepCount(solver, h);
  work_.substepped = substeps > 1 && interactions_.impulseJoints.empty() &&
                     std::none_of(rows.rows.begin(), rows.rows.end(), [](const ConstraintRow& r) {
                       return r.kind == RowKind::Motor || r.kind == RowKind::JointFriction;
                     });
  if (rows.rows.empty() && !work_.substepped) {
    storeImpulses();
    work_.pseudoVelocity.setZero();
    return;
  }
  if (work_.substepped) {
    work_.smoothChange = v - work_.velocityBefore;
    solveSubsteps(model_, rows, work_.smoothChange, v, work_.pseudoVelocity, work_.meanVelocity, h, substeps, solver);
    work_.smoothChange = v;  // now: the velocity before the rebounds
    work_.restitutionStart.resize(rows.rows.size());
    for (size_t r = 0; r < rows.rows.size(); ++r) work_.restitutionStart[r] = rows.rows[r].impulse;
    applyRestitution(model_, rows, v, solver);
    ledgerSubstepImpulses(work_.smoothChange, v);
    work_.pseudoVelocity = work_.pseudoVelocity / h - v;  // the substeps' displacement is h (q̇⁺ + q̇ₚ)
  } else {
    warmStart(model_, rows, v);
    solveVelocities(model_, rows, v, h, solver);
    applyRestitution(model_, rows, v, solver);
    // Over the step's average velocity: a contact that holds a resting body against the
    // step's gravity kick does no work; an impact takes ½ m u² (to O(h)).
    ledgerImpulses(work_.velocityBefore, v);
    solvePositions(model_, rows, work_.pseudoVelocity, h, solver);
  }
  storeImpulses();
}

void World::storeImpulses() {
  const std::vector<ConstraintRow>& rows = work_.rows.rows;
  std::vector<Contact>& contacts = state_.contacts;
  for (const ConstraintRow& row : rows) {
    if (row.contact < 0) continue;
    Contact& c = contacts[size_t(row.contact)];
    if (row.kind == RowKind::ContactNormal) {
      c.normalImpulse = row.impulse;
      c.frictionImpulse.setZero();
      c.twistImpulse = 0;
    }
  }
  for (const ConstraintRow& row : rows)
    if (row.kind == RowKind::ContactTwist) contacts[size_t(row.contact)].twistImpulse = row.impulse;
  // Friction impulses as world vectors, so next step's tangents can differ.
  for (size_t r = 0; r < rows.size(); ++r) {
    const ConstraintRow& row = rows[r];
    if (row.kind != RowKind::ContactFriction) continue;
    Contact& c = contacts[size_t(row.contact)];
    Vec3 t[2];
    contactTangents(c.normal, t[0], t[1]);
    const size_t second = secondTangentRow(r);
    c.frictionImpulse = row.impulse * t[0] + rows[second].impulse * t[1];
    r = second;
  }
  for (const ConstraintRow& row : rows)
    if (row.motor >= 0) state_.motors[size_t(row.motor)].effort = row.impulse / settings_.timestep;
  reportContacts();
}

// The contacts to draw: the ones just solved, then those of sleeping islands (not solved while
// they sleep, but still touching). A sleeper woken in this step's search has its contacts among
// the solved ones again.
void World::reportContacts() {
  reported_.assign(state_.contacts.begin(), state_.contacts.end());
  for (const Contact& c : state_.sleepingContacts)
    if (contactAsleep(c)) reported_.push_back(c);
}

}  // namespace fw
