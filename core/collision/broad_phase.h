#pragma once
// Sweep and prune (Baraff's thesis; Bullet's SAP) on one axis: boxes stay sorted by their lower
// bound on it from one step to the next, so an insertion sort re-sorts a coherent world in about
// O(n), and one sweep finds every pair of overlapping boxes. The axis is the one along which the
// boxes' centres spread most (largest variance: Ericson, Real-Time Collision Detection, 7.5.2), so
// the sweep meets as few boxes overlapping on it alone as it can; it changes only when another
// axis spreads clearly more, since each change re-sorts the whole order.
#include <algorithm>
#include <utility>
#include <vector>

#include "collision/manifold.h"

namespace fw {

class BroadPhase {
 public:
  // Pairs (i, j), i < j, of boxes that overlap, sorted (so the pairs, and the contacts made from
  // them in this order, do not depend on the sweep's axis or on last step's order); `canCollide`
  // filters them. Keeps its order between calls; allocates only when the box count or pair
  // count grows.
  template <typename Filter>
  void findPairs(const std::vector<Aabb>& boxes, Filter&& canCollide, std::vector<std::pair<int, int>>& pairs);

  int axis() const { return axis_; }

 private:
  void chooseAxis(const std::vector<Aabb>& boxes);
  void sortByLowerBound(const std::vector<Aabb>& boxes);
  static void sortPairs(std::vector<std::pair<int, int>>& pairs);
  std::vector<int> order_;  // box indices by lower bound along the axis
  int axis_ = 0;
};

template <typename Filter>
void BroadPhase::findPairs(const std::vector<Aabb>& boxes, Filter&& canCollide, std::vector<std::pair<int, int>>& pairs) {
  pairs.clear();
  chooseAxis(boxes);
  sortByLowerBound(boxes);
  const int x = axis_, y = (axis_ + 1) % 3, z = (axis_ + 2) % 3;
  const size_t n = order_.size();
  for (size_t i = 0; i < n; ++i) {
    const int a = order_[i];
    const Aabb& boxA = boxes[size_t(a)];
    for (size_t k = i + 1; k < n; ++k) {
      const int b = order_[k];
      const Aabb& boxB = boxes[size_t(b)];
      if (boxB.lower[x] > boxA.upper[x]) break;  // sorted: nothing further overlaps a along the axis
      if (boxB.lower[y] > boxA.upper[y] || boxA.lower[y] > boxB.upper[y] || boxB.lower[z] > boxA.upper[z] ||
          boxA.lower[z] > boxB.upper[z])
        continue;
      const int first = std::min(a, b), second = std::max(a, b);
      if (canCollide(first, second)) pairs.emplace_back(first, second);
    }
  }
  sortPairs(pairs);
}

}  // namespace fw
