#include "collision/broad_phase.h"

namespace fw {

void BroadPhase::sortByLowerX(const std::vector<Collider>& colliders) {
  if (order_.size() != colliders.size()) {
    order_.resize(colliders.size());
    for (size_t i = 0; i < order_.size(); ++i) order_[i] = int(i);
  }
  // Insertion sort: last step's order is nearly right.
  for (size_t i = 1; i < order_.size(); ++i) {
    const int moving = order_[i];
    const double key = colliders[size_t(moving)].aabb.lower.x();
    size_t k = i;
    while (k > 0 && colliders[size_t(order_[k - 1])].aabb.lower.x() > key) {
      order_[k] = order_[k - 1];
      --k;
    }
    order_[k] = moving;
  }
}

}  // namespace fw
