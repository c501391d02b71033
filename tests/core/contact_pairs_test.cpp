// contactPairs (MuJoCo's <contact><pair>): two named shapes touch whatever their filters, a joint
// between their bodies or an exclusion say, with the pair's own friction when it gives one.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "scene/scene_builder.h"
#include "scene/scene_parser.h"

namespace fw {
namespace {

using nlohmann::json;

const json kDrawnOnly = {{"group", 0}, {"mask", 0}};

json pairScene(const json& bodies) {
  return {{"format", "featherweight-scene"}, {"version", 1}, {"bodies", bodies}};
}

json pairGround() { return {{"name", "ground"}, {"static", true}, {"shapes", {{{"type", "plane"}}}}}; }

json pairOf(const std::string& a, int shapeA, const std::string& b, int shapeB) {
  return {{"a", {{"body", a}, {"shape", shapeA}}}, {"b", {{"body", b}, {"shape", shapeB}}}};
}

World pairWorldAfter(const json& scene, double seconds) {
  World world = buildWorld(parseScene(scene.dump()));
  const int steps = int(seconds / world.settings().timestep);
  for (int k = 0; k < steps; ++k) world.step();
  return world;
}

TEST(ContactPairs, PairTouchesThoughBothShapesAreDrawnOnly) {
  const json ball = {{"name", "ball"}, {"position", {0, 0, 0.5}},
                     {"shapes", {{{"type", "sphere"}, {"radius", 0.1}, {"collision", kDrawnOnly}}}}};
  json scene = pairScene({pairGround(), ball});
  EXPECT_LT(pairWorldAfter(scene, 1.0).bodyPosition(1).z(), -1.0);  // falls through
  scene["contactPairs"] = json::array({pairOf("ball", 0, "ground", 0)});
  EXPECT_NEAR(pairWorldAfter(scene, 1.0).bodyPosition(1).z(), 0.1, 0.01);  // rests on the plane
  // An exclusion of the two bodies does not stop an explicit pair.
  scene["contactExclusions"] = json::array({{{"a", "ball"}, {"b", "ground"}}});
  EXPECT_NEAR(pairWorldAfter(scene, 1.0).bodyPosition(1).z(), 0.1, 0.01);
}

TEST(ContactPairs, PairTouchesAcrossAJoint) {
  // A slider drops its ball onto its own parent's plate: parent and child never touch, but a pair does.
  const json base = {{"name", "base"}, {"joint", {{"type", "fixed"}}}, {"shapes", {{{"type", "box"}, {"size", {1, 1, 0.1}}}}}};
  const json slider = {{"name", "slider"},
                       {"parent", "base"},
                       {"joint", {{"type", "prismatic"}, {"axis", {0, 0, 1}}, {"origin", {{"position", {0, 0, 0.5}}}}}},
                       {"shapes", {{{"type", "sphere"}, {"radius", 0.1}}}}};
  json scene = {{"format", "featherweight-scene"},
                {"version", 1},
                {"articulations", {{{"name", "rig"}, {"links", {base, slider}}}}}};
  EXPECT_LT(pairWorldAfter(scene, 1.0).state().q[0], -1.0);  // through the plate
  scene["contactPairs"] = json::array({pairOf("rig/slider", 0, "rig/base", 0)});
  // Rests on the plate's top (z 0.05): the slider 0.5 − 0.15 below its origin.
  EXPECT_NEAR(pairWorldAfter(scene, 1.0).state().q[0], -0.35, 0.01);
}

TEST(ContactPairs, PairFrictionReplacesTheMixedOne) {
  const json box = {{"name", "box"}, {"position", {0, 0, 0.1}}, {"linearVelocity", {2, 0, 0}},
                    {"shapes", {{{"type", "box"}, {"size", {0.2, 0.2, 0.2}}, {"friction", 0.5}}}}};
  json scene = pairScene({pairGround(), box});
  json pair = pairOf("box", 0, "ground", 0);
  pair["friction"] = 0.0;
  scene["contactPairs"] = json::array({pair});
  EXPECT_GT(pairWorldAfter(scene, 1.0).bodyPosition(1).x(), 1.9);  // slides on, frictionless
  scene["contactPairs"][0]["friction"] = 1.0;
  // μ 1 stops it within v²/(2μg) = 0.2 m (the mixed μ 0.5 would let it slide 0.4 m).
  EXPECT_LT(pairWorldAfter(scene, 1.0).bodyPosition(1).x(), 0.25);
  scene["contactPairs"][0].erase("friction");
  EXPECT_NEAR(pairWorldAfter(scene, 1.0).bodyPosition(1).x(), 0.41, 0.05);
}

std::string pairError(const json& scene) {
  try {
    parseScene(scene.dump());
  } catch (const SceneError& e) {
    return e.what();
  }
  return "";
}

TEST(ContactPairs, BadPairsNameWhereTheyAre) {
  const json ball = {{"name", "ball"}, {"shapes", {{{"type", "sphere"}, {"radius", 0.1}}}}};
  json scene = pairScene({pairGround(), ball});
  scene["contactPairs"] = json::array({pairOf("ball", 1, "ground", 0)});
  EXPECT_NE(pairError(scene).find("/contactPairs/0/a/shape"), std::string::npos) << pairError(scene);
  scene["contactPairs"] = json::array({pairOf("ball", 0, "nobody", 0)});
  EXPECT_NE(pairError(scene).find("/contactPairs/0/b/body"), std::string::npos) << pairError(scene);
  scene["contactPairs"] = json::array({pairOf("ball", 0, "ball", 0)});
  EXPECT_NE(pairError(scene).find("two different bodies"), std::string::npos) << pairError(scene);
  json statics = pairScene({pairGround(), {{"name", "wall"}, {"static", true}, {"shapes", {{{"type", "box"}, {"size", {1, 1, 1}}}}}}, ball});
  statics["contactPairs"] = json::array({pairOf("wall", 0, "ground", 0)});
  EXPECT_NE(pairError(statics).find("two static bodies"), std::string::npos) << pairError(statics);
  json negative = pairOf("ball", 0, "ground", 0);
  negative["friction"] = -1;
  scene["contactPairs"] = json::array({negative});
  EXPECT_NE(pairError(scene).find("/contactPairs/0/friction"), std::string::npos) << pairError(scene);
  scene["contactPairs"] = json::array();
  for (int i = 0; i < 10001; ++i) scene["contactPairs"].push_back(pairOf("ball", 0, "ground", 0));
  EXPECT_NE(pairError(scene).find("at most 10000"), std::string::npos) << pairError(scene);
}

TEST(ContactPairs, APairChangesTheFingerprintOnlyWhenPresent) {
  const json ball = {{"name", "ball"}, {"position", {0, 0, 0.5}}, {"shapes", {{{"type", "sphere"}, {"radius", 0.1}}}}};
  json scene = pairScene({pairGround(), ball});
  const uint64_t without = buildWorld(parseScene(scene.dump())).modelHash();
  scene["contactPairs"] = json::array();
  EXPECT_EQ(buildWorld(parseScene(scene.dump())).modelHash(), without);
  scene["contactPairs"] = json::array({pairOf("ball", 0, "ground", 0)});
  EXPECT_NE(buildWorld(parseScene(scene.dump())).modelHash(), without);
}

}  // namespace
}  // namespace fw
