// Integrators over long runs: energy, angular momentum, manifold constraints and the statistics
// they report. And the step loop allocates nothing.
#include <gtest/gtest.h>

#include <atomic>
#include <cmath>
#include <cstdlib>
#include <new>

#include "algorithms/aba.h"
#include "algorithms/crba.h"
#include "algorithms/energy.h"
#include "algorithms/forward_kinematics.h"
#include "algorithms/momentum.h"
#include "algorithms/rnea.h"
#include "integrators/integrator.h"
#include "scene/scene_builder.h"
#include "scene/scene_parser.h"
#include "test_models.h"

// Counts heap allocations while armed, for the no-allocation test below.
namespace {
std::atomic<bool> countAllocations{false};
std::atomic<long> allocations{0};
}  // namespace

// Every form of new and delete is replaced together: a sanitizer's own nothrow or array new
// freed by this delete would be an allocation mismatch (std::stable_sort's buffer is nothrow).
void* operator new(std::size_t size) {
  if (countAllocations) ++allocations;
  if (void* p = std::malloc(size ? size : 1)) return p;
  throw std::bad_alloc();
}
void* operator new(std::size_t size, const std::nothrow_t&) noexcept {
  if (countAllocations) ++allocations;
  return std::malloc(size ? size : 1);
}
void* operator new[](std::size_t size) { return operator new(size); }
void* operator new[](std::size_t size, const std::nothrow_t& tag) noexcept { return operator new(size, tag); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { std::free(p); }

namespace fw {
namespace {

const Vec3 kAboutY(0, 1, 0);

// Point masses of 1 kg on massless 1 m rods hanging from the origin, swinging about y.
Model pendulumChain(int links) {
  ModelBuilder b;
  for (int i = 0; i < links; ++i)
    b.addLink(test::link(i - 1, JointType::Revolute, kAboutY, i == 0 ? Vec3::Zero() : Vec3(0, 0, -1),
                         test::pointMass(1, Vec3(0, 0, -1))));
  return b.build();
}

double totalEnergy(const Model& model, Data& data, const State& s) {
  return kineticEnergy(model, data, s.q, s.v) + potentialEnergy(model, data, s.q);
}

struct EnergyRun {
  double maxRelativeEnergyError = 0;
  IntegratorStats stats;
};

// Energy error relative to the energy above the hanging rest position.
EnergyRun runEnergy(const Model& model, IntegratorSettings settings, State s, double dt, double duration) {
  Data data(model);
  Loads loads(model);
  State rest = s;
  rest.q.setZero();
  rest.v.setZero();
  const double eRest = totalEnergy(model, data, rest);
  const double e0 = totalEnergy(model, data, s) - eRest;
  EnergyRun run;
  const long steps = std::lround(duration / dt);
  for (long n = 0; n < steps; ++n) {
    advance(model, data, loads, s, dt, settings, run.stats);
    const double e = totalEnergy(model, data, s) - eRest;
    run.maxRelativeEnergyError = std::max(run.maxRelativeEnergyError, std::abs(e - e0) / e0);
  }
  return run;
}

State released(const Model& model, std::initializer_list<double> angles) {
  State s;
  s.q = Eigen::VectorXd::Map(angles.begin(), Eigen::Index(angles.size()));
  s.v = Eigen::VectorXd::Zero(model.nv);
  return s;
}

TEST(Integrators, Rk4KeepsTheDoublePendulumsEnergy) {
  const Model model = pendulumChain(2);
  IntegratorSettings settings;
  settings.kind = IntegratorKind::RK4;
  const EnergyRun run = runEnergy(model, settings, released(model, {1.0, 0.5}), 1e-3, 10);
  EXPECT_LT(run.maxRelativeEnergyError, 1e-7);
  EXPECT_EQ(run.stats.derivativeEvaluations, 4 * run.stats.steps);
  EXPECT_EQ(run.stats.accepted, 10000);
}

TEST(Integrators, Rk45AtTightToleranceKeepsTheDoublePendulumsEnergy) {
  const Model model = pendulumChain(2);
  IntegratorSettings settings;
  settings.kind = IntegratorKind::RK45;
  settings.absoluteTolerance = settings.relativeTolerance = 1e-10;
  const EnergyRun run = runEnergy(model, settings, released(model, {1.0, 0.5}), 1e-3, 10);
  EXPECT_LT(run.maxRelativeEnergyError, 1e-8);
  // Seven stages with the first same as last: 6 new evaluations per substep, plus the very first
  // (the last stage carries over from one step to the next when nothing changed in between).
  EXPECT_GE(run.stats.accepted, 10000);
  EXPECT_EQ(run.stats.derivativeEvaluations, 6 * (run.stats.accepted + run.stats.rejected) + 1);
}

TEST(Integrators, SemiImplicitEulerEnergyStaysBoundedWithoutTrend) {
  const Model model = pendulumChain(1);
  Data data(model);
  Loads loads(model);
  IntegratorSettings settings;  // semi-implicit Euler
  IntegratorStats stats;
  State s = released(model, {1.0});
  State rest = released(model, {0.0});
  const double eRest = totalEnergy(model, data, rest), e0 = totalEnergy(model, data, s) - eRest;
  // Symplectic Euler's energy oscillates with relative amplitude ≈ ωh/2 and does not drift;
  // ω = √(g/L) = 3.13 rad/s, so h = 0.5 ms keeps it under 1e-3.
  const double h = 5e-4, omega = std::sqrt(9.81);
  double maxError = 0, firstTen = 0, lastTen = 0;
  const long steps = 200000, tenSeconds = 20000;  // 100 s
  for (long n = 0; n < steps; ++n) {
    advance(model, data, loads, s, h, settings, stats);
    const double error = std::abs(totalEnergy(model, data, s) - eRest - e0) / e0;
    maxError = std::max(maxError, error);
    if (n < tenSeconds) firstTen += error;
    if (n >= steps - tenSeconds) lastTen += error;
  }
  EXPECT_LT(maxError, 1e-3);
  EXPECT_LT(maxError, omega * h);    // the theory's bound, with room for the anharmonic swing
  EXPECT_LT(lastTen, 2 * firstTen);  // bounded oscillation, no drift
}

// A torque-free box (principal moments 1, 2, 3) in zero gravity.
Model freeTop() {
  ModelBuilder b;
  LinkSpec s = test::link(-1, JointType::Free, Vec3::UnitZ(), Vec3::Zero(),
                          Inertia(1.0, Vec3::Zero(), Vec3(1, 2, 3).asDiagonal()));
  b.addLink(s);
  Model model = b.build();
  model.gravity.setZero();
  return model;
}

TEST(Integrators, TorqueFreeTopConservesAngularMomentumAndEnergy) {
  const Model model = freeTop();
  Data data(model);
  Loads loads(model);
  State s{model.neutralConfiguration(), Eigen::VectorXd::Zero(6), 0};
  s.v.head<3>() << 0.4, 3.0, 0.2;  // mostly about the intermediate axis
  s.v.tail<3>() << 0.1, 0.0, 0.3;
  IntegratorSettings settings;
  settings.kind = IntegratorKind::RK45;
  settings.absoluteTolerance = settings.relativeTolerance = 1e-12;
  IntegratorStats stats;
  const Force h0 = spatialMomentum(model, data, s.q, s.v);
  const double e0 = kineticEnergy(model, data, s.q, s.v);
  for (int n = 0; n < 1000; ++n) advance(model, data, loads, s, 0.01, settings, stats);  // 10 s
  const Force h = spatialMomentum(model, data, s.q, s.v);
  EXPECT_LT((h.angular - h0.angular).norm(), 1e-9 * h0.angular.norm());
  EXPECT_LT((h.linear - h0.linear).norm(), 1e-9 * h0.linear.norm());
  EXPECT_LT(std::abs(kineticEnergy(model, data, s.q, s.v) - e0), 1e-9 * e0);
  EXPECT_NEAR(s.q.segment<4>(3).norm(), 1.0, 1e-12);
}

TEST(Integrators, SpinAboutTheIntermediateAxisFlips) {
  // Dzhanibekov: rotation about the middle principal axis is unstable; the body turns over.
  const Model model = freeTop();
  Data data(model);
  Loads loads(model);
  State s{model.neutralConfiguration(), Eigen::VectorXd::Zero(6), 0};
  s.v.head<3>() << 1e-3, 2.0, 1e-3;
  IntegratorSettings settings;
  settings.kind = IntegratorKind::RK4;
  IntegratorStats stats;
  double lowest = 1;
  for (int n = 0; n < 20000 && lowest > -0.9; ++n) {  // up to 20 s
    advance(model, data, loads, s, 1e-3, settings, stats);
    forwardKinematics(model, data, s.q, s.v);
    lowest = std::min(lowest, (linkRotation(data, 0) * Vec3::UnitY()).y());  // the middle axis vs its start
  }
  EXPECT_LT(lowest, -0.9);
}

TEST(Integrators, QuaternionsStayUnitUnderEveryMethod) {
  ModelBuilder b;
  b.addLink(test::link(-1, JointType::Free, Vec3::UnitZ(), Vec3::Zero(), Inertia(2, Vec3(0.1, 0, 0), Vec3(1, 2, 3).asDiagonal())));
  b.addLink(test::link(0, JointType::Spherical, Vec3::UnitZ(), Vec3(0.3, 0, 0), Inertia(1, Vec3(0, 0, -0.2), Vec3(0.1, 0.2, 0.15).asDiagonal())));
  const Model model = b.build();
  for (IntegratorKind kind : {IntegratorKind::SemiImplicitEuler, IntegratorKind::RK4, IntegratorKind::RK45}) {
    Data data(model);
    Loads loads(model);
    State s{model.neutralConfiguration(), Eigen::VectorXd::Zero(model.nv), 0};
    s.v << 1, -2, 3, 0.5, 0, 0, 4, -1, 2;
    IntegratorSettings settings;
    settings.kind = kind;
    IntegratorStats stats;
    for (int n = 0; n < 10000; ++n) advance(model, data, loads, s, 1e-3, settings, stats);
    EXPECT_NEAR(s.q.segment<4>(3).norm(), 1.0, 1e-12) << int(kind);
    EXPECT_NEAR(s.q.segment<4>(7).norm(), 1.0, 1e-12) << int(kind);
    EXPECT_TRUE(s.q.allFinite() && s.v.allFinite());
  }
}

TEST(Integrators, TheStepLoopAllocatesNothing) {
  std::mt19937 rng(5);
  const Model model = test::randomTree(rng, 20);
  Loads loads(model);
  const Eigen::VectorXd tau = test::randomVector(model.nv, rng);
  Loads servoLoads(model);  // and with servos on the 1-DoF joints, evaluated at every stage
  for (const JointModel& j : model.joints)
    if (j.nv == 1) servoLoads.servos.push_back(Servo{.idx_q = j.idx_q, .idx_v = j.idx_v, .stiffness = 5, .damping = 1, .maxEffort = 2});
  ASSERT_FALSE(servoLoads.servos.empty());
  for (DynamicsAlgorithm dynamics : {DynamicsAlgorithm::ABA, DynamicsAlgorithm::CRBA}) {
    for (IntegratorKind kind : {IntegratorKind::SemiImplicitEuler, IntegratorKind::RK4, IntegratorKind::RK45}) {
      Data data(model);
      State s{test::randomConfiguration(model, rng), test::randomVector(model.nv, rng), 0};
      IntegratorSettings settings;
      settings.kind = kind;
      settings.dynamics = dynamics;
      IntegratorStats stats;
      advance(model, data, loads, s, 1e-3, settings, stats);  // warm-up
      allocations = 0;
      countAllocations = true;
      for (int n = 0; n < 10; ++n) advance(model, data, loads, s, 1e-3, settings, stats);
      for (int n = 0; n < 10; ++n) advance(model, data, servoLoads, s, 1e-3, settings, stats);
      aba(model, data, s.q, s.v, tau, &loads);
      rnea(model, data, s.q, s.v, tau, &loads);
      countAllocations = false;
      EXPECT_EQ(allocations.load(), 0) << "integrator " << int(kind) << ", dynamics " << int(dynamics);
    }
  }
}

// Springs (forces held over the step), a string's row, viscous drag and a rope's joints: the
// world's step allocates nothing once the rows have peaked.
TEST(Integrators, AWorldStepWithSpringsAndStringsAllocatesNothing) {
  const std::string scene = R"({"format": "featherweight-scene", "version": 1,
    "world": {"drag": {"viscous": 0.1, "linear": 0.01}},
    "bodies": [
      {"name": "a", "position": [0, 0, 1], "shapes": [{"type": "sphere", "radius": 0.05}]},
      {"name": "b", "position": [0.5, 0, 1], "shapes": [{"type": "sphere", "radius": 0.05}]},
      {"name": "c", "position": [1, 0, 1.5], "shapes": [{"type": "sphere", "radius": 0.05}]}],
    "springs": [{"a": "world", "pointA": [0, 0, 2], "b": "a", "stiffness": 200, "damping": 1}],
    "strings": [{"a": "world", "pointA": [0.5, 0, 2], "b": "b", "length": 0.9},
                {"a": "a", "b": "c", "via": [[0.5, 0, 2.2]]}],
    "ropes": [{"name": "r", "a": "world", "pointA": [1, 0, 2], "b": "c", "length": 0.6, "segments": 4, "mass": 0.1, "radius": 0.01}]})";
  World world = buildWorld(parseScene(scene));
  for (int n = 0; n < 200; ++n) world.step();  // warm-up: rows and contacts peak
  allocations = 0;
  countAllocations = true;
  for (int n = 0; n < 100; ++n) world.step();
  countAllocations = false;
  EXPECT_EQ(world.stepError(), "");
  EXPECT_EQ(allocations.load(), 0);
}

}  // namespace
}  // namespace fw
