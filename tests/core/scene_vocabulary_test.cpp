// The scene format's one joint vocabulary (hinge, slider and ball are aliases of revolute,
// prismatic and spherical, for links' joints and constraints alike), the sections the core keeps
// opaque (meta, controller: bounded, not read), and a world's material mixing.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "scene/scene_parser.h"

namespace fw {
namespace {

using nlohmann::json;

json vocabularyPendulum() {
  std::ifstream in(std::filesystem::path(FW_SCENES_DIR) / "pendulum.json");
  std::stringstream ss;
  ss << in.rdbuf();
  return json::parse(ss.str());
}

std::string vocabularyErrorOf(const json& scene) {
  try {
    parseScene(scene.dump());
  } catch (const SceneError& e) {
    return e.what();
  }
  return "";
}

TEST(SceneVocabulary, LinkJointsTakeTheAliases) {
  for (const auto& [alias, type] : {std::pair{"hinge", JointType::Revolute}, std::pair{"slider", JointType::Prismatic},
                                    std::pair{"revolute", JointType::Revolute}}) {
    json scene = vocabularyPendulum();
    scene["articulations"][0]["links"][0]["joint"]["type"] = alias;
    EXPECT_EQ(parseScene(scene.dump()).articulations[0].links[0].joint.type, type) << alias;
  }
  json scene = vocabularyPendulum();
  json& joint = scene["articulations"][0]["links"][0]["joint"];
  joint = {{"type", "ball"}, {"origin", joint["origin"]}};
  EXPECT_EQ(parseScene(scene.dump()).articulations[0].links[0].joint.type, JointType::Spherical);
  joint["type"] = "universal";
  EXPECT_EQ(vocabularyErrorOf(scene).rfind("/articulations/0/links/0/joint/type: a universal joint is held by impulses", 0), 0u)
      << vocabularyErrorOf(scene);
}

TEST(SceneVocabulary, ConstraintsTakeTheCanonicalNames) {
  json scene = vocabularyPendulum();
  scene["bodies"] = json::parse(R"([{"name": "bob", "position": [0, 0, 3], "shapes": [{"type": "sphere", "radius": 0.1}]}])");
  for (const auto& [name, type] : {std::pair{"revolute", JointType::Revolute}, std::pair{"hinge", JointType::Revolute},
                                   std::pair{"prismatic", JointType::Prismatic}, std::pair{"slider", JointType::Prismatic},
                                   std::pair{"spherical", JointType::Spherical}, std::pair{"ball", JointType::Spherical},
                                   std::pair{"fixed", JointType::Fixed}}) {
    scene["constraints"] = json::array({{{"type", name}, {"a", "world"}, {"b", "bob"}, {"anchor", {0, 0, 3}}, {"axis", {0, 0, 1}}}});
    const SceneDescription s = parseScene(scene.dump());
    ASSERT_EQ(s.constraints.size(), 1u);
    EXPECT_EQ(s.constraints[0].type, type) << name;
  }
  scene["constraints"][0]["type"] = "free";
  EXPECT_EQ(vocabularyErrorOf(scene).rfind("/constraints/0/type: a free joint holds nothing", 0), 0u) << vocabularyErrorOf(scene);
  scene["constraints"][0]["type"] = "weld";
  EXPECT_EQ(vocabularyErrorOf(scene).rfind("/constraints/0/type: \"weld\" is not one of", 0), 0u) << vocabularyErrorOf(scene);
}

// What the page shows and the controller it runs are the page's and the library's to validate:
// the core accepts any object within its size cap, and names the section that passes it.
TEST(SceneOpaqueSections, MetaAndControllerAreCarriedNotRead) {
  json scene = vocabularyPendulum();
  scene["meta"]["questions"] = json::array({{{"text", "Which?"}, {"choices", {"a"}}, {"answer", 7}}});
  scene["meta"]["sliders"][0]["path"] = "/nowhere";
  scene["meta"]["anything"] = {{"the page decides", true}};
  scene["controller"] = {{"source", "export function control() {}"}, {"rate", 7}};
  EXPECT_EQ(vocabularyErrorOf(scene), "");

  scene["meta"]["description"] = std::string(kMaxMetaBytes, 'x');
  EXPECT_EQ(vocabularyErrorOf(scene).rfind("/meta: this section is ", 0), 0u) << vocabularyErrorOf(scene).substr(0, 200);
  scene["meta"] = json::object();
  scene["controller"]["source"] = std::string(kMaxControllerBytes, 'x');
  EXPECT_EQ(vocabularyErrorOf(scene).rfind("/controller: this section is ", 0), 0u) << vocabularyErrorOf(scene).substr(0, 200);
  scene["controller"] = "export function control() {}";
  EXPECT_EQ(vocabularyErrorOf(scene), "/controller: expected an object, got a string");
}

TEST(SceneMixing, WorldMixingNamesTheRules) {
  json scene = vocabularyPendulum();
  EXPECT_EQ(parseScene(scene.dump()).world.mixing.friction, MixRule::GeometricMean);
  EXPECT_EQ(parseScene(scene.dump()).world.mixing.restitution, MixRule::Min);
  scene["world"]["mixing"] = {{"friction", "max"}, {"restitution", "mean"}};
  const SceneDescription s = parseScene(scene.dump());
  EXPECT_EQ(s.world.mixing.friction, MixRule::Max);
  EXPECT_EQ(s.world.mixing.restitution, MixRule::Mean);
  scene["world"]["mixing"] = {{"friction", "min"}, {"restitution", "geometric-mean"}};
  EXPECT_EQ(parseScene(scene.dump()).world.mixing.friction, MixRule::Min);
  EXPECT_EQ(parseScene(scene.dump()).world.mixing.restitution, MixRule::GeometricMean);
  scene["world"]["mixing"] = {{"friction", "median"}};
  EXPECT_EQ(vocabularyErrorOf(scene).rfind("/world/mixing/friction: \"median\" is not one of", 0), 0u) << vocabularyErrorOf(scene);
  scene["world"]["mixing"] = {{"damping", "min"}};
  EXPECT_EQ(vocabularyErrorOf(scene).rfind("/world/mixing/damping: unknown field", 0), 0u) << vocabularyErrorOf(scene);
}

}  // namespace
}  // namespace fw
