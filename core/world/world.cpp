// The world's life cycle: building it, one step() around the stepping mode's stages, reset, the
// loads a user holds on it, and the health check after every step.
#include "world/world.h"

#include <algorithm>
#include <cmath>

#include "algorithms/energy.h"
#include "algorithms/forward_kinematics.h"
#include "algorithms/momentum.h"
#include "world/state_bytes.h"

namespace fw {

World::World(Model model, State initial, WorldSettings settings, std::vector<BodyVisual> visuals,
             WorldInteractions interactions)
    : model_(std::move(model)),
      initial_(std::move(initial)),
      settings_(settings),
      visuals_(std::move(visuals)),
      interactions_(std::move(interactions)),
      prescribed_(size_t(model_.nlinks), 0),
      neverSleeps_(size_t(model_.treeCount()), 0),
      state_{.motion = initial_,
             .loads = Loads(model_),
             .motors = std::move(interactions_.motors),
             .jointIterations = settings.joints.iterations,
             .asleep = std::vector<char>(size_t(model_.treeCount()), 0),
             .sleepTimer = std::vector<double>(size_t(model_.treeCount()), 0.0)},
      data_(model_, settings.integrator.dynamics == DynamicsAlgorithm::CRBA),
      work_(model_, initial_, interactions_.limits.size()) {
  interactions_.motors.clear();  // they live in state_.motors
  initialMotors_ = state_.motors;
  state_.loads.servos.reserve(state_.motors.size());  // accurate stepping's motors (advanceSmooth)
  // RK45's memory starts as Data's does, sized for this model.
  state_.integrator.fsalQ = Eigen::VectorXd::Zero(model_.nq);
  state_.integrator.fsalV = state_.integrator.fsalTau = state_.integrator.fsalA = Eigen::VectorXd::Zero(model_.nv);
  for (int link = 0; link < model_.nlinks; ++link) {
    const JointType type = model_.joints[size_t(link)].type;
    const bool leaf = std::find(model_.parent.begin(), model_.parent.end(), link) == model_.parent.end();
    if (leaf && (type == JointType::Free || type == JointType::Spherical)) gyroscopicLinks_.push_back(link);
  }
  if (interactions_.selfCollision.size() != size_t(model_.treeCount()))
    interactions_.selfCollision.assign(size_t(model_.treeCount()), 0);
  if (interactions_.collisionFamily.size() != size_t(model_.treeCount()))
    interactions_.collisionFamily.assign(size_t(model_.treeCount()), -1);
  setUpJointSystem();
  linearPoint_.assign(size_t(model_.nlinks), Vec3::Zero());
  for (int link : gyroscopicLinks_)
    if (model_.joints[size_t(link)].type == JointType::Free) linearPoint_[size_t(link)] = model_.inertia[size_t(link)].com;
  for (const ImpulseJoint& joint : interactions_.impulseJoints)
    for (const int link : {joint.linkA, joint.linkB})
      if (link >= 0) {
        neverSleeps_[size_t(model_.treeOf[size_t(link)])] = 1;  // islands do not follow joints
        linearPoint_[size_t(link)].setZero();
      }
  springForces_.assign(interactions_.springs.size(), PartForce{});
  stringForces_.assign(interactions_.strings.size(), PartForce{});
  savedExternal_ = state_.loads.externalWorld;
  if (settings_.stepping == Stepping::Accurate)  // evaluated at every stage (algorithms/external_forces.h)
    for (const Spring& s : interactions_.springs)
      state_.loads.springs.push_back({s.linkA, s.linkB, s.pointA, s.pointB, s.restLength, s.stiffness, s.damping});
  const auto neverSleep = [&](int link) {  // islands do not follow springs and strings either
    if (link >= 0) neverSleeps_[size_t(model_.treeOf[size_t(link)])] = 1;
  };
  for (const Spring& s : interactions_.springs) neverSleep(s.linkA), neverSleep(s.linkB);
  for (const IdealString& s : interactions_.strings) neverSleep(s.linkA), neverSleep(s.linkB);
  for (const JointMotor& m : state_.motors) {
    if (m.mode == MotorMode::Prescribed) prescribed_[size_t(m.link)] = 1;
    neverSleeps_[size_t(model_.treeOf[size_t(m.link)])] = 1;  // its target may change at any time
  }
  if (settings_.stepping == Stepping::Realtime) {  // implicit joint damping (step_integrate.cpp)
    Loads& loads = state_.loads;
    for (int k = 0; k < model_.nv; ++k) loads.armature[k] = settings_.timestep * model_.damping[size_t(k)];
    loads.anyArmature = !loads.armature.isZero(0);
  }
  setUpColliders();
  hasInteractions_ = !interactions_.colliders.empty() || !interactions_.limits.empty() || !state_.motors.empty() ||
                     !interactions_.impulseJoints.empty() || !interactions_.strings.empty() ||
                     std::any_of(model_.coulombFriction.begin(), model_.coulombFriction.end(), [](double f) { return f > 0; });
  applyPrescribedMotion(state_.motion.t);
  initial_ = state_.motion;
  countTimeFrom(initial_.t);
  refreshKinematics();
  fingerprintModel();
  startLedger();
}

void World::step() {
  if (!state_.stepError.empty()) return;  // a world that stopped stays stopped until reset()
  work_.stallsAtStepStart = state_.stats.stalls;
  Loads& loads = state_.loads;
  // The drag spring's and, in realtime steps, the springs' forces are held over the step on top
  // of the user's loads, then taken off (the whole loads are kept aside: a copy that allocates
  // nothing). Accurate steps evaluate the springs at every stage instead (Loads::springs).
  const bool accurate = settings_.stepping == Stepping::Accurate;
  const bool springs = !interactions_.springs.empty() && !accurate, userAny = loads.anyExternal;
  if (springs) {
    savedExternal_ = loads.externalWorld;
    applySprings(true);
  }
  const int dragged = state_.drag.body;
  const Force saved = dragged >= 0 ? loads.externalWorld[size_t(dragged)] : Force::Zero();
  const bool savedAny = loads.anyExternal;
  if (dragged >= 0) {
    wakeBody(dragged);
    applyDragSpring();
  }
  // Accurate stepping: the held forces' work and the springs' dampers' loss by the trapezoid rule
  // on their power at the step's ends (the realtime step books its own, ledgerRealtimeStep).
  double appliedBefore = 0, damperBefore = 0;
  if (accurate && (loads.anyExternal || !loads.springs.empty())) {
    forwardKinematics(model_, data_, state_.motion.q, state_.motion.v);
    appliedBefore = appliedPower();
    damperBefore = damperPower();
  }
  work_.substepped = false;  // (the realtime step says otherwise)
  if (accurate) stepAccurate();
  else stepRealtime();
  const double h = settings_.timestep;
  steppedSinceRestore_ = true;
  refreshKinematics();
  if (accurate) {
    if (loads.anyExternal) state_.ledger.appliedWork += 0.5 * h * (appliedBefore + appliedPower());
    if (!loads.springs.empty()) {
      state_.ledger.dampingLoss += 0.5 * h * (damperBefore + damperPower());
      applySprings(false);  // the tensions now, for the views
    }
  }
  state_.ledger.dampingLoss += h * airDragPower();
  if (dragged >= 0) {
    loads.externalWorld[size_t(dragged)] = saved;
    loads.anyExternal = savedAny;
  }
  if (springs) {
    loads.externalWorld = savedExternal_;
    loads.anyExternal = userAny;
  }
  checkStepHealth();
}

// After each step: did the state, a pose or a velocity stop being finite (the renderer's float
// poses overflow at 3.4e38 before the doubles do), or did RK45 give up (its budget spent, or its
// error estimate overflowed)?
void World::checkStepHealth() {
  std::string what;
  if (const int bad = firstNonFiniteJoint(); bad >= 0) what = "joint " + visuals_[size_t(bad)].name + " is no longer finite";
  for (int body = 0; body < model_.nlinks && what.empty(); ++body) {
    const Vec3 p = bodyPosition(body);
    const Quat q = bodyOrientation(body);
    Vec3 linear, angular;
    bodyVelocity(body, linear, angular);
    bool finite = true;
    for (const double x : {p.x(), p.y(), p.z(), q.x(), q.y(), q.z(), q.w()}) finite = finite && std::isfinite(float(x));
    for (int k = 0; k < 3; ++k) finite = finite && std::isfinite(float(linear[k])) && std::isfinite(float(angular[k]));
    if (!finite) what = "joint " + visuals_[size_t(body)].name + ": its pose or speed overflowed";
  }
  // (Cut to what a saved state may carry: a joint's name can be long.)
  if (!what.empty())
    state_.stepError = capStateMessage("the simulation blew up at t = " + std::to_string(state_.motion.t) + " s: " + what);
  else if (stalled())
    state_.stepError = "RK45 cannot advance at t = " + std::to_string(state_.motion.t) +
                       " s: it did not reach the end of one time step within " + std::to_string(kMaxSubsteps) +
                       " substeps (the tolerance is too tight or the scene too stiff)";
}

void World::reset() {
  state_.motion = initial_;  // same sizes: copies without allocating
  countTimeFrom(initial_.t);
  state_.stepError.clear();
  state_.stats = IntegratorStats{};
  state_.stepStats = StepStats{};
  state_.motors = initialMotors_;
  std::fill(state_.asleep.begin(), state_.asleep.end(), 0);
  std::fill(state_.sleepTimer.begin(), state_.sleepTimer.end(), 0.0);
  state_.contacts.clear();
  work_.previousContacts.clear();
  state_.sleepingContacts.clear();
  reported_.clear();
  clearForces();
  endDrag();
  steppedSinceRestore_ = false;
  refreshKinematics();
  startLedger();
}

void World::applyForce(int body, const Vec3& pointWorld, const Vec3& forceWorld) {
  wakeBody(body);
  addPointForce(state_.loads, body, pointWorld, forceWorld);
}

void World::clearForces() { clearExternalForces(state_.loads); }

Vec3 World::bodyPosition(int body) const { return linkPosition(data_, body); }
Quat World::bodyOrientation(int body) const { return Quat(linkRotation(data_, body)); }
void World::bodyVelocity(int body, Vec3& linear, Vec3& angular) const {
  const Mat3 R = linkRotation(data_, body);
  const Motion& v = data_.v[size_t(body)];  // link coordinates
  linear = R * v.linear, angular = R * v.angular;
}

double World::kineticEnergy() { return fw::kineticEnergy(model_, data_, state_.motion.q, state_.motion.v); }
double World::potentialEnergy() { return fw::potentialEnergy(model_, data_, state_.motion.q); }
Force World::momentum() { return spatialMomentum(model_, data_, state_.motion.q, state_.motion.v); }

int World::firstNonFiniteJoint() const {
  // The whole state in two passes first: the common answer, none, without a segment per joint.
  if (state_.motion.q.allFinite() && state_.motion.v.allFinite()) return -1;
  for (int body = 0; body < model_.nlinks; ++body) {
    const JointModel& j = model_.joints[body];
    if (!state_.motion.q.segment(j.idx_q, j.nq).allFinite() || !state_.motion.v.segment(j.idx_v, j.nv).allFinite())
      return body;
  }
  return -1;
}

// The kinematics of the state (poses, link velocities, collider poses and bounds), after every
// step, reset and restore.
void World::refreshKinematics() {
  forwardKinematics(model_, data_, state_.motion.q, state_.motion.v);
  updateColliders();
}

void exchangeIntegratorMemory(Data& data, IntegratorMemory& memory) {
  std::swap(data.adaptiveStep, memory.adaptiveStep);
  std::swap(data.fsalReady, memory.fsalReady);
  data.fsalQ.swap(memory.fsalQ);
  data.fsalV.swap(memory.fsalV);
  data.fsalTau.swap(memory.fsalTau);
  data.fsalA.swap(memory.fsalA);
}

}  // namespace fw
