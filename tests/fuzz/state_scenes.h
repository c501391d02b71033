// The state fuzzer's worlds: every shipped scene (public/scenes, in name order), built once, with
// its initial state. Shared by the fuzzer and the program that writes its seeds.
#pragma once
#include <algorithm>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "../core/shipped_scenes.h"

namespace fw_fuzz {

struct StateScene {
  std::string name;
  std::unique_ptr<fw::World> world;
  std::vector<uint8_t> initial;  // the world's state as built
};

inline std::vector<StateScene> loadStateScenes() {
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(FW_SCENES_DIR))
    if (entry.path().extension() == ".json") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  std::vector<StateScene> scenes;
  for (const auto& file : files) {
    const std::string name = file.stem().string();
    StateScene scene{name, std::make_unique<fw::World>(fw::loadWorld(fw::shippedScene(name))), {}};
    scene.initial = scene.world->saveState();
    scenes.push_back(std::move(scene));
  }
  return scenes;
}

}  // namespace fw_fuzz
