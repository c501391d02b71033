// Joint limits as unilateral impulses (Holck ch. 4, tests 7–9) in both stepping modes.
#include <gtest/gtest.h>

#include <cmath>
#include <nlohmann/json.hpp>

#include "scene/scene_builder.h"
#include "scene/scene_parser.h"
#include "shipped_scenes.h"

namespace fw {
namespace {

using nlohmann::json;

// Holck tests 8 and 9: one link, no gravity, q̇₀ = 1, limits ±2 (rad or m), restitution e.
json singleLimitedJoint(const std::string& type, double restitution, bool accurate) {
  json world = {{"gravity", {0, 0, 0}}, {"timestep", 0.01}};
  if (accurate) world["integrator"] = "rk4";
  else world["solver"] = {{"restitutionThreshold", 0.001}};  // the slowest hits still bounce
  return {{"format", "featherweight-scene"},
          {"version", 1},
          {"world", world},
          {"articulations",
           {{{"name", "a"},
             {"links",
              {{{"name", "link"},
                {"joint",
                 {{"type", type},
                  {"axis", {0, 0, 1}},
                  {"velocity", 1.0},
                  {"limits", {{"lower", -2.0}, {"upper", 2.0}, {"restitution", restitution}}}}},
                {"inertial", {{"mass", 1.0}, {"com", {1, 0, 0}}}}}}}}}}};
}

// Runs until `hits` velocity reversals have happened; returns |q̇| after each.
std::vector<double> speedsAfterHits(World& world, int hits) {
  std::vector<double> speeds;
  double previous = world.state().v[0];
  for (int i = 0; i < 200000 && int(speeds.size()) < hits; ++i) {
    world.step();
    const double v = world.state().v[0];
    if (v * previous < 0) speeds.push_back(std::abs(v));
    if (v != 0) previous = v;
    EXPECT_GE(world.state().q[0], -2.0 - 0.02);
    EXPECT_LE(world.state().q[0], 2.0 + 0.02);
  }
  return speeds;
}

struct LimitCase {
  std::string type;
  bool accurate;
  double tolerance;       // on |q̇| after each hit, e = 1
  double halfTolerance;   // on the ratio to the previous speed, e = 0.5
};

class JointLimitBounces : public testing::TestWithParam<LimitCase> {};

TEST_P(JointLimitBounces, ElasticHitsKeepTheSpeed) {
  const LimitCase& c = GetParam();
  World world = loadWorld(singleLimitedJoint(c.type, 1.0, c.accurate));
  const std::vector<double> speeds = speedsAfterHits(world, 10);
  ASSERT_EQ(speeds.size(), 10u);
  for (double s : speeds) EXPECT_NEAR(s, 1.0, c.tolerance);
}

TEST_P(JointLimitBounces, HalfElasticHitsHalveTheSpeed) {
  const LimitCase& c = GetParam();
  World world = loadWorld(singleLimitedJoint(c.type, 0.5, c.accurate));
  const std::vector<double> speeds = speedsAfterHits(world, 6);
  ASSERT_EQ(speeds.size(), 6u);
  double expected = 1.0;
  for (double s : speeds) {
    expected *= 0.5;
    EXPECT_NEAR(s, expected, c.halfTolerance * expected * 2);
  }
}

INSTANTIATE_TEST_SUITE_P(HolckTests8And9, JointLimitBounces,
                         testing::Values(LimitCase{"revolute", false, 1e-3, 1e-2}, LimitCase{"revolute", true, 1e-9, 1e-6},
                                         LimitCase{"prismatic", false, 1e-3, 1e-2},
                                         LimitCase{"prismatic", true, 1e-9, 1e-6}),
                         [](const auto& info) {
                           return info.param.type + (info.param.accurate ? "Accurate" : "Realtime");
                         });

TEST(JointLimits, AccurateModeStopsExactlyAtTheLimit) {
  World world = loadWorld(singleLimitedJoint("revolute", 0.0, true));
  for (int i = 0; i < 400; ++i) world.step();  // reaches +2 at t = 2 s and stays
  EXPECT_NEAR(world.state().q[0], 2.0, 1e-8);
  EXPECT_NEAR(world.state().v[0], 0.0, 1e-9);
  EXPECT_GE(world.stepStats().events, 1);
}

// Holck test 7: a slider on a spinning link, no gravity. The slider flies out, hits its limit and
// bounces; every impulse is internal, so angular momentum about the spin axis is conserved.
TEST(JointLimits, SliderOnSpinningLinkConservesAngularMomentum) {
  json scene = json::parse(R"({"format": "featherweight-scene", "version": 1,
    "world": {"gravity": [0, 0, 0], "timestep": 0.005, "integrator": "rk45", "tolerance": {"absolute": 1e-12, "relative": 1e-12}},
    "articulations": [{"name": "merry", "links": [
      {"name": "hub", "joint": {"type": "revolute", "axis": [0, 0, 1], "velocity": 2.0},
       "inertial": {"mass": 5, "inertia": {"ixx": 0.1, "iyy": 0.1, "izz": 0.2}}},
      {"name": "slider", "parent": "hub", "joint": {"type": "prismatic", "axis": [1, 0, 0], "position": 0.1,
         "limits": {"lower": 0.1, "upper": 0.6, "restitution": 0.5}},
       "inertial": {"mass": 1, "inertia": {"ixx": 0.01, "iyy": 0.01, "izz": 0.01}}}]}]})");
  World world = loadWorld(scene);
  const double L0 = world.momentum().angular.z();
  double largestError = 0;
  for (int i = 0; i < 1000; ++i) {
    world.step();
    largestError = std::max(largestError, std::abs(world.momentum().angular.z() - L0));
  }
  EXPECT_GE(world.stepStats().events, 2);  // it did hit the limit, more than once
  EXPECT_LT(largestError, 1e-8 * std::abs(L0)) << "L0 = " << L0;
}

TEST(JointLimits, ConeLimitHoldsASphericalPendulum) {
  json scene = json::parse(R"({"format": "featherweight-scene", "version": 1,
    "world": {"timestep": 0.002},
    "articulations": [{"name": "p", "links": [{"name": "bob",
      "joint": {"type": "spherical", "origin": {"rpy": [3.14159265358979, 0, 0]},
                "position": {"rpy": [0.3, 0, 0]}, "velocity": [4, 0, 0], "limits": {"cone": 0.5}},
      "inertial": {"mass": 1, "com": [0, 0, 1], "inertia": {"ixx": 0.01, "iyy": 0.01, "izz": 0.01}}}]}]})");
  World world = loadWorld(scene);
  double largestLean = 0;
  for (int i = 0; i < 1000; ++i) {
    world.step();
    const auto& q = world.state().q;
    largestLean = std::max(largestLean, std::acos(std::clamp(Quat(q[0], q[1], q[2], q[3]).toRotationMatrix()(2, 2), -1.0, 1.0)));
    const Vec3 z = Quat(q[0], q[1], q[2], q[3]).toRotationMatrix().col(2);
    ASSERT_LE(std::acos(std::clamp(z.z(), -1.0, 1.0)), 0.5 + 0.02) << "step " << i;
  }
  EXPECT_GT(largestLean, 0.48);  // it did reach the cone
}

TEST(JointLimits, RejectsAnInvertedRange) {
  json scene = singleLimitedJoint("revolute", 0.5, false);
  scene["articulations"][0]["links"][0]["joint"]["limits"]["upper"] = -3.0;
  try {
    loadWorld(scene);
    FAIL() << "expected a SceneError";
  } catch (const SceneError& e) {
    EXPECT_EQ(e.path(), "/articulations/0/links/0/joint/limits/upper");
  }
  scene = singleLimitedJoint("revolute", 1.5, false);
  EXPECT_THROW(loadWorld(scene), SceneError);
}

}  // namespace
}  // namespace fw
