#pragma once
// A set of box pairs (i < j) as one flat open-addressing table: linear probing, and deletion by
// shifting the probe run back (Knuth, TAOCP vol. 3, 6.4, algorithm R), so no tombstones pile up
// while pairs come and go step after step. It allocates only when it grows.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace fw {

class PairSet {
 public:
  // The pair's key; never 0 (j > i ≥ 0), which marks an empty slot. Keys sort as the pairs do.
  static uint64_t key(int i, int j) { return uint64_t(uint32_t(i)) << 32 | uint32_t(j); }
  static int first(uint64_t key) { return int(key >> 32); }
  static int second(uint64_t key) { return int(key & 0xffffffffu); }

  bool insert(uint64_t key) {
    if (2 * (count_ + 1) > slots_.size()) grow();
    for (size_t i = home(key);; i = (i + 1) & mask_) {
      if (slots_[i] == key) return false;
      if (slots_[i] == 0) {
        slots_[i] = key;
        ++count_;
        return true;
      }
    }
  }

  bool erase(uint64_t key) {
    if (count_ == 0) return false;
    size_t hole = home(key);
    while (slots_[hole] != key) {
      if (slots_[hole] == 0) return false;
      hole = (hole + 1) & mask_;
    }
    slots_[hole] = 0;
    --count_;
    // Pull back every later key of the run that could not be found past the new hole.
    for (size_t j = (hole + 1) & mask_; slots_[j] != 0; j = (j + 1) & mask_) {
      const size_t want = home(slots_[j]);
      const bool reachable = hole <= j ? (hole < want && want <= j) : (hole < want || want <= j);
      if (reachable) continue;
      slots_[hole] = slots_[j];
      slots_[j] = 0;
      hole = j;
    }
    return true;
  }

  bool contains(uint64_t key) const {
    if (count_ == 0) return false;
    for (size_t i = home(key);; i = (i + 1) & mask_) {
      if (slots_[i] == key) return true;
      if (slots_[i] == 0) return false;
    }
  }

  void clear() {
    std::fill(slots_.begin(), slots_.end(), uint64_t(0));
    count_ = 0;
  }

  size_t size() const { return count_; }

  // Every key, in table order (sort them for a deterministic order).
  void keys(std::vector<uint64_t>& out) const {
    out.clear();
    for (const uint64_t slot : slots_)
      if (slot != 0) out.push_back(slot);
  }

 private:
  // Fibonacci hashing (Knuth, 6.4): the key's product with 2⁶⁴/φ, its top bits.
  size_t home(uint64_t key) const { return size_t((key * 0x9E3779B97F4A7C15ull) >> shift_); }

  void grow() {
    std::vector<uint64_t> old;
    old.swap(slots_);
    const size_t capacity = old.empty() ? 64 : 2 * old.size();
    slots_.assign(capacity, 0);
    mask_ = capacity - 1;
    shift_ = 64;
    for (size_t c = capacity; c > 1; c >>= 1) --shift_;
    count_ = 0;
    for (const uint64_t slot : old)
      if (slot != 0) insert(slot);
  }

  std::vector<uint64_t> slots_;
  size_t count_ = 0;
  size_t mask_ = 0;
  int shift_ = 64;
};

}  // namespace fw
