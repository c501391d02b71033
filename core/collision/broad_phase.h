#pragma once
// Sweep and prune on the x axis (Baraff's thesis; Bullet's SAP): colliders stay sorted by the
// lower x of their boxes from one step to the next, so an insertion sort re-sorts a coherent
// world in about O(n), and one sweep finds every pair of overlapping boxes.
#include <utility>
#include <vector>

#include "collision/collider.h"

namespace fw {

class BroadPhase {
 public:
  // Pairs (i, j), i < j, of colliders whose boxes overlap; `canCollide` filters them. Keeps its
  // order between calls; allocates only when the collider count or pair count grows.
  template <typename Filter>
  void findPairs(const std::vector<Collider>& colliders, Filter&& canCollide, std::vector<std::pair<int, int>>& pairs);

 private:
  void sortByLowerX(const std::vector<Collider>& colliders);
  std::vector<int> order_;
};

template <typename Filter>
void BroadPhase::findPairs(const std::vector<Collider>& colliders, Filter&& canCollide,
                           std::vector<std::pair<int, int>>& pairs) {
  pairs.clear();
  sortByLowerX(colliders);
  const size_t n = order_.size();
  for (size_t i = 0; i < n; ++i) {
    const int a = order_[i];
    const Aabb& boxA = colliders[size_t(a)].aabb;
    for (size_t k = i + 1; k < n; ++k) {
      const int b = order_[k];
      const Aabb& boxB = colliders[size_t(b)].aabb;
      if (boxB.lower.x() > boxA.upper.x()) break;  // sorted: nothing further overlaps a in x
      if (boxB.lower.y() > boxA.upper.y() || boxA.lower.y() > boxB.upper.y() || boxB.lower.z() > boxA.upper.z() ||
          boxA.lower.z() > boxB.upper.z())
        continue;
      const int first = std::min(a, b), second = std::max(a, b);
      if (canCollide(first, second)) pairs.emplace_back(first, second);
    }
  }
}

}  // namespace fw
