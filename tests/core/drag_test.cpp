// The mouse spring (World::startDrag): a grabbed body follows the hand in every direction — it
// sags less than a centimetre under its own weight, the table's ball is lifted, carried and
// thrown — and a grabbed chain stays stable even at 60 Hz.
#include <gtest/gtest.h>

#include <cmath>
#include <nlohmann/json.hpp>

#include "shipped_scenes.h"

namespace fw {
namespace {

int bodyNamed(const World& world, const std::string& name) {
  for (int i = 0; i < world.model().nlinks; ++i)
    if (world.visuals()[size_t(i)].name == name) return i;
  return -1;
}

// One free body alone under gravity, grabbed at `grab` (body frame) and held where it was.
double sagOf(const nlohmann::json& shape, const Vec3& grab, double timestep) {
  const nlohmann::json scene = {{"format", "featherweight-scene"},
                                {"version", 1},
                                {"world", {{"timestep", timestep}}},
                                {"bodies", {{{"name", "thing"}, {"position", {0, 0, 2}}, {"shapes", {shape}}}}}};
  World world = loadWorld(scene);
  const Vec3 point = world.bodyPosition(0) + grab;
  world.startDrag(0, point);
  for (int i = 0; i < int(3 / timestep); ++i) world.step();
  EXPECT_EQ(world.stepError(), "");
  return (world.dragPointWorld() - point).norm();
}

TEST(Drag, AGrabbedBodySagsLessThanACentimetre) {
  for (const double dt : {1.0 / 240, 1.0 / 60}) {
    SCOPED_TRACE("dt = " + std::to_string(dt));
    EXPECT_LT(sagOf({{"type", "sphere"}, {"radius", 0.07}}, Vec3(0, 0, 0.07), dt), 0.01);  // the table's ball, at its top
    EXPECT_LT(sagOf({{"type", "box"}, {"size", {0.4, 0.3, 0.2}}}, Vec3(0, 0, 0.1), dt), 0.01);  // its top
    EXPECT_LT(sagOf({{"type", "capsule"}, {"radius", 0.02}, {"length", 1.0}}, Vec3(0, 0, 0.52), dt), 0.01);  // a rod by its end
  }
}

TEST(Drag, TheTableBallIsLiftedCarriedAndThrownOntoTheFloor) {
  World world = loadWorld(shippedScene("table-toys"));
  const int ball = bodyNamed(world, "ball");
  ASSERT_GE(ball, 0);
  for (int i = 0; i < 240; ++i) world.step();  // it settles on the table
  const Vec3 rest = world.bodyPosition(ball);
  const Vec3 top = rest + Vec3(0, 0, 0.07);
  world.startDrag(ball, top);
  world.moveDrag(top + Vec3(0, 0, 0.3));
  for (int i = 0; i < 240; ++i) world.step();  // 1 s
  EXPECT_GT(world.bodyPosition(ball).z(), rest.z() + 0.28) << "lifted 0.3 m within 1 s";
  // Carried 0.4 m sideways over half a second, still held up.
  for (int i = 1; i <= 120; ++i) {
    world.moveDrag(top + Vec3(0, 0.4 * i / 120, 0.3));
    world.step();
  }
  for (int i = 0; i < 120; ++i) world.step();
  // The hand holds the point it grabbed (the ball may swing about it: nothing damps that).
  EXPECT_LT((world.dragPointWorld() - (top + Vec3(0, 0.4, 0.3))).norm(), 0.02);
  // Thrown: the hand sweeps 0.6 m in 0.1 s and lets go; the ball flies off the table to the floor.
  for (int i = 1; i <= 24; ++i) {
    world.moveDrag(top + Vec3(0, 0.4 + 0.6 * i / 24, 0.3 + 0.2 * i / 24));
    world.step();
  }
  EXPECT_GT(bodyVelocities(world)[size_t(6 * ball + 1)], 3.0f) << "it leaves the hand fast";
  world.endDrag();
  for (int i = 0; i < 3 * 240; ++i) world.step();
  const Vec3 landed = world.bodyPosition(ball);
  EXPECT_TRUE(landed.y() > 0.5 && landed.z() < 0.3) << "on the floor, off the table: " << landed.transpose();
  EXPECT_EQ(world.stepError(), "");
}

// Six capsules hinged end to end, hanging from a pivot (links of 0.3 m, 0.5 kg).
nlohmann::json chainScene(double timestep) {
  nlohmann::json links = nlohmann::json::array();
  for (int i = 0; i < 6; ++i) {
    nlohmann::json link = {{"name", "l" + std::to_string(i)},
                           {"joint", {{"type", "revolute"}, {"axis", {0, 1, 0}}, {"origin", {{"position", {0, 0, i == 0 ? 2.0 : -0.3}}}}, {"damping", 0.01}}},
                           {"inertial", {{"mass", 0.5}, {"com", {0, 0, -0.15}}, {"inertia", {{"ixx", 0.004}, {"iyy", 0.004}, {"izz", 1e-4}}}}},
                           {"shapes", {{{"type", "capsule"}, {"radius", 0.02}, {"length", 0.26}, {"position", {0, 0, -0.15}}}}}};
    if (i > 0) link["parent"] = "l" + std::to_string(i - 1);
    links.push_back(link);
  }
  return {{"format", "featherweight-scene"}, {"version", 1}, {"world", {{"timestep", timestep}}},
          {"articulations", {{{"name", "chain"}, {"links", links}}}}};
}

TEST(Drag, AGrabbedChainStaysStableAtAnyRate) {
  for (const double dt : {1.0 / 240, 1.0 / 60}) {
    World world = loadWorld(chainScene(dt));
    const int tip = world.model().nlinks - 1;
    const Vec3 start = world.bodyPosition(tip) + Vec3(0, 0, -0.3);  // the tip's end
    world.startDrag(tip, start);
    double fastest = 0, farthest = 0;
    for (int i = 0; i < int(4 / dt); ++i) {
      const double t = i * dt;
      const Vec3 hand = start + Vec3(0.6 * std::sin(3 * t), 0, 0.6 * (1 - std::cos(3 * t)));  // circling at 1.8 m/s
      world.moveDrag(hand);
      world.step();
      for (int k = 0; k < world.model().nv; ++k) fastest = std::max(fastest, std::abs(world.state().v[k]));
      if (t > 1) farthest = std::max(farthest, (world.dragPointWorld() - hand).norm());
    }
    EXPECT_EQ(world.stepError(), "") << "dt = " << dt;
    EXPECT_LT(fastest, 60.0) << "dt = " << dt << ": no joint whips";
    EXPECT_LT(farthest, 0.1) << "dt = " << dt << ": the tip follows the hand";
  }
}

}  // namespace
}  // namespace fw
