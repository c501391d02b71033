// Writes the state fuzzer's seeds: real states of every shipped scene, at its start and after a
// hundred-odd steps (contacts, warm starts, RK45's step), each as a state_fuzzer input
// (scene index, flags, blob). Usage: state_seeds <folder>.
#include <cstdio>
#include <fstream>
#include <string>

#include "state_scenes.h"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: state_seeds <folder>\n");
    return 2;
  }
  const std::filesystem::path folder = argv[1];
  std::filesystem::create_directories(folder);
  auto scenes = fw_fuzz::loadStateScenes();
  int written = 0;
  for (size_t i = 0; i < scenes.size(); ++i) {
    fw::World& world = *scenes[i].world;
    for (const int steps : {0, 120}) {
      for (int s = 0; s < steps && world.stepError().empty(); ++s) world.step();
      const std::vector<uint8_t> blob = world.saveState();
      std::ofstream out(folder / (scenes[i].name + "-" + std::to_string(steps)), std::ios::binary);
      const uint8_t head[2] = {uint8_t(i), 1};
      out.write(reinterpret_cast<const char*>(head), 2);
      out.write(reinterpret_cast<const char*>(blob.data()), std::streamsize(blob.size()));
      ++written;
    }
  }
  std::printf("state_seeds: %d states of %zu scenes in %s\n", written, scenes.size(), folder.c_str());
  return 0;
}
