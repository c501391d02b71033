// A scene, loaded and stepped end to end: the pendulum swings with the period of its closed form.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <numbers>
#include <sstream>

#include "scene/scene_builder.h"
#include "scene/scene_parser.h"
#include "shipped_scenes.h"

namespace fw {
namespace {

nlohmann::json pendulumScene() {
  std::ifstream in(std::filesystem::path(FW_SCENES_DIR) / "pendulum.json");
  std::stringstream ss;
  ss << in.rdbuf();
  return nlohmann::json::parse(ss.str());
}

// Time between two successive downward zero crossings of q, by linear interpolation.
double measuredPeriod(World& world, double maxTime) {
  std::vector<double> crossings;
  double previous = world.state().q[0];
  while (world.time() < maxTime && crossings.size() < 2) {
    const double t0 = world.time();
    world.step();
    const double q = world.state().q[0];
    if (previous > 0 && q <= 0) crossings.push_back(t0 + (world.time() - t0) * previous / (previous - q));
    previous = q;
  }
  if (crossings.size() < 2) return NAN;
  return crossings[1] - crossings[0];
}

TEST(World, PendulumPeriodFromOneRadian) {
  nlohmann::json scene = pendulumScene();
  scene["world"]["integrator"] = "rk45";
  scene["world"]["tolerance"] = {{"absolute", 1e-11}, {"relative", 1e-11}};
  World world = loadWorld(scene);
  EXPECT_NEAR(measuredPeriod(world, 10), 2.139138, 1e-5);
}

TEST(World, SmallAnglePeriodMatchesClosedForm) {
  nlohmann::json scene = pendulumScene();
  scene["articulations"][0]["links"][0]["joint"]["position"] = 0.01;
  World world = loadWorld(scene);
  const double expected = 2 * std::numbers::pi * std::sqrt(1.0 / 9.81);
  EXPECT_NEAR(measuredPeriod(world, 10), expected, 2e-4 * expected);
}

TEST(World, PosesFollowTheJoint) {
  World world = loadWorld(pendulumScene());
  // The rod frame sits at the pivot (0, 0, 1.5), turned by q = 1 rad about y.
  const std::vector<float> p = bodyPoses(world);
  ASSERT_EQ(p.size(), 7u);
  EXPECT_NEAR(p[0], 0, 1e-6);
  EXPECT_NEAR(p[2], 1.5, 1e-6);
  EXPECT_NEAR(p[4], std::sin(0.5), 1e-6);  // qy of a rotation of 1 rad about y
  EXPECT_NEAR(p[6], std::cos(0.5), 1e-6);  // qw
  world.step();
  EXPECT_NE(bodyPoses(world)[4], float(std::sin(0.5)));
}

TEST(World, EnergyIsConservedAndResetRestoresTheStart) {
  World world = loadWorld(pendulumScene());
  const double e0 = world.kineticEnergy() + world.potentialEnergy();
  EXPECT_NEAR(world.kineticEnergy(), 0, 1e-15);
  // Bob 1 kg at 1 m below a pivot 1.5 m up, turned 1 rad: height 1.5 − cos 1.
  EXPECT_NEAR(world.potentialEnergy(), 9.81 * (1.5 - std::cos(1.0)), 1e-9);
  for (int i = 0; i < 3000; ++i) world.step();
  EXPECT_NEAR(world.kineticEnergy() + world.potentialEnergy(), e0, 1e-8 * e0);
  EXPECT_GT(world.kineticEnergy(), 0.1);
  world.reset();
  EXPECT_EQ(world.time(), 0);
  EXPECT_EQ(world.state().q[0], 1.0);
}

TEST(World, ExternalForceAtTheBobAcceleratesIt) {
  nlohmann::json scene = pendulumScene();
  scene["world"]["gravity"] = {0, 0, 0};
  scene["articulations"][0]["links"][0]["joint"]["position"] = 0;
  World world = loadWorld(scene);
  // 2 N along +x at the bob (1 m below the pivot) about the y axis: q̈ = (r × F)_y / (m L²) = −2.
  world.applyForce(0, Vec3(0, 0, 0.5), Vec3(2, 0, 0));
  world.step();
  EXPECT_NEAR(world.state().v[0], -2 * world.settings().timestep, 1e-9);
  world.clearForces();
  const double v = world.state().v[0];
  world.step();
  EXPECT_NEAR(world.state().v[0], v, 1e-12);
}

TEST(World, TheMouseSpringPullsTheBobToTheTargetAndLetsGo) {
  nlohmann::json scene = pendulumScene();
  scene["world"]["gravity"] = {0, 0, 0};
  scene["articulations"][0]["links"][0]["joint"]["position"] = 0;
  World world = loadWorld(scene);
  world.startDrag(0, Vec3(0, 0, 0.5));  // the bob, 1 m below the pivot
  EXPECT_TRUE(world.dragPointWorld().isApprox(Vec3(0, 0, 0.5), 1e-12));
  // A target reachable on the bob's circle: 30° towards +x.
  const Vec3 target(std::sin(0.5236), 0, 1.5 - std::cos(0.5236));
  world.moveDrag(target);
  for (int i = 0; i < 2000; ++i) world.step();  // 2 s: a 5.5 Hz spring with damping ratio 0.7 settles
  EXPECT_LT((world.dragPointWorld() - target).norm(), 1e-3);
  EXPECT_LT(world.dragForce().norm(), 1e-2);  // at rest on the target the spring is slack
  EXPECT_LT(std::abs(world.state().v[0]), 1e-3);
  world.moveDrag(Vec3(50, 0, 0.5));  // far away: the force is capped
  world.step();
  EXPECT_NEAR(world.dragForce().norm(), 1000 * 9.81, 1e-6);  // 1000·m·g, m = 1 kg
  world.endDrag();
  const double v = world.state().v[0];
  world.step();
  EXPECT_NEAR(world.state().v[0], v, 1e-12);  // released: nothing pulls any more
}

TEST(World, AJointThatMovesNoMassIsRefusedWithItsPath) {
  nlohmann::json scene = pendulumScene();
  scene["articulations"][0]["links"][0]["inertial"]["com"] = {0, 0, 0};  // point mass on the axis
  try {
    loadWorld(scene);
    FAIL() << "expected a SceneError";
  } catch (const SceneError& e) {
    EXPECT_EQ(e.path(), "/articulations/0/links/0");
  }
}

TEST(World, StaticBodiesAddNoPotentialEnergy) {
  nlohmann::json scene = pendulumScene();
  // A 200 kg table top 0.8 m up cannot move: it must not offset the energy by 1570 J.
  scene["bodies"] = {{{"name", "table"}, {"static", true}, {"position", {2, 0, 0.8}},
                      {"shapes", {{{"type", "box"}, {"size", {1, 1, 0.1}}, {"density", 4000}}}}}};
  World world = loadWorld(scene);
  EXPECT_NEAR(world.potentialEnergy(), 9.81 * (1.5 - std::cos(1.0)), 1e-9);
}

// A thin arm on a damped ball joint at 60 Hz: about its own axis the inertia is 2e-3 kg m², so
// explicit damping (h d / I ≈ 46 > 2) would blow up in a few steps; implicit damping only slows it.
TEST(World, JointDampingIsImplicitInRealtimeStepping) {
  World world = loadWorld(nlohmann::json::parse(R"({"format": "featherweight-scene", "version": 1,
    "world": {"timestep": 0.016666666666666666, "gravity": [0, 0, 0]},
    "articulations": [{"name": "a", "links": [{"name": "arm",
      "joint": {"type": "spherical", "damping": 5, "velocity": [0, 0, 3]},
      "shapes": [{"type": "capsule", "radius": 0.045, "length": 0.22, "position": [0, 0, -0.15]}]}]}]})"));
  double previous = world.kineticEnergy();
  for (int i = 0; i < 120; ++i) {
    world.step();
    const double spin = world.state().v[2];
    ASSERT_TRUE(std::isfinite(spin)) << "step " << i;
    EXPECT_GE(spin, 0);  // slows down without overshooting through zero
    EXPECT_LE(world.kineticEnergy(), previous);
    previous = world.kineticEnergy();
  }
  // Implicit Euler's decay (1 + h d / I)⁻ⁿ: the spin is all but gone after 2 s.
  EXPECT_LT(world.state().v[2], 1e-6);
}

TEST(World, FreeBodyFallsWithGravity) {
  nlohmann::json scene = pendulumScene();
  scene["bodies"] = {{{"name", "ball"}, {"position", {1, 0, 2}}, {"linearVelocity", {1, 0, 0}},
                      {"shapes", {{{"type", "sphere"}, {"radius", 0.1}}}}}};
  World world = loadWorld(scene);
  for (int i = 0; i < 1000; ++i) world.step();  // 1 s
  EXPECT_NEAR(world.bodyPosition(0).x(), 2, 1e-9);
  EXPECT_NEAR(world.bodyPosition(0).z(), 2 - 9.81 / 2, 1e-9);
}

}  // namespace
}  // namespace fw
