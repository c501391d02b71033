// libFuzzer target: any bytes as scene text through the loader, then a few steps of the world
// it builds. A refusal (SceneError) is the expected answer to most inputs; a crash, a hang
// (libFuzzer's -timeout), a leak or a sanitizer report is a bug. Run by scripts/fuzz.sh.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "scene/scene_builder.h"
#include "scene/scene_parser.h"

namespace {
// Past this many bytes a scene only costs time without reaching new code.
constexpr size_t kMaxInput = 64 * 1024;
constexpr int kSteps = 20;
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > kMaxInput) return -1;  // not added to the corpus
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    fw::World world = fw::buildWorld(fw::parseScene(text));
    for (int i = 0; i < kSteps && world.stepError().empty(); ++i) world.step();
    (void)world.kineticEnergy();
    (void)world.potentialEnergy();
  } catch (const fw::SceneError&) {
  }
  return 0;
}
