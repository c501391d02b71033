// GJK + EPA against the exact pair routines on random poses: the same signed distance and the
// same normal wherever both are defined, for separated and overlapping shapes alike.
#include <gtest/gtest.h>

#include <random>

#include "collision/convex_hull.h"
#include "collision/gjk_epa.h"
#include "collision/narrow_phase.h"
#include "test_shapes.h"

namespace fw {
namespace {

using test::box;
using test::capsule;
using test::sphere;

ShapePose randomPose(std::mt19937& rng, double spread) {
  std::uniform_real_distribution<double> u(-1, 1);
  ShapePose p;
  p.rotation = Quat(Eigen::Vector4d(u(rng), u(rng), u(rng), u(rng)).normalized()).toRotationMatrix();
  p.position = spread * Vec3(u(rng), u(rng), u(rng));
  return p;
}

// The exact routine's deepest point is its signed distance; its normal the manifold's. (A box/box
// manifold apart reports the distance of its clipped points along the reference face normal, not
// the Euclidean distance of the boxes, so `separatedToo` is off there. And where an edge pair's
// axis lies within 0.2 rad of a face normal, the face is kept unless the edge is shallower by 5 %
// and a thousandth of the size, collide_box.cpp: `faceKept` counts those, whose depth may exceed
// the least by that much.)
struct Agreement {
  int compared = 0, faceKept = 0;
  double worstSeparation = 0, worstAngle = 0;
};

Agreement compare(const Shape& a, const Shape& b, int trials, unsigned seed, bool separatedToo, double faceTolerance = 0) {
  std::mt19937 rng(seed);
  Agreement result;
  for (int t = 0; t < trials; ++t) {
    const ShapePose pa = randomPose(rng, 0.5), pb = randomPose(rng, 0.5);
    Manifold exact;
    if (!collide(a, pa, b, pb, 100, exact)) continue;
    double deepest = INFINITY;
    for (int k = 0; k < exact.count; ++k) deepest = std::min(deepest, exact.points[k].separation);
    const ConvexDistance g = convexDistance(a, pa, b, pb);
    if (!g.valid) continue;
    // Near-touching configurations have no well-defined normal; neither do coincident cores.
    if (std::abs(deepest) < 1e-3 || (!separatedToo && deepest > 0)) continue;
    const double angleToEpa = std::acos(std::clamp(g.normal.dot(exact.normal), -1.0, 1.0));
    if (faceTolerance > 0 && angleToEpa > 1e-3) {
      // A kept face: within 0.2 rad of the least-penetration axis, at most the tolerance deeper.
      EXPECT_LT(angleToEpa, 0.2 + 1e-6);
      EXPECT_GT(deepest, g.separation - 0.05 * std::abs(deepest) - faceTolerance - 1e-9);
      EXPECT_LT(deepest, g.separation + 1e-6);
      ++result.faceKept;
      continue;
    }
    ++result.compared;
    result.worstSeparation = std::max(result.worstSeparation, std::abs(g.separation - deepest));
    const double angle = std::acos(std::clamp(g.normal.dot(exact.normal), -1.0, 1.0));
    result.worstAngle = std::max(result.worstAngle, angle);
  }
  return result;
}

TEST(GjkEpa, AgreesWithTheExactRoutinesOnTenThousandRandomPoses) {
  struct Pair {
    const char* name;
    Shape a, b;
    bool separatedToo;
    int expected;
  };
  const Pair pairs[] = {{"sphere/sphere", sphere(0.3), sphere(0.2), true, 5000},
                        {"sphere/box", sphere(0.25), box(Vec3(0.6, 0.4, 0.3)), true, 5000},
                        {"capsule/capsule", capsule(0.1, 0.5), capsule(0.15, 0.3), true, 5000},
                        {"box/box", box(Vec3(0.5, 0.3, 0.4)), box(Vec3(0.4, 0.6, 0.2)), false, 1500}};
  for (const Pair& p : pairs) {
    const bool boxes = std::string(p.name) == "box/box";
    const Agreement r = compare(p.a, p.b, 10000, 1234, p.separatedToo, boxes ? 1e-3 * (0.25 + 0.3) : 0);
    EXPECT_GT(r.compared, p.expected) << p.name;
    if (boxes) EXPECT_LT(r.faceKept, r.compared / 5) << p.name;  // 340 kept faces, 2,741 compared exactly
    EXPECT_LT(r.worstSeparation, 1e-6) << p.name;
    // Overlapping boxes can have two axes of almost equal depth: there the normal may differ by
    // up to a milliradian while the depth agrees.
    EXPECT_LT(r.worstAngle, p.separatedToo ? 1e-4 : 1e-3) << p.name;
  }
}

TEST(GjkEpa, HullOfACubeCollidesLikeTheBox) {
  std::vector<Vec3> corners;
  for (int i = 0; i < 8; ++i) corners.emplace_back(i & 1 ? 0.25 : -0.25, i & 2 ? 0.2 : -0.2, i & 4 ? 0.15 : -0.15);
  std::string error;
  Shape hull;
  hull.type = ShapeType::ConvexHull;
  hull.hull = buildConvexHull(corners, &error);
  ASSERT_TRUE(hull.hull) << error;
  EXPECT_EQ(hull.hull->faces.size(), 6u);
  const Shape cube = box(Vec3(0.5, 0.4, 0.3)), other = box(Vec3(0.3, 0.3, 0.6));
  std::mt19937 rng(99);
  int compared = 0;
  for (int t = 0; t < 2000; ++t) {
    const ShapePose pa = randomPose(rng, 0.4), pb = randomPose(rng, 0.4);
    Manifold viaBox, viaHull;
    const bool touchBox = collide(cube, pa, other, pb, 0.01, viaBox);
    const bool touchHull = collide(hull, pa, other, pb, 0.01, viaHull);
    double deepBox = INFINITY, deepHull = INFINITY;
    for (int k = 0; k < viaBox.count; ++k) deepBox = std::min(deepBox, viaBox.points[k].separation);
    for (int k = 0; k < viaHull.count; ++k) deepHull = std::min(deepHull, viaHull.points[k].separation);
    if (touchBox && std::abs(deepBox) < 1e-3) continue;  // grazing: either answer is fine
    ASSERT_EQ(touchBox, touchHull) << "trial " << t;
    if (!touchBox) continue;
    ++compared;
    // The same solid through two shape types: GJK/EPA must see exactly the same geometry.
    const ConvexDistance viaHullShape = convexDistance(hull, pa, other, pb), viaBoxShape = convexDistance(cube, pa, other, pb);
    EXPECT_NEAR(viaHullShape.separation, viaBoxShape.separation, 1e-9) << "trial " << t;
    EXPECT_GT(viaHullShape.normal.dot(viaBoxShape.normal), 1 - 1e-9) << "trial " << t;
    (void)deepHull;
  }
  EXPECT_GT(compared, 300);
}

TEST(GjkEpa, CylinderStandingOnABoxGetsItsWholeCap) {
  Shape cylinder;
  cylinder.type = ShapeType::Cylinder;
  cylinder.radius = 0.2;
  cylinder.length = 0.5;
  const Shape table = box(Vec3(2, 2, 0.2));
  ShapePose tablePose, cylinderPose;
  cylinderPose.position = Vec3(0.1, -0.2, 0.1 + 0.25 - 0.002);  // 2 mm into the table top
  Manifold m;
  ASSERT_TRUE(collide(table, tablePose, cylinder, cylinderPose, 0.02, m));
  EXPECT_EQ(m.count, 4);
  EXPECT_NEAR(m.normal.z(), 1, 1e-9);
  for (int k = 0; k < m.count; ++k) {
    EXPECT_NEAR(m.points[k].separation, -0.002, 1e-9);
    const Eigen::Vector2d radial = (m.points[k].position - cylinderPose.position).head<2>();
    EXPECT_NEAR(radial.norm(), 0.2, 1e-9);  // on the rim
  }
}

TEST(GjkEpa, PlaneAgainstAHullTouchesItsLowestVertices) {
  std::string error;
  Shape hull;
  hull.type = ShapeType::ConvexHull;
  hull.hull = buildConvexHull({{-0.2, -0.2, 0}, {0.2, -0.2, 0}, {0, 0.2, 0}, {0, 0, 0.3}}, &error);
  ASSERT_TRUE(hull.hull) << error;
  Shape plane;
  plane.type = ShapeType::Plane;
  ShapePose planePose, hullPose;
  hullPose.position = Vec3(0.5, 0.1, -0.001);  // base 1 mm below the plane
  Manifold m;
  ASSERT_TRUE(collide(plane, planePose, hull, hullPose, 0.01, m));
  EXPECT_EQ(m.count, 3);  // the three base corners; the apex is 0.3 m up
  EXPECT_NEAR(m.normal.z(), 1, 1e-12);
  for (int k = 0; k < m.count; ++k) EXPECT_NEAR(m.points[k].separation, -0.001, 1e-12);
}

TEST(GjkEpa, SeparatedCylindersReportTheirGap) {
  Shape cylinder;
  cylinder.type = ShapeType::Cylinder;
  cylinder.radius = 0.1;
  cylinder.length = 0.4;
  ShapePose pa, pb;
  pb.position = Vec3(0.25, 0, 0);  // side by side, parallel axes: 5 cm apart
  const ConvexDistance d = convexDistance(cylinder, pa, cylinder, pb);
  ASSERT_TRUE(d.valid);
  EXPECT_NEAR(d.separation, 0.05, 1e-9);
  EXPECT_NEAR(d.normal.x(), 1, 1e-9);
}

}  // namespace
}  // namespace fw
