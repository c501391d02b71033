#pragma once
// The shipped scenes (public/scenes) for the C++ tests, and a world built from scene JSON.
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "scene/scene_builder.h"
#include "scene/scene_parser.h"
#include "world/queries.h"

namespace fw {

inline nlohmann::json shippedScene(const std::string& name) {
  std::ifstream in(std::filesystem::path(FW_SCENES_DIR) / (name + ".json"));
  std::stringstream ss;
  ss << in.rdbuf();
  return nlohmann::json::parse(ss.str());
}

inline World loadWorld(const nlohmann::json& scene) { return buildWorld(parseScene(scene.dump())); }

}  // namespace fw
