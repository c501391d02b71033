// The broad phase against a brute-force check of every pair of boxes: the same pairs, sorted,
// whichever axis it sweeps along and however far the boxes moved since its last call.
#include <gtest/gtest.h>

#include <random>
#include <utility>
#include <vector>

#include "collision/broad_phase.h"

namespace fw {
namespace {

using BoxPairs = std::vector<std::pair<int, int>>;

bool boxesOverlap(const Aabb& a, const Aabb& b) {
  return (a.lower.array() <= b.upper.array()).all() && (b.lower.array() <= a.upper.array()).all();
}

BoxPairs overlappingPairs(const std::vector<Aabb>& boxes) {
  BoxPairs pairs;
  for (int i = 0; i < int(boxes.size()); ++i)
    for (int j = i + 1; j < int(boxes.size()); ++j)
      if (boxesOverlap(boxes[size_t(i)], boxes[size_t(j)])) pairs.emplace_back(i, j);
  return pairs;
}

// n unit-ish boxes scattered over `spread` metres along each axis.
std::vector<Aabb> scatteredBoxes(int n, const Vec3& spread, std::mt19937& rng) {
  std::uniform_real_distribution<double> unit(0, 1);
  std::vector<Aabb> boxes(static_cast<size_t>(n));
  for (Aabb& box : boxes) {
    const Vec3 centre = spread.cwiseProduct(Vec3(unit(rng), unit(rng), unit(rng)));
    const Vec3 half = Vec3::Constant(0.3) + 0.4 * Vec3(unit(rng), unit(rng), unit(rng));
    box = {centre - half, centre + half};
  }
  return boxes;
}

TEST(BroadPhase, FindsEveryOverlappingPairAndNoOtherInOrder) {
  std::mt19937 rng(3);
  BroadPhase broad;
  BoxPairs pairs;
  for (const Vec3& spread : {Vec3(20, 3, 3), Vec3(3, 20, 3), Vec3(3, 3, 20), Vec3(8, 8, 8)}) {
    const std::vector<Aabb> boxes = scatteredBoxes(300, spread, rng);
    broad.findPairs(boxes, [](int, int) { return true; }, pairs);
    EXPECT_EQ(pairs, overlappingPairs(boxes));
  }
}

TEST(BroadPhase, SweepsAlongTheAxisOfWidestSpreadAndIgnoresPlanes) {
  std::mt19937 rng(5);
  BroadPhase broad;
  BoxPairs pairs;
  std::vector<Aabb> boxes = scatteredBoxes(200, Vec3(2, 30, 2), rng);
  // A ground plane's bounds reach 1e9 m below it: its centre must not pull the axis to z.
  boxes.push_back({Vec3(-1e9, -1e9, -1e9), Vec3(1e9, 1e9, 0)});
  broad.findPairs(boxes, [](int, int) { return true; }, pairs);
  EXPECT_EQ(broad.axis(), 1);
  EXPECT_EQ(pairs, overlappingPairs(boxes));
  // Moved to spread along x: the kept order is re-sorted on x and still finds the same pairs.
  for (Aabb& box : boxes) {
    if ((box.upper - box.lower).maxCoeff() > 1e3) continue;
    const Vec3 shift(box.lower.y() * 3, -box.lower.y(), 0);
    box.lower += shift, box.upper += shift;
  }
  broad.findPairs(boxes, [](int, int) { return true; }, pairs);
  EXPECT_EQ(broad.axis(), 0);
  EXPECT_EQ(pairs, overlappingPairs(boxes));
}

TEST(BroadPhase, KeepsItsAxisWhileAnotherSpreadsAboutAsMuch) {
  std::mt19937 rng(9);
  BroadPhase broad;
  BoxPairs pairs;
  std::vector<Aabb> boxes = scatteredBoxes(200, Vec3(10, 9, 1), rng);
  broad.findPairs(boxes, [](int, int) { return true; }, pairs);
  const int first = broad.axis();
  // Swap x and y: the other horizontal axis now spreads a little more, not half as much again.
  for (Aabb& box : boxes) {
    std::swap(box.lower.x(), box.lower.y());
    std::swap(box.upper.x(), box.upper.y());
  }
  broad.findPairs(boxes, [](int, int) { return true; }, pairs);
  EXPECT_EQ(broad.axis(), first);
  EXPECT_EQ(pairs, overlappingPairs(boxes));
}

TEST(BroadPhase, FilterDropsPairs) {
  std::mt19937 rng(11);
  BroadPhase broad;
  BoxPairs pairs;
  const std::vector<Aabb> boxes = scatteredBoxes(100, Vec3(5, 5, 5), rng);
  broad.findPairs(boxes, [](int a, int b) { return (a + b) % 2 == 0; }, pairs);
  BoxPairs expected;
  for (const auto& p : overlappingPairs(boxes))
    if ((p.first + p.second) % 2 == 0) expected.push_back(p);
  EXPECT_EQ(pairs, expected);
  EXPECT_FALSE(expected.empty());
}

}  // namespace
}  // namespace fw
