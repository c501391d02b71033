#include "collision/broad_phase.h"

#include <algorithm>
#include <limits>

namespace fw {
namespace {

// How much a box is enlarged on every side, as a fraction of its largest extent: a body may
// wander that far before the search looks at it again, and the kept pairs grow by about as much.
constexpr double kEnlargement = 0.1;

// A box with a NaN bound (a body that blew up) becomes a point at +∞: it is kept apart from
// every finite box, and the NaN's comparisons cannot break the sorted order.
Aabb enlarged(const Aabb& box) {
  if (box.lower.hasNaN() || box.upper.hasNaN()) {
    const Vec3 far = Vec3::Constant(std::numeric_limits<double>::infinity());
    return {far, far};
  }
  double margin = kEnlargement * (box.upper - box.lower).maxCoeff();
  if (!(margin >= 0)) margin = 0;  // (∞ − ∞)
  return {box.lower.array() - margin, box.upper.array() + margin};
}

bool contains(const Aabb& outer, const Aabb& inner) {
  return (outer.lower.array() <= inner.lower.array()).all() && (inner.upper.array() <= outer.upper.array()).all();
}

bool isUpper(int tag) { return (tag & 1) != 0; }

// Sorted by value; at a tie a lower bound comes first, so boxes that touch overlap.
bool precedes(double value, int tag, double otherValue, int otherTag) {
  return value < otherValue || (value == otherValue && !isUpper(tag) && isUpper(otherTag));
}

}  // namespace

void BroadPhase::update(const std::vector<Aabb>& boxes) {
  if (boxes.size() != enlarged_.size()) {
    rebuild(boxes);
  } else {
    lastEnlarged_ = 0;
    for (size_t i = 0; i < boxes.size(); ++i) {
      if (contains(enlarged_[i], boxes[i])) continue;
      enlarged_[i] = enlarged(boxes[i]);
      ++lastEnlarged_;
    }
    if (lastEnlarged_ > 0)
      for (int axis = 0; axis < 3; ++axis) resortAxis(axis);
  }
  if (!changed_.empty()) mergeChanges();
}

// The kept pairs in order again, from the pairs that came or went: one merge of the sorted
// changes into last call's order, instead of sorting every kept pair.
void BroadPhase::mergeChanges() {
  std::sort(changed_.begin(), changed_.end());
  changed_.erase(std::unique(changed_.begin(), changed_.end()), changed_.end());
  merged_.clear();
  auto old = keptInOrder_.cbegin();
  for (const uint64_t key : changed_) {
    for (; old != keptInOrder_.cend() && *old < key; ++old) merged_.push_back(*old);
    if (old != keptInOrder_.cend() && *old == key) ++old;
    if (kept_.contains(key)) merged_.push_back(key);
  }
  merged_.insert(merged_.end(), old, keptInOrder_.cend());
  keptInOrder_.swap(merged_);
  changed_.clear();
}

// Insertion sort of one axis's bounds, after some boxes were enlarged anew: a lower bound that
// passes below an upper one starts an overlap along this axis (a pair if the boxes overlap along
// all three), an upper bound that passes below a lower one ends it. Any two bounds pass each
// other at most once in a sort, so the kept pairs end as the enlarged boxes overlap now.
void BroadPhase::resortAxis(int axis) {
  std::vector<Bound>& bounds = bounds_[size_t(axis)];
  for (Bound& bound : bounds) {
    const Aabb& box = enlarged_[size_t(bound.tag >> 1)];
    bound.value = isUpper(bound.tag) ? box.upper[axis] : box.lower[axis];
  }
  for (size_t i = 1; i < bounds.size(); ++i) {
    const Bound moving = bounds[i];
    size_t k = i;
    for (; k > 0 && precedes(moving.value, moving.tag, bounds[k - 1].value, bounds[k - 1].tag); --k) {
      const int passed = bounds[k - 1].tag;
      if (isUpper(moving.tag) != isUpper(passed)) {
        const int a = moving.tag >> 1, b = passed >> 1;
        const uint64_t key = PairSet::key(std::min(a, b), std::max(a, b));
        if (isUpper(moving.tag) ? kept_.erase(key) : a != b && overlap(enlarged_[size_t(a)], enlarged_[size_t(b)]) && kept_.insert(key))
          changed_.push_back(key);
      }
      bounds[k] = bounds[k - 1];
    }
    bounds[k] = moving;
  }
}

// A fresh start (the first call, or colliders added or removed): every box enlarged, each axis's
// bounds sorted, and the overlapping pairs found by one sweep along x.
void BroadPhase::rebuild(const std::vector<Aabb>& boxes) {
  const size_t n = boxes.size();
  enlarged_.resize(n);
  for (size_t i = 0; i < n; ++i) enlarged_[i] = enlarged(boxes[i]);
  lastEnlarged_ = int(n);
  for (int axis = 0; axis < 3; ++axis) {
    std::vector<Bound>& bounds = bounds_[size_t(axis)];
    bounds.resize(2 * n);
    for (size_t i = 0; i < n; ++i) {
      bounds[2 * i] = {enlarged_[i].lower[axis], int(2 * i)};
      bounds[2 * i + 1] = {enlarged_[i].upper[axis], int(2 * i + 1)};
    }
    std::sort(bounds.begin(), bounds.end(),
              [](const Bound& a, const Bound& b) { return precedes(a.value, a.tag, b.value, b.tag); });
  }
  kept_.clear();
  active_.clear();
  activeSlot_.assign(n, -1);
  for (const Bound& bound : bounds_[0]) {
    const int box = bound.tag >> 1;
    if (isUpper(bound.tag)) {  // leaves the sweep: the last active box takes its slot
      const int slot = activeSlot_[size_t(box)];
      active_[size_t(slot)] = active_.back();
      activeSlot_[size_t(active_.back())] = slot;
      active_.pop_back();
      continue;
    }
    for (const int other : active_)
      if (overlap(enlarged_[size_t(box)], enlarged_[size_t(other)]))
        kept_.insert(PairSet::key(std::min(box, other), std::max(box, other)));
    activeSlot_[size_t(box)] = int(active_.size());
    active_.push_back(box);
  }
  kept_.keys(keptInOrder_);
  std::sort(keptInOrder_.begin(), keptInOrder_.end());
  changed_.clear();
}

}  // namespace fw
