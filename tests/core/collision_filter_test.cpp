// The pair filter: world.collisionFilter "each" (both groups meet the other's mask) against
// "either" (MuJoCo's contype/conaffinity rule), contactExclusions, and massless links between
// joints, which load while the links beyond them give each joint inertia.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "scene/scene_builder.h"
#include "scene/scene_parser.h"

namespace fw {
namespace {

using nlohmann::json;

json filterGround() {
  return {{"name", "ground"}, {"static", true}, {"shapes", {{{"type", "plane"}, {"collision", {{"group", 1}, {"mask", 1}}}}}}};
}

json filterBall(const std::string& name, double z, const json& collision) {
  return {{"name", name},
          {"position", {0, 0, z}},
          {"shapes", {{{"type", "sphere"}, {"radius", 0.1}, {"collision", collision}}}}};
}

json filterScene(const json& world, const json& bodies) {
  return {{"format", "featherweight-scene"}, {"version", 1}, {"world", world}, {"bodies", bodies}};
}

// Height of free body `body` after `seconds`.
double heightAfter(const json& scene, int body, double seconds) {
  World world = buildWorld(parseScene(scene.dump()));
  const int steps = int(seconds / world.settings().timestep);
  for (int k = 0; k < steps; ++k) world.step();
  return world.bodyPosition(body).z();
}

TEST(CollisionFilter, EitherRuleLetsAPairTouchThatTheEachRuleKeepsApart) {
  // Ball group 2, mask 1; ground group 1, mask 1: only ground.group & ball.mask meet.
  const json ball = filterBall("ball", 0.5, {{"group", 2}, {"mask", 1}});
  const double each = heightAfter(filterScene(json::object(), {filterGround(), ball}), 1, 1.0);
  const double either = heightAfter(filterScene({{"collisionFilter", "either"}}, {filterGround(), ball}), 1, 1.0);
  EXPECT_LT(each, -1.0);                 // fell through
  EXPECT_NEAR(either, 0.1, 0.01);        // rests on the plane
}

TEST(CollisionFilter, EitherRuleKeepsAShapeWithAGroupButNoMask) {
  // MuJoCo's walker: its geoms contype 1, conaffinity 0; the floor 1 and 1.
  const json ball = filterBall("ball", 0.5, {{"group", 1}, {"mask", 0}});
  EXPECT_LT(heightAfter(filterScene(json::object(), {filterGround(), ball}), 1, 1.0), -1.0);  // drawn only
  EXPECT_NEAR(heightAfter(filterScene({{"collisionFilter", "either"}}, {filterGround(), ball}), 1, 1.0), 0.1, 0.01);
  // Group and mask 0 is drawn only under either rule.
  const json drawn = filterBall("ball", 0.5, {{"group", 0}, {"mask", 0}});
  EXPECT_LT(heightAfter(filterScene({{"collisionFilter", "either"}}, {filterGround(), drawn}), 1, 1.0), -1.0);
}

TEST(CollisionFilter, ExcludedPairPassesThrough) {
  const json all = {{"group", 1}, {"mask", 1}};
  json scene = filterScene(json::object(), {filterGround(), filterBall("low", 0.1, all), filterBall("high", 0.5, all)});
  EXPECT_NEAR(heightAfter(scene, 2, 1.0), 0.3, 0.01);  // stacked on the low ball
  scene["contactExclusions"] = {{{"a", "high"}, {"b", "low"}}};
  EXPECT_NEAR(heightAfter(scene, 2, 1.0), 0.1, 0.01);  // through it, onto the ground
  scene["contactExclusions"] = {{{"a", "high"}, {"b", "nobody"}}};
  EXPECT_THROW(parseScene(scene.dump()), SceneError);
}

TEST(CollisionFilter, ExclusionsPerSceneAreCapped) {
  const json all = {{"group", 1}, {"mask", 1}};
  json scene = filterScene(json::object(), {filterGround(), filterBall("low", 0.1, all), filterBall("high", 0.5, all)});
  scene["contactExclusions"] = json::array();
  for (size_t i = 0; i <= kMaxContactExclusions; ++i) scene["contactExclusions"].push_back({{"a", "high"}, {"b", "low"}});
  try {
    parseScene(scene.dump());
    FAIL() << "more exclusions than the cap loaded";
  } catch (const SceneError& error) {
    EXPECT_NE(std::string(error.what()).find("at most 10000 excluded pairs"), std::string::npos) << error.what();
  }
}

json twoHinges(double firstMass, const json& last) {
  json first = {{"name", "a"}, {"joint", {{"type", "revolute"}, {"axis", {1, 0, 0}}}}, {"inertial", {{"mass", firstMass}}}};
  json second = {{"name", "b"}, {"parent", "a"}, {"joint", {{"type", "revolute"}, {"axis", {0, 1, 0}}}}, {"inertial", last}};
  return {{"format", "featherweight-scene"},
          {"version", 1},
          {"articulations", {{{"name", "arm"}, {"links", {first, second}}}}}};
}

TEST(CollisionFilter, MasslessLinkBetweenJointsLoadsWhenTheLinkBeyondGivesItInertia) {
  const json heavy = {{"mass", 1}, {"com", {0, 0, -0.5}}, {"inertia", {{"ixx", 0.01}, {"iyy", 0.01}, {"izz", 0.01}}}};
  World world = buildWorld(parseScene(twoHinges(0, heavy).dump()));
  EXPECT_EQ(world.model().inertia[0].mass, 0.0);
  for (int k = 0; k < 100; ++k) world.step();
  EXPECT_TRUE(world.state().q.allFinite());
  // Nothing beyond to move: the error names the link whose joint moves nothing.
  try {
    buildWorld(parseScene(twoHinges(0, {{"mass", 0}}).dump()));
    FAIL() << "a joint moving no inertia loaded";
  } catch (const SceneError& e) {
    EXPECT_NE(std::string(e.what()).find("moves no inertia"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace fw
