// Fast impacts do not sink in: contacts are made speculatively as far out as
// the bodies can move in one step, so a box dropped from 5 m at 1/60 s meets the ground, or a box
// lying on it, within the slop + 1 mm at every step.
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "shipped_scenes.h"

namespace fw {
namespace {

using nlohmann::json;

json box(const std::string& name, double z, double size = 0.4) {
  return {{"name", name}, {"position", {0, 0, z}}, {"shapes", {{{"type", "box"}, {"size", {size, size, size}}, {"density", 500}}}}};
}

json scene(const json& bodies) {
  json all = json::array({{{"name", "ground"}, {"static", true}, {"shapes", {{{"type", "plane"}}}}}});
  for (const json& b : bodies) all.push_back(b);
  return {{"format", "featherweight-scene"}, {"version", 1}, {"world", {{"timestep", 1.0 / 60}}}, {"bodies", all}};
}

double deepestOverlap(World& w, int steps) {
  double deepest = 0;
  for (int i = 0; i < steps; ++i) {
    w.step();
    for (const Contact& c : w.contacts()) deepest = std::min(deepest, c.separation);
  }
  return deepest;
}

TEST(FastImpact, ABoxDroppedFromFiveMetresStopsAtTheGround) {
  double deepest = 0;
  for (int k = 0; k < 20; ++k) {  // from 5 m to 5.19 m: where the last step before the ground ends varies
    World drop = loadWorld(scene(json::array({box("falling", 5.2 + 0.01 * k)})));
    deepest = std::min(deepest, deepestOverlap(drop, 120));
  }
  World w = loadWorld(scene(json::array({box("falling", 5.2)})));
  deepestOverlap(w, 180);
  EXPECT_GT(deepest, -(w.settings().solver.linearSlop + 1e-3)) << deepest;
  EXPECT_NEAR(w.bodyPosition(1).z(), 0.2, 2e-3);  // and it rests there
}

TEST(FastImpact, ABoxDroppedFromFiveMetresStopsOnAnotherBox) {
  double deepest = 0;
  for (int k = 0; k < 20; ++k) {
    World drop = loadWorld(scene(json::array({box("below", 0.2), box("falling", 5.6 + 0.01 * k)})));
    deepest = std::min(deepest, deepestOverlap(drop, 120));
  }
  World w = loadWorld(scene(json::array({box("below", 0.2), box("falling", 5.6)})));
  deepestOverlap(w, 180);
  EXPECT_GT(deepest, -(w.settings().solver.linearSlop + 1e-3)) << deepest;
  EXPECT_NEAR(w.bodyPosition(2).z(), 0.6, 4e-3);
}

}  // namespace
}  // namespace fw
