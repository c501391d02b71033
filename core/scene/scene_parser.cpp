// The whole document: its JSON text, its header (format and version), and the sections in the
// order later ones depend on (world and materials, then bodies and articulations, whose names
// constraints refer to). Each section's reader lives in its own file (scene_reading.h).
#include "scene/scene_parser.h"

#include "scene/scene_budget.h"
#include "scene/scene_reading.h"

namespace fw {
namespace {

// "line L, column C" of a byte offset, for text that does not parse.
std::string lineAndColumn(std::string_view text, size_t byte) {
  size_t line = 1, column = 1;
  for (size_t i = 0; i < byte && i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++line;
      column = 1;
    } else {
      ++column;
    }
  }
  return "line " + std::to_string(line) + ", column " + std::to_string(column);
}

nlohmann::json parseJsonText(std::string_view jsonText) {
  try {
    // The parser keeps its own stack, but nothing after it should walk thousands of levels.
    const nlohmann::json::parser_callback_t depthLimit = [](int depth, nlohmann::json::parse_event_t,
                                                            nlohmann::json&) {
      if (depth > kMaxJsonDepth)
        throw SceneError("", "the JSON nests deeper than " + std::to_string(kMaxJsonDepth) +
                                 " levels (a scene needs about ten)");
      return true;
    };
    return nlohmann::json::parse(jsonText, depthLimit);
  } catch (const nlohmann::json::parse_error& e) {
    // nlohmann's message reads "[json.exception.parse_error.101] parse error at line …: reason".
    std::string reason = e.what();
    const size_t colon = reason.find(": ", reason.find("parse error"));
    reason = colon == std::string::npos ? reason : reason.substr(colon + 2);
    throw SceneError("", "not valid JSON at " + lineAndColumn(jsonText, e.byte == 0 ? 0 : e.byte - 1) + ": " + reason);
  } catch (const nlohmann::json::out_of_range& e) {
    // A number beyond double range ("1e999", out_of_range.406): the message quotes it, so find it.
    const std::string message = e.what();
    const size_t open = message.find('\''), close = message.rfind('\'');
    const std::string number = open < close ? message.substr(open + 1, close - open - 1) : "";
    const size_t at = number.empty() ? std::string_view::npos : jsonText.find(number);
    throw SceneError("", "not valid JSON at " + lineAndColumn(jsonText, at == std::string_view::npos ? 0 : at) +
                             ": the number " + quoteInput(number) + " is beyond the range of double precision");
  }
}

void checkHeader(const JsonCursor& root) {
  root.expectObject();
  root.allowOnly({"$schema", "format", "version", "meta", "world", "materials", "bodies", "articulations",
                  "constraints", "contactExclusions", "contactPairs", "camera", "controller", "springs", "strings",
                  "ropes"});
  if (root["format"].string() != kSceneFormat) root["format"].fail(std::string("expected \"") + kSceneFormat + "\"");
  const JsonCursor version = root["version"];
  if (!version.value().is_number_integer()) version.fail("expected an integer format version");
  if (version.value().is_number_unsigned() ? version.value().get<unsigned long long>() > unsigned(kSceneVersion)
                                           : version.value().get<long long>() > kSceneVersion)
    version.fail("version " + version.value().dump() + " is newer than this Featherweight reads (" +
                 std::to_string(kSceneVersion) + ")");
  if (version.value().get<long long>() < 1) version.fail("versions start at 1");
}

// Bodies, then articulations. Bodies and articulations share one namespace; `jointNames`
// collects what constraints may join: a body's own name, "articulation/link" for links.
void readMovingParts(const JsonCursor& root, const Materials& materials, SceneDescription& scene,
                     std::set<std::string>& jointNames) {
  std::set<std::string> topNames;
  auto claimName = [&](const JsonCursor& nameCursor, const std::string& name) {
    if (!topNames.insert(name).second)
      nameCursor.fail("duplicate name " + quoteInput(name) + " (bodies and articulations share one namespace)");
  };
  if (root.has("bodies")) {
    const JsonCursor bodies = root["bodies"];
    for (size_t i = 0; i < bodies.size(); ++i) {
      scene.articulations.push_back(bodyFrom(bodies[i], materials));
      claimName(bodies[i]["name"], scene.articulations.back().name);
      jointNames.insert(scene.articulations.back().name);
    }
  }
  if (root.has("articulations")) {
    const JsonCursor list = root["articulations"];
    for (size_t i = 0; i < list.size(); ++i) {
      scene.articulations.push_back(articulationFrom(list[i], materials));
      claimName(list[i]["name"], scene.articulations.back().name);
      for (const LinkDescription& l : scene.articulations.back().links)
        jointNames.insert(scene.articulations.back().name + "/" + l.name);
    }
  }
  if (scene.articulations.empty()) root.fail("a scene needs at least one body or articulation");
}

}  // namespace

SceneDescription parseScene(std::string_view jsonText) {
  const nlohmann::json document = parseJsonText(jsonText);
  const JsonCursor root(document, "");
  checkHeader(root);

  SceneDescription scene;
  // A scene without "world" takes every world default, as one with "world": {} does.
  static const nlohmann::json kNoFields = nlohmann::json::object();
  scene.world = worldFrom(root.has("world") ? root["world"] : JsonCursor(kNoFields, "/world"));
  const Materials materials = materialsFrom(root);
  std::set<std::string> jointNames;
  readMovingParts(root, materials, scene, jointNames);
  for (ArticulationDescription& a : scene.articulations)
    for (LinkDescription& link : a.links)
      if (!link.ownDrag && !a.isStatic) {
        link.linearDrag = scene.world.linearDrag;
        link.angularDrag = scene.world.angularDrag;
        link.viscousDrag = scene.world.viscousDrag;
      }
  readParts(root, materials, jointNames, scene);
  if (root.has("constraints")) {
    const JsonCursor list = root["constraints"];
    for (size_t i = 0; i < list.size(); ++i) scene.constraints.push_back(constraintFrom(list[i], jointNames));
  }
  if (root.has("contactExclusions")) {
    const JsonCursor list = root["contactExclusions"];
    if (list.size() > kMaxContactExclusions) list.fail("at most " + std::to_string(kMaxContactExclusions) + " excluded pairs");
    for (size_t i = 0; i < list.size(); ++i) scene.contactExclusions.push_back(exclusionFrom(list[i], jointNames));
  }
  if (root.has("contactPairs")) {
    const JsonCursor list = root["contactPairs"];
    if (list.size() > kMaxContactPairs) list.fail("at most " + std::to_string(kMaxContactPairs) + " contact pairs");
    const std::map<std::string, PairTarget> targets = pairTargetsOf(scene);
    for (size_t i = 0; i < list.size(); ++i) scene.contactPairs.push_back(contactPairFrom(list[i], targets));
  }
  checkSceneBudgets(scene);
  if (root.has("camera")) scene.camera = cameraFrom(root["camera"]);
  if (root.has("controller")) checkOpaqueSection(root["controller"], kMaxControllerBytes);
  if (root.has("meta")) checkOpaqueSection(root["meta"], kMaxMetaBytes);
  return scene;
}

}  // namespace fw
