// The substepped solve relaxes each island (trees joined by rows) on its own and stops sweeping
// it when it alone has converged (core/constraints/sweep_rows.h). So a body's motion does not
// depend on what happens elsewhere in the world: a box tumbling onto the ground moves bitwise as
// it does alone while a stack far away settles. (With one convergence test for the whole world,
// the box was swept as long as the stack needed.) Nor does a body in flight: it moves by the
// substeps whether or not anything else touches (or sleeps) in that step.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "shipped_scenes.h"

namespace fw {
namespace {

using nlohmann::json;

json islandBox(const std::string& name, double x, double z) {
  return {{"name", name}, {"position", {x, 0, z}}, {"shapes", {{{"type", "box"}, {"size", {1, 1, 1}}}}}};
}

// A spinning box dropped onto the ground at the origin and a box resting 20 m away (so there are
// rows, and the solve substeps, from the first step), at 1/60 s (four substeps), not sleeping;
// `stack` adds five boxes stacked 20 m the other way, which settle from exact contact and keep
// their island sweeping all its sweeps while the spinning box's island converges within a few.
json tumblerAndStack(bool stack) {
  json bodies = json::array({{{"name", "ground"}, {"static", true}, {"shapes", {{{"type", "plane"}}}}}});
  json tumbler = islandBox("tumbler", 0, 2.5);
  tumbler["angularVelocity"] = {3, -5, 2};
  tumbler["linearVelocity"] = {0, 0, -4};
  bodies.push_back(tumbler);
  bodies.push_back(islandBox("resting", 20, 0.5));
  if (stack)
    for (int k = 0; k < 5; ++k) bodies.push_back(islandBox("stack" + std::to_string(k), -20, 0.5 + k));
  return {{"format", "featherweight-scene"},
          {"version", 1},
          {"world", {{"timestep", 1.0 / 60}, {"solver", {{"sleep", false}, {"iterations", 100}}}}},
          {"bodies", bodies}};
}

TEST(IslandSolve, ATumblingBoxMovesBitwiseAsItDoesAloneWhileAStackSettlesElsewhere) {
  World alone = loadWorld(tumblerAndStack(false));
  World together = loadWorld(tumblerAndStack(true));
  bool touched = false;
  for (int i = 0; i < 180; ++i) {
    alone.step();
    together.step();
    touched = touched || !alone.contacts().empty();
    ASSERT_EQ(alone.bodyPosition(1), together.bodyPosition(1)) << "step " << i;
    ASSERT_EQ(alone.bodyOrientation(1).coeffs(), together.bodyOrientation(1).coeffs()) << "step " << i;
  }
  EXPECT_TRUE(touched) << "the box never reached the ground";
  EXPECT_NEAR(together.bodyPosition(7).z(), 4.5, 1e-2);  // and the stack stands
}

// A ball thrown over the ground at 1/60 s (four substeps); `resting` adds a box lying on the
// ground far away, whose rows make every step's solve.
json thrownBall(bool resting) {
  json bodies = json::array({{{"name", "ground"}, {"static", true}, {"shapes", {{{"type", "plane"}}}}}});
  bodies.push_back({{"name", "ball"},
                    {"position", {0, 0, 1}},
                    {"linearVelocity", {2, 0, 6}},
                    {"shapes", {{{"type", "sphere"}, {"radius", 0.2}}}}});
  if (resting) bodies.push_back(islandBox("resting", 30, 0.5));
  return {{"format", "featherweight-scene"},
          {"version", 1},
          {"world", {{"timestep", 1.0 / 60}, {"solver", {{"sleep", false}}}}},
          {"bodies", bodies}};
}

TEST(IslandSolve, ABallInFlightMovesBitwiseAsItDoesWhenNothingElseTouches) {
  World alone = loadWorld(thrownBall(false));
  World together = loadWorld(thrownBall(true));
  for (int i = 0; i < 60; ++i) {  // a second: up 1.8 m and back, before it lands
    alone.step();
    together.step();
    ASSERT_TRUE(alone.contacts().empty()) << "step " << i;
    ASSERT_FALSE(together.contacts().empty()) << "step " << i;
    ASSERT_EQ(alone.bodyPosition(1), together.bodyPosition(1)) << "step " << i;
  }
  // Substepped, the fall is nearer the parabola's than one semi-implicit Euler step's.
  const double t = 1.0, exact = 1 + 6 * t - 0.5 * 9.81 * t * t;
  EXPECT_NEAR(alone.bodyPosition(1).z(), exact, 0.05);
}

}  // namespace
}  // namespace fw
