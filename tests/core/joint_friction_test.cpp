// Bounded Coulomb friction in joints: a joint sticks exactly while the friction bound can hold
// it, slides against exactly the bound otherwise, and comes to rest without chatter.
#include <gtest/gtest.h>

#include <cmath>
#include <nlohmann/json.hpp>

#include "scene/scene_builder.h"
#include "scene/scene_parser.h"
#include "shipped_scenes.h"

namespace fw {
namespace {

using nlohmann::json;

// A 1 kg point mass 1 m from a pivot turning about y, released at `angle`.
json pendulum(double angle, double friction) {
  return json::parse(R"({"format": "featherweight-scene", "version": 1,
    "world": {"timestep": 0.001},
    "articulations": [{"name": "p", "links": [{"name": "rod",
      "joint": {"type": "revolute", "axis": [0, 1, 0]},
      "inertial": {"mass": 1, "com": [0, 0, -1]}}]}]})")
      .patch(json::array({json{{"op", "add"}, {"path", "/articulations/0/links/0/joint/position"}, {"value", angle}},
                          json{{"op", "add"}, {"path", "/articulations/0/links/0/joint/friction"}, {"value", friction}}}));
}

TEST(JointFriction, HoldsThePendulumWhenTheBoundSuffices) {
  // Gravity's torque at 0.3 rad is m g L sin 0.3 = 2.90 N·m; a bound of 3 N·m holds it.
  World world = loadWorld(pendulum(0.3, 3.0));
  for (int i = 0; i < 2000; ++i) world.step();
  EXPECT_EQ(world.state().q[0], 0.3);
  EXPECT_EQ(world.state().v[0], 0.0);
}

TEST(JointFriction, SlidesAgainstExactlyTheBound) {
  // Bound 1 N·m below gravity's 2.90: the pendulum accelerates at (−2.90 + 1) / (m L²) at first.
  World world = loadWorld(pendulum(0.3, 1.0));
  world.step();
  const double expected = (-9.81 * std::sin(0.3) + 1.0) * 0.001;
  EXPECT_NEAR(world.state().v[0], expected, 1e-12);
}

TEST(JointFriction, AFlywheelStopsOnTimeAndStaysStopped) {
  // No gravity, I = 2 kg·m², ω₀ = 3 rad/s, F = 1 N·m: it decelerates at 0.5 rad/s² and stops at 6 s.
  json scene = pendulum(0, 1.0);
  scene["world"]["gravity"] = {0, 0, 0};
  scene["articulations"][0]["links"][0]["inertial"] = {{"mass", 2}, {"com", {0, 0, -1}}};
  scene["articulations"][0]["links"][0]["joint"]["velocity"] = 3;
  World world = loadWorld(scene);
  for (int i = 0; i < 3000; ++i) world.step();
  EXPECT_NEAR(world.state().v[0], 1.5, 1e-9);
  for (int i = 0; i < 4000; ++i) world.step();
  EXPECT_EQ(world.state().v[0], 0.0);  // at rest from 6 s on, exactly
  EXPECT_NEAR(world.state().q[0], 3.0 * 6 / 2, 1e-2);  // ω₀ t / 2 at the stop
}

TEST(JointFriction, CoupledJointsHoldTogether) {
  // A double pendulum held at an angle by friction in both joints: the coupling through H⁻¹ must
  // be solved, not just each joint's own inertia.
  json scene = pendulum(0.4, 20.0);
  json lower = scene["articulations"][0]["links"][0];
  lower["name"] = "lower";
  lower["parent"] = "rod";
  lower["joint"]["origin"] = {{"position", {0, 0, -1}}};
  lower["joint"]["position"] = 0.5;
  lower["joint"]["friction"] = 10.0;
  scene["articulations"][0]["links"].push_back(lower);
  scene["world"]["solver"] = {{"iterations", 200}, {"tolerance", 1e-15}};  // converged to round-off
  World world = loadWorld(scene);
  for (int i = 0; i < 1000; ++i) world.step();
  EXPECT_NEAR(world.state().q[0], 0.4, 1e-12);
  EXPECT_NEAR(world.state().q[1], 0.5, 1e-12);
}

TEST(JointFriction, NeedsTheSemiImplicitIntegrator) {
  json scene = pendulum(0.3, 1.0);
  scene["world"]["integrator"] = "rk4";
  try {
    loadWorld(scene);
    FAIL() << "expected a SceneError";
  } catch (const SceneError& e) {
    EXPECT_EQ(e.path(), "/articulations/0/links/0/joint/friction");
  }
}

}  // namespace
}  // namespace fw
