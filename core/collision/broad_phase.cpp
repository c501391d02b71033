#include "collision/broad_phase.h"

#include <algorithm>

namespace fw {

void BroadPhase::chooseAxis(const std::vector<Aabb>& boxes) {
  // Boxes of a kilometre or more (planes reach 1e9 m, narrow_phase.cpp) say nothing about how the
  // bodies are spread, and their centres would swamp the variance.
  constexpr double kLargest = 1e3;
  Vec3 sum = Vec3::Zero(), sumOfSquares = Vec3::Zero();
  double count = 0;
  for (const Aabb& box : boxes) {
    if (!box.lower.allFinite() || !box.upper.allFinite() || !((box.upper - box.lower).maxCoeff() < kLargest)) continue;
    const Vec3 centre = 0.5 * (box.upper + box.lower);
    sum += centre;
    sumOfSquares += centre.cwiseProduct(centre);
    count += 1;
  }
  if (count < 2) return;
  const Vec3 variance = sumOfSquares / count - (sum / count).cwiseProduct(sum / count);
  int widest = 0;
  variance.maxCoeff(&widest);
  // A fresh order takes the widest axis; a kept one changes only for an axis that spreads half as
  // much again (axes that spread alike, as a pile's two horizontal ones, would swap every step).
  const bool fresh = order_.size() != boxes.size();
  if (widest != axis_ && (fresh || variance[widest] > 1.5 * variance[axis_])) axis_ = widest;
}

void BroadPhase::sortByLowerBound(const std::vector<Aabb>& boxes) {
  if (order_.size() != boxes.size()) {
    order_.resize(boxes.size());
    for (size_t i = 0; i < order_.size(); ++i) order_[i] = int(i);
  }
  // Insertion sort: last step's order is nearly right (after a change of axis it is not, once).
  const int axis = axis_;
  for (size_t i = 1; i < order_.size(); ++i) {
    const int moving = order_[i];
    const double key = boxes[size_t(moving)].lower[axis];
    size_t k = i;
    while (k > 0 && boxes[size_t(order_[k - 1])].lower[axis] > key) {
      order_[k] = order_[k - 1];
      --k;
    }
    order_[k] = moving;
  }
}

// The sweep finds pairs in the order of the sorted bounds: sorting them by index makes the result
// the same whatever the axis and last step's order were (replays must be bitwise the same).
void BroadPhase::sortPairs(std::vector<std::pair<int, int>>& pairs) { std::sort(pairs.begin(), pairs.end()); }

}  // namespace fw
