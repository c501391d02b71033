// Saved states as hostile input: NaN poses, counters and times no run produces, and stop
// messages of any length and content. Each is refused with a message, or restored and stepped
// without a memory error or undefined behaviour (the sanitizer build runs these too).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>

#include "forged_state.h"
#include "shipped_scenes.h"

namespace fw {
namespace {

World steppedWorld(const std::string& name, int steps) {
  World world = loadWorld(shippedScene(name));
  for (int k = 0; k < steps; ++k) world.step();
  return world;
}

// A box's q set to NaN: every separation of a box pair was NaN, the separating-axis search kept
// its face index at −1 and read before the face table (a sanitizer abort in collideBoxes).
TEST(RestoredState, NaNPosesStepWithoutReadingOutOfBounds) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  for (const char* name : {"box-pyramid", "kinematic-hand", "four-bar"}) {
    World world = steppedWorld(name, 5);
    const size_t nq = size_t(world.model().nq);
    for (double x : {nan, std::numeric_limits<double>::infinity(), 1e300}) {
      ASSERT_EQ(world.restoreState(forged::withQ(world.saveState(), nq, x)), "") << name << " (q may hold anything a run reaches)";
      for (int k = 0; k < 3; ++k) world.step();
      // (1e300 may stay finite: a revolute joint's angle is just large.)
      if (!std::isfinite(x)) EXPECT_NE(world.stepError().find("blew up"), std::string::npos) << name << " q = " << x << ": " << world.stepError();
      world.reset();
      world.step();
      EXPECT_EQ(world.stepError(), "") << name;
    }
  }
}

// Counters forged near INT64_MAX overflowed at the next increment (signed overflow): realtime
// steps, accurate steps, RK45's substeps and evaluations, impulse-joint corrections.
TEST(RestoredState, CountersBeyondAnyRunAreRefused) {
  for (const char* name : {"four-bar", "pendulum", "chain-10", "impulse-chain"}) {
    World world = steppedWorld(name, 2);
    const std::vector<uint8_t> saved = world.saveState();
    const size_t stats = saved.size() - forged::kStatsFromEnd, stepStats = saved.size() - forged::kStepStatsFromEnd;
    for (size_t at : {stats, stats + 8, stats + 16, stats + 24, stats + 32, stats + 40, stepStats, stepStats + 8, stepStats + 16}) {
      for (int64_t value : {std::numeric_limits<int64_t>::max(), std::numeric_limits<int64_t>::max() - 1, kMaxStateCount + 1,
                            int64_t{-1}, std::numeric_limits<int64_t>::min()}) {
        const std::string why = world.restoreState(forged::withValueAt(saved, at, value));
        EXPECT_NE(why.find("step counters are negative or beyond any run's"), std::string::npos)
            << name << " at " << at << " = " << value << ": " << why;
      }
      // The largest count a state may hold still steps on without overflowing.
      ASSERT_EQ(world.restoreState(forged::withValueAt(saved, at, kMaxStateCount)), "") << name << " at " << at;
      for (int k = 0; k < 3; ++k) world.step();
      EXPECT_EQ(world.stepError(), "") << name;
    }
    const size_t rows = stepStats - 4;  // int32 contacts, then rows, before the events
    EXPECT_NE(world.restoreState(forged::withValueAt(saved, rows, int32_t{-5})), "") << name;
  }
}

// A forged time of 1e308 ran on and wrote t = inf; NaN and infinity were refused already.
TEST(RestoredState, TimesBeyondAnyRunAreRefused) {
  World world = steppedWorld("pendulum", 2);
  const std::vector<uint8_t> saved = world.saveState();
  for (double t : {1e308, 1.000001e12, std::numeric_limits<double>::infinity(), std::numeric_limits<double>::quiet_NaN(), -1.0})
    EXPECT_EQ(world.restoreState(forged::withTime(saved, t)), "the saved state is damaged: its time is not between 0 and 1e12 s") << t;
  ASSERT_EQ(world.restoreState(forged::withTime(saved, 1e12)), "");
  world.step();
  EXPECT_GT(world.time(), 1e12);
  EXPECT_EQ(world.stepError(), "");
}

// A stop message of a megabyte was taken whole (and fw-sim printed it raw).
TEST(RestoredState, StopMessagesAreLengthCapped) {
  World world = steppedWorld("pendulum", 2);
  const std::vector<uint8_t> saved = world.saveState();
  EXPECT_NE(world.restoreState(forged::withStepError(saved, std::string(1 << 20, 'x'))).find("stop message is longer than 1024 bytes"),
            std::string::npos);
  EXPECT_NE(world.restoreState(forged::withStepError(saved, std::string(1025, 'x'))), "");
  ASSERT_EQ(world.restoreState(forged::withStepError(saved, std::string(1024, 'x'))), "");
  EXPECT_EQ(world.stepError().size(), 1024u);
}

// The world's own stop message fits in a state however long the joint's name: it is cut.
TEST(RestoredState, AWorldsOwnStopMessageRestores) {
  nlohmann::json scene = nlohmann::json::parse(R"({"format": "featherweight-scene", "version": 1,
    "world": {"timestep": 0.01, "gravity": [0, 0, 0]},
    "articulations": [{"name": "spring", "links": [{"name": "slider",
      "joint": {"type": "prismatic", "axis": [1, 0, 0], "position": 0.1, "spring": {"stiffness": 1e12}},
      "inertial": {"mass": 1}}]}]})");
  scene["articulations"][0]["links"][0]["name"] = std::string(5000, 'n') + "\u00e9";
  World world = loadWorld(scene);
  for (int k = 0; k < 2000 && world.stepError().empty(); ++k) world.step();
  ASSERT_NE(world.stepError().find("blew up"), std::string::npos);
  EXPECT_LE(world.stepError().size(), kMaxStateMessageBytes);
  EXPECT_EQ(world.stepError().substr(world.stepError().size() - 3), "\xE2\x80\xA6");
  EXPECT_EQ(world.restoreState(world.saveState()), "");
}

}  // namespace
}  // namespace fw
