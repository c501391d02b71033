#pragma once
// Saved world states edited as an attacker would: a value of the payload changed, the payload's
// length and checksum made to match again (world_state.cpp's layout), so only the restore's own
// checks stand between the bytes and the world.
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "world/state_bytes.h"

namespace fw::forged {

inline constexpr size_t kHeaderBytes = 44;       // the payload's length at 28, its checksum at 36
inline constexpr size_t kStepErrorFromEnd = 52;  // u32 length of the stop message, then 6 ledger doubles
// From the end of a blob with no stop message: the 6 integrator counters, 2 int32 and 3 int64 step
// counters, the joint gap, the message's length, the ledger.
inline constexpr size_t kStatsFromEnd = 140;
inline constexpr size_t kStepStatsFromEnd = 84;  // events, unlocated events, joint corrections

inline void reseal(std::vector<uint8_t>& blob) {
  const uint64_t payload = blob.size() - kHeaderBytes;
  std::memcpy(blob.data() + 28, &payload, sizeof payload);
  Fingerprint checksum;
  checksum.bytes(blob.data() + kHeaderBytes, payload);
  const uint64_t value = checksum.value();
  std::memcpy(blob.data() + 36, &value, sizeof value);
}

template <typename T>
std::vector<uint8_t> withValueAt(std::vector<uint8_t> blob, size_t offset, T value) {
  std::memcpy(blob.data() + offset, &value, sizeof value);
  reseal(blob);
  return blob;
}

inline std::vector<uint8_t> withTime(const std::vector<uint8_t>& blob, double t) { return withValueAt(blob, kHeaderBytes, t); }

// Every coordinate of q (the payload's second field, after t and q's u32 length) set to x.
inline std::vector<uint8_t> withQ(std::vector<uint8_t> blob, size_t nq, double x) {
  for (size_t k = 0; k < nq; ++k) std::memcpy(blob.data() + kHeaderBytes + 12 + 8 * k, &x, sizeof x);
  reseal(blob);
  return blob;
}

// The stop message (the blob must have none yet) replaced by `message`.
inline std::vector<uint8_t> withStepError(std::vector<uint8_t> blob, const std::string& message) {
  const size_t at = blob.size() - kStepErrorFromEnd;
  const uint32_t length = uint32_t(message.size());
  std::memcpy(blob.data() + at, &length, sizeof length);
  blob.insert(blob.begin() + std::ptrdiff_t(at + 4), message.begin(), message.end());
  reseal(blob);
  return blob;
}

}  // namespace fw::forged
