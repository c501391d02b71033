// Contacts come out of the collision stage in contactOrder with one point per pair and feature
// (warm starting walks last step's list along this one), and they do not depend on the broad
// phase's history: a world whose broad phase has seen another past (other enlarged boxes,
// another order) continues a restored state bitwise as the uninterrupted run does.
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <random>

#include "shipped_scenes.h"

namespace fw {
namespace {

// Boxes of several sizes, tilted, in a heap longer along y than along x (the sweep runs along y;
// turned, the same heap lies along x), falling onto the ground at 1/60 s.
nlohmann::json tiltedHeap(int count, bool turned = false) {
  nlohmann::json bodies = nlohmann::json::array({{{"name", "ground"}, {"static", true}, {"shapes", {{{"type", "plane"}}}}}});
  std::mt19937 rng(13);
  std::uniform_real_distribution<double> jitter(-0.2, 0.2);
  for (int i = 0; i < count; ++i) {
    const double x = 0.9 * (i % 3) + jitter(rng), y = 0.9 * ((i / 3) % 12) + jitter(rng), z = 0.6 + 0.9 * (i / 36);
    bodies.push_back({{"name", "b" + std::to_string(i)},
                      {"position", {turned ? y : x, turned ? x : y, z}},
                      {"rpy", {jitter(rng), jitter(rng), jitter(rng)}},
                      {"shapes", {{{"type", "box"}, {"size", {0.5 + jitter(rng), 0.6, 0.5 - jitter(rng)}}}}}});
  }
  return {{"format", "featherweight-scene"}, {"version", 1}, {"world", {{"timestep", 1.0 / 60}}}, {"bodies", bodies}};
}

bool strictlyOrdered(const std::vector<Contact>& contacts) {
  return std::adjacent_find(contacts.begin(), contacts.end(),
                            [](const Contact& a, const Contact& b) { return !contactOrder(a, b); }) == contacts.end();
}

TEST(ContactOrder, ContactsAreSortedWithOnePointPerPairAndFeature) {
  World w = loadWorld(tiltedHeap(90));
  size_t most = 0;
  for (int i = 0; i < 120; ++i) {
    w.step();
    ASSERT_TRUE(strictlyOrdered(w.contacts())) << "step " << i;
    most = std::max(most, w.contacts().size());
  }
  EXPECT_GT(most, 100u);  // the heap did land: many manifolds of several points
}

TEST(ContactOrder, RestoredStateContinuesBitwiseWhateverTheSweepSawBefore) {
  const nlohmann::json scene = tiltedHeap(90);
  World run = loadWorld(scene);
  for (int i = 0; i < 60; ++i) run.step();
  const std::vector<uint8_t> saved = run.saveState();
  for (int i = 0; i < 60; ++i) run.step();
  // A world of the same bodies whose broad phase has another past: the heap turned a quarter
  // about z, so it swept along x, then given the saved state.
  World other = loadWorld(tiltedHeap(90, true));
  for (int i = 0; i < 30; ++i) other.step();
  ASSERT_EQ(other.restoreState(saved, StateMatch::SameStructure), "");
  for (int i = 0; i < 60; ++i) other.step();
  EXPECT_EQ(other.state().q, run.state().q);
  EXPECT_EQ(other.state().v, run.state().v);
  ASSERT_EQ(other.contacts().size(), run.contacts().size());
  for (size_t k = 0; k < run.contacts().size(); ++k) EXPECT_EQ(other.contacts()[k].normalImpulse, run.contacts()[k].normalImpulse);
}

}  // namespace
}  // namespace fw
