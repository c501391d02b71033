// libFuzzer target: any bytes as a saved world state, restored onto one of the shipped scenes. A
// state blob is untrusted input (a file given to fw-sim --load-state, a library caller's bytes):
// restoreState must refuse it with a message or take it, and a taken state must step, save and
// restore again, without a crash, a hang or a sanitizer report. Run by scripts/fuzz.sh, seeded
// with real states of every shipped scene (state_seeds.cpp).
//
// Input: [scene index] [flags] [blob]. Flags bit 0: make the checksum match (so that mutations
// reach the value checks behind it); bit 1: restore as the same structure with other numbers.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <vector>

#include "state_scenes.h"
#include "world/state_bytes.h"

namespace {
constexpr size_t kHeaderBytes = 44;  // world_state.cpp: the payload's checksum is its last 8 bytes
// Work after a restore, as in scene_fuzzer.cpp: links × derivative evaluations, counted from the
// restored counters (a forged state may hold any count).
constexpr long kMaxLinkEvaluations = 100'000;

std::vector<fw_fuzz::StateScene>& scenes() {
  static std::vector<fw_fuzz::StateScene> loaded = fw_fuzz::loadStateScenes();
  return loaded;
}

void matchChecksum(std::vector<uint8_t>& blob) {
  if (blob.size() <= kHeaderBytes) return;
  fw::Fingerprint checksum;
  checksum.bytes(blob.data() + kHeaderBytes, blob.size() - kHeaderBytes);
  const uint64_t value = checksum.value();
  std::memcpy(blob.data() + kHeaderBytes - sizeof value, &value, sizeof value);
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 2 || size > (1u << 20)) return -1;
  auto& all = scenes();
  fw_fuzz::StateScene& scene = all[data[0] % all.size()];
  fw::World& world = *scene.world;
  // Every input starts from the scene's initial state, so that no input depends on the one before.
  if (!world.restoreState(scene.initial).empty()) __builtin_trap();
  std::vector<uint8_t> blob(data + 2, data + size);
  if (data[1] & 1) matchChecksum(blob);
  const fw::StateMatch match = (data[1] & 2) ? fw::StateMatch::SameStructure : fw::StateMatch::SameScene;
  if (!world.restoreState(blob, match).empty()) return 0;  // refused: the world is unchanged

  const long start = world.stats().derivativeEvaluations;
  const long budget = kMaxLinkEvaluations / std::max(1, world.model().nlinks);
  for (int i = 0; i < 3 && world.stepError().empty() && world.stats().derivativeEvaluations - start <= budget; ++i) world.step();
  (void)world.kineticEnergy();
  (void)world.potentialEnergy();
  const std::vector<uint8_t> saved = world.saveState();
  if (!world.restoreState(saved).empty()) __builtin_trap();  // what it reached must restore again
  return 0;
}
