// The budgets of one load (docs/security.md): bodies and constraints per scene, no constraint
// given twice, and a joints' correction system whose fill and factorisation every step can
// afford. Each refusal comes at load, names its JSON path and the budget, and is quick.
#include <gtest/gtest.h>

#include <chrono>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>

#include "scene/json_cursor.h"
#include "shipped_scenes.h"
#include "under_sanitizer.h"

namespace fw {
namespace {

using nlohmann::json;

std::string loadError(const json& scene) {
  try {
    buildWorld(parseScene(scene.dump()));
  } catch (const SceneError& e) {
    return e.what();
  }
  return "";
}

json twoSpheres() {
  return json::parse(R"({"format": "featherweight-scene", "version": 1, "world": {"gravity": [0, 0, 0]},
    "bodies": [{"name": "a", "position": [0, 0, 1], "shapes": [{"type": "sphere", "radius": 0.1}]},
               {"name": "b", "position": [0.5, 0, 1], "shapes": [{"type": "sphere", "radius": 0.1}]}]})");
}

json constraint(const char* type, double x) {
  json c = {{"type", type}, {"a", "a"}, {"b", "b"}, {"anchor", {x, 0, 1}}, {"axis", {0, 0, 1}}};
  if (std::string(type) == "universal") c["axis2"] = {1, 0, 0};
  return c;
}

double secondsOf(const std::function<void()>& run) {
  const auto start = std::chrono::steady_clock::now();
  run();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// 1,000 identical fixed constraints between two spheres: the first step never ended (the joint
// system, 6,000 rows all coupled, was factored in cubic time).
TEST(SceneBudget, DuplicateConstraintsAreRefusedNamingBoth) {
  json scene = twoSpheres();
  for (int k = 0; k < 1000; ++k) scene["constraints"].push_back(constraint("fixed", 0.25));
  std::string error;
  EXPECT_LT(secondsOf([&] { error = loadError(scene); }), 2.0);
  EXPECT_EQ(error.rfind("/constraints/1: the same constraint as /constraints/0", 0), 0u) << error;
  // Named the other way round, a world anchor joins the same two points.
  scene["constraints"] = json::array({constraint("ball", 0.25), constraint("ball", 0.25)});
  std::swap(scene["constraints"][1]["a"], scene["constraints"][1]["b"]);
  EXPECT_EQ(loadError(scene).rfind("/constraints/1: the same constraint as /constraints/0", 0), 0u) << loadError(scene);
  // Another place is another joint.
  scene["constraints"][1]["anchor"] = {0.3, 0, 1};
  EXPECT_EQ(loadError(scene), "");
}

// 400 universal joints between two bodies, each at its own place: 4.6 s a step before.
TEST(SceneBudget, JointSystemOverItsBudgetIsRefusedAtLoad) {
  json scene = twoSpheres();
  for (int k = 0; k < 400; ++k) scene["constraints"].push_back(constraint("universal", 0.001 * k));
  std::string error;
  EXPECT_LT(secondsOf([&] { error = loadError(scene); }), 2.0);
  EXPECT_EQ(error.rfind("/constraints/", 0), 0u) << error;
  EXPECT_NE(error.find("its budget of 1000000 is passed with this joint"), std::string::npos) << error;
  // The joint that passes it is named: the ones before it load, and a step of them is quick.
  const int over = std::stoi(error.substr(std::string("/constraints/").size()));
  ASSERT_GT(over, 10);
  auto& list = scene["constraints"];
  list.erase(list.begin() + over, list.end());
  World world = loadWorld(scene);
  world.step();
  EXPECT_LT(secondsOf([&] { world.step(); }), kUnderSanitizer ? 10.0 : 0.1);
}

TEST(SceneBudget, ShippedScenesWithJointsAreWellWithinIt) {
  for (const char* name : {"impulse-chain", "four-bar", "newtons-cradle", "planar-chain-ground"})
    EXPECT_EQ(loadError(shippedScene(name)), "") << name;
}

TEST(SceneBudget, ConstraintsPerSceneAreCapped) {
  json scene = twoSpheres();
  for (int k = 0; k <= 1000; ++k) scene["constraints"].push_back(constraint("ball", 0.001 * k));
  EXPECT_EQ(loadError(scene).rfind("/constraints/1000: a scene has at most 1000 constraints", 0), 0u) << loadError(scene);
}

TEST(SceneBudget, BodiesPerSceneAreCapped) {
  json scene = twoSpheres();
  for (int k = 2; k <= 10000; ++k)
    scene["bodies"].push_back({{"name", "s" + std::to_string(k)}, {"position", {k, 0, 1}}, {"inertial", {{"mass", 1}}}});
  EXPECT_EQ(loadError(scene).rfind("/bodies/10000: a scene has at most 10000 bodies and links", 0), 0u) << loadError(scene);
  scene["bodies"].erase(10000);
  EXPECT_EQ(parseScene(scene.dump()).articulations.size(), 10000u);
}

// The docs give each count a lower bound; 0 passed (nlohmann reads 0 as unsigned), and a world
// with jointCorrection.iterations 0 refused its own saved state.
TEST(SceneBudget, IterationCountsHaveTheirLowerBound) {
  for (const auto& [field, path] : {std::pair{"/world/solver/iterations", "iterations"},
                                    {"/world/solver/positionIterations", "positionIterations"},
                                    {"/world/solver/substeps", "substeps"},
                                    {"/world/jointCorrection/iterations", "iterations"}}) {
    json scene = shippedScene("pendulum");
    scene[json::json_pointer(field)] = 0;
    const std::string error = loadError(scene);
    EXPECT_EQ(error.rfind(std::string(field) + ": expected a whole number from 1 to ", 0), 0u) << error << " (" << path << ")";
    EXPECT_NE(error.find(", got 0"), std::string::npos) << error;
    scene[json::json_pointer(field)] = 1;
    World world = loadWorld(scene);
    world.step();
    EXPECT_EQ(world.restoreState(world.saveState()), "") << field;
  }
}

}  // namespace
}  // namespace fw
