// The scene loader accepts every shipped scene and names the JSON path of every broken one.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <cctype>
#include <sstream>

#include "scene/scene_parser.h"

namespace fw {
namespace {

using nlohmann::json;

std::string readFile(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

json pendulum() { return json::parse(readFile(std::filesystem::path(FW_SCENES_DIR) / "pendulum.json")); }

// The message parseScene throws for `document`, or "" when it parses.
std::string errorOf(const std::string& text) {
  try {
    parseScene(text);
  } catch (const SceneError& e) {
    return e.what();
  }
  return "";
}

TEST(SceneParser, AcceptsEveryShippedScene) {
  int count = 0;
  for (const auto& entry : std::filesystem::directory_iterator(FW_SCENES_DIR)) {
    if (entry.path().extension() != ".json") continue;
    ++count;
    EXPECT_EQ(errorOf(readFile(entry.path())), "") << entry.path();
  }
  EXPECT_GT(count, 0) << "no scenes found in " << FW_SCENES_DIR;
}

TEST(SceneParser, ReadsThePendulum) {
  const SceneDescription s = parseScene(pendulum().dump());
  ASSERT_EQ(s.articulations.size(), 1u);
  const LinkDescription& rod = s.articulations[0].links[0];
  EXPECT_EQ(rod.joint.type, JointType::Revolute);
  EXPECT_DOUBLE_EQ(rod.joint.position, 1.0);
  EXPECT_TRUE(rod.joint.axis.isApprox(Eigen::Vector3d(0, 1, 0)));
  EXPECT_TRUE(rod.joint.origin.position.isApprox(Eigen::Vector3d(0, 0, 1.5)));
  ASSERT_TRUE(rod.inertial.has_value());
  EXPECT_DOUBLE_EQ(rod.inertial->mass, 1.0);
  EXPECT_EQ(s.world.integrator, "rk4");
  EXPECT_DOUBLE_EQ(s.world.timestep, 0.001);
  EXPECT_EQ(rod.shapes.size(), 2u);
}

struct BrokenCase {
  const char* what;
  const char* pointer;  // where to change the pendulum
  json value;           // the new value (discarded json = remove the field)
  const char* expected; // the message must start with this
};

class BrokenScene : public ::testing::TestWithParam<BrokenCase> {};

TEST_P(BrokenScene, NamesThePath) {
  const BrokenCase& c = GetParam();
  json doc = pendulum();
  const json::json_pointer ptr(c.pointer);
  if (c.value.is_discarded()) {
    doc[ptr.parent_pointer()].erase(ptr.back());
  } else {
    doc[ptr] = c.value;
  }
  const std::string message = errorOf(doc.dump(2));
  EXPECT_EQ(message.rfind(c.expected, 0), 0u) << "got: " << message;
}

const json kRemove = json::value_t::discarded;

INSTANTIATE_TEST_SUITE_P(
    Loader, BrokenScene,
    ::testing::Values(
        BrokenCase{"axis too short", "/articulations/0/links/0/joint/axis", json::array({0, 1}),
                   "/articulations/0/links/0/joint/axis: expected 3 numbers, got 2"},
        BrokenCase{"axis zero", "/articulations/0/links/0/joint/axis", json::array({0, 0, 0}),
                   "/articulations/0/links/0/joint/axis: axis must not be zero"},
        BrokenCase{"unknown joint type", "/articulations/0/links/0/joint/type", "hinged",
                   "/articulations/0/links/0/joint/type: \"hinged\" is not one of"},
        BrokenCase{"negative mass", "/articulations/0/links/0/inertial/mass", -1,
                   "/articulations/0/links/0/inertial/mass: must not be negative"},
        BrokenCase{"string for number", "/world/timestep", "fast",
                   "/world/timestep: expected a number, got a string"},
        BrokenCase{"zero timestep", "/world/timestep", 0, "/world/timestep: must be positive"},
        BrokenCase{"bad integrator", "/world/integrator", "verlet",
                   "/world/integrator: \"verlet\" is not one of"},
        BrokenCase{"misspelt field", "/world/gravty", json::array({0, 0, -1}),
                   "/world/gravty: unknown field"},
        BrokenCase{"wrong format", "/format", "something-else", "/format: expected"},
        BrokenCase{"future version", "/version", 99, "/version: version 99 is newer"},
        BrokenCase{"missing version", "/version", kRemove, "/version: required field is missing"},
        BrokenCase{"missing joint", "/articulations/0/links/0/joint", kRemove,
                   "/articulations/0/links/0/joint: required field is missing"},
        BrokenCase{"negative radius", "/articulations/0/links/0/shapes/0/radius", -0.1,
                   "/articulations/0/links/0/shapes/0/radius: must be positive"},
        BrokenCase{"box size", "/articulations/0/links/0/shapes/0",
                   json{{"type", "box"}, {"size", {1, 0, 1}}},
                   "/articulations/0/links/0/shapes/0/size/1: box size must be positive"},
        BrokenCase{"non-unit quaternion", "/articulations/0/links/0/joint/origin/quaternion",
                   json::array({2, 0, 0, 0}),
                   "/articulations/0/links/0/joint/origin/quaternion: quaternion must have unit length"},
        BrokenCase{"unknown parent", "/articulations/0/links/0/parent", "nowhere",
                   "/articulations/0/links/0/parent: no earlier link named \"nowhere\""},
        BrokenCase{"inertia triangle", "/articulations/0/links/0/inertial/inertia",
                   json{{"ixx", 1}, {"iyy", 1}, {"izz", 3}},
                   "/articulations/0/links/0/inertial/inertia: principal moments violate"},
        BrokenCase{"inverted limits", "/articulations/0/links/0/joint/limits",
                   json{{"lower", 1}, {"upper", -1}},
                   "/articulations/0/links/0/joint/limits/upper: upper limit must be above the lower limit"},
        BrokenCase{"restitution above one", "/articulations/0/links/0/joint/limits",
                   json{{"lower", -1}, {"upper", 1}, {"restitution", 1.5}},
                   "/articulations/0/links/0/joint/limits/restitution: restitution must be between 0 and 1"},
        BrokenCase{"negative sphere", "/articulations/0/links/0/shapes/0",
                   json{{"type", "sphere"}, {"radius", -0.1}},
                   "/articulations/0/links/0/shapes/0/radius: "},
        BrokenCase{"friction out of range", "/articulations/0/links/0/shapes/0",
                   json{{"type", "sphere"}, {"radius", 0.1}, {"friction", -0.2}},
                   "/articulations/0/links/0/shapes/0/friction: friction coefficient must be between 0 and 10"},
        BrokenCase{"flat hull", "/articulations/0/links/0/shapes/0",
                   json{{"type", "convex"}, {"points", {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0}, {0.5, 0.5, 0}}}},
                   "/articulations/0/links/0/shapes/0/points: a convex hull needs at least 4 points"},
        BrokenCase{"no articulations", "/articulations", json::array(),
                   "/: a scene needs at least one body or articulation"}),
    [](const ::testing::TestParamInfo<BrokenCase>& info) {
      std::string name = info.param.what;
      for (char& c : name) c = std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
      return name;
    });

TEST(SceneParser, MalformedJsonGivesLineAndColumn) {
  const std::string message = errorOf("{\n  \"format\": \"featherweight-scene\",\n  \"version\": 1,,\n}");
  EXPECT_EQ(message.rfind("/: not valid JSON at line 3, column 16", 0), 0u) << message;
}

TEST(SceneParser, RootMustBeAnObject) {
  EXPECT_EQ(errorOf("[1, 2]"), "/: expected an object, got an array");
}

TEST(SceneParser, FreeBodyTakesMassFromShapes) {
  json doc = pendulum();
  doc["bodies"] = json::array({json{{"name", "ball"},
                                    {"position", {1, 0, 2}},
                                    {"shapes", json::array({json{{"type", "sphere"}, {"radius", 0.1}}})}}});
  const SceneDescription s = parseScene(doc.dump());
  ASSERT_EQ(s.articulations.size(), 2u);
  EXPECT_TRUE(s.articulations[0].isFreeBody);
  EXPECT_EQ(s.articulations[0].links[0].joint.type, JointType::Free);
  doc["bodies"][0]["name"] = "pendulum";
  EXPECT_EQ(errorOf(doc.dump()).rfind("/articulations/0/name: duplicate name", 0), 0u) << errorOf(doc.dump());
}

}  // namespace
}  // namespace fw
