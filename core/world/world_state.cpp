// The world's state as a value: everything that decides the future, in a versioned blob.
//
//   header  "FWSTATE1"  u32 version  u64 scene hash  u64 structure hash  u64 payload bytes
//           u64 payload checksum (FNV-1a)                                  (44 bytes)
//   payload time, q, q̇; efforts, external forces; motors; the drag spring; the impulse joints'
//           iteration budget; contacts (warm-start impulses and feature ids) and the sleeping
//           islands' kept contacts; sleep flags and timers; RK45's step and FSAL stage;
//           counters; the step error; the energy ledger (version 2).
//
// What is not here is recomputed from it: poses, collider bounds, articulated inertias, the
// accurate mode's interval baselines and the impulse joints' targets are all rebuilt at the
// start of every step. Restoring reads the whole blob into temporaries and checks every count
// and index before anything changes, so a refused blob leaves the world as it was.
#include <algorithm>
#include <cmath>

#include "world/state_bytes.h"
#include "world/world.h"

namespace fw {
namespace {

constexpr char kMagic[8] = {'F', 'W', 'S', 'T', 'A', 'T', 'E', '1'};
constexpr uint32_t kVersion = 2;
constexpr size_t kHeaderBytes = 8 + 4 + 8 + 8 + 8 + 8;
constexpr size_t kContactBytes = 3 * 4 + 12 * 8;

void putContacts(ByteWriter& out, const std::vector<Contact>& contacts) {
  out.put(uint32_t(contacts.size()));
  for (const Contact& c : contacts) {
    out.put(int32_t(c.colliderA));
    out.put(int32_t(c.colliderB));
    out.put(c.feature);
    out.putFixed(c.point);
    out.putFixed(c.normal);
    out.put(c.separation);
    out.put(c.normalImpulse);
    out.putFixed(c.frictionImpulse);
    out.put(c.twistImpulse);
  }
}

bool getContacts(ByteReader& in, size_t colliders, std::vector<Contact>& contacts) {
  const uint32_t n = in.getCount(kContactBytes);
  contacts.resize(n);
  for (Contact& c : contacts) {
    c.colliderA = in.get<int32_t>();
    c.colliderB = in.get<int32_t>();
    c.feature = in.get<uint32_t>();
    in.getFixed(c.point);
    in.getFixed(c.normal);
    c.separation = in.get<double>();
    c.normalImpulse = in.get<double>();
    in.getFixed(c.frictionImpulse);
    c.twistImpulse = in.get<double>();
    if (c.colliderA < 0 || c.colliderB <= c.colliderA || size_t(c.colliderB) >= colliders) return false;
  }
  return in.ok() && std::is_sorted(contacts.begin(), contacts.end(), contactOrder);
}

}  // namespace

// Two fingerprints of what the world was built from. The structure: sizes, joint types, tree
// shape, which link carries which collider, limits, motors and impulse joints, the stepping
// mode. The scene: all of that and every number (gravity, placements, inertias, shapes,
// materials, settings).
void World::fingerprintModel() {
  Fingerprint structure;
  structure.add(model_.nlinks), structure.add(model_.nq), structure.add(model_.nv);
  for (int link = 0; link < model_.nlinks; ++link) {
    structure.add(model_.joints[size_t(link)].type);
    structure.add(model_.parent[size_t(link)]);
  }
  structure.add(uint64_t(interactions_.colliders.size()));
  for (const Collider& c : interactions_.colliders) structure.add(c.link), structure.add(c.shape.type);
  structure.add(uint64_t(interactions_.limits.size()));
  for (const JointLimit& l : interactions_.limits) structure.add(l.link), structure.add(l.impulseJoint), structure.add(l.cone);
  structure.add(uint64_t(interactions_.motors.size()));
  for (const JointMotor& m : interactions_.motors) structure.add(m.link), structure.add(m.impulseJoint), structure.add(m.mode);
  structure.add(uint64_t(interactions_.impulseJoints.size()));
  for (const ImpulseJoint& j : interactions_.impulseJoints) structure.add(j.type), structure.add(j.linkA), structure.add(j.linkB);
  structure.add(settings_.stepping), structure.add(settings_.integrator.kind);
  structureHash_ = structure.value();

  Fingerprint scene = structure;
  scene.add(model_.gravity);
  for (int link = 0; link < model_.nlinks; ++link) {
    const size_t i = size_t(link);
    scene.add(model_.joints[i].axis);
    scene.add(model_.jointPlacement[i].E), scene.add(model_.jointPlacement[i].r);
    scene.add(model_.inertia[i].mass), scene.add(model_.inertia[i].com), scene.add(model_.inertia[i].inertiaAboutCom);
    scene.add(model_.linearDrag[i]), scene.add(model_.angularDrag[i]);
    scene.add(model_.linkNames[i]);
  }
  for (int k = 0; k < model_.nv; ++k) {
    const size_t i = size_t(k);
    scene.add(model_.damping[i]), scene.add(model_.springStiffness[i]), scene.add(model_.springRest[i]);
    scene.add(model_.coulombFriction[i]);
  }
  for (const Collider& c : interactions_.colliders) {
    const Shape& s = c.shape;
    scene.add(s.radius), scene.add(s.size), scene.add(s.length), scene.add(s.position), scene.add(s.orientation.coeffs());
    scene.add(s.density), scene.add(s.friction), scene.add(s.restitution), scene.add(s.collisionGroup), scene.add(s.collisionMask);
    if (s.hull)
      for (const Vec3& v : s.hull->vertices) scene.add(v);
  }
  for (char self : interactions_.selfCollision) scene.add(self);
  for (int family : interactions_.collisionFamily) scene.add(family);
  for (const JointLimit& l : interactions_.limits)
    scene.add(l.lower), scene.add(l.upper), scene.add(l.coneAngle), scene.add(l.restitution);
  for (const ImpulseJoint& j : interactions_.impulseJoints) {
    scene.add(j.anchorA), scene.add(j.anchorB), scene.add(j.frameA), scene.add(j.frameB), scene.add(j.axis), scene.add(j.axis2);
  }
  const WorldSettings& w = settings_;
  scene.add(w.timestep), scene.add(w.integrator.dynamics), scene.add(w.integrator.absoluteTolerance);
  scene.add(w.integrator.relativeTolerance), scene.add(w.integrator.minStep), scene.add(w.integrator.maxStep);
  const SolverSettings& s = w.solver;
  scene.add(s.velocityIterations), scene.add(s.convergence), scene.add(s.positionIterations);
  if (s.substeps != SolverSettings{}.substeps) scene.add(s.substeps);  // links saved before it existed stay valid
  scene.add(s.restitutionThreshold), scene.add(s.linearSlop), scene.add(s.positionCorrection);
  scene.add(s.maxCorrectionVelocity), scene.add(s.speculativeMargin), scene.add(s.warmStarting), scene.add(s.cone);
  scene.add(s.restitutionLaw), scene.add(s.sleep), scene.add(s.sleepVelocity), scene.add(s.sleepTime);
  scene.add(w.joints.tolerance), scene.add(w.joints.maxSpeed);
  scene.add(w.eventTolerance), scene.add(w.impactThreshold), scene.add(w.maxEventsPerStep);
  modelHash_ = scene.value();
}

std::vector<uint8_t> World::saveState() const {
  std::vector<uint8_t> payload;
  payload.reserve(1024 + 8 * size_t(3 * model_.nv + model_.nq + 6 * model_.nlinks + 10 * interactions_.motors.size()) +
                  kContactBytes * (contacts_.size() + sleepingContacts_.size()) + 9 * asleep_.size() +
                  (data_.fsalReady ? 8 * size_t(model_.nq + 3 * model_.nv) : 0));
  ByteWriter out(payload);
  out.put(state_.t);
  out.putVector(state_.q);
  out.putVector(state_.v);

  out.putVector(loads_.tau);
  out.put(uint8_t(loads_.anyExternal));
  for (const Force& f : loads_.externalWorld) out.putFixed(f.angular), out.putFixed(f.linear);

  out.put(uint32_t(interactions_.motors.size()));
  for (const JointMotor& m : interactions_.motors)
    for (double value : {m.targetVelocity, m.targetPosition, m.stiffness, m.damping, m.maxEffort, m.offset, m.amplitude,
                         m.frequency, m.phase, m.effort})
      out.put(value);

  out.put(int32_t(drag_.body));
  out.putFixed(drag_.localPoint), out.putFixed(drag_.target);
  out.put(drag_.stiffness), out.put(drag_.damping), out.put(drag_.maxForce), out.put(drag_.mass);
  out.putFixed(drag_.force);
  out.put(int32_t(settings_.joints.iterations));

  putContacts(out, contacts_);
  putContacts(out, sleepingContacts_);
  for (char a : asleep_) out.put(uint8_t(a));
  for (double timer : sleepTimer_) out.put(timer);

  out.put(data_.adaptiveStep);
  out.put(uint8_t(data_.fsalReady));
  if (data_.fsalReady) {
    out.putVector(data_.fsalQ), out.putVector(data_.fsalV), out.putVector(data_.fsalTau), out.putVector(data_.fsalA);
  }

  for (long n : {stats_.steps, stats_.accepted, stats_.rejected, stats_.derivativeEvaluations, stats_.minStepHits, stats_.stalls})
    out.put(int64_t(n));
  out.put(int32_t(stepStats_.contacts)), out.put(int32_t(stepStats_.rows));
  for (long n : {stepStats_.events, stepStats_.unlocatedEvents, stepStats_.jointCorrections}) out.put(int64_t(n));
  out.put(stepStats_.jointGap);
  out.putString(stepError_);
  for (double value : {ledger_.initial, ledger_.effortWork, ledger_.motorWork, ledger_.appliedWork, ledger_.contactLoss,
                       ledger_.dampingLoss})
    out.put(value);

  Fingerprint checksum;
  checksum.bytes(payload.data(), payload.size());
  std::vector<uint8_t> blob;
  blob.reserve(kHeaderBytes + payload.size());
  ByteWriter header(blob);
  for (char c : kMagic) header.put(c);
  header.put(kVersion);
  header.put(modelHash_);
  header.put(structureHash_);
  header.put(uint64_t(payload.size()));
  header.put(checksum.value());
  blob.insert(blob.end(), payload.begin(), payload.end());
  return blob;
}

std::string World::restoreState(std::span<const uint8_t> blob, StateMatch match) {
  if (blob.size() < kHeaderBytes) return "not a saved world state: " + std::to_string(blob.size()) + " bytes is shorter than its header";
  ByteReader header(blob.first(kHeaderBytes));
  for (char c : kMagic)
    if (header.get<char>() != c) return "not a saved world state (its first bytes are not FWSTATE1)";
  if (const uint32_t version = header.get<uint32_t>(); version != kVersion)
    return "saved world state version " + std::to_string(version) + " is not the version this engine reads (" +
           std::to_string(kVersion) + ")";
  const uint64_t sceneHash = header.get<uint64_t>(), structureHash = header.get<uint64_t>();
  if (match == StateMatch::SameScene && sceneHash != modelHash_)
    return "the saved state belongs to another scene (its scene fingerprint differs from the one loaded)";
  if (structureHash != structureHash_)
    return "the saved state belongs to a scene with other bodies, joints, colliders or motors than the one loaded";
  const uint64_t payloadBytes = header.get<uint64_t>(), expectedChecksum = header.get<uint64_t>();
  if (payloadBytes != blob.size() - kHeaderBytes)
    return "the saved state is truncated or has extra bytes: " + std::to_string(blob.size() - kHeaderBytes) +
           " payload bytes where its header says " + std::to_string(payloadBytes);
  const std::span<const uint8_t> payload = blob.subspan(kHeaderBytes);
  Fingerprint checksum;
  checksum.bytes(payload.data(), payload.size());
  if (checksum.value() != expectedChecksum) return "the saved state is damaged (its checksum does not match)";

  // Everything into temporaries first; the world changes only once all of it has been read.
  const std::string damaged = "the saved state is damaged: ";
  ByteReader in(payload);
  State state;
  state.t = in.get<double>();
  in.getVector(state.q, model_.nq);
  in.getVector(state.v, model_.nv);
  Eigen::VectorXd tau;
  in.getVector(tau, model_.nv);
  const bool anyExternal = in.get<uint8_t>() != 0;
  std::vector<Force> external(size_t(model_.nlinks));
  for (Force& f : external) {
    in.getFixed(f.angular);
    in.getFixed(f.linear);
  }
  std::vector<JointMotor> motors = interactions_.motors;
  if (in.get<uint32_t>() != motors.size()) return damaged + "its motor count differs";
  for (JointMotor& m : motors)
    for (double* value : {&m.targetVelocity, &m.targetPosition, &m.stiffness, &m.damping, &m.maxEffort, &m.offset,
                          &m.amplitude, &m.frequency, &m.phase, &m.effort})
      *value = in.get<double>();
  DragSpring drag;
  drag.body = in.get<int32_t>();
  in.getFixed(drag.localPoint), in.getFixed(drag.target);
  drag.stiffness = in.get<double>(), drag.damping = in.get<double>(), drag.maxForce = in.get<double>(), drag.mass = in.get<double>();
  in.getFixed(drag.force);
  if (drag.body < -1 || drag.body >= model_.nlinks) return damaged + "its dragged body does not exist";
  const int32_t jointIterations = in.get<int32_t>();
  if (jointIterations < 1 || jointIterations > 10000) return damaged + "its joint iteration budget is out of range";
  std::vector<Contact> contacts, sleepingContacts;
  if (!getContacts(in, interactions_.colliders.size(), contacts) ||
      !getContacts(in, interactions_.colliders.size(), sleepingContacts))
    return damaged + "its contacts name colliders that do not exist or are out of order";
  std::vector<char> asleep(asleep_.size());
  for (char& a : asleep) a = char(in.get<uint8_t>() != 0);
  std::vector<double> sleepTimer(sleepTimer_.size());
  for (double& timer : sleepTimer) timer = in.get<double>();
  const double adaptiveStep = in.get<double>();
  const bool fsalReady = in.get<uint8_t>() != 0;
  Eigen::VectorXd fsalQ, fsalV, fsalTau, fsalA;
  if (fsalReady) {
    in.getVector(fsalQ, model_.nq), in.getVector(fsalV, model_.nv);
    in.getVector(fsalTau, model_.nv), in.getVector(fsalA, model_.nv);
  }
  // Counters are read as 64 bits and range-checked before they become a (possibly 32-bit) long.
  bool countsInRange = true;
  const auto count = [&](long& n) {
    const int64_t value = in.get<int64_t>();
    countsInRange = countsInRange && value >= 0 && value <= kMaxStateCount;
    n = countsInRange ? long(value) : 0;
  };
  IntegratorStats stats;
  for (long* n : {&stats.steps, &stats.accepted, &stats.rejected, &stats.derivativeEvaluations, &stats.minStepHits, &stats.stalls})
    count(*n);
  StepStats stepStats;
  stepStats.contacts = in.get<int32_t>(), stepStats.rows = in.get<int32_t>();
  countsInRange = countsInRange && stepStats.contacts >= 0 && stepStats.rows >= 0;
  for (long* n : {&stepStats.events, &stepStats.unlocatedEvents, &stepStats.jointCorrections}) count(*n);
  stepStats.jointGap = in.get<double>();
  std::string stepError = in.getString();
  EnergyLedger ledger;
  for (double* value : {&ledger.initial, &ledger.effortWork, &ledger.motorWork, &ledger.appliedWork, &ledger.contactLoss,
                        &ledger.dampingLoss})
    *value = in.get<double>();
  if (!in.ok()) return damaged + "it ends before all of the world's state was read";
  if (!in.atEnd()) return damaged + "it has bytes after the world's state";
  // Values the world's own steps can never produce (a forged or corrupted blob): refused, as the
  // loader refuses such numbers in a scene. q, q̇ and the energy ledger may be anything a run can
  // reach, NaN included (the next step reports it).
  if (!(state.t >= 0 && state.t <= kMaxStateTime)) return damaged + "its time is not between 0 and 1e12 s";
  if (!countsInRange) return damaged + "its step counters are negative or beyond any run's";
  if (stepError.size() > kMaxStateMessageBytes)
    return damaged + "its stop message is longer than " + std::to_string(kMaxStateMessageBytes) + " bytes";
  if (!std::isfinite(adaptiveStep) || adaptiveStep < 0 || adaptiveStep > settings_.timestep)
    return damaged + "its RK45 step is not between 0 and the time step";
  if (!std::all_of(sleepTimer.begin(), sleepTimer.end(), [](double x) { return std::isfinite(x) && x >= 0; }))
    return damaged + "its sleep timers are not finite times ≥ 0";
  if (!std::isfinite(drag.stiffness + drag.damping + drag.maxForce + drag.mass) || drag.stiffness < 0 || drag.damping < 0 ||
      drag.maxForce < 0 || drag.mass < 0)
    return damaged + "its drag spring is not finite and ≥ 0";
  // The energy ledger is not checked: like q and q̇ it may hold whatever a run reached (a world
  // that blew up books NaN), and it only reports, never steers the motion.

  // Copies into the same storage: the page's views of q, q̇ and the efforts stay valid.
  state_.q = state.q, state_.v = state.v, state_.t = state.t;
  loads_.tau = tau;
  loads_.anyExternal = anyExternal;
  loads_.externalWorld = external;
  interactions_.motors = std::move(motors);
  drag_ = drag;
  settings_.joints.iterations = jointIterations;
  contacts_ = std::move(contacts);
  sleepingContacts_ = std::move(sleepingContacts);
  previousContacts_.clear();
  asleep_ = std::move(asleep);
  sleepTimer_ = std::move(sleepTimer);
  data_.adaptiveStep = adaptiveStep;
  data_.fsalReady = fsalReady;
  if (fsalReady) data_.fsalQ = fsalQ, data_.fsalV = fsalV, data_.fsalTau = fsalTau, data_.fsalA = fsalA;
  stats_ = stats;
  stepStats_ = stepStats;
  stepError_ = std::move(stepError);
  steppedSinceRestore_ = false;
  refreshKinematics();
  reportContacts();
  // Another scene's ledger would not balance here (other masses, other heights): it starts anew.
  if (match == StateMatch::SameScene) ledger_ = ledger;
  else startLedger();
  return "";
}

}  // namespace fw
