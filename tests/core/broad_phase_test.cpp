// The broad phase against a brute-force check of every pair of boxes: the same pairs, sorted,
// however the boxes moved since its last call; and boxes that stay inside their enlarged ones
// cost it no search.
#include <gtest/gtest.h>

#include <cmath>
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

bool anyPair(int, int) { return true; }

// A shift of up to `reach` along each axis.
Vec3 randomShift(std::mt19937& rng, double reach) {
  std::uniform_real_distribution<double> unit(-reach, reach);
  return Vec3(unit(rng), unit(rng), unit(rng));
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
    broad.findPairs(boxes, anyPair, pairs);
    EXPECT_EQ(pairs, overlappingPairs(boxes));
  }
}

TEST(BroadPhase, KeepsFindingEveryPairAsBoxesWanderJumpAndBlowUp) {
  std::mt19937 rng(5);
  BroadPhase broad;
  BoxPairs pairs;
  std::vector<Aabb> boxes = scatteredBoxes(200, Vec3(6, 6, 6), rng);
  // A ground plane's bounds reach 1e9 m below it (narrow_phase.cpp).
  boxes.push_back({Vec3(-1e9, -1e9, -1e9), Vec3(1e9, 1e9, 0.5)});
  for (int step = 0; step < 200; ++step) {
    for (size_t i = 0; i + 1 < boxes.size(); ++i) {
      // Most drift a little, some a lot, a few jump elsewhere (a state loaded, a body dragged).
      Vec3 shift = randomShift(rng, i % 10 == 0 ? 0.5 : 0.02);
      if (step % 50 == 7 && i % 37 == 0) shift = randomShift(rng, 6);
      boxes[i].lower += shift, boxes[i].upper += shift;
    }
    if (step == 120) boxes[3].upper.x() = std::nan("");  // a body that blew up: no pairs
    if (step == 140) boxes[3] = boxes[4];                // back, over another
    broad.findPairs(boxes, anyPair, pairs);
    ASSERT_EQ(pairs, overlappingPairs(boxes)) << "at step " << step;
  }
}

TEST(BroadPhase, BoxesThatJitterInPlaceCostNoSearch) {
  std::mt19937 rng(7);
  BroadPhase broad;
  BoxPairs pairs;
  std::vector<Aabb> boxes = scatteredBoxes(300, Vec3(8, 8, 8), rng);
  broad.findPairs(boxes, anyPair, pairs);
  EXPECT_EQ(broad.lastEnlarged(), 300);
  const size_t kept = broad.keptPairCount();
  const std::vector<Aabb> rest = boxes;
  for (int step = 0; step < 50; ++step) {
    for (size_t i = 0; i < boxes.size(); ++i) {
      const Vec3 shift = randomShift(rng, 1e-3);  // well inside a tenth of 0.6 m
      boxes[i] = {rest[i].lower + shift, rest[i].upper + shift};
    }
    broad.findPairs(boxes, anyPair, pairs);
    ASSERT_EQ(broad.lastEnlarged(), 0);
    ASSERT_EQ(broad.keptPairCount(), kept);
    ASSERT_EQ(pairs, overlappingPairs(boxes)) << "at step " << step;
  }
  // One box thrown across the world: it alone is enlarged anew, and its pairs follow it.
  boxes[17].lower += Vec3(5, 0, 0), boxes[17].upper += Vec3(5, 0, 0);
  broad.findPairs(boxes, anyPair, pairs);
  EXPECT_EQ(broad.lastEnlarged(), 1);
  EXPECT_EQ(pairs, overlappingPairs(boxes));
}

TEST(BroadPhase, StartsAfreshWhenCollidersAreAddedOrRemoved) {
  std::mt19937 rng(13);
  BroadPhase broad;
  BoxPairs pairs;
  std::vector<Aabb> boxes = scatteredBoxes(150, Vec3(5, 5, 5), rng);
  broad.findPairs(boxes, anyPair, pairs);
  boxes.resize(90);
  broad.findPairs(boxes, anyPair, pairs);
  EXPECT_EQ(pairs, overlappingPairs(boxes));
  const std::vector<Aabb> more = scatteredBoxes(60, Vec3(5, 5, 5), rng);
  boxes.insert(boxes.end(), more.begin(), more.end());
  broad.findPairs(boxes, anyPair, pairs);
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
