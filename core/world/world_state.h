#pragma once
// The persistent state of a world: everything that decides its future, in one aggregate, and the
// one table of its fields that the saved state (world_state.cpp) is written and read through.
// A member added to WorldState must be added to kWorldStateFields too (with a codec for its type
// in world_state.cpp): tests/core/world_state_fields_test.cpp counts the aggregate's members and
// fails while the two disagree.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "constraints/joint_motor.h"
#include "integrators/integrator.h"
#include "model/loads.h"
#include "model/state.h"
#include "spatial/types.h"
#include "world/energy_ledger.h"

namespace fw {

// One contact point of the last step, for the solver's warm start and for display.
struct Contact {
  int colliderA = -1, colliderB = -1;
  uint32_t feature = 0;
  Vec3 point = Vec3::Zero();
  Vec3 normal = Vec3::UnitZ();  // from A to B
  double separation = 0;
  double normalImpulse = 0;
  Vec3 frictionImpulse = Vec3::Zero();  // world; the manifold's friction anchor, on its first point
  double twistImpulse = 0;              // likewise, about the normal
  // Where the narrow phase last found the point, in the colliders' own frames: its surface
  // points on A and on B, the normal in A's frame, the separation, and B's rotation relative to A
  // then. A realtime step keeps a flat-faced pair's manifold from these while the pair has barely
  // moved (kept_manifold.h; a curved pair's stay at these defaults); saved, so a restored world
  // keeps the same manifolds as the run it was saved from.
  Vec3 localA = Vec3::Zero(), localB = Vec3::Zero(), normalInA = Vec3::UnitZ();
  double foundSeparation = 0;
  Quat foundTurn = Quat::Identity();
};

// The order contacts are kept in: by pair, then feature (for warm starting by binary search).
bool contactOrder(const Contact& a, const Contact& b);

// Two tangents completing a contact normal to a right-handed frame, chosen the same way every
// step (friction rows and the friction impulse kept as a world vector use the same pair).
inline void contactTangents(const Vec3& n, Vec3& t1, Vec3& t2) {
  t1 = std::abs(n.x()) < 0.57 ? Vec3::UnitX().cross(n) : Vec3::UnitY().cross(n);
  t1.normalize();
  t2 = n.cross(t1);
}

struct StepStats {
  int contacts = 0;          // contact points of the last step
  int rows = 0;              // solver rows of the last step
  long events = 0;           // accurate: located impacts and limit hits, in total
  long unlocatedEvents = 0;  // accurate: steps that ran out of maxEventsPerStep
  long jointCorrections = 0; // impulse joints: correction impulses applied, in total
  double jointGap = 0;       // impulse joints: the largest predicted gap of the last pass
};

// The mouse spring (world.cpp: startDrag), body −1 while nothing is grabbed.
struct DragSpring {
  int body = -1;
  Vec3 localPoint = Vec3::Zero();
  Vec3 target = Vec3::Zero();
  double stiffness = 0, damping = 0, maxForce = 0;
  double mass = 0;  // of the grabbed body's tree
  Vec3 force = Vec3::Zero();
};

// RK45's memory between calls: the last accepted substep (the next call starts from it) and the
// first-same-as-last stage. The integrator keeps it in Data; the accurate step lends it there for
// the length of each advance() (exchangeIntegratorMemory) and keeps it here in between.
struct IntegratorMemory {
  double adaptiveStep = 0;
  bool fsalReady = false;
  Eigen::VectorXd fsalQ, fsalV, fsalTau, fsalA;
};

struct WorldState {
  State motion;                          // t, q, q̇
  Loads loads;                           // efforts and forces held (its armature is the settings')
  std::vector<JointMotor> motors;        // targets and gains as set, the last effort
  DragSpring drag;
  int jointIterations = 1;               // the impulse joints' correction budget per step
  std::vector<Contact> contacts;         // with their warm-start impulses, sorted (contactOrder)
  std::vector<Contact> sleepingContacts; // of islands asleep: kept for display and body forces
  std::vector<char> asleep;              // per tree
  std::vector<double> sleepTimer;        // per tree: how long it has been slow
  IntegratorMemory integrator;
  IntegratorStats stats;
  StepStats stepStats;
  std::string stepError;                 // '' while the world steps
  EnergyLedger ledger;
};

// One entry of the field table: the member and the name it is reported by.
template <auto Member>
struct StateField {
  static constexpr auto member = Member;
  const char* name;
};

// Every member of WorldState, once, in the order of the saved state's payload.
inline constexpr std::tuple kWorldStateFields{
    StateField<&WorldState::motion>{"motion"},
    StateField<&WorldState::loads>{"loads"},
    StateField<&WorldState::motors>{"motors"},
    StateField<&WorldState::drag>{"drag"},
    StateField<&WorldState::jointIterations>{"jointIterations"},
    StateField<&WorldState::contacts>{"contacts"},
    StateField<&WorldState::sleepingContacts>{"sleepingContacts"},
    StateField<&WorldState::asleep>{"asleep"},
    StateField<&WorldState::sleepTimer>{"sleepTimer"},
    StateField<&WorldState::integrator>{"integrator"},
    StateField<&WorldState::stats>{"stats"},
    StateField<&WorldState::stepStats>{"stepStats"},
    StateField<&WorldState::stepError>{"stepError"},
    StateField<&WorldState::ledger>{"ledger"},
};
inline constexpr size_t kWorldStateFieldCount = std::tuple_size_v<decltype(kWorldStateFields)>;

// Calls f(field) for every entry of the table, in order, while f returns true; false if one did not.
template <typename F>
bool forEachStateField(F&& f) {
  return std::apply([&](const auto&... field) { return (f(field) && ...); }, kWorldStateFields);
}

// How many members an aggregate has: the most initializers T{…} accepts (a value that converts
// to anything stands for each). Members whose type has no default constructor (Loads) make the
// shorter lists fail too, so the count is searched downwards from kMaxFields.
namespace detail {
struct AnyMember {
  template <typename T>
  operator T() const;  // declared only: used in unevaluated requires-expressions
};
template <typename T, size_t... I>
constexpr bool bracesAccept(std::index_sequence<I...>) {
  return requires { T{((void)I, AnyMember{})...}; };
}
template <typename T, size_t N>
constexpr size_t aggregateArity() {
  if constexpr (N == 0 || bracesAccept<T>(std::make_index_sequence<N>{})) return N;
  else return aggregateArity<T, N - 1>();
}
}  // namespace detail

template <typename T>
inline constexpr size_t kAggregateMembers = detail::aggregateArity<T, 40>();

}  // namespace fw
