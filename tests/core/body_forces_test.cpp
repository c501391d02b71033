// Forces on bodies for the page's arrows (bodyForces, world/queries.h): they must add up to m a, and each
// must be the right one — the table pushes a resting box up by its weight, a pendulum's rod pulls
// its bob by m g + m v²/L at the bottom of the swing.
#include <gtest/gtest.h>

#include <cmath>
#include <nlohmann/json.hpp>

#include "shipped_scenes.h"

namespace fw {
namespace {

Vec3 at(const std::vector<float>& forces, int body, int field) {
  const float* p = &forces[size_t(kBodyForceFloats * body + 3 * field)];
  return Vec3(p[0], p[1], p[2]);
}

// Steps a world as the page does, keeping the poses and velocities one step back that body
// forces measure the acceleration against.
struct BodyForceProbe {
  std::vector<float> poses, velocities, forces;
  void step(World& w) {
    bodyPoses(w, poses);
    bodyVelocities(w, velocities);
    w.step();
  }
  const std::vector<float>& of(const World& w) {
    QueryWorkspace workspace(w.model());
    bodyForces(w, poses, velocities, workspace, forces);
    return forces;
  }
};
enum Field { Com, Velocity, Acceleration, Net, Gravity, ContactForce, JointForce, Applied };

TEST(BodyForces, TheGroundHoldsARestingBoxUpByItsWeight) {
  nlohmann::json scene = nlohmann::json::parse(R"({"format": "featherweight-scene", "version": 1, "world": {"timestep": 0.008333333},
    "bodies": [{"name": "ground", "static": true, "shapes": [{"type": "plane"}]},
               {"name": "box", "position": [0, 0, 0.25], "shapes": [{"type": "box", "size": [0.5, 0.5, 0.5], "density": 400}]}]})");
  World w = loadWorld(scene);
  BodyForceProbe probe;
  for (int i = 0; i < 120; ++i) probe.step(w);
  const std::vector<float>& f = probe.of(w);
  const double weight = 50 * 9.81;
  EXPECT_NEAR(at(f, 1, Gravity).z(), -weight, 1e-3);
  EXPECT_NEAR(at(f, 1, ContactForce).z(), weight, 0.01 * weight);
  EXPECT_LT(at(f, 1, Net).norm(), 0.01 * weight);
  EXPECT_EQ(at(f, 1, JointForce).norm(), 0);  // a free body has no joint to pull it
  EXPECT_EQ(at(f, 0, Gravity).norm(), 0);     // the static ground does not move
}

TEST(BodyForces, ThePendulumRodPullsTheBobByWeightPlusCentripetal) {
  nlohmann::json scene = shippedScene("pendulum");  // 1 kg at L = 1 m, released at 1 rad
  scene["world"] = {{"timestep", 0.001}, {"integrator", "rk4"}};
  World w = loadWorld(scene);
  // To the bottom of the swing: q crosses zero.
  BodyForceProbe probe;
  while (w.state().q[0] > 0) probe.step(w);
  const std::vector<float>& f = probe.of(w);
  const double v = at(f, 0, Velocity).norm();
  const Vec3 joint = at(f, 0, JointForce);
  EXPECT_NEAR(v * v, 2 * 9.81 * (1 - std::cos(1.0)), 0.01);
  EXPECT_NEAR(joint.z(), 9.81 + v * v, 0.05 * (9.81 + v * v));
  EXPECT_NEAR(joint.x(), 0, 0.05);
  EXPECT_NEAR(f[24], 0.5 * v * v, 1e-4);  // its kinetic energy (a point mass of 1 kg)
  EXPECT_EQ(f[25], 1.0f);
  // Newton's second law closes: net = gravity + contacts + joint + applied.
  EXPECT_LT((at(f, 0, Net) - at(f, 0, Gravity) - at(f, 0, ContactForce) - joint - at(f, 0, Applied)).norm(), 1e-4);
}

TEST(BodyForces, NothingIsMeasuredBeforeTheFirstStep) {
  World w = loadWorld(shippedScene("pendulum"));
  BodyForceProbe probe;
  for (int i = 0; i < 10; ++i) probe.step(w);
  w.reset();
  EXPECT_EQ(at(probe.of(w), 0, Acceleration).norm(), 0);
  probe.step(w);
  EXPECT_GT(at(probe.of(w), 0, Acceleration).norm(), 1);
}

}  // namespace
}  // namespace fw
