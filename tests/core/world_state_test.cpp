// The world's state as a value: run, save, run on recording q and q̇; restore, run again: the
// second run must be bitwise the first, for every kind of state a scene keeps (warm starts,
// sleep, impulse joints, RK45's step size and FSAL stage, accurate events, motors, the drag).
#include <gtest/gtest.h>

#include <cstring>
#include <functional>
#include <nlohmann/json.hpp>

#include "../bench/bench_cases.h"
#include "shipped_scenes.h"
#include "under_sanitizer.h"

namespace fw {
namespace {

int stepsFor(const World& world, double seconds) { return int(std::lround(seconds / world.settings().timestep)); }

// Between steps, what a user or controller would do at that step (may be nothing).
using Inputs = std::function<void(World&, int step)>;

// q and q̇ after every step, as raw bytes, so equality is bitwise (NaN-safe, −0 ≠ +0).
std::vector<uint8_t> record(World& world, int steps, int firstStep, const Inputs& inputs) {
  std::vector<uint8_t> out;
  const auto append = [&out](const Eigen::VectorXd& x) {
    const auto* p = reinterpret_cast<const uint8_t*>(x.data());
    out.insert(out.end(), p, p + x.size() * sizeof(double));
  };
  for (int k = 0; k < steps; ++k) {
    if (inputs) inputs(world, firstStep + k);
    world.step();
    append(world.state().q);
    append(world.state().v);
    const double t = world.time();
    const auto* p = reinterpret_cast<const uint8_t*>(&t);
    out.insert(out.end(), p, p + sizeof t);
  }
  return out;
}

// Run 2 s, save; run 1 s recording; restore into the same world and into a fresh one; both
// must repeat the recording bit for bit.
void expectBitwiseContinuation(const nlohmann::json& scene, const Inputs& inputs = {}, double saveAt = 2.0) {
  World world = loadWorld(scene);
  const int before = stepsFor(world, saveAt), after = stepsFor(world, 1.0);
  record(world, before, 0, inputs);
  const std::vector<uint8_t> saved = world.saveState();
  const std::vector<uint8_t> first = record(world, after, before, inputs);

  ASSERT_EQ(world.restoreState(saved), "");
  EXPECT_TRUE(world.saveState() == saved) << "restoring and saving again gives the same blob";
  const std::vector<uint8_t> again = record(world, after, before, inputs);
  EXPECT_TRUE(again == first) << "the same world, restored, continues differently";

  World fresh = loadWorld(scene);
  ASSERT_EQ(fresh.restoreState(saved), "");
  const std::vector<uint8_t> elsewhere = record(fresh, after, before, inputs);
  EXPECT_TRUE(elsewhere == first) << "a fresh world, restored, continues differently";
}

TEST(WorldState, PendulumContinuesBitwise) { expectBitwiseContinuation(shippedScene("pendulum")); }

// (Under the sanitizers, 8 rows instead of 20.)
TEST(WorldState, PyramidWithWarmStartingContinuesBitwise) {
  const nlohmann::json scene = bench::pyramidScene(kUnderSanitizer ? 8 : 20);
  World probe = loadWorld(scene);
  for (int k = 0; k < 240; ++k) probe.step();
  ASSERT_GT(probe.contacts().size(), 100u);  // the warm-start impulses are what is being tested
  expectBitwiseContinuation(scene);
}

TEST(WorldState, SubsteppedPyramidContinuesBitwise) {
  nlohmann::json scene = bench::pyramidScene(8);
  scene["world"]["solver"]["substeps"] = 4;
  expectBitwiseContinuation(scene);
}

// Saved while the ragdoll lies asleep; half a second later a push wakes it again.
TEST(WorldState, RagdollSleepingAndWakingContinuesBitwise) {
  const nlohmann::json scene = shippedScene("ragdoll");
  World probe = loadWorld(scene);
  const auto anyAsleep = [](const World& w) {
    for (int body = 0; body < w.model().nlinks; ++body)
      if (w.bodyAsleep(body)) return true;
    return false;
  };
  while (!anyAsleep(probe) && probe.time() < 20) probe.step();
  ASSERT_TRUE(anyAsleep(probe)) << "the test needs the ragdoll asleep at the save";
  const double saveAt = probe.time() + 0.2;
  const int push = stepsFor(probe, saveAt + 0.5);
  expectBitwiseContinuation(scene, [push](World& w, int step) {
    if (step == push) w.applyForce(0, w.bodyPosition(0), Vec3(0, 400, 300));
    if (step == push + 10) w.clearForces();
  }, saveAt);
}

TEST(WorldState, ImpulseChainContinuesBitwise) { expectBitwiseContinuation(shippedScene("impulse-chain")); }

TEST(WorldState, FourBarContinuesBitwise) { expectBitwiseContinuation(shippedScene("four-bar")); }

// Accurate stepping with RK45: the step-size controller, the FSAL stage and the event search.
TEST(WorldState, TiltedCubeAccurateRk45ContinuesBitwise) {
  nlohmann::json scene = shippedScene("tilted-cube-drop");
  scene["world"]["integrator"] = "rk45";
  scene["world"]["stepping"] = "accurate";
  World probe = loadWorld(scene);
  for (int k = 0; k < stepsFor(probe, 3.0); ++k) probe.step();
  ASSERT_GT(probe.stepStats().events, 0) << "the cube must hit the ground in the test's time";
  ASSERT_GT(probe.stats().rejected + probe.stats().accepted, probe.stats().steps) << "RK45 must take substeps";
  expectBitwiseContinuation(scene);
}

// Motor targets change while it runs, and the mouse drags the arm for a while.
TEST(WorldState, ServoArmWithLiveTargetsAndDragContinuesBitwise) {
  const nlohmann::json scene = shippedScene("servo-arm");
  ASSERT_FALSE(loadWorld(scene).motors().empty());
  expectBitwiseContinuation(scene, [](World& w, int step) {
    for (size_t m = 0; m < w.motors().size(); ++m) w.motors()[m].targetPosition = 0.3 * std::sin(0.01 * step + double(m));
    const int body = w.model().nlinks - 1;
    if (step == 400) w.startDrag(body, w.bodyPosition(body));
    if (step >= 400 && step < 700) w.moveDrag(w.bodyPosition(body) + Vec3(0, 0.1, 0.2));
    if (step == 700) w.endDrag();
  });
}

// Refusals: another scene, a damaged or truncated blob. The world is left exactly as it was.
TEST(WorldState, RefusesForeignDamagedAndTruncatedBlobs) {
  World world = loadWorld(shippedScene("double-pendulum"));
  for (int k = 0; k < 100; ++k) world.step();
  const std::vector<uint8_t> before = world.saveState();

  World other = loadWorld(shippedScene("pendulum"));
  EXPECT_NE(world.restoreState(other.saveState()).find("another scene"), std::string::npos);
  std::vector<uint8_t> truncated(before.begin(), before.end() - 9);
  EXPECT_NE(world.restoreState(truncated).find("truncated"), std::string::npos);
  std::vector<uint8_t> flipped = before;
  flipped[flipped.size() / 2] ^= 0x10;
  EXPECT_NE(world.restoreState(flipped).find("damaged"), std::string::npos);
  std::vector<uint8_t> wrongMagic = before;
  wrongMagic[0] = 'X';
  EXPECT_NE(world.restoreState(wrongMagic).find("not a saved world state"), std::string::npos);
  EXPECT_NE(world.restoreState({}).find("shorter than its header"), std::string::npos);
  EXPECT_TRUE(world.saveState() == before) << "a refused blob changed the world";

  // The same structure with other numbers: refused as the same scene, taken as the same
  // structure (the page carries the state over when a slider rebuilds the scene).
  nlohmann::json heavier = shippedScene("double-pendulum");
  heavier["articulations"][0]["links"][0]["inertial"]["mass"] = 3.5;
  World rebuilt = loadWorld(heavier);
  EXPECT_NE(rebuilt.restoreState(before).find("another scene"), std::string::npos);
  EXPECT_EQ(rebuilt.restoreState(before, StateMatch::SameStructure), "");
  EXPECT_EQ(rebuilt.time(), world.time());
  EXPECT_TRUE(rebuilt.state().q == world.state().q);
  // A different structure is refused even then.
  EXPECT_NE(other.restoreState(before, StateMatch::SameStructure).find("other bodies"), std::string::npos);
}

}  // namespace
}  // namespace fw
