// The world's time is counted, not summed: after n steps of h it is n·h exactly (t += h drifted to
// 1.9999999999998905 after 2,000 steps of 1 ms), in every stepping mode, across a save and a
// restore (the count is derived from the saved time), a reset, and a time adopted from elsewhere.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "forged_state.h"
#include "shipped_scenes.h"

namespace fw {
namespace {

struct TimedScene {
  std::string name;        // a shipped scene
  std::string integrator;  // with this integrator ('' as shipped) and a time step of 1 ms
};

// Realtime with contacts; accurate with RK4 and nothing to locate; accurate with impacts located
// inside steps (Newton's cradle); accurate with RK45's adaptive substeps.
const std::vector<TimedScene> kTimedScenes = {
    {"table-toys", "semi-implicit-euler"}, {"pendulum", ""}, {"newtons-cradle", ""}, {"chain-10", "rk45"}};

World timedWorld(const TimedScene& timed) {
  nlohmann::json scene = shippedScene(timed.name);
  scene["world"]["timestep"] = 0.001;
  if (!timed.integrator.empty()) scene["world"]["integrator"] = timed.integrator;
  return loadWorld(scene);
}

// Steps n times, expecting t = k·h exactly after each step k (from the first count on).
void expectCountedTime(World& world, int first, int n) {
  const double h = world.settings().timestep;
  for (int k = first + 1; k <= first + n; ++k) {
    world.step();
    ASSERT_EQ(world.time(), double(k) * h) << "after step " << k;
  }
}

TEST(WorldTime, TwoThousandStepsOfOneMillisecondAreTwoSecondsExactly) {
  for (const TimedScene& timed : kTimedScenes) {
    SCOPED_TRACE(timed.name);
    World world = timedWorld(timed);
    expectCountedTime(world, 0, 1000);
    EXPECT_EQ(world.time(), 1.0);
    const std::vector<uint8_t> saved = world.saveState();
    expectCountedTime(world, 1000, 1000);
    EXPECT_EQ(world.time(), 2.0);
    ASSERT_EQ(world.stepError(), "");

    // Restored mid-run, into this world and into a fresh one: the count comes back from t.
    ASSERT_EQ(world.restoreState(saved), "");
    EXPECT_EQ(world.time(), 1.0);
    expectCountedTime(world, 1000, 1000);
    EXPECT_EQ(world.time(), 2.0);
    World fresh = timedWorld(timed);
    ASSERT_EQ(fresh.restoreState(saved), "");
    expectCountedTime(fresh, 1000, 1000);
    EXPECT_EQ(fresh.time(), 2.0);

    world.reset();
    EXPECT_EQ(world.time(), 0);
    expectCountedTime(world, 0, 10);
  }
}

// A time that is no multiple of h (a state adopted from a scene of another time step) goes on
// from itself, h at a time.
TEST(WorldTime, ATimeOffTheGridGoesOnFromItself) {
  World world = timedWorld(kTimedScenes[0]);
  world.step();
  ASSERT_EQ(world.restoreState(forged::withTime(world.saveState(), 0.0125)), "");
  for (int k = 1; k <= 100; ++k) {
    world.step();
    ASSERT_EQ(world.time(), 0.0125 + double(k) * 0.001) << "after step " << k;
  }
}

}  // namespace
}  // namespace fw
