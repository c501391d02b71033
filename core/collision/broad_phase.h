#pragma once
// The broad phase: the pairs of colliders whose boxes overlap, kept from one step to the next.
// Each box is held enlarged by a tenth of its size on every side (Box2D's fat boxes), so a body
// that settles or jitters in place leaves its enlarged box as it was and costs the search nothing.
// The enlarged boxes' bounds stay sorted along all three axes (incremental sweep and prune:
// Baraff's thesis, 1992; Cohen et al., I-COLLIDE, 1995). When boxes leave their enlarged ones,
// these are enlarged anew and an insertion sort moves their bounds; each bound that passes
// another marks a pair that starts or stops overlapping along that axis. So the kept pairs change
// by what moved, not by how many boxes there are, and planes' huge bounds sit still at the ends.
// The pairs handed back are the kept ones whose own boxes overlap: the same as a brute-force
// search, whatever happened before (a replay or a loaded state finds the same pairs).
#include <array>
#include <cstdint>
#include <utility>
#include <vector>

#include "collision/manifold.h"
#include "collision/pair_set.h"

namespace fw {

class BroadPhase {
 public:
  // Pairs (i, j), i < j, of boxes that overlap (touching counts), sorted by (i, j), so the
  // contacts made from them come out in a fixed order; `canCollide` filters them (it is asked
  // every call: filters change). Allocates only when the box count or pair count grows.
  template <typename Filter>
  void findPairs(const std::vector<Aabb>& boxes, Filter&& canCollide, std::vector<std::pair<int, int>>& pairs);

  // How many boxes the last call enlarged anew (all of them when the box count changed).
  int lastEnlarged() const { return lastEnlarged_; }
  // How many pairs of enlarged boxes overlap: the candidates each call filters.
  size_t keptPairCount() const { return kept_.size(); }

  static bool overlap(const Aabb& a, const Aabb& b) {
    return a.lower.x() <= b.upper.x() && b.lower.x() <= a.upper.x() && a.lower.y() <= b.upper.y() &&
           b.lower.y() <= a.upper.y() && a.lower.z() <= b.upper.z() && b.lower.z() <= a.upper.z();
  }

 private:
  struct Bound {
    double value;
    int tag;  // 2 × box, plus 1 for an upper bound
  };
  void update(const std::vector<Aabb>& boxes);
  void rebuild(const std::vector<Aabb>& boxes);
  void resortAxis(int axis);
  void mergeChanges();

  std::vector<Aabb> enlarged_;
  std::array<std::vector<Bound>, 3> bounds_;  // every box's two bounds per axis, sorted
  std::vector<int> active_, activeSlot_;      // the rebuild's sweep
  PairSet kept_;                              // pairs whose enlarged boxes overlap
  std::vector<uint64_t> keptInOrder_;         // kept_'s keys, sorted
  std::vector<uint64_t> changed_, merged_;    // keys inserted or erased since; the merge's output
  int lastEnlarged_ = 0;
};

template <typename Filter>
void BroadPhase::findPairs(const std::vector<Aabb>& boxes, Filter&& canCollide, std::vector<std::pair<int, int>>& pairs) {
  update(boxes);
  pairs.clear();
  for (const uint64_t key : keptInOrder_) {
    const int a = PairSet::first(key), b = PairSet::second(key);
    if (overlap(boxes[size_t(a)], boxes[size_t(b)]) && canCollide(a, b)) pairs.emplace_back(a, b);
  }
}

}  // namespace fw
