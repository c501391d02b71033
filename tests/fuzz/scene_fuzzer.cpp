// libFuzzer target: any bytes as scene text through the loader, then a few steps of the world
// it builds. A refusal (SceneError) is the expected answer to most inputs; a crash, a hang
// (libFuzzer's -timeout), a leak or a sanitizer report is a bug. Run by scripts/fuzz.sh.
// The world's saved state is fuzzed with it: the world's own state must restore, and a forged
// one (payload bytes flipped by the input, the checksum made to match) may be refused or taken,
// but the world must go on stepping without a crash.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <vector>

#include "scene/scene_builder.h"
#include "scene/scene_parser.h"
#include "world/state_bytes.h"

namespace {
// Past this many bytes a scene only costs time without reaching new code.
constexpr size_t kMaxInput = 64 * 1024;
constexpr int kSteps = 20;
// Large models (the 100-link chain with RK45: ~1 s a step under ASan on a busy machine) take
// fewer steps, so that no seed input comes near libFuzzer's 10 s timeout.
constexpr int kLinkSteps = 200;
// And an input stops stepping past this much work (links × derivative evaluations, ~50 µs each
// under the sanitizers at -O1 with Eigen's assertions, 0.3 µs natively): a stiff world may take
// RK45's whole budget every step (kMaxSubsteps, 7 evaluations each).
constexpr long kMaxLinkEvaluations = 100'000;
constexpr size_t kHeaderBytes = 44;  // world_state.cpp: the checksum is its last 8 bytes

// The saved state with payload bytes flipped by the input, and a checksum that matches again.
std::vector<uint8_t> forged(std::vector<uint8_t> blob, std::string_view input) {
  if (blob.size() <= kHeaderBytes || input.empty()) return blob;
  const size_t payload = blob.size() - kHeaderBytes;
  for (size_t k = 0; k + 1 < input.size() && k < 64; k += 2)
    blob[kHeaderBytes + (uint8_t(input[k]) * 131 + k * 977) % payload] ^= uint8_t(input[k + 1]);
  fw::Fingerprint checksum;
  checksum.bytes(blob.data() + kHeaderBytes, payload);
  const uint64_t value = checksum.value();
  std::memcpy(blob.data() + kHeaderBytes - sizeof value, &value, sizeof value);
  return blob;
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > kMaxInput) return -1;  // not added to the corpus
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    fw::World world = fw::buildWorld(fw::parseScene(text));
    const int steps = std::clamp(kLinkSteps / std::max(1, world.model().nlinks), 2, kSteps);
    // (Divided, not multiplied: a forged state may hold any count.)
    const auto busy = [&] { return world.stats().derivativeEvaluations > kMaxLinkEvaluations / std::max(1, world.model().nlinks); };
    for (int i = 0; i < steps && world.stepError().empty() && !busy(); ++i) world.step();
    (void)world.kineticEnergy();
    (void)world.potentialEnergy();
    const std::vector<uint8_t> saved = world.saveState();
    if (!world.restoreState(saved).empty()) __builtin_trap();  // its own state must always restore
    (void)world.restoreState(forged(saved, text));
    for (int i = 0; i < 3 && world.stepError().empty() && !busy(); ++i) world.step();
  } catch (const fw::SceneError&) {
  }
  return 0;
}
