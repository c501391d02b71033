// Persistent manifolds (world/kept_manifold.h): a pair that barely moved keeps its points with
// separations re-measured from their anchors, close to what the narrow phase finds at the new
// poses; a pair that moved further must go back to the narrow phase.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

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

// The anchors are saved (a restored world keeps what the saved run kept): a forged blob whose
// anchors are not a rotation is refused, so no NaN can reach a kept contact.
TEST(KeptManifold, ARestoreRefusesAnchorsThatAreNotARotation) {
  World world = loadWorld(bench::pyramidScene(3));
  for (int k = 0; k < 60; ++k) world.step();
  ASSERT_FALSE(world.contacts().empty());
  const std::vector<uint8_t> saved = world.saveState();
  const Quat::Coefficients& turn = world.contacts().front().foundTurn.coeffs();
  const auto* bytes = reinterpret_cast<const uint8_t*>(turn.data());
  const auto at = std::search(saved.begin(), saved.end(), bytes, bytes + sizeof(double) * 4);
  ASSERT_NE(at, saved.end());
  const std::vector<uint8_t> forged =
      forged::withValueAt(saved, size_t(at - saved.begin()), std::numeric_limits<double>::quiet_NaN());
  const std::string refused = world.restoreState(forged);
  EXPECT_NE(refused.find("anchors"), std::string::npos) << refused;
  EXPECT_EQ(world.restoreState(saved), "");
}

}  // namespace
}  // namespace fw
