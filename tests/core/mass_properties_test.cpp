// Mass properties of convex hulls by tetrahedral decomposition, against closed forms.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "collision/convex_hull.h"
#include "shapes/mass_properties.h"

namespace fw {
namespace {

Shape hullOf(const std::vector<Eigen::Vector3d>& points) {
  Shape s;
  s.type = ShapeType::ConvexHull;
  std::string error;
  s.hull = buildConvexHull(points, &error);
  EXPECT_TRUE(s.hull) << error;
  return s;
}

TEST(MassProperties, HullOfABoxEqualsTheBox) {
  std::vector<Eigen::Vector3d> corners;
  for (int i = 0; i < 8; ++i) corners.emplace_back(i & 1 ? 0.3 : -0.3, i & 2 ? 0.2 : -0.2, i & 4 ? 0.1 : -0.1);
  Shape hull = hullOf(corners), box;
  box.type = ShapeType::Box;
  box.size = Eigen::Vector3d(0.6, 0.4, 0.2);
  for (Shape* s : {&hull, &box}) {
    s->density = 700;
    s->position = Eigen::Vector3d(0.1, -0.2, 0.3);
    s->orientation = Eigen::Quaterniond(Eigen::AngleAxisd(0.7, Eigen::Vector3d(1, 2, 3).normalized()));
  }
  const MassProperties h = massProperties(hull), b = massProperties(box);
  EXPECT_NEAR(volume(hull), 0.6 * 0.4 * 0.2, 1e-12);
  EXPECT_NEAR(h.mass, b.mass, 1e-9);
  EXPECT_LT((h.centerOfMass - b.centerOfMass).norm(), 1e-12);
  EXPECT_LT((h.inertiaAboutCom - b.inertiaAboutCom).norm(), 1e-9 * b.inertiaAboutCom.norm());
}

TEST(MassProperties, HullOfATetrahedronHasItsClosedForm) {
  // The corner tetrahedron (0, e_x, e_y, e_z): V = 1/6, centroid 1/4 (1, 1, 1), and about the
  // origin Ixx = ∫(y² + z²) = 1/30, Ixy = −∫xy = −1/120 (Tonon 2004).
  const Shape t = hullOf({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}});
  Shape unit = t;
  unit.density = 1;
  const MassProperties p = massProperties(unit);
  EXPECT_NEAR(p.mass, 1.0 / 6, 1e-12);
  EXPECT_LT((p.centerOfMass - Eigen::Vector3d::Constant(0.25)).norm(), 1e-12);
  // Back to the origin by the parallel-axis theorem.
  const Eigen::Vector3d c = p.centerOfMass;
  const Eigen::Matrix3d aboutOrigin = p.inertiaAboutCom + p.mass * (c.squaredNorm() * Eigen::Matrix3d::Identity() - c * c.transpose());
  EXPECT_NEAR(aboutOrigin(0, 0), 1.0 / 30, 1e-12);
  EXPECT_NEAR(aboutOrigin(0, 1), -1.0 / 120, 1e-12);
}

TEST(MassProperties, HullBuilderRejectsFlatAndTooFewPoints) {
  std::string error;
  EXPECT_FALSE(buildConvexHull({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}, &error));
  EXPECT_NE(error.find("at least 4 points"), std::string::npos);
  std::vector<Eigen::Vector3d> flat;
  for (int i = 0; i < 10; ++i) flat.emplace_back(std::cos(i), std::sin(i), 0);
  EXPECT_FALSE(buildConvexHull(flat, &error));
  EXPECT_NE(error.find("not all in one plane"), std::string::npos);
}

TEST(MassProperties, HullContainsEveryPoint) {
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> u(-1, 1);
  std::vector<Eigen::Vector3d> points;
  for (int i = 0; i < 40; ++i) points.emplace_back(u(rng), u(rng), u(rng));
  const Shape s = hullOf(points);
  for (const auto& p : points)
    for (size_t f = 0; f < s.hull->faces.size(); ++f)
      EXPECT_LE(s.hull->faceNormals[f].dot(p - s.hull->vertices[size_t(s.hull->faces[f][0])]), 1e-9);
}

}  // namespace
}  // namespace fw
