// The broad phase's pair set against std::set through long runs of inserts, erases and lookups, so the
// probe runs wrap around the table and deletions shift keys back across the wrap.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>
#include <vector>

#include "collision/pair_set.h"

namespace fw {
namespace {

TEST(PairSet, HoldsWhatAnOrderedSetHoldsThroughInsertsAndErases) {
  std::mt19937 rng(21);
  std::uniform_int_distribution<int> box(0, 60);
  PairSet set;
  std::set<uint64_t> expected;
  std::vector<uint64_t> keys;
  for (int round = 0; round < 20000; ++round) {
    int i = box(rng), j = box(rng);
    if (i == j) continue;
    if (i > j) std::swap(i, j);
    const uint64_t key = PairSet::key(i, j);
    ASSERT_EQ(PairSet::first(key), i);
    ASSERT_EQ(PairSet::second(key), j);
    // Grow for the first rounds, then as many erases as inserts.
    if (round < 3000 || rng() % 2 == 0)
      ASSERT_EQ(set.insert(key), expected.insert(key).second);
    else
      ASSERT_EQ(set.erase(key), expected.erase(key) == 1);
    ASSERT_EQ(set.size(), expected.size());
    const uint64_t probe = PairSet::key(box(rng), 61 + box(rng));
    ASSERT_EQ(set.contains(key), expected.count(key) == 1);
    ASSERT_EQ(set.contains(probe), expected.count(probe) == 1);
  }
  set.keys(keys);
  std::sort(keys.begin(), keys.end());
  EXPECT_EQ(keys, std::vector<uint64_t>(expected.begin(), expected.end()));
  for (int i = 0; i <= 60; ++i)
    for (int j = i + 1; j <= 60; ++j) ASSERT_EQ(set.erase(PairSet::key(i, j)), expected.erase(PairSet::key(i, j)) == 1);
  EXPECT_EQ(set.size(), 0u);
}

TEST(PairSet, KeysSortAsThePairsDo) {
  EXPECT_LT(PairSet::key(1, 900), PairSet::key(2, 3));
  EXPECT_LT(PairSet::key(2, 3), PairSet::key(2, 4));
}

}  // namespace
}  // namespace fw
