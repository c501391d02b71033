// Sleeping islands: joined only by contacts that carried an impulse, so a ball spinning in place
// beside a settled stack (no twist friction at one contact point: it spins on) does not keep the
// stack awake; a sleeper is held still like static geometry until the impulses it takes would
// move it, and then its island wakes, layer by layer, and settles again; a body striking a
// sleeper wakes it, and what touches it, before the solve, so they share the momentum.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "scene/scene_builder.h"
#include "scene/scene_parser.h"

namespace fw {
namespace sleeping_islands_test {

using nlohmann::json;

json stackBox(int index, double z) {
  return {{"name", "box" + std::to_string(index)},
          {"position", {0, 0, z}},
          {"shapes", {{{"type", "box"}, {"size", {0.5, 0.5, 0.5}}, {"friction", 0.6}}}}};
}

json ball(const std::string& name, const Vec3& position, const Vec3& spin) {
  return {{"name", name},
          {"position", {position.x(), position.y(), position.z()}},
          {"angularVelocity", {spin.x(), spin.y(), spin.z()}},
          {"shapes", {{{"type", "sphere"}, {"radius", 0.1}, {"friction", 0.6}}}}};
}

// Bodies 1–3: three 0.5 m boxes stacked on the ground; 4: a ball on the ground 5 mm from the
// bottom box (within the speculative margin, so their contact is found every step), spinning
// about the vertical at 5 rad/s; 5, when `dropped`: a 0.3 m box released 20 m above the stack
// (a box, which lands and stays: a ball would roll on the top box and keep the stack awake).
World stackWithSpinner(bool dropped) {
  json bodies = json::array({{{"name", "ground"}, {"static", true}, {"shapes", {{{"type", "plane"}, {"friction", 0.6}}}}}});
  for (int i = 0; i < 3; ++i) bodies.push_back(stackBox(i, 0.25 + 0.5 * i));
  bodies.push_back(ball("spinner", Vec3(0.25 + 0.1 + 0.005, 0, 0.1), Vec3(0, 0, 5)));
  if (dropped) {
    bodies.push_back({{"name", "dropped"},
                      {"position", {0, 0, 21.5}},
                      {"shapes", {{{"type", "box"}, {"size", {0.3, 0.3, 0.3}}, {"friction", 0.6}}}}});
  }
  const json scene = {{"format", "featherweight-scene"},
                      {"version", 1},
                      {"world", {{"timestep", 1.0 / 60}, {"solver", {{"iterations", 10}}}}},
                      {"bodies", bodies}};
  return buildWorld(parseScene(scene.dump()));
}

bool stackAsleep(const World& world) { return world.bodyAsleep(1) && world.bodyAsleep(2) && world.bodyAsleep(3); }

TEST(SleepingIslands, AStackSleepsBesideABallSpinningInPlace) {
  World world = stackWithSpinner(false);
  int asleepAt = -1;
  for (int i = 0; i < 180 && asleepAt < 0; ++i) {
    world.step();
    if (stackAsleep(world)) asleepAt = i;
  }
  ASSERT_GE(asleepAt, 0) << "the stack never fell asleep beside the spinning ball";
  // The ball still spins (nothing brakes a spin about the normal at one point) and is awake.
  EXPECT_FALSE(world.bodyAsleep(4));
  EXPECT_GT(world.state().v.segment<3>(world.model().joints[4].idx_v).norm(), 1.0);
  // Their contact is still found every step, and the stack stays exactly where it fell asleep.
  const Vec3 top = world.bodyPosition(3), bottom = world.bodyPosition(1);
  for (int i = 0; i < 120; ++i) world.step();
  EXPECT_TRUE(stackAsleep(world));
  EXPECT_EQ(world.bodyPosition(3), top);
  EXPECT_EQ(world.bodyPosition(1), bottom);
  bool ballNearBox = false;
  for (const Contact& c : world.contacts()) {
    const int a = world.colliders()[size_t(c.colliderA)].link, b = world.colliders()[size_t(c.colliderB)].link;
    ballNearBox = ballNearBox || (std::min(a, b) == 1 && std::max(a, b) == 4);
  }
  EXPECT_TRUE(ballNearBox);
}

TEST(SleepingIslands, ASleepingStackIsWokenByAnImpactAndSettlesAgain) {
  World world = stackWithSpinner(true);
  int asleepAt = -1;
  for (int i = 0; i < 110 && asleepAt < 0; ++i) {  // the dropped box lands at about 2 s
    world.step();
    if (stackAsleep(world)) asleepAt = i;
  }
  ASSERT_GE(asleepAt, 0) << "the stack never fell asleep before the ball landed";
  const Vec3 rest[3] = {world.bodyPosition(1), world.bodyPosition(2), world.bodyPosition(3)};
  // The box lands on the top box: the push wakes it, and through it the boxes below.
  int topWoke = -1, allWoke = -1;
  for (int i = 0; i < 120 && allWoke < 0; ++i) {
    world.step();
    if (topWoke < 0 && !world.bodyAsleep(3)) topWoke = i;
    if (!world.bodyAsleep(1) && !world.bodyAsleep(2) && !world.bodyAsleep(3)) allWoke = i;
  }
  ASSERT_GE(topWoke, 0) << "the impact did not wake the top box";
  ASSERT_GE(allWoke, 0) << "the boxes below never woke";
  EXPECT_LE(allWoke - topWoke, 4);  // one layer a step at most
  // Held still while asleep, the lower boxes let nothing sink into them; the stack settles again
  // where it stood, with the small box on top, and sleeps.
  for (int i = 0; i < 240; ++i) world.step();
  EXPECT_TRUE(stackAsleep(world));
  EXPECT_TRUE(world.bodyAsleep(5));
  for (int k = 0; k < 3; ++k) EXPECT_LT((world.bodyPosition(k + 1) - rest[k]).norm(), 0.01) << "box " << k;
  EXPECT_NEAR(world.bodyPosition(5).z(), 1.5 + 0.15, 0.01);
}

// A ball rolled into a row of two sleeping balls of the same mass, touching, without gravity or
// friction (restitution 0): the impact wakes the first sleeper before the solve, and it the second,
// so the three share the momentum, each at a third of the speed, as they would awake. Held as
// static instead, the striker would stop dead and the sleepers wake at rest, the momentum lost.
TEST(SleepingIslands, ABallStrikingSleepersSharesItsMomentum) {
  auto sphere = [](const std::string& name, double x, double speed) {
    return json{{"name", name},
                {"position", {x, 0, 0}},
                {"linearVelocity", {speed, 0, 0}},
                {"shapes", {{{"type", "sphere"}, {"radius", 0.1}, {"friction", 0}}}}};
  };
  const json scene = {{"format", "featherweight-scene"},
                      {"version", 1},
                      {"world", {{"timestep", 1.0 / 60}, {"gravity", {0, 0, 0}}}},
                      {"bodies", json::array({sphere("first", 0, 0), sphere("second", 0.2, 0), sphere("striker", -2.2, 1)})}};
  World world = buildWorld(parseScene(scene.dump()));
  Vec3 linear, angular;
  bool sleptBeforeImpact = false;
  for (int i = 0; i < 150; ++i) {  // the gap of 2 m closes at 2 s
    world.step();
    world.bodyVelocity(1, linear, angular);
    if (linear.norm() == 0 && world.bodyAsleep(0) && world.bodyAsleep(1)) sleptBeforeImpact = true;
  }
  ASSERT_TRUE(sleptBeforeImpact) << "the resting balls never fell asleep";
  ASSERT_GT(world.bodyPosition(1).x(), 0.2) << "no impact yet";
  double momentum = 0;
  for (int body = 0; body < 3; ++body) {
    world.bodyVelocity(body, linear, angular);
    momentum += linear.x();
    EXPECT_NEAR(linear.x(), 1.0 / 3, 1e-6) << "ball " << body;
  }
  EXPECT_NEAR(momentum, 1.0, 1e-9);  // per unit mass
}

}  // namespace sleeping_islands_test
}  // namespace fw
