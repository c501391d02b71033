// Motors: the implicit PD servo, the bounded velocity motor and prescribed motion (hybrid
// dynamics), all in realtime stepping.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <nlohmann/json.hpp>

#include "scene/scene_builder.h"
#include "scene/scene_parser.h"
#include "shipped_scenes.h"

namespace fw {
namespace {

using nlohmann::json;

// A point mass m = 1 kg at l = 0.5 m below a pivot turning about y, with the given motor.
json pendulumWithMotor(const json& motor) {
  json scene = json::parse(R"({"format": "featherweight-scene", "version": 1, "world": {"timestep": 0.001},
    "articulations": [{"name": "p", "links": [{"name": "rod", "joint": {"type": "revolute", "axis": [0, 1, 0]},
      "inertial": {"mass": 1, "com": [0, 0, -0.5]}}]}]})");
  scene["articulations"][0]["links"][0]["joint"]["motor"] = motor;
  if (motor["mode"] == "velocity") scene["articulations"][0]["links"][0]["joint"]["velocity"] = 1.0;
  return scene;
}

TEST(JointMotors, PositionServoBringsATwoLinkArmToItsTargets) {
  json scene = json::parse(R"({"format": "featherweight-scene", "version": 1, "world": {"timestep": 0.002},
    "articulations": [{"name": "arm", "links": [
      {"name": "upper", "joint": {"type": "revolute", "axis": [0, 1, 0],
         "motor": {"mode": "position", "target": 0.8, "stiffness": 20000, "damping": 800, "maxEffort": 500}},
       "inertial": {"mass": 2, "com": [0, 0, -0.25], "inertia": {"ixx": 0.04, "iyy": 0.04, "izz": 0.001}}},
      {"name": "lower", "parent": "upper", "joint": {"type": "revolute", "axis": [0, 1, 0], "origin": {"position": [0, 0, -0.5]},
         "motor": {"mode": "position", "target": -1.2, "stiffness": 20000, "damping": 400, "maxEffort": 500}},
       "inertial": {"mass": 1, "com": [0, 0, -0.2], "inertia": {"ixx": 0.015, "iyy": 0.015, "izz": 0.001}}}]}]})");
  World world = loadWorld(scene);
  for (int i = 0; i < 1000; ++i) world.step();  // 2 s
  EXPECT_NEAR(world.state().q[0], 0.8, 1e-3);
  EXPECT_NEAR(world.state().q[1], -1.2, 1e-3);
  // Targets change while running.
  world.motors()[0].targetPosition = 0.0;
  for (int i = 0; i < 1000; ++i) world.step();
  EXPECT_NEAR(world.state().q[0], 0.0, 1e-3);
  EXPECT_LE(std::abs(world.motors()[0].effort), 500 + 1e-9);
}

TEST(JointMotors, VelocityMotorHoldsItsSpeedAgainstGravityWithinItsBound) {
  // Gravity's torque peaks at m g l = 4.905 N·m: a 6 N·m motor holds 1 rad/s all the way round.
  World world = loadWorld(pendulumWithMotor({{"mode", "velocity"}, {"targetVelocity", 1.0}, {"maxEffort", 6.0}}));
  double largestEffort = 0;
  for (int i = 0; i < 7000; ++i) {
    world.step();
    ASSERT_NEAR(world.state().v[0], 1.0, 1e-9) << "t = " << world.time();
    largestEffort = std::max(largestEffort, std::abs(world.motors()[0].effort));
  }
  EXPECT_NEAR(largestEffort, 4.905, 0.01);  // it did work against gravity
  // A 3 N·m motor cannot: the pendulum slows down where gravity wins, and never exceeds 3 N·m.
  World weak = loadWorld(pendulumWithMotor({{"mode", "velocity"}, {"targetVelocity", 1.0}, {"maxEffort", 3.0}}));
  double slowest = 1;
  for (int i = 0; i < 7000; ++i) {
    weak.step();
    slowest = std::min(slowest, weak.state().v[0]);
    ASSERT_LE(std::abs(weak.motors()[0].effort), 3.0 + 1e-9);
  }
  EXPECT_LT(slowest, 0.9);
}

TEST(JointMotors, PrescribedJointFollowsItsTrajectoryAndReportsTheEffort) {
  World world = loadWorld(pendulumWithMotor(
      {{"mode", "prescribed"}, {"trajectory", {{"offset", 0.1}, {"amplitude", 0.5}, {"frequency", 0.5}, {"phase", 0.3}}}}));
  const double w = 2 * std::numbers::pi * 0.5, m = 1, l = 0.5, g = 9.81;
  for (int i = 0; i < 3000; ++i) {
    const double t = world.time();
    const double q = world.state().q[0];
    const double qdd = -0.5 * w * w * std::sin(w * t + 0.3);
    world.step();
    // The effort of the step that started at t: m l² q̈ + m g l sin q (RBDA's inverse dynamics
    // of a point pendulum; q measured from hanging straight down).
    ASSERT_NEAR(world.motors()[0].effort, m * l * l * qdd + m * g * l * std::sin(q), 1e-9) << "t = " << t;
    ASSERT_NEAR(world.state().q[0], 0.1 + 0.5 * std::sin(w * world.time() + 0.3), 1e-9);
    ASSERT_NEAR(world.state().v[0], 0.5 * w * std::cos(w * world.time() + 0.3), 1e-9);
  }
}

TEST(JointMotors, LoaderChecksMotors) {
  try {
    loadWorld(pendulumWithMotor({{"mode", "position"}, {"target", 1.0}}));
    FAIL() << "expected a SceneError";
  } catch (const SceneError& e) {
    EXPECT_EQ(e.path(), "/articulations/0/links/0/joint/motor/stiffness");
  }
  json accurate = pendulumWithMotor({{"mode", "prescribed"}, {"trajectory", {{"amplitude", 1.0}}}});
  accurate["world"]["integrator"] = "rk4";
  EXPECT_THROW(loadWorld(accurate), SceneError);
}

}  // namespace
}  // namespace fw
