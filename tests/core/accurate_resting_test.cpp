// Accurate stepping with resting contacts: a box pyramid stepped with RK4
// took 56 s of wall time per simulated second, every step running out of its 64 events because
// the resting efforts' small error let contacts drift past the 1e-9 m event tolerance, and each
// drift was bisected as if it were an impact. Resting contacts now only get projected back.
// A ragdoll lying on the floor still made 17 located events a step (limbs rocking onto the floor
// at a few mm/s, each bisected to 1e-15 of a step): touches slower than the resting speed g h are
// now held where the interval ends, as resting contacts are.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <numbers>
#include <sstream>

#include "scene/scene_builder.h"
#include "scene/scene_parser.h"
#include "shipped_scenes.h"

namespace fw {
namespace {

TEST(AccurateResting, APyramidAtRestMakesFewEventsAndDoesNotSink) {
  std::ifstream in(std::filesystem::path(FW_SCENES_DIR) / "box-pyramid.json");
  std::stringstream text;
  text << in.rdbuf();
  SceneDescription scene = parseScene(text.str());
  scene.world.integrator = "rk4";
  scene.world.stepping = "accurate";
  World world = buildWorld(scene);
  const double potential = world.potentialEnergy();
  const int steps = 30;  // 0.25 s
  for (int i = 0; i < steps; ++i) world.step();
  ASSERT_EQ(world.stepError(), "");
  EXPECT_EQ(world.stepStats().unlocatedEvents, 0);
  EXPECT_LT(world.stepStats().events, 3 * steps);  // was 48 per step
  // The pyramid stays up: its centre of mass sinks by less than a millimetre.
  double mass = 0;
  for (int link = 0; link < world.model().nlinks; ++link) mass += world.model().inertia[size_t(link)].mass;
  EXPECT_LT((potential - world.potentialEnergy()) / (mass * 9.81), 1e-3);
}

using nlohmann::json;

json groundAndBody(const json& body, double restitution) {
  return {{"format", "featherweight-scene"}, {"version", 1},
          {"world", {{"timestep", 1.0 / 240}, {"integrator", "rk4"}}},
          {"bodies", {{{"name", "ground"}, {"static", true}, {"shapes", {{{"type", "plane"}, {"restitution", restitution}}}}}, body}}};
}

// A ball dropped from 1 m with e = 0.7 rises to e²ⁿ of it after the n-th bounce (Newton's law at
// each located impact; RK4 is exact in free flight under constant gravity).
TEST(AccurateResting, BounceHeightsFollowESquared) {
  const double r = 0.1, H = 1.0, e = 0.7, g = 9.81;
  const json ball = {{"name", "ball"}, {"position", {0, 0, H + r}}, {"shapes", {{{"type", "sphere"}, {"radius", r}, {"friction", 0}, {"restitution", e}}}}};
  World w = loadWorld(groundAndBody(ball, e));
  std::vector<double> apexes;
  double vzBefore = 0;
  while (apexes.size() < 4 && w.time() < 5) {
    w.step();
    Vec3 v, omega;
    w.bodyVelocity(1, v, omega);
    // Rising at the last step and falling now: the apex lies on this step's parabola.
    if (vzBefore > 0 && v.z() <= 0) apexes.push_back(w.bodyPosition(1).z() - r + v.z() * v.z() / (2 * g));
    vzBefore = v.z();
  }
  ASSERT_EQ(apexes.size(), 4u);
  for (size_t n = 0; n < apexes.size(); ++n) EXPECT_NEAR(apexes[n], H * std::pow(e, 2.0 * double(n + 1)), 1e-6 * H) << "bounce " << n + 1;
  EXPECT_EQ(w.stepStats().events, 4);
}

// A touch slower than the resting speed g h is held, neither bounced nor located: an elastic ball
// 1 µm above the floor, tossed up at 1 cm/s, is back on it within the first step and closing at
// 3.1 cm/s by its end (below g h = 4.1 cm/s at 240 Hz), and stays there.
TEST(AccurateResting, ATouchSlowerThanTheRestingSpeedIsHeldWithoutAnEvent) {
  const double r = 0.1;
  const json ball = {{"name", "ball"}, {"position", {0, 0, r + 1e-6}}, {"linearVelocity", {0, 0, 0.01}},
                     {"shapes", {{{"type", "sphere"}, {"radius", r}, {"restitution", 1.0}}}}};
  World w = loadWorld(groundAndBody(ball, 1.0));
  for (int i = 0; i < 60; ++i) w.step();
  ASSERT_EQ(w.stepError(), "");
  EXPECT_EQ(w.stepStats().events, 0);
  Vec3 v, omega;
  w.bodyVelocity(1, v, omega);
  EXPECT_LT(v.norm(), 1e-6);
  EXPECT_NEAR(w.bodyPosition(1).z(), r, 1e-8);
}

// The shipped ragdoll lying on the floor under RK4: after its fall it makes about one located
// event and a dozen substeps a step (it made 17 events and 900 substeps a step), and does not
// sink.
TEST(AccurateResting, ARagdollLyingOnTheFloorMakesFewEvents) {
  json scene = shippedScene("ragdoll");
  scene["world"]["integrator"] = "rk4";
  World w = loadWorld(scene);
  const int settle = int(std::lround(1.5 / w.settings().timestep)), steps = int(std::lround(0.5 / w.settings().timestep));
  for (int i = 0; i < settle; ++i) w.step();
  const long events = w.stepStats().events, substeps = w.stats().accepted;
  const double potential = w.potentialEnergy();
  for (int i = 0; i < steps; ++i) w.step();
  ASSERT_EQ(w.stepError(), "");
  EXPECT_LT(double(w.stepStats().events - events) / steps, 3);
  EXPECT_LT(double(w.stats().accepted - substeps) / steps, 40);
  double mass = 0;
  for (int link = 0; link < w.model().nlinks; ++link) mass += w.model().inertia[size_t(link)].mass;
  EXPECT_LT(std::abs(potential - w.potentialEnergy()) / (mass * 9.81), 1e-3);  // within a millimetre
}

// A 1 m, 1 kg box set exactly on a plane (tilted by `tilt` about x), both of friction μ.
json boxOnFloor(double timestep, double tilt, double friction) {
  const double s = std::sin(tilt), c = std::cos(tilt);
  const json ground = {{"name", "ground"}, {"static", true},
                       {"shapes", {{{"type", "plane"}, {"rpy", {tilt, 0, 0}}, {"friction", friction}}}}};
  // The box's centre half a metre above the plane along its normal (0, −sin θ, cos θ).
  const json box = {{"name", "box"}, {"position", {0, -0.5 * s, 0.5 * c}}, {"rpy", {tilt, 0, 0}},
                    {"shapes", {{{"type", "box"}, {"size", {1, 1, 1}}, {"density", 1}, {"friction", friction}}}}};
  return {{"format", "featherweight-scene"}, {"version", 1},
          {"world", {{"timestep", timestep}, {"integrator", "rk4"}}}, {"bodies", {ground, box}}};
}

// Stepped with RK4 for 5 s, the box stays where it was put, at rest, without events. Its resting
// efforts were solved only until a sweep changed no corner's velocity by more than 1e-6 m/s,
// which left 4e-7 m/s of rocking (its four corners hold three freedoms, and Gauss–Seidel closes
// that redundancy slowly); the next solve stopped at the same place, the box left the touching
// band in eight steps and rocked about at 1 cm/s.
void expectStaysAtRest(double timestep, double tilt, double friction) {
  World w = loadWorld(boxOnFloor(timestep, tilt, friction));
  const Vec3 start = w.bodyPosition(1);
  const int steps = int(std::lround(5.0 / timestep));
  double fastest = 0, farthest = 0;
  for (int i = 0; i < steps; ++i) {
    w.step();
    ASSERT_EQ(w.stepError(), "");
    Vec3 v, omega;
    w.bodyVelocity(1, v, omega);
    fastest = std::max(fastest, v.norm() + 0.5 * std::sqrt(3.0) * omega.norm());  // its fastest corner
    farthest = std::max(farthest, (w.bodyPosition(1) - start).norm());
  }
  EXPECT_LT(farthest, 1e-6);
  EXPECT_LT(fastest, 1e-5);
  EXPECT_LT(w.stepStats().events, steps / 10);
  EXPECT_EQ(w.stepStats().unlocatedEvents, 0);
}

TEST(AccurateResting, ABoxSetOnTheFloorStaysAtRest) {
  expectStaysAtRest(1.0 / 240, 0, 0.5);
  expectStaysAtRest(1.0 / 60, 0, 0.5);
}

// On a 10° ramp with μ = 0.5 > tan 10° = 0.18 static friction holds the box.
TEST(AccurateResting, ABoxOnARampWithinTheFrictionConeStaysPut) {
  expectStaysAtRest(1.0 / 240, 10 * std::numbers::pi / 180, 0.5);
  expectStaysAtRest(1.0 / 60, 10 * std::numbers::pi / 180, 0.5);
}

}  // namespace
}  // namespace fw
