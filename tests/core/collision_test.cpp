// The narrow phase's exact pair routines against hand-computed separations, normals and
// contact points: separated within the margin, touching, penetrating, beyond the margin.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <set>

#include "collision/narrow_phase.h"
#include "test_shapes.h"

namespace fw {
namespace {

constexpr double kTol = 1e-9;
constexpr double kMargin = 0.1;
const double kSqrt2 = std::sqrt(2.0);

ShapePose at(const Vec3& position, const Quat& q = Quat::Identity()) { return {q.toRotationMatrix(), position}; }
Quat about(const Vec3& axis, double angle) { return Quat(Eigen::AngleAxisd(angle, axis.normalized())); }

using test::box;
using test::capsule;
using test::cylinder;
using test::plane;
using test::sphere;

Manifold run(const Shape& a, const ShapePose& pa, const Shape& b, const ShapePose& pb, double margin = kMargin) {
  Manifold m;
  const bool touching = collide(a, pa, b, pb, margin, m);
  EXPECT_EQ(touching, m.count > 0);
  // Swapping the shapes flips the normal and keeps the points.
  Manifold swapped;
  collide(b, pb, a, pa, margin, swapped);
  EXPECT_EQ(swapped.count, m.count);
  if (swapped.count == m.count && m.count > 0) {
    EXPECT_LT((swapped.normal + m.normal).norm(), 1e-9);
    double minA = 1e9, minB = 1e9;
    for (int i = 0; i < m.count; ++i) minA = std::min(minA, m.points[i].separation);
    for (int i = 0; i < swapped.count; ++i) minB = std::min(minB, swapped.points[i].separation);
    EXPECT_NEAR(minA, minB, 1e-9);
  }
  if (m.count > 0) EXPECT_NEAR(m.normal.norm(), 1.0, 1e-12);
  return m;
}

double minSeparation(const Manifold& m) {
  double s = 1e300;
  for (int i = 0; i < m.count; ++i) s = std::min(s, m.points[i].separation);
  return s;
}

void expectNormal(const Manifold& m, const Vec3& expected, double tol = 1e-9) {
  EXPECT_LT((m.normal - expected.normalized()).norm(), tol) << "normal " << m.normal.transpose() << " expected "
                                                           << expected.normalized().transpose();
}

void expectAllSeparations(const Manifold& m, double expected, double tol = kTol) {
  for (int i = 0; i < m.count; ++i) EXPECT_NEAR(m.points[i].separation, expected, tol) << "point " << i;
}

std::set<uint32_t> featureIds(const Manifold& m) {
  std::set<uint32_t> ids;
  for (int i = 0; i < m.count; ++i) ids.insert(m.points[i].feature);
  return ids;
}

// ------------------------------------------------------------------------------------------
TEST(CollisionSphere, SphereSphere) {
  const Shape a = sphere(0.5), b = sphere(0.3);
  const Vec3 dir = Vec3(1, 2, -2).normalized();
  for (double gap : {0.05, 0.0, -0.1}) {
    const Manifold m = run(a, at(Vec3(1, 1, 1)), b, at(Vec3(1, 1, 1) + (0.8 + gap) * dir));
    ASSERT_EQ(m.count, 1) << gap;
    EXPECT_NEAR(m.points[0].separation, gap, kTol);
    expectNormal(m, dir);
    // Midway between the surfaces: A's surface at 0.5 along dir, B's at 0.5 + gap.
    EXPECT_LT((m.points[0].position - (Vec3(1, 1, 1) + (0.5 + 0.5 * gap) * dir)).norm(), kTol);
  }
  Manifold m;
  EXPECT_FALSE(collide(a, at(Vec3::Zero()), b, at(Vec3(0.8 + 0.11, 0, 0)), kMargin, m));
  EXPECT_EQ(m.count, 0);
}

TEST(CollisionSphere, SphereCapsule) {
  const Shape s = sphere(0.2), c = capsule(0.1, 1.0);
  const Quat alongX = about(Vec3::UnitY(), std::numbers::pi / 2);  // capsule axis along x
  // Beside the middle of the segment.
  Manifold m = run(s, at(Vec3(0.3, 0.35, 0)), c, at(Vec3::Zero(), alongX));
  ASSERT_EQ(m.count, 1);
  EXPECT_NEAR(m.points[0].separation, 0.35 - 0.3, kTol);
  expectNormal(m, Vec3(0, -1, 0));
  // Beyond the end cap: distance to the end point (0.5, 0, 0).
  m = run(s, at(Vec3(0.5 + 0.2, 0.2, 0)), c, at(Vec3::Zero(), alongX));
  ASSERT_EQ(m.count, 1);
  EXPECT_NEAR(m.points[0].separation, std::hypot(0.2, 0.2) - 0.3, kTol);
  expectNormal(m, Vec3(-1, -1, 0));
  // Penetrating.
  m = run(s, at(Vec3(0, 0, 0.25)), c, at(Vec3::Zero(), alongX));
  ASSERT_EQ(m.count, 1);
  EXPECT_NEAR(m.points[0].separation, -0.05, kTol);
  expectNormal(m, Vec3(0, 0, -1));
}

TEST(CollisionSphere, SphereBoxRegions) {
  const Shape s = sphere(0.25), b = box(Vec3(2, 1, 0.5));  // half extents 1, 0.5, 0.25
  const Quat q = about(Vec3(1, 1, 0), 0.7);
  const Mat3 R = q.toRotationMatrix();
  const Vec3 c(0.3, -0.2, 1.0);
  struct Case {
    Vec3 local;           // sphere centre in the box frame
    double separation;
    Vec3 normalLocal;     // sphere → box
  };
  const Case cases[] = {
      {{0.2, 0.1, 0.25 + 0.25 + 0.04}, 0.04, {0, 0, -1}},         // face, within the margin
      {{0.2, 0.1, 0.25 + 0.25}, 0.0, {0, 0, -1}},                 // face, touching
      {{-0.9, 0.5 + 0.15, 0}, -0.1, {0, -1, 0}},                  // face, penetrating
      {{1.1, 0.6, 0}, std::hypot(0.1, 0.1) - 0.25, {-1, -1, 0}},  // edge
      {{1.1, 0.6, 0.35}, std::sqrt(0.03) - 0.25, {-1, -1, -1}},   // vertex
      {{0.9, 0.0, 0.0}, -0.1 - 0.25, {-1, 0, 0}},                 // centre inside, nearest face +x
  };
  for (const Case& k : cases) {
    const Manifold m = run(s, at(R * k.local + c), b, at(c, q));
    ASSERT_EQ(m.count, 1) << k.local.transpose();
    EXPECT_NEAR(m.points[0].separation, k.separation, kTol) << k.local.transpose();
    expectNormal(m, R * k.normalLocal.normalized());
  }
  Manifold m;
  EXPECT_FALSE(collide(s, at(R * Vec3(0, 0, 0.25 + 0.25 + 0.11) + c), b, at(c, q), kMargin, m));
}

// ------------------------------------------------------------------------------------------
TEST(CollisionPlane, PlaneSphere) {
  const Quat tilt = about(Vec3(1, -1, 0), 0.3);
  const Vec3 n = tilt * Vec3::UnitZ(), origin(0.5, 0, -0.2);
  for (double gap : {0.07, 0.0, -0.05}) {
    const Manifold m = run(plane(), at(origin, tilt), sphere(0.4), at(origin + Vec3(0.3, 0.2, 0).cross(n) + (0.4 + gap) * n));
    ASSERT_EQ(m.count, 1);
    EXPECT_NEAR(m.points[0].separation, gap, kTol);
    expectNormal(m, n);
    // Midway between the plane and the sphere's lowest point.
    EXPECT_NEAR(n.dot(m.points[0].position - origin), 0.5 * gap, kTol);
  }
  Manifold m;
  EXPECT_FALSE(collide(plane(), at(origin, tilt), sphere(0.4), at(origin + 0.52 * n), kMargin, m));
  EXPECT_FALSE(collide(plane(), at(origin), plane(), at(origin), kMargin, m));
}

TEST(CollisionPlane, PlaneCapsule) {
  const Shape c = capsule(0.1, 1.0);
  // Lying: both ends touch.
  Manifold m = run(plane(), at(Vec3::Zero()), c, at(Vec3(0, 0, 0.08), about(Vec3::UnitX(), std::numbers::pi / 2)));
  ASSERT_EQ(m.count, 2);
  expectAllSeparations(m, -0.02);
  expectNormal(m, Vec3::UnitZ());
  EXPECT_NE(m.points[0].feature, m.points[1].feature);
  // Standing: only the lower end.
  m = run(plane(), at(Vec3::Zero()), c, at(Vec3(0, 0, 0.65)));
  ASSERT_EQ(m.count, 1);
  EXPECT_NEAR(m.points[0].separation, 0.05, kTol);
  // Tilted by 30°: lower end at 0.6 − 0.5 cos 30°.
  m = run(plane(), at(Vec3::Zero()), c, at(Vec3(0, 0, 0.6), about(Vec3::UnitY(), std::numbers::pi / 6)));
  ASSERT_EQ(m.count, 1);
  EXPECT_NEAR(m.points[0].separation, 0.6 - 0.5 * std::cos(std::numbers::pi / 6) - 0.1, kTol);
}

TEST(CollisionPlane, PlaneBox) {
  const Shape b = box(Vec3(1, 0.6, 0.4));
  // Resting flat, slightly sunk: four corners.
  Manifold m = run(plane(), at(Vec3::Zero()), b, at(Vec3(3, 1, 0.2 - 0.01)));
  ASSERT_EQ(m.count, 4);
  expectAllSeparations(m, -0.01);
  expectNormal(m, Vec3::UnitZ());
  EXPECT_EQ(featureIds(m).size(), 4u);
  // On an edge (45° about x): the two corners of the lowest edge.
  const double lowest = 0.5 * std::hypot(0.6, 0.4);
  m = run(plane(), at(Vec3::Zero()), b, at(Vec3(0, 0, lowest + 0.03), about(Vec3::UnitX(), std::atan2(0.4, 0.6) + std::numbers::pi / 2)));
  ASSERT_EQ(m.count, 2);
  expectAllSeparations(m, 0.03);
  // Beyond the margin.
  Manifold none;
  EXPECT_FALSE(collide(plane(), at(Vec3::Zero()), b, at(Vec3(0, 0, 0.2 + 0.101)), kMargin, none));
  // A plane facing −x at x = 2 (solid beyond x = 2): the box's +x face.
  m = run(plane(), at(Vec3(2, 0, 0), about(Vec3::UnitY(), -std::numbers::pi / 2)), b, at(Vec3(1.5 + 0.02, 0, 0)));
  ASSERT_EQ(m.count, 4);
  expectAllSeparations(m, -0.02);
  expectNormal(m, -Vec3::UnitX());
}

TEST(CollisionPlane, PlaneCylinder) {
  const Shape c = cylinder(0.3, 1.0);
  // Standing: four rim points of the lower cap.
  Manifold m = run(plane(), at(Vec3::Zero()), c, at(Vec3(0, 0, 0.5 - 0.01)));
  ASSERT_EQ(m.count, 4);
  expectAllSeparations(m, -0.01);
  // Lying on its side: the deepest points of both rims.
  m = run(plane(), at(Vec3::Zero()), c, at(Vec3(0, 0, 0.3 + 0.02), about(Vec3::UnitX(), std::numbers::pi / 2)));
  ASSERT_EQ(m.count, 2);
  expectAllSeparations(m, 0.02);
  // Tilted by 20° on its rim: the deepest point at height z − 0.5 cos − 0.3 sin.
  const double tilt = 0.35;
  m = run(plane(), at(Vec3::Zero()), c, at(Vec3(0, 0, 0.6), about(Vec3::UnitY(), tilt)));
  ASSERT_GE(m.count, 1);
  EXPECT_NEAR(minSeparation(m), 0.6 - 0.5 * std::cos(tilt) - 0.3 * std::sin(tilt), kTol);
}

// ------------------------------------------------------------------------------------------
TEST(CollisionBox, FaceFaceFourPoints) {
  const Shape ground = box(Vec3(2, 2, 1)), b = box(Vec3(1, 1, 1));
  for (double gap : {0.04, 0.0, -0.01}) {
    const Manifold m = run(ground, at(Vec3::Zero()), b, at(Vec3(0.1, -0.2, 1.0 + gap), about(Vec3::UnitZ(), 0.5)));
    ASSERT_EQ(m.count, 4) << gap;
    expectAllSeparations(m, gap);
    expectNormal(m, Vec3::UnitZ());
    EXPECT_EQ(featureIds(m).size(), 4u);
    for (int i = 0; i < 4; ++i) EXPECT_NEAR(m.points[i].position.z(), 0.5 + 0.5 * gap, kTol);
  }
  // Hanging over the edge of the ground: the corners at x = 1 come from clipping.
  const Manifold m = run(ground, at(Vec3::Zero()), b, at(Vec3(0.8, 0, 0.99)));
  ASSERT_EQ(m.count, 4);
  expectAllSeparations(m, -0.01);
  double maxX = -1;
  for (int i = 0; i < 4; ++i) maxX = std::max(maxX, m.points[i].position.x());
  EXPECT_NEAR(maxX, 1.0, kTol);
  Manifold none;
  EXPECT_FALSE(collide(ground, at(Vec3::Zero()), b, at(Vec3(0, 0, 1.11)), kMargin, none));
}

TEST(CollisionBox, EdgeEdge) {
  // A's top is an edge along x, B's bottom an edge along y, both √2/2 from the centres.
  const Shape a = box(Vec3(1, 1, 1)), b = box(Vec3(1, 1, 1));
  const Quat qa = about(Vec3::UnitX(), std::numbers::pi / 4), qb = about(Vec3::UnitY(), std::numbers::pi / 4);
  for (double gap : {0.05, 0.0, -0.08}) {
    const Manifold m = run(a, at(Vec3(0, 0, 0), qa), b, at(Vec3(0.1, 0.2, kSqrt2 + gap), qb));
    ASSERT_EQ(m.count, 1) << gap;
    EXPECT_NEAR(m.points[0].separation, gap, kTol);
    expectNormal(m, Vec3::UnitZ());
    EXPECT_LT((m.points[0].position - Vec3(0.1, 0, 0.5 * kSqrt2 + 0.5 * gap)).norm(), kTol);
  }
}

TEST(CollisionBox, VertexVertexApartUsesTrueDistance) {
  // Corner to corner along the diagonal: the separating axes underestimate the gap.
  const Shape a = box(Vec3(1, 1, 1)), b = box(Vec3(1, 1, 1));
  const Vec3 gap = Vec3(0.02, 0.03, 0.04);
  const Manifold m = run(a, at(Vec3::Zero()), b, at(Vec3(1, 1, 1) + gap));
  ASSERT_EQ(m.count, 1);
  EXPECT_NEAR(m.points[0].separation, gap.norm(), kTol);
  expectNormal(m, gap);
}

TEST(CollisionBox, FeatureIdsStableUnderTinyMotion) {
  const Shape ground = box(Vec3(2, 2, 1)), b = box(Vec3(1, 0.8, 0.6));
  const ShapePose g = at(Vec3::Zero());
  const Quat q = about(Vec3::UnitZ(), 0.3);
  const Manifold m0 = run(ground, g, b, at(Vec3(0.7, 0.1, 0.79), q));  // hangs over x = 1: clipped points
  const Manifold m1 = run(ground, g, b, at(Vec3(0.7 + 1e-4, 0.1 - 2e-4, 0.79 + 1e-5), about(Vec3(0.3, 0.2, 1), 1e-4) * q));
  ASSERT_EQ(m0.count, 4);
  ASSERT_EQ(m1.count, 4);
  EXPECT_EQ(featureIds(m0).size(), 4u);
  EXPECT_EQ(featureIds(m0), featureIds(m1));
  // A different contact (the box turned onto another face) changes the ids.
  const Manifold m2 = run(ground, g, b, at(Vec3(0.7, 0.1, 0.89), about(Vec3::UnitX(), std::numbers::pi / 2) * q));
  ASSERT_EQ(m2.count, 4);
  EXPECT_NE(featureIds(m0), featureIds(m2));
}

// ------------------------------------------------------------------------------------------
const Quat kAlongX = about(Vec3::UnitY(), std::numbers::pi / 2);
const Quat kAlongY = about(Vec3::UnitX(), std::numbers::pi / 2);

TEST(CollisionCapsule, Crossing) {
  const Shape a = capsule(0.1, 1.0), b = capsule(0.15, 0.8);
  for (double gap : {0.06, 0.0, -0.1}) {
    const Manifold m = run(a, at(Vec3(0, 0, 0), kAlongX), b, at(Vec3(0.2, -0.1, 0.25 + gap), kAlongY));
    ASSERT_EQ(m.count, 1) << gap;
    EXPECT_NEAR(m.points[0].separation, gap, kTol);
    expectNormal(m, Vec3::UnitZ());
    EXPECT_LT((m.points[0].position - Vec3(0.2, 0, 0.1 + 0.5 * gap)).norm(), kTol);
  }
  // End cap against the side: B's lower end 0.5 above A's axis, tilted B.
  const Manifold m = run(a, at(Vec3::Zero(), kAlongX), b, at(Vec3(0.3, 0, 0.3 + 0.4), Quat::Identity()));
  ASSERT_EQ(m.count, 1);
  EXPECT_NEAR(m.points[0].separation, 0.3 - 0.25, kTol);
}

TEST(CollisionCapsule, ParallelGivesTwoPoints) {
  const Shape a = capsule(0.1, 1.0), b = capsule(0.1, 1.0);
  for (double gap : {0.05, -0.03}) {
    const Manifold m = run(a, at(Vec3::Zero(), kAlongX), b, at(Vec3(0.3, 0, 0.2 + gap), kAlongX));
    ASSERT_EQ(m.count, 2) << gap;
    expectAllSeparations(m, gap);
    expectNormal(m, Vec3::UnitZ());
    const double x0 = m.points[0].position.x(), x1 = m.points[1].position.x();
    EXPECT_NEAR(std::min(x0, x1), -0.2, kTol);  // the overlap of [−0.5, 0.5] and [−0.2, 0.8]
    EXPECT_NEAR(std::max(x0, x1), 0.5, kTol);
  }
  // Slightly tilted (1°): still two points, the far end higher.
  const Manifold m = run(a, at(Vec3::Zero(), kAlongX), b,
                         at(Vec3(0, 0, 0.2 + 0.02), about(Vec3::UnitY(), std::numbers::pi / 2 + 0.0175)));
  ASSERT_EQ(m.count, 2);
  EXPECT_NE(m.points[0].feature, m.points[1].feature);
}

TEST(CollisionCapsule, CapsuleBox) {
  const Shape c = capsule(0.1, 0.6), b = box(Vec3(2, 1, 0.5));  // top face at z = 0.25
  // Lying on the top face: two points at the segment ends.
  for (double gap : {0.04, 0.0, -0.02}) {
    const Manifold m = run(c, at(Vec3(0.2, 0.1, 0.35 + gap), about(Vec3::UnitZ(), 0.4) * kAlongX), b, at(Vec3::Zero()));
    ASSERT_EQ(m.count, 2) << gap;
    expectAllSeparations(m, gap);
    expectNormal(m, -Vec3::UnitZ());
  }
  // Lying across the edge x = 1 of the top face: clipped at the edge.
  Manifold m = run(c, at(Vec3(1.1, 0, 0.35 - 0.01), kAlongX), b, at(Vec3::Zero()));
  ASSERT_EQ(m.count, 2);
  expectAllSeparations(m, -0.01);
  EXPECT_NEAR(std::max(m.points[0].position.x(), m.points[1].position.x()), 1.0, kTol);
  // Standing on the top face: one point.
  m = run(c, at(Vec3(0.5, 0, 0.25 + 0.4 - 0.03)), b, at(Vec3::Zero()));
  ASSERT_EQ(m.count, 1);
  EXPECT_NEAR(m.points[0].separation, -0.03, kTol);
  expectNormal(m, -Vec3::UnitZ());
  // Along y, sunk into the edge (x = 1, z = 0.25) at 45°: the edge axis.
  const Vec3 diagonal = Vec3(1, 0, 1).normalized();
  for (double gap : {0.05, -0.04}) {
    m = run(c, at(Vec3(1, 0, 0.25) + (0.1 + gap) * diagonal, kAlongY), b, at(Vec3::Zero()));
    ASSERT_EQ(m.count, 1) << gap;
    EXPECT_NEAR(m.points[0].separation, gap, kTol);
    expectNormal(m, -diagonal);
  }
  // Apart, end cap towards a corner along the diagonal: the true distance.
  const Vec3 corner(1, 0.5, 0.25), away = Vec3(1, 2, 2).normalized();
  m = run(c, at(corner + (0.3 + 0.1 + 0.05) * away, Quat::FromTwoVectors(Vec3::UnitZ(), away)), b, at(Vec3::Zero()));
  ASSERT_EQ(m.count, 1);
  EXPECT_NEAR(m.points[0].separation, 0.05, kTol);
  expectNormal(m, -away);
}

TEST(CollisionAabb, ContainsShape) {
  const Quat q = about(Vec3(1, 2, 3), 0.8);
  const Aabb s = shapeAabb(sphere(0.5), at(Vec3(1, 2, 3), q));
  EXPECT_LT((s.lower - Vec3(0.5, 1.5, 2.5)).norm(), kTol);
  const Aabb c = shapeAabb(capsule(0.1, 1.0), at(Vec3::Zero()));
  EXPECT_NEAR(c.upper.z(), 0.6, kTol);
  EXPECT_NEAR(c.upper.x(), 0.1, kTol);
  const Aabb b = shapeAabb(box(Vec3(2, 2, 2)), at(Vec3::Zero(), about(Vec3::UnitZ(), std::numbers::pi / 4)));
  EXPECT_NEAR(b.upper.x(), kSqrt2, kTol);
  EXPECT_NEAR(b.upper.z(), 1.0, kTol);
  const Aabb cyl = shapeAabb(cylinder(0.3, 1.0), at(Vec3::Zero(), about(Vec3::UnitX(), std::numbers::pi / 2)));
  EXPECT_NEAR(cyl.upper.y(), 0.5, kTol);
  EXPECT_NEAR(cyl.upper.z(), 0.3, kTol);
  EXPECT_NEAR(cyl.upper.x(), 0.3, kTol);
  const Aabb p = shapeAabb(plane(), at(Vec3(0, 0, -1)));
  EXPECT_NEAR(p.upper.z(), -1, kTol);
  EXPECT_LT(p.lower.x(), -1e6);
}

}  // namespace
}  // namespace fw
