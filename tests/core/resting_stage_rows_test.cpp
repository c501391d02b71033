// Accurate stepping's resting contacts as rows solved at every Runge–Kutta stage
// (constraints/stage_rows.h), against the constant efforts held from an interval's start that
// they replace, and the rocking of a box whose other edge comes down while one rests.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "shipped_scenes.h"

namespace fw {
namespace {

using nlohmann::json;

// A 0.5 kg box resting on a 2 kg platform that bobs on a spring (a prismatic joint, k = 250 N/m,
// 4 cm from its equilibrium: ω = 10 rad/s, so the platform's acceleration, at most 4 m/s², stays
// below g and the box never leaves it). The force the box needs follows the platform's
// acceleration within every step. Rows solved at each stage hold the box on the platform to
// round-off. Efforts held constant from a step's start did not: by a step's end the two moved
// apart at up to 0.34 m/s, the box lifted by up to 0.5 mm and landed again, 177 located landings
// in the 3 s, 534 RK4 substeps.
TEST(RestingStageRows, ABoxRidesABobbingPlatformWithoutLeavingIt) {
  const json scene = {
      {"format", "featherweight-scene"},
      {"version", 1},
      {"world", {{"gravity", {0, 0, -9.81}}, {"timestep", 1.0 / 60}, {"integrator", "rk4"}, {"stepping", "accurate"}}},
      {"bodies", {{{"name", "box"}, {"position", {0, 0, 0.567}}, {"shapes", {{{"type", "box"}, {"size", {0.2, 0.2, 0.2}}}}}}}},
      {"articulations",
       {{{"name", "lift"},
         {"links",
          {{{"name", "platform"},
            {"joint",
             {{"type", "prismatic"}, {"axis", {0, 0, 1}}, {"origin", {{"position", {0, 0, 0.5}}}}, {"position", -0.058},
              {"spring", {{"stiffness", 250}, {"rest", 0}}}}},
            {"inertial", {{"mass", 2}, {"inertia", {{"ixx", 0.06}, {"iyy", 0.06}, {"izz", 0.12}}}}},
            {"shapes", {{{"type", "box"}, {"size", {0.6, 0.6, 0.05}}}}}}}}}}}};
  World w = loadWorld(scene);
  const int box = 0, platform = 1, steps = 180;  // 3 s
  double fastestApart = 0, widestGap = 0, lowest = w.bodyPosition(platform).z(), highest = lowest;
  for (int i = 0; i < steps; ++i) {
    w.step();
    ASSERT_EQ(w.stepError(), "");
    Vec3 vBox, wBox, vPlatform, wPlatform;
    w.bodyVelocity(box, vBox, wBox);
    w.bodyVelocity(platform, vPlatform, wPlatform);
    const double top = w.bodyPosition(platform).z() + 0.025, bottom = w.bodyPosition(box).z() - 0.1;
    fastestApart = std::max(fastestApart, std::abs(vBox.z() - vPlatform.z()));
    widestGap = std::max(widestGap, std::abs(bottom - top));
    lowest = std::min(lowest, w.bodyPosition(platform).z());
    highest = std::max(highest, w.bodyPosition(platform).z());
  }
  EXPECT_GT(highest - lowest, 0.07);  // it does bob, by about twice its 4 cm
  EXPECT_LT(fastestApart, 1e-4);      // constant efforts: 0.34 m/s
  EXPECT_LT(widestGap, 1e-7);         // constant efforts: 5.2e-4 m
  EXPECT_EQ(w.stepStats().events, 0);
  EXPECT_LE(w.stats().accepted, steps + 10);  // about one RK4 substep a step
}

// A box tumbling onto a frictionless floor (e = 0.5) rocks from edge to edge before it settles.
// An edge coming down while the other rests is an impact, not the resting pair's drift: counted as
// drift, it was only projected back, kept its velocity, and the box fell through its own
// projections step after step (its centre 8 mm below half its thickness at worst).
TEST(RestingStageRows, ARockingBoxDoesNotSinkIntoTheFloor) {
  const json shape = {{"type", "box"}, {"size", {0.4, 0.2, 0.1}}, {"friction", 0}, {"restitution", 0.5}};
  const json scene = {
      {"format", "featherweight-scene"},
      {"version", 1},
      {"world", {{"timestep", 1.0 / 60}, {"integrator", "rk4"}}},
      {"bodies",
       {{{"name", "ground"}, {"static", true}, {"shapes", {{{"type", "plane"}, {"friction", 0}, {"restitution", 0.5}}}}},
        {{"name", "body"}, {"position", {0, 0, 1.0}}, {"angularVelocity", {3, 1, 0}}, {"shapes", {shape}}}}},
      {"articulations", json::array()}};
  World w = loadWorld(scene);
  double lowest = 1.0;
  for (int i = 0; i < 240; ++i) {  // 4 s: the fall, the rocking, rest
    w.step();
    ASSERT_EQ(w.stepError(), "");
    lowest = std::min(lowest, w.bodyPosition(1).z());
  }
  EXPECT_GT(lowest, 0.05 - 1e-6);  // half its thinnest side
  EXPECT_EQ(w.stepStats().unlocatedEvents, 0);
}

}  // namespace
}  // namespace fw
