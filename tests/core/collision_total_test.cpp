// Every pair routine of the narrow phase is total on poses that are not finite or overflow on the
// way (a restored state may hold NaN): no index of −1, no read out of bounds (the sanitizer build
// checks that), and what comes out is no contact or finite contacts.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <memory>
#include <vector>

#include "collision/convex_hull.h"
#include "collision/narrow_phase.h"
#include "collision/pair_routines.h"
#include "test_shapes.h"

namespace fw {
namespace {

using PairRoutine = void (*)(const Shape&, const ShapePose&, const Shape&, const ShapePose&, double, Manifold&);

Shape hull() {
  Shape s;
  s.type = ShapeType::ConvexHull;
  std::string error;
  s.hull = buildConvexHull({{0, 0, 0}, {0.2, 0, 0}, {0, 0.2, 0}, {0, 0, 0.2}, {0.2, 0.2, 0.2}}, &error);
  return s;
}

// Poses a blown-up or forged state gives: NaN or infinite anywhere, or finite but so far apart
// that differences overflow.
std::vector<ShapePose> hostilePoses() {
  const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
  std::vector<ShapePose> poses;
  for (double x : {nan, inf, -inf, 1e308, -1e308}) {
    ShapePose moved;
    moved.position = Vec3(x, x, x);
    poses.push_back(moved);
    ShapePose turned;
    turned.rotation(0, 0) = x;
    turned.rotation(1, 2) = x;
    poses.push_back(turned);
    ShapePose all;
    all.rotation.setConstant(x);
    all.position.setConstant(x);
    poses.push_back(all);
  }
  return poses;
}

void expectNoOrFiniteContact(const Manifold& m, const char* what, int pose) {
  ASSERT_GE(m.count, 0) << what << " pose " << pose;
  ASSERT_LE(m.count, 4) << what << " pose " << pose;
  for (int k = 0; k < m.count; ++k) {
    EXPECT_TRUE(m.points[k].position.allFinite() && std::isfinite(m.points[k].separation)) << what << " pose " << pose;
    EXPECT_TRUE(m.normal.allFinite()) << what << " pose " << pose;
  }
}

// The routines themselves, without collide()'s guard: a box pair whose every separation is NaN
// kept the face index at −1 and read the face table before it.
TEST(CollisionTotal, EveryPairRoutineOnHostilePoses) {
  const Shape plane = test::plane(), sphere = test::sphere(0.1), capsule = test::capsule(0.1, 0.3),
              box = test::box(Vec3(0.2, 0.3, 0.4)), cylinder = test::cylinder(0.1, 0.3), convex = hull();
  struct Pair {
    const char* name;
    PairRoutine routine;
    const Shape &a, &b;
  };
  const Pair pairs[] = {
      {"plane/sphere", collidePlaneSphere, plane, sphere},     {"plane/capsule", collidePlaneCapsule, plane, capsule},
      {"plane/box", collidePlaneBox, plane, box},              {"plane/cylinder", collidePlaneCylinder, plane, cylinder},
      {"plane/convex", collidePlaneConvexHull, plane, convex}, {"sphere/sphere", collideSpheres, sphere, sphere},
      {"sphere/capsule", collideSphereCapsule, sphere, capsule}, {"sphere/box", collideSphereBox, sphere, box},
      {"capsule/capsule", collideCapsules, capsule, capsule},  {"capsule/box", collideCapsuleBox, capsule, box},
      {"box/box", collideBoxes, box, box},                     {"box/convex", collideConvex, box, convex},
      {"cylinder/convex", collideConvex, cylinder, convex},    {"sphere/cylinder", collideConvex, sphere, cylinder},
  };
  const std::vector<ShapePose> poses = hostilePoses();
  const ShapePose origin;
  for (const Pair& p : pairs) {
    for (size_t k = 0; k < poses.size(); ++k) {
      for (int side = 0; side < 2; ++side) {
        Manifold m;
        m.count = 0;
        p.routine(p.a, side ? origin : poses[k], p.b, side ? poses[k] : origin, 0.01, m);
        // Any answer within the manifold's size (the sanitizer build checks every read on the way);
        // collide() below drops what is not finite.
        EXPECT_GE(m.count, 0) << p.name << " pose " << k;
        EXPECT_LE(m.count, 4) << p.name << " pose " << k;
        if (p.routine == collideBoxes && std::isnan(poses[k].rotation(0, 1)))
          EXPECT_EQ(m.count, 0) << "box/box with every separation NaN, pose " << k;
      }
    }
  }
}

// Through the narrow phase's entry: a pose that is not finite touches nothing, and a contact
// computed from overflowing finite poses is dropped rather than handed to the solver.
TEST(CollisionTotal, CollideAnswersNoneOrFinite) {
  const Shape shapes[] = {test::plane(), test::sphere(0.1), test::capsule(0.1, 0.3), test::box(Vec3(0.2, 0.3, 0.4)),
                          test::cylinder(0.1, 0.3), hull()};
  const std::vector<ShapePose> poses = hostilePoses();
  const ShapePose origin;
  for (const Shape& a : shapes)
    for (const Shape& b : shapes)
      for (size_t k = 0; k < poses.size(); ++k) {
        Manifold m;
        const bool touching = collide(a, poses[k], b, origin, 0.01, m);
        EXPECT_EQ(touching, m.count > 0);
        if (!poses[k].position.allFinite() || !poses[k].rotation.allFinite()) EXPECT_FALSE(touching) << int(a.type) << "/" << int(b.type) << " pose " << k;
        expectNoOrFiniteContact(m, "collide", int(k));
      }
}

}  // namespace
}  // namespace fw
