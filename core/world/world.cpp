#include "world/world.h"

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>

#include "algorithms/aba.h"
#include "algorithms/energy.h"
#include "algorithms/impulse_response.h"
#include "algorithms/forward_kinematics.h"
#include "algorithms/momentum.h"
#include "world/state_bytes.h"

namespace fw {

World::World(Model model, State initial, WorldSettings settings, std::vector<BodyVisual> visuals,
             WorldInteractions interactions)
    : model_(std::move(model)),
      data_(model_, settings.integrator.dynamics == DynamicsAlgorithm::CRBA),
      initial_(std::move(initial)),
      state_(initial_),
      loads_(model_),
      settings_(settings),
      visuals_(std::move(visuals)),
      interactions_(std::move(interactions)),
      initialMotors_(interactions_.motors),
      poses_(size_t(7 * model_.nlinks)),
      velocities_(size_t(6 * model_.nlinks)),
      velocityBefore_(Eigen::VectorXd::Zero(model_.nv)),
      pseudoVelocity_(Eigen::VectorXd::Zero(model_.nv)),
      smoothChange_(Eigen::VectorXd::Zero(model_.nv)),
      meanVelocity_(Eigen::VectorXd::Zero(model_.nv)),
      prescribed_(size_t(model_.nlinks), 0),
      qddPrescribed_(Eigen::VectorXd::Zero(model_.nv)),
      eventStart_(initial_),
      limitBaseline_(interactions_.limits.size(), 0.0),
      restingEffort_(Eigen::VectorXd::Zero(model_.nv)),
      asleep_(size_t(model_.treeCount()), 0),
      neverSleeps_(size_t(model_.treeCount()), 0),
      sleepTimer_(size_t(model_.treeCount()), 0.0),
      islandTimer_(size_t(model_.treeCount()), 0.0),
      islandParent_(size_t(model_.treeCount()), 0) {
  int largestTree = 0;
  for (int t = 0; t < model_.treeCount(); ++t) largestTree = std::max(largestTree, model_.treeNv(t));
  for (int link = 0; link < model_.nlinks; ++link) {
    const JointType type = model_.joints[size_t(link)].type;
    const bool leaf = std::find(model_.parent.begin(), model_.parent.end(), link) == model_.parent.end();
    if (leaf && (type == JointType::Free || type == JointType::Spherical)) gyroscopicLinks_.push_back(link);
  }
  scratch_ = Eigen::VectorXd::Zero(std::max(largestTree, model_.nv));
  if (interactions_.selfCollision.size() != size_t(model_.treeCount()))
    interactions_.selfCollision.assign(size_t(model_.treeCount()), 0);
  if (interactions_.collisionFamily.size() != size_t(model_.treeCount()))
    interactions_.collisionFamily.assign(size_t(model_.treeCount()), -1);
  setUpJointSystem();
  predictionVelocity_ = Eigen::VectorXd::Zero(model_.nv);
  qPredicted_ = initial_.q;
  dqPredicted_ = Eigen::VectorXd::Zero(model_.nv);
  path_.reserve(size_t(model_.nlinks));
  linearPoint_.assign(size_t(model_.nlinks), Vec3::Zero());
  for (int link : gyroscopicLinks_)
    if (model_.joints[size_t(link)].type == JointType::Free) linearPoint_[size_t(link)] = model_.inertia[size_t(link)].com;
  for (const ImpulseJoint& joint : interactions_.impulseJoints)
    for (const int link : {joint.linkA, joint.linkB})
      if (link >= 0) {
        neverSleeps_[size_t(model_.treeOf[size_t(link)])] = 1;  // islands do not follow joints
        linearPoint_[size_t(link)].setZero();
      }
  for (const JointMotor& m : interactions_.motors) {
    if (m.mode == MotorMode::Prescribed) prescribed_[size_t(m.link)] = 1;
    neverSleeps_[size_t(model_.treeOf[size_t(m.link)])] = 1;  // its target may change at any time
  }
  if (settings_.stepping == Stepping::Realtime) {  // implicit joint damping (realtime_step.cpp)
    for (int k = 0; k < model_.nv; ++k) loads_.armature[k] = settings_.timestep * model_.damping[size_t(k)];
    loads_.anyArmature = !loads_.armature.isZero(0);
  }
  pruneColliders();
  applyPrescribedMotion(state_.t);
  initial_ = state_;
  smoothVelocity_ = Eigen::VectorXd::Zero(model_.nv);
  ledgerVelocity_ = Eigen::VectorXd::Zero(model_.nv);
  refreshKinematics();
  fingerprintModel();
  startLedger();
}

// Colliders that no other collider may ever touch (a chain with self-collision off, decoration)
// cost collision work every step for nothing: they leave the list once, at construction.
void World::pruneColliders() {
  std::vector<Collider>& all = interactions_.colliders;
  std::vector<char> useful(all.size(), 0);
  for (size_t a = 0; a < all.size(); ++a)
    for (size_t b = a + 1; b < all.size(); ++b)
      if (canCollide(int(a), int(b))) useful[a] = useful[b] = 1;
  size_t kept = 0;
  for (size_t i = 0; i < all.size(); ++i)
    if (useful[i]) all[kept++] = all[i];
  all.resize(kept);
}

void World::step() {
  if (!stepError_.empty()) return;  // a world that stopped stays stopped until reset()
  stallsAtStepStart_ = stats_.stalls;
  // The drag spring's force is held over the step on top of the user's loads, then taken off.
  const int dragged = drag_.body;
  const Force saved = dragged >= 0 ? loads_.externalWorld[size_t(dragged)] : Force::Zero();
  const bool savedAny = loads_.anyExternal;
  if (dragged >= 0) {
    wakeBody(dragged);
    applyDragSpring();
  }
  // Accurate stepping: the held forces' work by the trapezoid rule on their power at the step's
  // ends (the realtime step books its own, ledgerRealtimeStep).
  const bool accurate = settings_.stepping == Stepping::Accurate;
  double appliedBefore = 0;
  if (loads_.anyExternal && accurate) {
    forwardKinematics(model_, data_, state_.q, state_.v);
    appliedBefore = appliedPower();
  }
  substepped_ = false;  // (the realtime step says otherwise)
  if (accurate) stepAccurate();
  else stepRealtime();
  const double h = settings_.timestep;
  previousPoses_ = poses_;  // same sizes after the first step: copies without allocating
  previousVelocities_ = velocities_;
  steppedSinceRestore_ = true;
  refreshKinematics();
  if (loads_.anyExternal && accurate) ledger_.appliedWork += 0.5 * h * (appliedBefore + appliedPower());
  ledger_.dampingLoss += h * airDragPower();
  if (dragged >= 0) {
    loads_.externalWorld[size_t(dragged)] = saved;
    loads_.anyExternal = savedAny;
  }
  checkStepHealth();
}

// After each step: did the state, a pose or a velocity stop being finite (float poses overflow at
// 3.4e38 before the doubles do), or did RK45 give up (its budget spent, or its error estimate
// overflowed)?
void World::checkStepHealth() {
  std::string what;
  if (const int bad = firstNonFiniteJoint(); bad >= 0) what = "joint " + visuals_[size_t(bad)].name + " is no longer finite";
  for (int body = 0; body < model_.nlinks && what.empty(); ++body) {
    bool finite = true;
    for (int k = 0; k < 7; ++k) finite = finite && std::isfinite(poses_[size_t(7 * body + k)]);
    for (int k = 0; k < 6; ++k) finite = finite && std::isfinite(velocities_[size_t(6 * body + k)]);
    if (!finite) what = "joint " + visuals_[size_t(body)].name + ": its pose or speed overflowed";
  }
  // (Cut to what a saved state may carry: a joint's name can be long.)
  if (!what.empty()) stepError_ = capStateMessage("the simulation blew up at t = " + std::to_string(state_.t) + " s: " + what);
  else if (stalled())
    stepError_ = "RK45 cannot advance at t = " + std::to_string(state_.t) + " s: it did not reach the end of one time step within " +
                 std::to_string(kMaxSubsteps) + " substeps (the tolerance is too tight or the scene too stiff)";
}

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
  double treeMass = 0;
  const int tree = model_.treeOf[size_t(body)];
  for (int link = 0; link < model_.nlinks; ++link)
    if (model_.treeOf[size_t(link)] == tree) treeMass += model_.inertia[size_t(link)].mass;
  forwardKinematics(model_, data_, state_.q, state_.v);
  drag_.body = body;
  drag_.localPoint = linkRotation(data_, body).transpose() * (pointWorld - linkPosition(data_, body));
  drag_.target = pointWorld;
  drag_.mass = treeMass;
  drag_.force.setZero();
  tuneDragSpring(pointWorld);
}

// k, c and the force cap for the configuration now (see startDrag).
void World::tuneDragSpring(const Vec3& pointWorld) {
  // K needs the articulated inertias and poses of this q.
  aba(model_, data_, state_.q, state_.v, loads_.tau, nullptr);
  forwardKinematics(model_, data_, state_.q, state_.v);
  const Mat3 K = collisionMatrix(model_, data_, drag_.body, pointWorld, scratch_);
  const double lightest = 1 / Eigen::SelfAdjointEigenSolver<Mat3>(K, Eigen::EigenvaluesOnly).eigenvalues()(2);
  const double h = settings_.timestep, m = drag_.mass;
  const double omega = 2 * 3.14159265358979 * 5.5;  // 5.5 Hz: g/ω² = 8.2 mm of sag
  drag_.stiffness = std::min(m * omega * omega, lightest * 2.25 / (h * h));
  drag_.damping = std::min(2 * 0.7 * std::sqrt(drag_.stiffness * m), 0.5 * lightest / h);
  drag_.maxForce = 1000 * m * 9.81;
}

Vec3 World::dragPointWorld() const {
  if (drag_.body < 0) return Vec3::Zero();
  return linkRotation(data_, drag_.body) * drag_.localPoint + linkPosition(data_, drag_.body);
}

// F = k (target − p) − c ṗ, capped; uses the kinematics of the last refresh (this state).
void World::applyDragSpring() {
  tuneDragSpring(dragPointWorld());
  const int b = drag_.body;
  const Mat3 R = linkRotation(data_, b);
  const Motion& v = data_.v[size_t(b)];
  const Vec3 point = R * drag_.localPoint + linkPosition(data_, b);
  const Vec3 pointVelocity = R * (v.linear + v.angular.cross(drag_.localPoint));
  Vec3 f = drag_.stiffness * (drag_.target - point) - drag_.damping * pointVelocity;
  if (f.norm() > drag_.maxForce) f *= drag_.maxForce / f.norm();
  drag_.force = f;
  addPointForce(loads_, b, point, f);
}

void World::reset() {
  state_ = initial_;  // same sizes: copies without allocating
  stepError_.clear();
  stats_ = IntegratorStats{};
  stepStats_ = StepStats{};
  interactions_.motors = initialMotors_;
  std::fill(asleep_.begin(), asleep_.end(), 0);
  std::fill(sleepTimer_.begin(), sleepTimer_.end(), 0.0);
  contacts_.clear();
  previousContacts_.clear();
  sleepingContacts_.clear();
  contactBuffer_.clear();
  clearForces();
  endDrag();
  steppedSinceRestore_ = false;
  refreshKinematics();
  startLedger();
}

void World::applyForce(int body, const Vec3& pointWorld, const Vec3& forceWorld) {
  wakeBody(body);
  addPointForce(loads_, body, pointWorld, forceWorld);
}

void World::clearForces() {
  clearExternalForces(loads_);
}

Vec3 World::bodyPosition(int body) const { return linkPosition(data_, body); }
Quat World::bodyOrientation(int body) const { return Quat(linkRotation(data_, body)); }

double World::kineticEnergy() { return fw::kineticEnergy(model_, data_, state_.q, state_.v); }
double World::potentialEnergy() { return fw::potentialEnergy(model_, data_, state_.q); }
Force World::momentum() { return spatialMomentum(model_, data_, state_.q, state_.v); }

int World::firstNonFiniteJoint() const {
  for (int body = 0; body < model_.nlinks; ++body) {
    const JointModel& j = model_.joints[body];
    if (!state_.q.segment(j.idx_q, j.nq).allFinite() || !state_.v.segment(j.idx_v, j.nv).allFinite())
      return body;
  }
  return -1;
}

// Poses for the renderer, in one float buffer: position, then quaternion x, y, z, w.
void World::refreshKinematics() {
  forwardKinematics(model_, data_, state_.q, state_.v);
  updateColliders();
  for (int body = 0; body < model_.nlinks; ++body) {
    const Vec3 p = bodyPosition(body);
    const Quat q = bodyOrientation(body);
    float* out = &poses_[size_t(7 * body)];
    out[0] = float(p.x()), out[1] = float(p.y()), out[2] = float(p.z());
    out[3] = float(q.x()), out[4] = float(q.y()), out[5] = float(q.z()), out[6] = float(q.w());
    const Mat3 R = linkRotation(data_, body);
    const Motion& v = data_.v[size_t(body)];  // link coordinates
    const Vec3 linear = R * v.linear, angular = R * v.angular;
    float* vel = &velocities_[size_t(6 * body)];
    for (int k = 0; k < 3; ++k) vel[k] = float(linear[k]), vel[3 + k] = float(angular[k]);
  }
}

}  // namespace fw
