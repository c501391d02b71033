// The substepped solve bounds each manifold's friction by that manifold's own normal impulses:
// boxes of different weights sliding side by side all slow at μ g (Coulomb), whatever the others
// press on the ground with.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "constraints/constraint_solver.h"
#include "scene/scene_builder.h"
#include "scene/scene_parser.h"
#include "shipped_scenes.h"

namespace fw {
namespace {

using nlohmann::json;

json slidingBox(int index, double size, double y, double speed) {
  return {{"name", "box" + std::to_string(index)},
          {"position", {0, y, size / 2}},
          {"linearVelocity", {speed, 0, 0}},
          {"shapes", {{{"type", "box"}, {"size", {size, size, size}}, {"friction", 0.4}}}}};
}

TEST(SubstepFriction, BoxesOfDifferentWeightsSlowAtMuG) {
  const double mu = 0.4, v0 = 3, g = 9.81, h = 1.0 / 60;
  // Sizes 0.5, 1.5, 1 m: masses 1 : 27 : 8, so a bound taken from a neighbour's manifold would
  // slow a box 27 times too fast or too slow.
  const double sizes[3] = {0.5, 1.5, 1.0};
  json bodies = json::array({{{"name", "ground"}, {"static", true}, {"shapes", {{{"type", "plane"}, {"friction", mu}}}}}});
  for (int k = 0; k < 3; ++k) bodies.push_back(slidingBox(k, sizes[k], 3.0 * k, v0));
  World world = loadWorld({{"format", "featherweight-scene"},
                           {"version", 1},
                           {"world", {{"timestep", h}, {"solver", {{"sleep", false}}}}},
                           {"bodies", bodies}});
  ASSERT_GT(substepCount(world.settings().solver, h), 1);  // the substepped solve is the one tested
  const int steps = 30;
  for (int i = 0; i < steps; ++i) world.step();
  const double expected = v0 - mu * g * steps * h;  // 1.04 m/s: still sliding
  for (int k = 0; k < 3; ++k) {
    Vec3 linear, angular;
    world.bodyVelocity(k + 1, linear, angular);
    EXPECT_NEAR(linear.x(), expected, 0.03 * expected) << "box " << k;
    EXPECT_NEAR(linear.y(), 0, 1e-3) << "box " << k;
  }
}

}  // namespace
}  // namespace fw
