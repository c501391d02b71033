// Persistent manifolds (world/kept_manifold.h): a pair that barely moved keeps its points with
// separations re-measured from their anchors, close to what the narrow phase finds at the new
// poses; a pair that moved further must go back to the narrow phase.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <vector>

#include <nlohmann/json.hpp>

#include "../bench/bench_cases.h"
#include "collision/narrow_phase.h"
#include "forged_state.h"
#include "shipped_scenes.h"
#include "test_shapes.h"
#include "world/kept_manifold.h"

namespace fw {
namespace {

using test::box;

constexpr double kReach = 0.02;

ShapePose at(const Vec3& position, const Mat3& rotation = Mat3::Identity()) {
  ShapePose p;
  p.rotation = rotation;
  p.position = position;
  return p;
}

Mat3 turn(double angle, const Vec3& axis) { return Eigen::AngleAxisd(angle, axis.normalized()).toRotationMatrix(); }

// The narrow phase's contacts of the pair at these poses, with their anchors, sorted by feature
// (as World::findContacts makes them).
std::vector<Contact> found(const Shape& a, const ShapePose& pa, const Shape& b, const ShapePose& pb) {
  Manifold m;
  std::vector<Contact> out;
  if (!collide(a, pa, b, pb, kReach, m)) return out;
  for (int k = 0; k < m.count; ++k) {
    Contact c;
    c.colliderA = 0, c.colliderB = 1;
    c.feature = m.points[k].feature;
    c.point = m.points[k].position;
    c.normal = m.normal;
    c.separation = m.points[k].separation;
    recordContactAnchors(c, pa, pb);
    out.push_back(c);
  }
  std::sort(out.begin(), out.end(), contactOrder);
  return out;
}

// A unit box on a larger one, turned about the normal and inside the lower one's top face: its
// four corners. (Hanging over an edge, a small tilt may make the narrow phase pick an edge–edge
// axis and a single point instead; the kept manifold would stay on the face.)
const Shape kLower = box(Vec3(2, 2, 1)), kUpper = box(Vec3(1, 1, 1));
const ShapePose kLowerPose = at(Vec3::Zero());
const ShapePose kUpperPose = at(Vec3(0.3, 0.2, 1.002), turn(0.3, Vec3::UnitZ()));

TEST(KeptManifold, SmallMotionsKeepThePointsWithTheNarrowPhasesSeparations) {
  const std::vector<Contact> before = found(kLower, kLowerPose, kUpper, kUpperPose);
  ASSERT_EQ(before.size(), 4u);
  const ShapePose moves[] = {
      at(kUpperPose.position + Vec3(0, 0, -6e-4), kUpperPose.rotation),                        // settles
      at(kUpperPose.position + Vec3(3e-4, -4e-4, 2e-4), kUpperPose.rotation),                  // slides
      at(kUpperPose.position, turn(8e-4, Vec3(1, 2, 0)) * kUpperPose.rotation),                // tilts
      at(kUpperPose.position + Vec3(2e-4, 0, -3e-4), turn(5e-4, Vec3(0, 1, 1)) * kUpperPose.rotation),
  };
  for (const ShapePose& moved : moves) {
    SCOPED_TRACE(testing::Message() << "move " << &moved - moves);
    std::vector<Contact> kept;
    ASSERT_TRUE(keepManifold(before.data(), before.data() + before.size(), kLowerPose, moved, kReach, kept));
    const std::vector<Contact> fresh = found(kLower, kLowerPose, kUpper, moved);
    ASSERT_EQ(kept.size(), fresh.size());
    for (size_t k = 0; k < kept.size(); ++k) {
      EXPECT_EQ(kept[k].feature, fresh[k].feature);
      // First order in the turn: its square times the box's size is below 1e-6 m.
      EXPECT_NEAR(kept[k].separation, fresh[k].separation, 1e-6);
      EXPECT_LT((kept[k].normal - fresh[k].normal).norm(), 1e-3);
      EXPECT_LT((kept[k].point - fresh[k].point).norm(), 2e-3);
    }
  }
}

TEST(KeptManifold, LargerMotionsGoBackToTheNarrowPhase) {
  const std::vector<Contact> before = found(kLower, kLowerPose, kUpper, kUpperPose);
  ASSERT_EQ(before.size(), 4u);
  const ShapePose moves[] = {
      at(kUpperPose.position, turn(2 * kManifoldTurn, Vec3::UnitZ()) * kUpperPose.rotation),  // turns about the normal
      at(kUpperPose.position, turn(2 * kManifoldTurn, Vec3::UnitX()) * kUpperPose.rotation),  // tilts
      at(kUpperPose.position + Vec3(2 * kManifoldDrift, 0, 0), kUpperPose.rotation),          // slides
      at(kUpperPose.position + Vec3(0, 0, 2 * kManifoldDrift), kUpperPose.rotation),          // lifts
  };
  for (const ShapePose& moved : moves) {
    std::vector<Contact> kept;
    EXPECT_FALSE(keepManifold(before.data(), before.data() + before.size(), kLowerPose, moved, kReach, kept));
    EXPECT_TRUE(kept.empty());
  }
  std::vector<Contact> kept;
  EXPECT_FALSE(keepManifold(before.data(), before.data(), kLowerPose, kUpperPose, kReach, kept))
      << "no points, nothing to keep";
  EXPECT_FALSE(keepManifold(before.data(), before.data() + before.size(), kLowerPose, kUpperPose, 1e-3, kept))
      << "points beyond a reach that shrank";
  EXPECT_TRUE(kept.empty());
}

TEST(KeptManifold, OnlyFlatFacedPairsKeepTheirPoints) {
  const ShapeType flat[] = {ShapeType::Box, ShapeType::ConvexHull, ShapeType::Plane};
  const ShapeType curved[] = {ShapeType::Sphere, ShapeType::Capsule, ShapeType::Cylinder};
  for (const ShapeType a : flat) {
    for (const ShapeType b : flat) EXPECT_TRUE(keepsManifold(a, b));
    for (const ShapeType b : curved)
      EXPECT_FALSE(keepsManifold(a, b)) << "a curved shape's anchor rolls off its contact";
  }
  for (const ShapeType a : curved)
    for (const ShapeType b : curved) EXPECT_FALSE(keepsManifold(a, b));
}

// A ball rolling from rest (gravity tilted 25° off the plane's normal) turns by well under
// kManifoldTurn a step at first: each step's separation is the narrow phase's, its height above
// the plane less its radius, to round-off. An anchor kept on the ball would rise off the plane as it
// rolls, by r(1 − cos φ), and this separation with it.
TEST(KeptManifold, ARollingBallsSeparationIsTheNarrowPhasesEveryStep) {
  const double r = 0.1, g = 9.81, tilt = 25 * std::numbers::pi / 180;
  const nlohmann::json scene = {
      {"format", "featherweight-scene"},
      {"version", 1},
      {"world",
       {{"timestep", 1.0 / 240},
        {"gravity", {g * std::sin(tilt), 0, -g * std::cos(tilt)}},
        {"solver", {{"sleep", false}}}}},
      {"bodies",
       {{{"name", "ground"}, {"static", true}, {"shapes", {{{"type", "plane"}, {"friction", 0.9}}}}},
        {{"name", "ball"},
         {"position", {0, 0, r}},
         {"shapes", {{{"type", "sphere"}, {"radius", r}, {"friction", 0.9}}}}}}}};
  World world = loadWorld(scene);
  for (int k = 0; k < 240; ++k) {
    const double height = world.bodyPosition(1).z();
    world.step();
    ASSERT_EQ(world.contacts().size(), 1u) << "step " << k;
    // The plane's normal is +z and its point the origin: the narrow phase's separation is z − r.
    ASSERT_NEAR(world.contacts().front().separation, height - r, 1e-12) << "step " << k;
  }
  EXPECT_GT(world.bodyPosition(1).x(), 0.5) << "it rolled";
}

// The anchors are saved (a restored world keeps what the saved run kept): a forged blob whose
// finite anchors are not a rotation is refused; non-finite ones are restored and never kept.
TEST(KeptManifold, ARestoreRefusesAnchorsThatAreNotARotation) {
  World world = loadWorld(bench::pyramidScene(3));
  for (int k = 0; k < 60; ++k) world.step();
  ASSERT_FALSE(world.contacts().empty());
  const std::vector<uint8_t> saved = world.saveState();
  const Quat::Coefficients& turn = world.contacts().front().foundTurn.coeffs();
  const auto* bytes = reinterpret_cast<const uint8_t*>(turn.data());
  const auto at = std::search(saved.begin(), saved.end(), bytes, bytes + sizeof(double) * 4);
  ASSERT_NE(at, saved.end());
  const size_t offset = size_t(at - saved.begin());
  const std::string refused = world.restoreState(forged::withValueAt(saved, offset, 2.0));
  EXPECT_NE(refused.find("anchors"), std::string::npos) << refused;
  // Anchors that are not finite are what a run that blew up saves: restored, and never kept.
  EXPECT_EQ(world.restoreState(forged::withValueAt(saved, offset, std::numeric_limits<double>::quiet_NaN())), "");
  world.step();
  EXPECT_EQ(world.stepError(), "");
  for (const Contact& c : world.contacts()) EXPECT_TRUE(c.foundTurn.coeffs().allFinite());
  EXPECT_EQ(world.restoreState(saved), "");
}

// A state saved before contacts carried their anchors (version 2) has no anchors to keep: it is
// refused by its version, as every older layout is, not read as damaged or with made-up anchors.
TEST(KeptManifold, AStateWithoutAnchorsIsRefusedByItsVersion) {
  World world = loadWorld(bench::pyramidScene(3));
  for (int k = 0; k < 60; ++k) world.step();
  const std::vector<uint8_t> saved = world.saveState();
  const std::vector<uint8_t> older = forged::withValueAt(saved, 8, uint32_t(2));  // after "FWSTATE1"
  const std::string refused = world.restoreState(older);
  EXPECT_NE(refused.find("version 2 is not the version this engine reads (3)"), std::string::npos) << refused;
  EXPECT_TRUE(world.saveState() == saved) << "a refused state changed the world";
}

}  // namespace
}  // namespace fw
