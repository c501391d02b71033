// Accurate stepping (Holck's time control): integrate the smooth dynamics with RK4/RK45; when
// the end of an interval finds a contact or a limit violated, bisect the interval for the
// instant it began, stop there, resolve the impact by impulses (Newton's law, Coulomb friction)
// and go on with the rest of the step. A touch too slow to bounce is held where the interval ends
// instead of located (violated()). Contacts and limits resting at an interval's start are
// constraints of its smooth dynamics: their approach goes by an impulse at the start, then rows
// solved at every stage of the integrator hold them (prepareRestingRows, constraints/stage_rows.h).
#include <algorithm>

#include "algorithms/aba.h"
#include "algorithms/external_forces.h"
#include "algorithms/forward_kinematics.h"
#include "model/configuration.h"
#include "world/world.h"

namespace fw {
// Motors between events are efforts of the state, τ = k(q* − q) + c(q̇* − q̇) (position) or
// c(q̇* − q̇) (velocity), bounded: servos the integrator evaluates at every stage, as it does the
// joints' springs and dampers. A motor reports its mean effort over the interval.
void World::holdSmoothLoads() {
  if (work_.restingHeld) state_.loads.constraints = &work_.restingRows;
  for (const JointMotor& m : state_.motors) {
    if (m.mode == MotorMode::Prescribed) continue;  // (not in accurate stepping: the loader says so)
    const JointModel& j = model_.joints[size_t(m.link)];
    const bool position = m.mode == MotorMode::Position;
    state_.loads.servos.push_back(Servo{.idx_q = j.idx_q, .idx_v = j.idx_v, .stiffness = position ? m.stiffness : 0,
                                        .damping = m.damping, .targetPosition = position ? m.targetPosition : 0,
                                        .targetVelocity = m.targetVelocity, .maxEffort = m.maxEffort});
  }
}

void World::releaseSmoothLoads() {
  state_.loads.servos.clear();  // (its capacity stays: the next interval does not allocate)
  state_.loads.constraints = nullptr;
}

void World::advanceSmooth(double dt) {
  holdSmoothLoads();
  const long used = state_.stats.accepted + state_.stats.rejected - work_.substepsAtStepStart;
  const double start = state_.motion.t;
  exchangeIntegratorMemory(data_, state_.integrator);  // RK45's memory lent to the integrator
  advance(model_, data_, state_.loads, state_.motion, dt, settings_.integrator, state_.stats, std::max(0L, kMaxSubsteps - used));
  exchangeIntegratorMemory(data_, state_.integrator);
  const double elapsed = state_.motion.t - start;
  for (JointMotor& m : state_.motors)
    if (m.mode != MotorMode::Prescribed && elapsed > 0) m.effort = data_.servoImpulse[model_.joints[size_t(m.link)].idx_v] / elapsed;
  releaseSmoothLoads();
}

// Resting contact between events: contacts and limits that touch without closing faster than
// the resting speed become rows of the interval's dynamics. What approach they have goes at once,
// by impulses (a resting touch is held, never bounced, as resolveImpacts holds a slow one); then
// the integrator solves the rows at each of its stages (StageRows: J q̈ ≥ −J q̇ / T, friction
// within the cone), so a body lying on the ground neither makes an event every few microseconds
// nor drifts into it over the interval, whatever its stages' states. The rows' J and W are this
// state's, reused by every stage.
void World::prepareRestingRows(double dt) {
  work_.restingHeld = false;
  forwardKinematics(model_, data_, state_.motion.q, state_.motion.v);
  updateColliders();
  const double touching = 10 * settings_.eventTolerance;
  findContacts(touching);
  bool anyLimit = false;
  for (size_t i = 0; i < interactions_.limits.size(); ++i) anyLimit = anyLimit || work_.limitBaseline[i] > -touching;
  if (state_.contacts.empty() && !anyLimit) return;
  // ABA's articulated inertias for the rows' responses W.
  fw::jointEfforts(model_, data_, state_.motion.q, state_.motion.v, state_.loads);
  aba(model_, data_, state_.motion.q, state_.motion.v, data_.tau, &state_.loads);
  for (Contact& c : state_.contacts) c.normalImpulse = 0, c.frictionImpulse.setZero(), c.twistImpulse = 0;
  buildRows(state_.motion.v, settings_.eventTolerance, false);
  const double slow = restingSpeed();  // as markResting: what closes slower is held, not located
  bool any = false;
  for (ConstraintRow& row : work_.rows.rows) {
    const bool resting = isFrictionRow(row) ||
                         (row.separation <= touching && row.approachVelocity >= -slow);
    if (!resting || row.kind == RowKind::JointFriction) row.inverseMass = 0;  // not this row's job
    row.separation = 0;
    row.impulse = 0;
    row.target = 0;
    any = any || row.inverseMass > 0;
  }
  if (!any) return;
  SolverSettings resting = settings_.solver;
  // Solved until the rows' velocities are gone, not merely until a sweep stops changing them
  // (the realtime solver's stop, 1e-6 m/s): a box's four corners are one row more than the three
  // freedoms they hold, and Gauss–Seidel closes the rocking mode that leaves slowly, so that stop
  // left a few 1e-7 m/s of rocking at the corners. That velocity is in the state the next
  // interval starts from, whose solve stops at the same place: it never went, and carried the
  // box out of the touching band within ten steps. A residual below a thousandth of an event
  // tolerance per step moves no contact that far in a thousand steps (a scene may ask for less).
  resting.velocityIterations = std::max(resting.velocityIterations, 100);
  resting.convergence = std::min(resting.convergence, 1e-3 * settings_.eventTolerance / settings_.timestep);
  work_.smoothVelocity = state_.motion.v;
  solveVelocities(model_, work_.rows, state_.motion.v, dt, resting);
  ledgerImpulses(work_.smoothVelocity, state_.motion.v);
  // The stages' rows until every row that holds is within what would move it a tenth of an event
  // tolerance over the interval (a T² / 2) of its condition: the velocity such an error leaves
  // the next stages' targets take out, and the next interval's impulse.
  const double accelerationStop = 0.2 * settings_.eventTolerance / (dt * dt);
  work_.restingRows.hold(model_, work_.rows, dt, resting.velocityIterations, accelerationStop, resting.cone);
  work_.restingHeld = true;
}

// How far a limit is overshot at the current state (≤ 0: within).
double World::limitOvershoot(const JointLimit& limit) const {
  const JointModel& j = model_.joints[size_t(limit.link)];
  if (limit.cone) {
    const Vec3 a = quaternionAt(state_.motion.q, j.idx_q).toRotationMatrix().col(2);
    return std::acos(std::clamp(a.z(), -1.0, 1.0)) - limit.coneAngle;
  }
  const double q = state_.motion.q[j.idx_q];
  return std::max(limit.lower - q, q - limit.upper);
}

// How fast a limit is being closed now (> 0: towards the nearer bound). Not for cone limits.
double World::limitClosingSpeed(const JointLimit& limit) const {
  const JointModel& j = model_.joints[size_t(limit.link)];
  const double q = state_.motion.q[j.idx_q], qd = state_.motion.v[j.idx_v];
  return q < 0.5 * (limit.lower + limit.upper) ? -qd : qd;
}

// The approach speed below which a touch is held instead of bounced or located: what gravity
// gives in one step (g h: what the resting rows may leave), or the impact
// threshold if more. A realtime step holds such a touch too.
double World::restingSpeed() const {
  return std::max(settings_.impactThreshold, model_.gravity.norm() * settings_.timestep);
}

// How fast a contact's two sides approach along its normal now (> 0: closing), from the link
// velocities forwardKinematics left in data_.
double World::approachSpeed(const Contact& c) const {
  auto pointVelocity = [&](int collider) -> Vec3 {
    const int link = interactions_.colliders[size_t(collider)].link;
    if (link < 0) return Vec3::Zero();
    const Mat3 R = linkRotation(data_, link);
    const Motion& v = data_.v[size_t(link)];  // link coordinates
    return R * (v.linear + v.angular.cross(R.transpose() * (c.point - linkPosition(data_, link))));
  };
  return -(pointVelocity(c.colliderB) - pointVelocity(c.colliderA)).dot(c.normal);
}

// What the current state shows against the start of the interval. A contact or limit that was
// touching then without closing faster than the resting speed is resting: the resting rows
// hold it, and past the event tolerance it has only drifted by their small error, which a
// position projection removes (bisecting for such drift made every step of a resting pyramid
// run out of its 64 events). Any other contact or limit beyond the tolerance has touched during
// the interval. At the interval's end (atEnd) one closing no faster than the resting speed u, and
// no deeper than such a touch gets in the interval (u t + ½ g t² ≤ 2 u t for u ≥ g h, t ≤ h; what
// hit fast and turned back within the interval is deeper), is a slow touch, held there (a body
// settling onto the ground, a limb rocking onto it: these made several located events a step),
// and remembered as such for the search that may follow; any other is an impact, an event to
// locate (work_.impactOvershoot: the deepest one's overshoot). The search keeps the end's
// verdicts: a touch slow at one probe and fast at the next would make it converge on the speed
// instead of the touch. A contact counts from its depth at the start, so shapes set up
// overlapping and a limit just resolved (a hair beyond) are not pushed back.
World::Violation World::violated(bool atEnd) {
  const double tol = settings_.eventTolerance, slow = restingSpeed(), slowDepth = 2 * slow * work_.intervalLength;
  Violation found = Violation::None;
  work_.impactOvershoot = 0;
  if (atEnd) work_.slowTouches.clear(), work_.fastTouches.clear();
  const auto impact = [&](double overshoot) {
    found = Violation::Impact;
    work_.impactOvershoot = std::max(work_.impactOvershoot, overshoot);
  };
  for (size_t i = 0; i < interactions_.limits.size(); ++i) {
    const JointLimit& limit = interactions_.limits[i];
    const double allowed = std::max(0.0, work_.limitBaseline[i]), overshoot = limitOvershoot(limit) - allowed;
    if (overshoot <= tol) continue;
    const std::pair<int, int> key(-1, int(i));  // limits as pairs (−1, index)
    if (work_.limitResting[i]) {
      found = std::max(found, Violation::RestingDrift);
    } else if (atEnd ? !limit.cone && overshoot <= slowDepth && limitClosingSpeed(limit) <= slow : slowTouch(key)) {
      found = std::max(found, Violation::SlowTouch);
      if (atEnd) work_.slowTouches.push_back(key);
    } else {
      impact(overshoot);
    }
  }
  if (interactions_.colliders.empty()) return found;
  forwardKinematics(model_, data_, state_.motion.q, state_.motion.v);
  updateColliders();
  findContacts(0);
  for (const Contact& c : state_.contacts) {
    double allowed = 0;
    bool resting = false, known = false;
    const auto it = std::lower_bound(work_.contactBaseline.begin(), work_.contactBaseline.end(), c, contactOrder);
    if (it != work_.contactBaseline.end() && it->colliderA == c.colliderA && it->colliderB == c.colliderB) {
      known = it->feature == c.feature;
      if (known) allowed = std::min(0.0, it->separation);
      resting = work_.pairResting[size_t(it - work_.contactBaseline.begin())];
    } else if (it != work_.contactBaseline.begin()) {  // the same pair, at an earlier feature
      const auto before = std::prev(it);
      if (before->colliderA == c.colliderA && before->colliderB == c.colliderB) resting = work_.pairResting[size_t(before - work_.contactBaseline.begin())];
    }
    if (c.separation >= allowed - tol) continue;
    // A point the pair did not touch at the start (a box resting on one edge, its other edge
    // coming down) has drifted there only if it closes no faster than the resting speed; faster,
    // it has hit, and a projection would leave it closing (the box then fell through its own
    // projections, step after step).
    if (resting && !known && approachSpeed(c) > slow) resting = false;
    const std::pair<int, int> key(c.colliderA, c.colliderB);
    if (resting) {
      found = std::max(found, Violation::RestingDrift);
    } else if (atEnd ? allowed - c.separation <= slowDepth && approachSpeed(c) <= slow : slowTouch(key)) {
      found = std::max(found, Violation::SlowTouch);
      if (atEnd) work_.slowTouches.push_back(key);
    } else {
      impact(allowed - c.separation);
      if (atEnd) work_.fastTouches.push_back(key);
    }
  }
  // A pair with one point closing fast is an impact at all its points.
  if (atEnd && !work_.fastTouches.empty())
    std::erase_if(work_.slowTouches, [&](const std::pair<int, int>& key) {
      return std::find(work_.fastTouches.begin(), work_.fastTouches.end(), key) != work_.fastTouches.end();
    });
  return found;
}

// Was this pair (or limit) a slow touch at the end of the interval being searched?
bool World::slowTouch(const std::pair<int, int>& key) const {
  return std::find(work_.slowTouches.begin(), work_.slowTouches.end(), key) != work_.slowTouches.end();
}

// Which contacts and limits rest at the start of an interval (data_ holds its kinematics): a
// pair is resting when none of its points closes faster than the resting speed.
void World::markResting() {
  const double slow = restingSpeed();
  work_.pairResting.assign(work_.contactBaseline.size(), 1);
  for (size_t first = 0; first < work_.contactBaseline.size();) {
    size_t end = first;
    bool resting = true;
    while (end < work_.contactBaseline.size() && work_.contactBaseline[end].colliderA == work_.contactBaseline[first].colliderA &&
           work_.contactBaseline[end].colliderB == work_.contactBaseline[first].colliderB) {
      resting = resting && approachSpeed(work_.contactBaseline[end]) <= slow;
      ++end;
    }
    std::fill(work_.pairResting.begin() + long(first), work_.pairResting.begin() + long(end), char(resting));
    first = end;
  }
  const double touching = 10 * settings_.eventTolerance;
  work_.limitResting.assign(interactions_.limits.size(), 0);
  for (size_t i = 0; i < interactions_.limits.size(); ++i) {
    const JointLimit& limit = interactions_.limits[i];
    if (limit.cone || work_.limitBaseline[i] <= -touching) continue;
    work_.limitResting[i] = limitClosingSpeed(limit) <= slow;
  }
}

// Resting contacts and limits that drifted past the tolerance go back onto their surfaces by a
// position projection (velocities untouched), as resolveImpacts does after an impulse. The points
// within the deepest drift of the surface take part too, held where they are: pushing a box's
// sunken edge out turns it about its other, and that edge, a hair above the ground, must not go
// under it instead.
void World::projectRestingContacts() {
  double deepest = 0;  // (state_.contacts: violated()'s, at this state)
  for (const Contact& c : state_.contacts) deepest = std::max(deepest, -c.separation);
  forwardKinematics(model_, data_, state_.motion.q, state_.motion.v);
  aba(model_, data_, state_.motion.q, state_.motion.v, state_.loads.tau, &state_.loads);  // articulated inertias at q
  updateColliders();
  findContacts(10 * settings_.eventTolerance + 2 * deepest);
  buildRows(state_.motion.v, settings_.eventTolerance, false);
  SolverSettings projection = settings_.solver;
  projection.linearSlop = 0;
  projection.positionCorrection = 1;
  projection.maxCorrectionVelocity = kUnbounded;
  for (ConstraintRow& row : work_.rows.rows) {
    row.impulse = 0;
    row.separation = std::min(row.separation, 0.0);
  }
  solvePositions(model_, work_.rows, work_.pseudoVelocity, 1.0, projection);
  data_.q0 = state_.motion.q;
  integrateConfiguration(model_, data_.q0, work_.pseudoVelocity, state_.motion.q);
}

// Impulses at an event: every touching contact and reached limit (separation below a few
// tolerances) stops approaching, then Newton's law sends it back at −e times its approach if
// that was faster than restitutionThreshold.
void World::resolveImpacts(double restitutionThreshold) {
  forwardKinematics(model_, data_, state_.motion.q, state_.motion.v);
  aba(model_, data_, state_.motion.q, state_.motion.v, state_.loads.tau, &state_.loads);  // articulated inertias at q
  updateColliders();
  findContacts(10 * settings_.eventTolerance);
  for (Contact& c : state_.contacts) c.normalImpulse = 0, c.frictionImpulse.setZero(), c.twistImpulse = 0;
  const double h = settings_.timestep;
  buildRows(state_.motion.v, settings_.eventTolerance, false);
  for (ConstraintRow& row : work_.rows.rows) {
    row.impulse = 0;
    row.separation = std::min(row.separation, 0.0);  // touching: no approach at all
  }
  SolverSettings impact = settings_.solver;
  impact.velocityIterations = std::max(impact.velocityIterations, 50);
  impact.restitutionThreshold = restitutionThreshold;
  work_.smoothVelocity = state_.motion.v;
  solveVelocities(model_, work_.rows, state_.motion.v, h, impact);
  applyRestitution(model_, work_.rows, state_.motion.v, impact);
  ledgerImpulses(work_.smoothVelocity, state_.motion.v);
  storeImpulses();
  // Move contacts back onto their surfaces (the overshoot is below the tolerance: a correction
  // of order 1e-9 m). Limits are left where they are (see violated()).
  impact.linearSlop = 0;
  impact.positionCorrection = 1;
  impact.maxCorrectionVelocity = kUnbounded;
  for (ConstraintRow& row : work_.rows.rows) {
    row.separation = row.kind == RowKind::JointLimit ? 0.0 : std::min(row.separation, 0.0);
  }
  solvePositions(model_, work_.rows, work_.pseudoVelocity, 1.0, impact);
  data_.q0 = state_.motion.q;
  integrateConfiguration(model_, data_.q0, work_.pseudoVelocity, state_.motion.q);
}

void World::stepAccurate() {
  const double h = settings_.timestep;
  work_.substepsAtStepStart = state_.stats.accepted + state_.stats.rejected;
  // Events inside the step fall at any time; the step ends at exactly (n + 1)·h (stepEndTime).
  const double endTime = stepEndTime();
  if (interactions_.colliders.empty() && interactions_.limits.empty()) {
    work_.restingHeld = false;
    advanceSmooth(h);
    if (!stalled()) endStepAt(endTime);  // (a stalled step stops the world where it got to)
    ledgerInterval();
    return;
  }
  int events = 0;
  while (endTime - state_.motion.t > 1e-12 * h) {
    const double remaining = endTime - state_.motion.t;
    for (size_t i = 0; i < interactions_.limits.size(); ++i) work_.limitBaseline[i] = limitOvershoot(interactions_.limits[i]);
    prepareRestingRows(remaining);
    work_.eventStart = state_.motion;  // (after the resting rows' impulse)
    work_.contactBaseline.assign(state_.contacts.begin(), state_.contacts.end());  // sorted, as findContacts leaves them
    markResting();
    work_.intervalLength = remaining;
    advanceSmooth(remaining);
    // Short of the step's end, or overflowed (no event to find in NaN): step() reports it.
    if (stalled() || !(state_.motion.q.allFinite() && state_.motion.v.allFinite())) return;
    const Violation found = violated(true);
    if (found != Violation::Impact || events == settings_.maxEventsPerStep) {
      ledgerInterval();
      if (found == Violation::RestingDrift) projectRestingContacts();
      if (found == Violation::SlowTouch) resolveImpacts(restingSpeed());  // held, not bounced
      if (found == Violation::Impact) ++state_.stepStats.unlocatedEvents;
      break;
    }
    if (!locateImpact(remaining)) return;
    ledgerInterval();
    resolveImpacts(settings_.impactThreshold);
    ++events;
    ++state_.stepStats.events;
  }
  endStepAt(endTime);  // exactly, without round-off from the split intervals
}

}  // namespace fw
