// Springs, strings and ropes: their parsing (messages name the JSON path), a rope's bodies, a
// string's slack and taut states, and world.drag as every body's default.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "scene/scene_builder.h"
#include "scene/scene_parser.h"
#include "world/queries.h"

namespace fw {
namespace {

using json = nlohmann::json;

// A 1 kg ball of radius 0.05 at `position`, and `extra` merged into the scene.
json partsScene(const json& extra, const std::vector<double>& position = {0, 0, 1}) {
  json scene = {{"format", "featherweight-scene"},
                {"version", 1},
                {"world", {{"timestep", 0.001}}},
                {"bodies",
                 {{{"name", "bob"},
                   {"position", position},
                   {"inertial", {{"mass", 1.0}, {"inertia", {{"ixx", 1e-3}, {"iyy", 1e-3}, {"izz", 1e-3}}}}},
                   {"shapes", {{{"type", "sphere"}, {"radius", 0.05}}}}}}}};
  scene.merge_patch(extra);
  return scene;
}

std::string partsError(const json& scene) {
  try {
    buildWorld(parseScene(scene.dump()));
  } catch (const SceneError& e) {
    return e.what();
  }
  return "";
}

TEST(SceneParts, MessagesNameTheJsonPath) {
  EXPECT_EQ(partsError(partsScene({{"springs", {{{"a", "world"}, {"b", "nobody"}, {"stiffness", 1}}}}})).rfind("/springs/0/b: no body", 0), 0u);
  EXPECT_EQ(partsError(partsScene({{"springs", {{{"a", "world"}, {"b", "bob"}, {"stiffness", -1}}}}})).rfind("/springs/0/stiffness:", 0), 0u);
  EXPECT_EQ(partsError(partsScene({{"springs", {{{"a", "world"}, {"b", "bob"}}}}})).rfind("/springs/0/stiffness: required field is missing", 0), 0u);
  EXPECT_EQ(partsError(partsScene({{"strings", {{{"a", "bob"}, {"b", "bob"}}}}})).rfind("/strings/0/b: a string joins two", 0), 0u);
  EXPECT_EQ(partsError(partsScene({{"strings", {{{"a", "world"}, {"b", "bob"}, {"length", 0}}}}})).rfind("/strings/0/length:", 0), 0u);
  EXPECT_EQ(partsError(partsScene({{"strings", {{{"a", "world"}, {"b", "bob"}, {"colour", "red"}}}}})).rfind("/strings/0/colour: unknown field", 0), 0u);
  EXPECT_EQ(partsError(partsScene({{"world", {{"integrator", "rk4"}}}, {"strings", {{{"a", "world"}, {"b", "bob"}}}}}))
                .rfind("/strings/0: strings need realtime stepping", 0),
            0u);
  const json rope = {{"name", "rope"}, {"a", "world"}, {"b", "bob"}, {"length", 1}, {"segments", 1}, {"mass", 0.1}, {"radius", 0.01}};
  EXPECT_EQ(partsError(partsScene({{"ropes", {rope}}})).rfind("/ropes/0/segments:", 0), 0u);
  json shortRope = rope;
  shortRope["segments"] = 4;
  shortRope["length"] = 0.5;  // the ends are 1 m apart
  EXPECT_EQ(partsError(partsScene({{"ropes", {shortRope}}})).rfind("/ropes/0/length: the rope is shorter", 0), 0u);
  json clash = rope;
  clash["name"] = "bob";
  clash["segments"] = 4;
  EXPECT_EQ(partsError(partsScene({{"ropes", {clash}}})).rfind("/ropes/0/name: duplicate name", 0), 0u);
  EXPECT_EQ(partsError(partsScene({{"world", {{"drag", {{"viscous", -2}}}}}})).rfind("/world/drag/viscous:", 0), 0u);
}

TEST(SceneParts, ARopeBuildsItsSegmentsAsBodies) {
  // From the world point (0, 0, 2) to the bob 1 m below, taut: 8 segments, 9 joints; the bob is
  // pushed sideways and swings on the rope.
  const json rope = {{"name", "rope"}, {"a", "world"}, {"pointA", {0, 0, 2}}, {"b", "bob"}, {"length", 1.0},
                     {"segments", 8}, {"mass", 0.4}, {"radius", 0.01}};
  json scene = partsScene({{"ropes", {rope}}, {"world", {{"timestep", 1.0 / 240}}}});
  scene["bodies"][0]["linearVelocity"] = {0.5, 0, 0};
  World world = buildWorld(parseScene(scene.dump()));
  ASSERT_EQ(world.model().nlinks, 9);
  EXPECT_EQ(world.impulseJoints().size(), 9u);
  double mass = 0;
  for (int k = 0; k < 8; ++k) {
    EXPECT_EQ(world.visuals()[size_t(k + 1)].name, "rope/" + std::to_string(k));
    EXPECT_NEAR(world.bodyPosition(k + 1).z(), 2 - (k + 0.5) / 8, 1e-12);
    mass += world.model().inertia[size_t(k + 1)].mass;
  }
  EXPECT_NEAR(mass, 0.4, 1e-12);
  double farthest = 0;
  for (int i = 0; i < 480; ++i) {
    world.step();
    farthest = std::max(farthest, world.bodyPosition(0).x());
  }
  ASSERT_EQ(world.stepError(), "");
  EXPECT_GT(farthest, 0.05);  // it swung
  EXPECT_NEAR((world.bodyPosition(0) - Vec3(0, 0, 2)).norm(), 1.0, 0.01);
  for (int k = 0; k < 9; ++k) EXPECT_LT(world.impulseJointGap(k), 1e-3) << k;
}

TEST(SceneParts, ARopeLongerThanItsEndsSagsAlongAnArc) {
  // 1.5 m between two world points 1 m apart: the arc's lowest segments hang below the ends.
  const json rope = {{"name", "bridge"}, {"a", "world"}, {"pointA", {-0.5, 0, 2}}, {"b", "world"}, {"pointB", {0.5, 0, 2}},
                     {"length", 1.5}, {"segments", 10}, {"mass", 0.3}, {"radius", 0.01}};
  World world = buildWorld(parseScene(partsScene({{"ropes", {rope}}, {"world", {{"timestep", 1.0 / 240}}}}).dump()));
  ASSERT_EQ(world.model().nlinks, 11);
  for (int k = 0; k < 11; ++k) EXPECT_LT(world.impulseJointGap(k), 1e-9) << k;  // the arc's chords meet
  EXPECT_LT(world.bodyPosition(5).z(), 1.6);
  for (int i = 0; i < 960; ++i) world.step();
  ASSERT_EQ(world.stepError(), "");
  for (int k = 0; k < 11; ++k) EXPECT_LT(world.impulseJointGap(k), 1e-3) << k;
  EXPECT_NEAR(world.bodyPosition(5).x() + world.bodyPosition(6).x(), 0.0, 0.02);  // symmetric about the middle
  EXPECT_LT(world.bodyPosition(5).z(), 1.7);  // still sagging
}

TEST(SceneParts, ARopeWithoutBHangsFromA) {
  const json rope = {{"name", "tail"}, {"a", "bob"}, {"length", 0.5}, {"segments", 5}, {"mass", 0.1}, {"radius", 0.01}};
  const World world = buildWorld(parseScene(partsScene({{"ropes", {rope}}}).dump()));
  ASSERT_EQ(world.model().nlinks, 6);
  EXPECT_EQ(world.impulseJoints().size(), 5u);
  EXPECT_NEAR(world.bodyPosition(5).z(), 1 - 0.45, 1e-9);  // the last segment's centre
}

TEST(SceneParts, ASlackStringCarriesNothingAndATautOneHolds) {
  // A 1.5 m string from (0, 0, 2) to a bob 1 m below: it falls freely for 0.5 m, then hangs.
  const json string = {{"a", "world"}, {"pointA", {0, 0, 2}}, {"b", "bob"}, {"length", 1.5}};
  World world = buildWorld(parseScene(partsScene({{"strings", {string}}}).dump()));
  World free = buildWorld(parseScene(partsScene(json::object()).dump()));
  for (int i = 0; i < 200; ++i) {  // 0.2 s: fallen 0.2 m
    world.step(), free.step();
    ASSERT_EQ(world.bodyPosition(0).z(), free.bodyPosition(0).z()) << i;
    ASSERT_EQ(world.stringForces()[0].tension, 0.0);
  }
  for (int i = 0; i < 3000; ++i) world.step();
  EXPECT_LE(2 - world.bodyPosition(0).z(), 1.5 + 2e-3);
  EXPECT_NEAR(world.bodyPosition(0).z(), 0.5, 2e-3);
  EXPECT_NEAR(world.stringForces()[0].tension, 9.81, 0.05);  // m g at rest
  std::vector<double> parts;
  partStates(world, parts);
  ASSERT_EQ(parts.size(), size_t(layout::Part::kStride));
  EXPECT_NEAR(parts[layout::Part::kEndA + 2], 2.0, 1e-12);
  EXPECT_NEAR(parts[layout::Part::kLength], 1.5, 2e-3);
}

TEST(SceneParts, WorldDragIsTheDefaultOfBodiesWithoutTheirOwn) {
  json scene = partsScene({{"world", {{"drag", {{"viscous", 2.0}, {"linear", 0.5}}}}}});
  scene["bodies"].push_back({{"name", "own"}, {"position", {1, 0, 1}}, {"drag", {{"angular", 0.1}}},
                             {"shapes", {{{"type", "sphere"}, {"radius", 0.05}}}}});
  const World world = buildWorld(parseScene(scene.dump()));
  EXPECT_EQ(world.model().viscousDrag[0], 2.0);
  EXPECT_EQ(world.model().linearDrag[0], 0.5);
  EXPECT_EQ(world.model().viscousDrag[1], 0.0);
  EXPECT_EQ(world.model().linearDrag[1], 0.0);
  EXPECT_EQ(world.model().angularDrag[1], 0.1);
}

}  // namespace
}  // namespace fw
