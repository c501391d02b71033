// The world's state as a value: WorldState (world_state.h) in a versioned blob, written and read
// through its field table, kWorldStateFields, one codec per field type below.
//
//   header  "FWSTATE1"  u32 version  u64 scene hash  u64 structure hash  u64 payload bytes
//           u64 payload checksum (FNV-1a)                                  (44 bytes)
//   payload the fields in the table's order: time, q, q̇; efforts, external forces; motors; the
//           drag spring; the impulse joints' iteration budget; contacts (warm-start impulses,
//           feature ids and where the narrow phase found them) and the sleeping islands' kept
//           contacts; sleep flags and timers; RK45's step and FSAL stage; counters; the step
//           error; the energy ledger.
//
// What is not here is recomputed from it: poses, collider bounds, articulated inertias, the
// accurate mode's interval baselines and the impulse joints' targets are all rebuilt at the
// start of every step. Restoring reads the whole blob into a copy of the state and checks every
// count and index before anything changes, so a refused blob leaves the world as it was.
#include <algorithm>
#include <cmath>

#include "world/state_bytes.h"
#include "world/world.h"

namespace fw {
namespace {

constexpr char kMagic[8] = {'F', 'W', 'S', 'T', 'A', 'T', 'E', '1'};
constexpr uint32_t kVersion = 3;
constexpr size_t kHeaderBytes = 8 + 4 + 8 + 8 + 8 + 8;
constexpr size_t kContactBytes = 3 * 4 + 26 * 8;

// What reading a field needs to know of the world it goes into, and what it found out of range
// (reported after the whole blob has been read, see validate).
struct ReadContext {
  const Model& model;
  size_t colliders;
  bool countsInRange = true;
};

// Each field type: put writes it; get reads it in place and returns '' or why the blob is refused
// at once (a count or index that the rest of the reading cannot trust).
void put(ByteWriter& out, const State& s) {
  out.put(s.t);
  out.putVector(s.q);
  out.putVector(s.v);
}
std::string get(ByteReader& in, State& s, ReadContext& context) {
  s.t = in.get<double>();
  in.getVector(s.q, context.model.nq);
  in.getVector(s.v, context.model.nv);
  return "";
}

// The held loads; the armature is the settings' (implicit damping), not state.
void put(ByteWriter& out, const Loads& loads) {
  out.putVector(loads.tau);
  out.put(uint8_t(loads.anyExternal));
  for (const Force& f : loads.externalWorld) out.putFixed(f.angular), out.putFixed(f.linear);
}
std::string get(ByteReader& in, Loads& loads, ReadContext& context) {
  in.getVector(loads.tau, context.model.nv);
  loads.anyExternal = in.get<uint8_t>() != 0;
  for (Force& f : loads.externalWorld) {
    in.getFixed(f.angular);
    in.getFixed(f.linear);
  }
  return "";
}

// A motor's settings and output; which joint it drives and its mode are the scene's.
void put(ByteWriter& out, const std::vector<JointMotor>& motors) {
  out.put(uint32_t(motors.size()));
  for (const JointMotor& m : motors)
    for (double value : {m.targetVelocity, m.targetPosition, m.stiffness, m.damping, m.maxEffort, m.offset, m.amplitude,
                         m.frequency, m.phase, m.effort})
      out.put(value);
}
std::string get(ByteReader& in, std::vector<JointMotor>& motors, ReadContext&) {
  if (in.get<uint32_t>() != motors.size()) return "its motor count differs";
  for (JointMotor& m : motors)
    for (double* value : {&m.targetVelocity, &m.targetPosition, &m.stiffness, &m.damping, &m.maxEffort, &m.offset,
                          &m.amplitude, &m.frequency, &m.phase, &m.effort})
      *value = in.get<double>();
  return "";
}

void put(ByteWriter& out, const DragSpring& drag) {
  out.put(int32_t(drag.body));
  out.putFixed(drag.localPoint), out.putFixed(drag.target);
  out.put(drag.stiffness), out.put(drag.damping), out.put(drag.maxForce), out.put(drag.mass);
  out.putFixed(drag.force);
}
std::string get(ByteReader& in, DragSpring& drag, ReadContext& context) {
  drag.body = in.get<int32_t>();
  in.getFixed(drag.localPoint), in.getFixed(drag.target);
  drag.stiffness = in.get<double>(), drag.damping = in.get<double>(), drag.maxForce = in.get<double>(), drag.mass = in.get<double>();
  in.getFixed(drag.force);
  if (drag.body < -1 || drag.body >= context.model.nlinks) return "its dragged body does not exist";
  return "";
}

// The impulse joints' iteration budget (the only int field).
void put(ByteWriter& out, const int& iterations) { out.put(int32_t(iterations)); }
std::string get(ByteReader& in, int& iterations, ReadContext&) {
  iterations = in.get<int32_t>();
  if (iterations < 1 || iterations > 10000) return "its joint iteration budget is out of range";
  return "";
}

void put(ByteWriter& out, const std::vector<Contact>& contacts) {
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
    out.putFixed(c.localA);
    out.putFixed(c.localB);
    out.putFixed(c.normalInA);
    out.put(c.foundSeparation);
    out.putFixed(c.foundTurn.coeffs());
  }
}
std::string get(ByteReader& in, std::vector<Contact>& contacts, ReadContext& context) {
  const std::string refused = "its contacts name colliders that do not exist or are out of order";
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
    in.getFixed(c.localA);
    in.getFixed(c.localB);
    in.getFixed(c.normalInA);
    c.foundSeparation = in.get<double>();
    in.getFixed(c.foundTurn.coeffs());
    if (c.colliderA < 0 || c.colliderB <= c.colliderA || size_t(c.colliderB) >= context.colliders) return refused;
    // A realtime step may keep these points (kept_manifold.h): a finite turn must be a rotation
    // and a finite normal a unit one. Anchors that are not finite (a run that blew up reaches
    // them) are never kept: every test keepManifold makes of them is false.
    if ((c.foundTurn.coeffs().allFinite() && std::abs(c.foundTurn.norm() - 1) >= 1e-6) ||
        (c.normalInA.allFinite() && std::abs(c.normalInA.norm() - 1) >= 1e-6))
      return "its contacts' anchors are not a rotation and a unit normal";
  }
  if (!in.ok() || !std::is_sorted(contacts.begin(), contacts.end(), contactOrder)) return refused;
  return "";
}

// Per tree, sizes fixed by the scene: sleep flags as bytes, timers as doubles.
void put(ByteWriter& out, const std::vector<char>& flags) {
  for (char a : flags) out.put(uint8_t(a));
}
std::string get(ByteReader& in, std::vector<char>& flags, ReadContext&) {
  for (char& a : flags) a = char(in.get<uint8_t>() != 0);
  return "";
}
void put(ByteWriter& out, const std::vector<double>& values) {
  for (double x : values) out.put(x);
}
std::string get(ByteReader& in, std::vector<double>& values, ReadContext&) {
  for (double& x : values) x = in.get<double>();
  return "";
}

void put(ByteWriter& out, const IntegratorMemory& memory) {
  out.put(memory.adaptiveStep);
  out.put(uint8_t(memory.fsalReady));
  if (memory.fsalReady) {
    out.putVector(memory.fsalQ), out.putVector(memory.fsalV), out.putVector(memory.fsalTau), out.putVector(memory.fsalA);
  }
}
std::string get(ByteReader& in, IntegratorMemory& memory, ReadContext& context) {
  memory.adaptiveStep = in.get<double>();
  memory.fsalReady = in.get<uint8_t>() != 0;
  if (memory.fsalReady) {
    in.getVector(memory.fsalQ, context.model.nq), in.getVector(memory.fsalV, context.model.nv);
    in.getVector(memory.fsalTau, context.model.nv), in.getVector(memory.fsalA, context.model.nv);
  }
  return "";
}

// Counters are read as 64 bits and range-checked before they become a (possibly 32-bit) long.
void getCount(ByteReader& in, long& n, ReadContext& context) {
  const int64_t value = in.get<int64_t>();
  context.countsInRange = context.countsInRange && value >= 0 && value <= kMaxStateCount;
  n = context.countsInRange ? long(value) : 0;
}

void put(ByteWriter& out, const IntegratorStats& stats) {
  for (long n : {stats.steps, stats.accepted, stats.rejected, stats.derivativeEvaluations, stats.minStepHits, stats.stalls})
    out.put(int64_t(n));
}
std::string get(ByteReader& in, IntegratorStats& stats, ReadContext& context) {
  for (long* n : {&stats.steps, &stats.accepted, &stats.rejected, &stats.derivativeEvaluations, &stats.minStepHits, &stats.stalls})
    getCount(in, *n, context);
  return "";
}

void put(ByteWriter& out, const StepStats& stats) {
  out.put(int32_t(stats.contacts)), out.put(int32_t(stats.rows));
  for (long n : {stats.events, stats.unlocatedEvents, stats.jointCorrections}) out.put(int64_t(n));
  out.put(stats.jointGap);
}
std::string get(ByteReader& in, StepStats& stats, ReadContext& context) {
  stats.contacts = in.get<int32_t>(), stats.rows = in.get<int32_t>();
  context.countsInRange = context.countsInRange && stats.contacts >= 0 && stats.rows >= 0;
  for (long* n : {&stats.events, &stats.unlocatedEvents, &stats.jointCorrections}) getCount(in, *n, context);
  stats.jointGap = in.get<double>();
  return "";
}

void put(ByteWriter& out, const std::string& message) { out.putString(message); }
std::string get(ByteReader& in, std::string& message, ReadContext&) {
  message = in.getString();
  return "";
}

void put(ByteWriter& out, const EnergyLedger& ledger) {
  for (double value : {ledger.initial, ledger.effortWork, ledger.motorWork, ledger.appliedWork, ledger.contactLoss,
                       ledger.dampingLoss})
    out.put(value);
}
std::string get(ByteReader& in, EnergyLedger& ledger, ReadContext&) {
  for (double* value : {&ledger.initial, &ledger.effortWork, &ledger.motorWork, &ledger.appliedWork, &ledger.contactLoss,
                        &ledger.dampingLoss})
    *value = in.get<double>();
  return "";
}

// Values the world's own steps can never produce (a forged or corrupted blob): refused, as the
// loader refuses such numbers in a scene. q, q̇ and the energy ledger may be anything a run can
// reach, NaN included (the next step reports it); the ledger only reports, never steers.
std::string validate(const WorldState& s, const ReadContext& context, double timestep) {
  if (!(s.motion.t >= 0 && s.motion.t <= kMaxStateTime)) return "its time is not between 0 and 1e12 s";
  if (!context.countsInRange) return "its step counters are negative or beyond any run's";
  if (s.stepError.size() > kMaxStateMessageBytes)
    return "its stop message is longer than " + std::to_string(kMaxStateMessageBytes) + " bytes";
  const double step = s.integrator.adaptiveStep;
  // The last substep ends exactly at the step's end, so it may exceed the time step by rounding.
  if (!std::isfinite(step) || step < 0 || step > timestep * (1 + 1e-9)) return "its RK45 step is not between 0 and the time step";
  if (!std::all_of(s.sleepTimer.begin(), s.sleepTimer.end(), [](double x) { return std::isfinite(x) && x >= 0; }))
    return "its sleep timers are not finite times ≥ 0";
  const DragSpring& d = s.drag;
  if (!std::isfinite(d.stiffness + d.damping + d.maxForce + d.mass) || d.stiffness < 0 || d.damping < 0 || d.maxForce < 0 ||
      d.mass < 0)
    return "its drag spring is not finite and ≥ 0";
  return "";
}

}  // namespace

std::vector<uint8_t> World::saveState() const {
  std::vector<uint8_t> payload;
  payload.reserve(1024 + 8 * size_t(3 * model_.nv + model_.nq + 6 * model_.nlinks + 10 * state_.motors.size()) +
                  kContactBytes * (state_.contacts.size() + state_.sleepingContacts.size()) + 9 * state_.asleep.size() +
                  (state_.integrator.fsalReady ? 8 * size_t(model_.nq + 3 * model_.nv) : 0));
  ByteWriter out(payload);
  forEachStateField([&](const auto& field) {
    put(out, state_.*field.member);
    return true;
  });

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

  // Everything into a copy first (it has the scene's sizes and the motors' joints and modes); the
  // world changes only once all of it has been read and checked.
  const std::string damaged = "the saved state is damaged: ";
  WorldState incoming = state_;
  ReadContext context{model_, interactions_.colliders.size()};
  ByteReader in(payload);
  std::string refused;
  forEachStateField([&](const auto& field) {
    refused = get(in, incoming.*field.member, context);
    return refused.empty();
  });
  if (!refused.empty()) return damaged + refused;
  if (!in.ok()) return damaged + "it ends before all of the world's state was read";
  if (!in.atEnd()) return damaged + "it has bytes after the world's state";
  if (const std::string invalid = validate(incoming, context, settings_.timestep); !invalid.empty()) return damaged + invalid;

  // Copies into the same storage (same sizes): the page's views of q, q̇ and the efforts stay valid.
  forEachStateField([&](const auto& field) {
    state_.*field.member = incoming.*field.member;
    return true;
  });
  work_.previousContacts.clear();
  steppedSinceRestore_ = false;
  countTimeFrom(state_.motion.t);
  refreshKinematics();
  reportContacts();
  // Another scene's ledger would not balance here (other masses, other heights): it starts anew.
  if (match != StateMatch::SameScene) startLedger();
  return "";
}

}  // namespace fw
