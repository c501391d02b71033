// Reproducers found by fuzzing: each was a crash, a hang or a silent wrong answer,
// and each is now a SceneError naming its JSON path, or a world that reports why it stopped.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "collision/convex_hull.h"
#include "scene/json_cursor.h"
#include "scene/scene_builder.h"
#include "scene/scene_parser.h"
#include "shipped_scenes.h"

namespace fw {
namespace {

using nlohmann::json;

// The message the loader gives for the text, or "" when it loads and builds.
std::string loadError(const std::string& text) {
  try {
    buildWorld(parseScene(text));
  } catch (const SceneError& e) {
    return e.what();
  }
  return "";
}

TEST(HostileInput, ConvexHullOfOverflowingPointsIsRefusedNotRead) {
  // The cross product overflowed, the normal was NaN and an empty face list was indexed at −1.
  std::string error;
  EXPECT_EQ(buildConvexHull({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {1e308, 1e308, 1e308}}, &error), nullptr);
  EXPECT_NE(error.find("too far"), std::string::npos) << error;
  EXPECT_EQ(buildConvexHull({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, std::nan("")}}, &error), nullptr);
  EXPECT_NE(error.find("finite"), std::string::npos) << error;
  // Nearly coplanar slivers and duplicates still give a hull or a refusal, never a bad read.
  for (double z : {1e-300, 1e-12, 1e-9, 1e-6}) {
    auto hull = buildConvexHull({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, z}, {0, 0, 0}, {0.5, 0.5, z / 2}}, &error);
    if (hull) for (const auto& face : hull->faces) EXPECT_GE(face.size(), 3u);
  }
  // Through the loader: the point's place is named.
  json scene = shippedScene("pendulum");
  scene["bodies"] = json::parse(R"([{"name": "hull", "position": [0, 0, 3], "shapes": [{"type": "convex",
    "points": [[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1], [1e308, 1e308, 1e308]]}]}])");
  EXPECT_EQ(loadError(scene.dump()).rfind("/bodies/0/shapes/0/points/4/0: ", 0), 0u) << loadError(scene.dump());
  scene["bodies"][0]["shapes"][0]["points"] = json::parse("[[0, 0, 0], [2e5, 0, 0], [0, 1, 0], [0, 0, 1]]");
  EXPECT_EQ(loadError(scene.dump()).rfind("/bodies/0/shapes/0/points/1: hull points lie within ±1e5 m", 0), 0u) << loadError(scene.dump());
}

TEST(HostileInput, JsonLibraryExceptionsBecomeSceneErrors) {
  std::string text = shippedScene("pendulum").dump();
  const size_t g = text.find("-9.81");
  ASSERT_NE(g, std::string::npos);
  const std::string overflow = text.substr(0, g) + "-1e999" + text.substr(g + 5);
  EXPECT_NE(loadError(overflow).find("/: not valid JSON at line 1, column "), std::string::npos) << loadError(overflow);
  EXPECT_NE(loadError(overflow).find("beyond the range of double precision"), std::string::npos);

  const std::string deep = std::string(5000, '[') + std::string(5000, ']');
  EXPECT_NE(loadError(deep).find("nests deeper than 64 levels"), std::string::npos) << loadError(deep);
}

TEST(HostileInput, IntegersAreRangeCheckedAs64Bit) {
  json scene = shippedScene("pendulum");
  scene["version"] = 4294967297ull;  // read as int, this was 1
  EXPECT_NE(loadError(scene.dump()).find("/version: version 4294967297 is newer"), std::string::npos) << loadError(scene.dump());
  scene["version"] = 18446744073709551615ull;
  EXPECT_NE(loadError(scene.dump()).find("/version: version 18446744073709551615 is newer"), std::string::npos);
  scene = shippedScene("pendulum");
  scene["world"]["solver"] = {{"iterations", 4294967297ull}};
  EXPECT_EQ(loadError(scene.dump()), "/world/solver/iterations: expected a whole number from 1 to 1000, got 4294967297");
  scene["world"]["solver"] = {{"iterations", -4294967295ll}};
  EXPECT_EQ(loadError(scene.dump()), "/world/solver/iterations: expected a whole number from 1 to 1000, got -4294967295");
}

TEST(HostileInput, NumbersTimeStepsGravityAndTolerancesHaveDocumentedRanges) {
  auto with = [](const char* pointer, json value) {
    json scene = shippedScene("pendulum");
    scene[json::json_pointer(pointer)] = std::move(value);
    return loadError(scene.dump());
  };
  EXPECT_EQ(with("/world/timestep", 1e-9), "/world/timestep: the time step must lie between 1e-6 s and 0.1 s, got 1e-09");
  EXPECT_EQ(with("/world/timestep", 1e-6), "");
  EXPECT_EQ(with("/world/gravity", json::array({0, 0, -1e200})), "/world/gravity/2: numbers in a scene lie within ±1e15, got -1e+200");
  EXPECT_EQ(with("/world/gravity", json::array({0, 0, -2000})), "/world/gravity: gravity above 1000 m/s² (100 g) is not meaningful here");
  EXPECT_NE(with("/world/tolerance", {{"absolute", 1e-30}}).find("/world/tolerance/absolute: a tolerance below 1e-14 cannot be met"), std::string::npos);
  EXPECT_EQ(with("/articulations/0/links/0/shapes/0/radius", 1e103), "/articulations/0/links/0/shapes/0/radius: numbers in a scene lie within ±1e15, got 1e+103");
  EXPECT_EQ(with("/articulations/0/links/0/shapes/0/radius", 1e6), "/articulations/0/links/0/shapes/0/radius: shape sizes and positions lie within ±1e5 m, got 1000000.0");
}

TEST(HostileInput, StringsInMessagesAreQuotedEscapedAndCut) {
  EXPECT_EQ(quoteInput("rod"), "\"rod\"");
  EXPECT_EQ(quoteInput("a\"b\\c\n"), "\"a\\\"b\\\\c\\u000A\"");
  EXPECT_EQ(quoteInput("\u202Eevil"), "\"\\u202Eevil\"");  // right-to-left override, shown as an escape
  EXPECT_EQ(quoteInput("\u2067x"), "\"\\u2067x\"");
  EXPECT_EQ(quoteInput(std::string(100000, 'x'), 10), "\"xxxxxxxxxx…\"");
  EXPECT_EQ(quoteInput("ééééé", 3), "\"ééé…\"");  // cut between characters, not bytes
  json scene = shippedScene("pendulum");
  scene["articulations"][0]["links"][0]["joint"]["type"] = "\u202E" + std::string(100000, 'x');
  const std::string message = loadError(scene.dump());
  EXPECT_LT(message.size(), 300u);
  EXPECT_EQ(message.find("\u202E"), std::string::npos);
}

TEST(HostileInput, Rk45CannotStallTimeAndAStuckWorldSaysSo) {
  // Accepted at minStep with error > 1, the next step used to fall below minStep, then below any
  // step that moves t: time stopped and step() never returned. A spring of ω = 3·10⁷ rad/s held
  // to 1e-14 needs ~10⁶ substeps per millisecond: the world must say so, not spin.
  json scene = json::parse(R"({"format": "featherweight-scene", "version": 1,
    "world": {"timestep": 0.001, "integrator": "rk45", "minStep": 1e-15, "gravity": [0, 0, 0],
              "tolerance": {"absolute": 1e-14, "relative": 1e-14}},
    "articulations": [{"name": "spring", "links": [{"name": "slider",
      "joint": {"type": "prismatic", "axis": [1, 0, 0], "position": 1, "spring": {"stiffness": 1e15}},
      "inertial": {"mass": 1}}]}]})");
  World world = buildWorld(parseScene(scene.dump()));
  for (int i = 0; i < 10 && world.stepError().empty(); ++i) world.step();
  EXPECT_NE(world.stepError().find("RK45 cannot advance"), std::string::npos) << world.stepError();
  EXPECT_EQ(world.stats().stalls, 1);
  EXPECT_LE(world.stats().accepted + world.stats().rejected, kMaxSubsteps);
  const double t = world.time();
  world.step();
  EXPECT_EQ(world.time(), t);  // a stopped world stays stopped
  world.reset();
  EXPECT_EQ(world.stepError(), "");
}

TEST(HostileInput, Rk45BudgetIsOneForTheWholeAccurateStep) {
  // An accurate step calls RK45 once per interval between events and once per bisection of each
  // (up to 60 to find an impact): with a budget per call, a stiff world with impacts could take
  // 64 × 61 × 20,000 substeps in one step. A slider on a spring of ω = 10⁴ rad/s held to 1e-12
  // between limits needs ~2,000 substeps a 3 ms step, over 20,000 in a step with an impact (each
  // call well under it): it must stop there and say so.
  json scene = json::parse(R"({"format": "featherweight-scene", "version": 1,
    "world": {"timestep": 0.003, "integrator": "rk45", "gravity": [0, 0, 0],
              "tolerance": {"absolute": 1e-12, "relative": 1e-12}},
    "articulations": [{"name": "spring", "links": [{"name": "slider",
      "joint": {"type": "prismatic", "axis": [1, 0, 0], "velocity": 4000, "spring": {"stiffness": 1e8},
                "limits": {"lower": -0.3, "upper": 0.3, "restitution": 1}},
      "inertial": {"mass": 1}}]}]})");
  World world = buildWorld(parseScene(scene.dump()));
  long lastStep = 0;  // substeps, accepted or rejected, of the last step taken
  for (int i = 0; i < 10 && world.stepError().empty(); ++i) {
    const long before = world.stats().accepted + world.stats().rejected;
    world.step();
    lastStep = world.stats().accepted + world.stats().rejected - before;
  }
  EXPECT_NE(world.stepError().find("RK45 cannot advance"), std::string::npos) << world.stepError();
  EXPECT_EQ(world.stats().stalls, 1);
  EXPECT_LE(lastStep, kMaxSubsteps);
}

TEST(HostileInput, Rk45StopsAtOnceWhenTheStagesOverflow) {
  // Found by fuzzing: chain-10 (RK45 at 1e-6) with its fourth capsule 7 m thick instead of 1.5 cm,
  // ten million times its neighbours' mass. The state overflowed to NaN, the error estimate with
  // it, and every RK45 call then spun on NaN substeps to its budget, for every event and every
  // bisection: 6 minutes natively for four steps. Now the call ends at the first non-finite
  // error, the accurate step at the first non-finite interval, and the world reports the blow-up;
  // its state, stopped, still saves and restores (RK45's step size had become NaN).
  // (7.015 m then; with resting contacts held by rows at each stage rather than constant
  // efforts that thickness no longer overflows within 50 steps, 7.03 m does, at t = 0.19 s.)
  json scene = shippedScene("chain-10");
  scene["articulations"][0]["links"][3]["shapes"][0]["radius"] = 7.03;
  World world = buildWorld(parseScene(scene.dump()));
  for (int i = 0; i < 50 && world.stepError().empty(); ++i) world.step();
  EXPECT_NE(world.stepError().find("blew up"), std::string::npos) << world.stepError();
  EXPECT_LT(world.stats().derivativeEvaluations, 5'000);  // 53,408 with the NaN spins bounded, minutes without
  const std::vector<uint8_t> saved = world.saveState();
  EXPECT_EQ(world.restoreState(saved), "");
}

TEST(HostileInput, Rk45StepNeverFallsBelowTheStepThatMovesTime) {
  // Tolerances at the documented floor on an ordinary pendulum: it must still reach the end of
  // every step (the floor is minStep, and never below a few ulps of t).
  json scene = shippedScene("pendulum");
  scene["world"]["integrator"] = "rk45";
  scene["world"]["tolerance"] = {{"absolute", 1e-14}, {"relative", 1e-14}};
  World world = buildWorld(parseScene(scene.dump()));
  for (int i = 0; i < 100; ++i) world.step();
  EXPECT_EQ(world.stepError(), "");
  EXPECT_NEAR(world.time(), 0.1, 1e-12);
}

TEST(HostileInput, ABlownUpWorldStopsAndSaysWhere) {
  json scene = json::parse(R"({"format": "featherweight-scene", "version": 1,
    "world": {"timestep": 0.01, "gravity": [0, 0, 0]},
    "articulations": [{"name": "spring", "links": [{"name": "slider",
      "joint": {"type": "prismatic", "axis": [1, 0, 0], "position": 1, "spring": {"stiffness": 1e12}},
      "inertial": {"mass": 1}}]}]})");
  World world = buildWorld(parseScene(scene.dump()));
  for (int i = 0; i < 1000 && world.stepError().empty(); ++i) world.step();
  EXPECT_NE(world.stepError().find("blew up at t = "), std::string::npos) << world.stepError();
  EXPECT_NE(world.stepError().find("joint spring/slider"), std::string::npos) << world.stepError();
}

}  // namespace
}  // namespace fw

namespace fw {
namespace {

TEST(HostileInput, APointMassOnABallJointIsExplainedAsMissingInertiaAboutTheRod) {
  const std::string message = loadError(R"({"format": "featherweight-scene", "version": 1, "articulations": [{"name": "p",
    "links": [{"name": "bob", "joint": {"type": "spherical", "origin": {"position": [0, 0, 2]}}, "inertial": {"mass": 1, "com": [0, 0, -1]}}]}]})");
  EXPECT_EQ(message.rfind("/articulations/0/links/0: this ball joint turns the link about an axis it has no inertia about", 0), 0u) << message;
}

}  // namespace
}  // namespace fw
