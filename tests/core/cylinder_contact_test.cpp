// A joint-held cylinder on a static cylinder: the contact between them can act only through the
// joint's own motion, so the pair's effective mass along the normal is (nearly) zero.
#include <gtest/gtest.h>

#include <cmath>
#include <nlohmann/json.hpp>

#include "collision/narrow_phase.h"
#include "shipped_scenes.h"
#include "test_shapes.h"

namespace fw {
namespace {

nlohmann::json turretOnBase(double overlap, const nlohmann::json& axis, double baseRadius = 0.16, double offset = 0) {
  const nlohmann::json base = {{"name", "base"}, {"static", true}, {"position", {offset, 0, 0}},
                               {"shapes", {{{"type", "cylinder"}, {"radius", baseRadius}, {"length", 0.1}, {"position", {0, 0, 0.05}}}}}};
  const nlohmann::json turret = {
      {"name", "turret"},
      {"joint", {{"type", "revolute"}, {"axis", axis}, {"origin", {{"position", {0, 0, 0.1 - overlap}}}}}},
      {"shapes", {{{"type", "cylinder"}, {"radius", 0.12}, {"length", 0.2}, {"position", {0, 0, 0.1}}}}}};
  const nlohmann::json arm = {
      {"name", "arm"}, {"parent", "turret"},
      {"joint", {{"type", "revolute"}, {"axis", {0, 1, 0}}, {"origin", {{"position", {0, 0, 0.2}}}}}},
      {"shapes", {{{"type", "box"}, {"size", {0.06, 0.06, 0.4}}, {"position", {0, 0, 0.2}}}}}};
  return {{"format", "featherweight-scene"},
          {"version", 1},
          {"bodies", {base}},
          {"articulations", {{{"name", "robot"}, {"links", {turret, arm}}}}}};
}

TEST(CylinderContact, TurretTurningOnItsBaseStaysBounded) {
  for (const double overlap : {0.0, 0.001, 0.005})
  for (const double radius : {0.16, 0.12, 0.1})
  for (const double offset : {0.0, 0.05, 0.2}) {
    World world = loadWorld(turretOnBase(overlap, {0, 0, 1}, radius, offset));
    double fastest = 0;
    for (int i = 0; i < 480; ++i) {
      world.jointEfforts()[0] = 2.0 * std::sin(3.0 * i / 240.0);
      world.jointEfforts()[1] = 1.0;
      world.step();
      ASSERT_EQ(world.stepError(), "") << "overlap " << overlap << " r " << radius << " off " << offset << " step " << i;
      fastest = std::max(fastest, world.state().v.cwiseAbs().maxCoeff());
    }
    EXPECT_LT(fastest, 100.0) << "overlap " << overlap << " r " << radius << " off " << offset;
  }
}

// A puck sliding and spinning on a wider static cylinder's cap slows at μg, stops on the cap and
// stays there (its cap on the other's: every contact is a face-face one).
TEST(CylinderContact, PuckSlidesToRestOnACap) {
  const nlohmann::json base = {{"name", "base"}, {"static", true}, {"position", {0, -0.6, 0}},
                               {"shapes", {{{"type", "cylinder"}, {"radius", 0.5}, {"length", 0.1}, {"position", {0, 0, 0.05}}, {"friction", 0.3}}}}};
  const nlohmann::json puck = {{"name", "puck"}, {"position", {-0.1, -0.6, 0.125}}, {"linearVelocity", {0.6, 0, 0}},
                               {"angularVelocity", {0, 0, 5}},
                               {"shapes", {{{"type", "cylinder"}, {"radius", 0.1}, {"length", 0.05}, {"friction", 0.3}}}}};
  World world = loadWorld({{"format", "featherweight-scene"}, {"version", 1}, {"world", {{"timestep", 1.0 / 240}}}, {"bodies", {base, puck}}});
  const int id = world.model().nlinks - 1;
  Vec3 linear, angular;
  for (int i = 0; i < 24; ++i) world.step();  // 0.1 s
  world.bodyVelocity(id, linear, angular);
  // Spinning shares the friction force between sliding and turning: the slide slows by at most μg.
  EXPECT_LT(linear.x(), 0.6 - 0.5 * 0.3 * 9.81 * 0.1);
  EXPECT_GT(linear.x(), 0.6 - 0.3 * 9.81 * 0.1 - 0.02);
  for (int i = 0; i < 240; ++i) {
    world.step();
    ASSERT_EQ(world.stepError(), "");
  }
  world.bodyVelocity(id, linear, angular);
  EXPECT_LT(linear.norm(), 1e-3);
  EXPECT_LT(angular.norm(), 1e-2);
  EXPECT_NEAR(world.bodyPosition(id).z(), 0.125, 2e-3);
}

// A cap exactly on a cap, the upper cylinder turned about the common axis: GJK ends with the
// origin on a face of A − B, and EPA must still report that face's normal with no depth.
TEST(CylinderContact, CapExactlyOnCapGivesTheAxisAndNoDepth) {
  const Shape base = test::cylinder(0.16, 0.1), turret = test::cylinder(0.12, 0.2);
  int wrong = 0;
  for (int i = 0; i < 2000; ++i) {
    const double angle = 0.0031 * i;
    ShapePose poseBase, poseTurret;
    poseBase.position = Vec3(0, -0.6, 0.05);
    poseTurret.position = Vec3(0, -0.6, 0.2);
    poseTurret.rotation = Eigen::AngleAxisd(angle, Vec3::UnitZ()).toRotationMatrix();
    Manifold m;
    ASSERT_TRUE(collide(base, poseBase, turret, poseTurret, 0.01, m)) << "angle " << angle;
    const bool right = std::abs(m.normal.z() - 1) < 1e-9 && std::abs(m.points[0].separation) < 1e-9 &&
                       std::abs(m.points[0].position.z() - 0.1) < 1e-6;
    if (!right) ++wrong;
  }
  EXPECT_EQ(wrong, 0);
}

}  // namespace
}  // namespace fw
