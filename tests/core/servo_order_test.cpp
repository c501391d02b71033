// Accurate stepping evaluates a motor's effort at every Runge–Kutta stage, as it does a spring's:
// a PD servo then keeps RK4's fourth order, where an effort held over each step (what accurate
// stepping used to do, emulated here by a joint effort set from the state before every step) is
// first order.
#include <gtest/gtest.h>

#include <cmath>
#include <nlohmann/json.hpp>

#include "integrators/integrator.h"
#include "model/model_builder.h"
#include "scene/scene_builder.h"
#include "scene/scene_parser.h"
#include "shipped_scenes.h"

namespace fw {
namespace {

using nlohmann::json;

constexpr double kServoStiffness = 20, kServoDamping = 1.5, kServoTarget = 0.6;

// A 1 kg rod pendulum under gravity whose servo swings it towards 0.6 rad, under RK4 at step h.
json servoPendulum(double h, bool withMotor) {
  json scene = json::parse(R"({"format": "featherweight-scene", "version": 1, "world": {"integrator": "rk4"},
    "articulations": [{"name": "p", "links": [{"name": "rod", "joint": {"type": "revolute", "axis": [0, 1, 0], "velocity": -1},
      "inertial": {"mass": 1, "com": [0, 0, -0.5], "inertia": {"ixx": 0.02, "iyy": 0.02, "izz": 0.001}}}]}]})");
  scene["world"]["timestep"] = h;
  if (withMotor)
    scene["articulations"][0]["links"][0]["joint"]["motor"] = {
        {"mode", "position"}, {"target", kServoTarget}, {"stiffness", kServoStiffness}, {"damping", kServoDamping}};
  return scene;
}

// The angle after 1 s: with the scene's motor, or with its law held over each step as a joint effort.
double servoAngleAfterOneSecond(double h, bool held) {
  World w = loadWorld(servoPendulum(h, !held));
  const int steps = int(std::lround(1 / h));
  for (int i = 0; i < steps; ++i) {
    if (held) w.jointEfforts()[0] = kServoStiffness * (kServoTarget - w.state().q[0]) - kServoDamping * w.state().v[0];
    w.step();
  }
  EXPECT_EQ(w.time(), 1.0);
  return w.state().q[0];
}

TEST(ServoOrder, AServoEvaluatedAtEveryStageKeepsRk4sFourthOrder) {
  const double reference = servoAngleAfterOneSecond(1.0 / 3200, false);
  double previous = 0, previousHeld = 0;
  for (const double h : {1.0 / 50, 1.0 / 100, 1.0 / 200}) {
    const double error = std::abs(servoAngleAfterOneSecond(h, false) - reference);
    const double heldError = std::abs(servoAngleAfterOneSecond(h, true) - reference);
    if (previous > 0) {
      // Halving h cuts the error 2⁴ = 16 times; the held effort's only 2 times.
      EXPECT_NEAR(previous / error, 16, 2.5) << "h = " << h << ": " << previous << " → " << error;
      EXPECT_NEAR(previousHeld / heldError, 2, 0.3) << "h = " << h << ": " << previousHeld << " → " << heldError;
    }
    EXPECT_LT(error, 1e-3 * heldError) << "h = " << h;
    previous = error, previousHeld = heldError;
  }
}

// The ledger books the motor's work by the same stages (∫ τ · q̇ dt, as damping's): the balance
// is RK4's own error, and shrinks at fourth order.
TEST(ServoOrder, TheMotorsWorkIsBookedByTheSameStages) {
  double previous = 0;
  for (const double h : {1.0 / 100, 1.0 / 200}) {
    World w = loadWorld(servoPendulum(h, true));
    for (int i = 0; i < int(std::lround(1 / h)); ++i) w.step();
    const EnergyReport r = w.energy();
    const double balance = std::abs(r.balance());
    EXPECT_GT(std::abs(r.ledger.motorWork), 0.1);
    EXPECT_LT(balance, 1e-5 * std::abs(r.ledger.motorWork)) << "h = " << h;
    if (previous > 0) EXPECT_GT(previous / balance, 10) << previous << " → " << balance;
    previous = balance;
  }
}

// RK45 carries its last acceleration into the next call (first same as last) only when that call
// starts with the same efforts: a servo's target changed between calls changes them.
TEST(ServoOrder, Rk45ReusesItsLastAccelerationOnlyForTheSameServoEfforts) {
  ModelBuilder builder;
  LinkSpec rod;
  rod.name = "rod";
  rod.parent = -1;
  rod.type = JointType::Revolute;
  rod.axis = Vec3::UnitY();
  rod.inertia = Inertia(1, Vec3(0, 0, -0.5), 0.02 * Mat3::Identity());
  builder.addLink(rod);
  const Model model = builder.build();
  Loads loads(model);
  loads.servos.push_back(Servo{.idx_q = 0, .idx_v = 0, .stiffness = kServoStiffness, .damping = kServoDamping, .targetPosition = kServoTarget});
  // Loose tolerances: every substep is the largest, so a fresh start takes the same substeps.
  IntegratorSettings settings;
  settings.kind = IntegratorKind::RK45;
  settings.absoluteTolerance = settings.relativeTolerance = 1;
  settings.maxStep = 1e-3;
  Data carried(model);
  State s{model.neutralConfiguration(), Eigen::VectorXd::Constant(1, -1.0), 0};
  IntegratorStats stats;
  advance(model, carried, loads, s, 0.01, settings, stats);
  const long evaluations = stats.derivativeEvaluations;
  advance(model, carried, loads, s, 0.01, settings, stats);
  EXPECT_EQ(stats.derivativeEvaluations - evaluations, 10 * 6);  // the first stage carried over
  loads.servos[0].targetPosition = -0.3;
  State restarted = s;
  Data fresh(model);
  advance(model, carried, loads, s, 0.01, settings, stats);
  advance(model, fresh, loads, restarted, 0.01, settings, stats);
  EXPECT_EQ(s.q, restarted.q);
  EXPECT_EQ(s.v, restarted.v);
}

}  // namespace
}  // namespace fw
