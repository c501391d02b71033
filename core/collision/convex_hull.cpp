#include "collision/convex_hull.h"

#include <algorithm>
#include <cmath>

namespace fw {
namespace {

constexpr size_t kMaxHullPoints = 64;

// Orders the points of one face counter-clockwise about its outward normal and drops the ones
// inside the polygon (2D gift wrapping in the face plane).
std::vector<int> convexPolygon(const std::vector<Eigen::Vector3d>& p, std::vector<int> onPlane, const Eigen::Vector3d& n,
                               double eps) {
  if (onPlane.size() < 3) return {};  // no polygon (and the chain below needs at least one point)
  Eigen::Vector3d u = (std::abs(n.x()) < 0.57 ? Eigen::Vector3d::UnitX() : Eigen::Vector3d::UnitY()).cross(n).normalized();
  const Eigen::Vector3d v = n.cross(u);
  auto x = [&](int i) { return Eigen::Vector2d(p[size_t(i)].dot(u), p[size_t(i)].dot(v)); };
  // Andrew's monotone chain.
  std::sort(onPlane.begin(), onPlane.end(), [&](int a, int b) {
    const Eigen::Vector2d pa = x(a), pb = x(b);
    return pa.x() < pb.x() || (pa.x() == pb.x() && pa.y() < pb.y());
  });
  auto cross = [&](int o, int a, int b) {
    const Eigen::Vector2d oa = x(a) - x(o), ob = x(b) - x(o);
    return oa.x() * ob.y() - oa.y() * ob.x();
  };
  std::vector<int> hull(2 * onPlane.size());
  size_t k = 0;
  for (size_t i = 0; i < onPlane.size(); ++i) {
    while (k >= 2 && cross(hull[k - 2], hull[k - 1], onPlane[i]) <= eps * eps) --k;
    hull[k++] = onPlane[i];
  }
  for (size_t i = onPlane.size() - 1, t = k + 1; i > 0; --i) {
    while (k >= t && cross(hull[k - 2], hull[k - 1], onPlane[i - 1]) <= eps * eps) --k;
    hull[k++] = onPlane[i - 1];
  }
  hull.resize(k > 0 ? k - 1 : 0);
  return hull;
}

}  // namespace

std::shared_ptr<const ConvexHullData> buildConvexHull(const std::vector<Eigen::Vector3d>& points, std::string* error) {
  auto fail = [&](const std::string& message) {
    if (error) *error = message;
    return std::shared_ptr<const ConvexHullData>();
  };
  if (points.size() < 4) return fail("a convex hull needs at least 4 points that are not all in one plane");
  if (points.size() > kMaxHullPoints) return fail("a convex hull takes at most 64 points");
  double extent = 0;
  for (const auto& p : points) {
    if (!p.allFinite()) return fail("hull points must be finite numbers");
    extent = std::max(extent, p.cwiseAbs().maxCoeff());
  }
  // Cross products of differences must not overflow: |p| ≤ 1e150 keeps them below 1e301.
  if (extent > 1e150) return fail("hull points are too far from the shape frame");
  const double eps = 1e-9 * std::max(extent, 1e-6);
  // Every supporting plane through three points is a face plane (brute force: hulls here are
  // small, and this cannot fail on degenerate input the way incremental hulls can).
  auto hull = std::make_shared<ConvexHullData>();
  const size_t n = points.size();
  for (size_t i = 0; i < n; ++i)
    for (size_t j = i + 1; j < n; ++j)
      for (size_t k = j + 1; k < n; ++k) {
        Eigen::Vector3d normal = (points[j] - points[i]).cross(points[k] - points[i]);
        if (!normal.allFinite() || normal.norm() < eps * std::max(extent, 1e-6)) continue;
        normal.normalize();
        int above = 0, below = 0;
        for (const auto& p : points) {
          const double d = normal.dot(p - points[i]);
          above += d > eps * 10;
          below += d < -eps * 10;
        }
        if (above && below) continue;
        if (above) normal = -normal;
        bool known = false;
        for (const auto& f : hull->faceNormals) known = known || (f - normal).norm() < 1e-9;
        if (known) continue;
        std::vector<int> onPlane;
        for (size_t m = 0; m < n; ++m)
          if (std::abs(normal.dot(points[m] - points[i])) <= eps * 10) onPlane.push_back(int(m));
        std::vector<int> face = convexPolygon(points, onPlane, normal, eps);
        if (face.size() < 3) continue;  // a sliver the tolerance could not resolve into a polygon
        hull->faceNormals.push_back(normal);
        hull->faces.push_back(std::move(face));
      }
  if (hull->faces.size() < 4) return fail("a convex hull needs at least 4 points that are not all in one plane");
  // Keep only the points that are corners of some face, renumbered.
  std::vector<int> index(n, -1);
  for (auto& face : hull->faces)
    for (int& v : face) {
      if (index[size_t(v)] < 0) {
        index[size_t(v)] = int(hull->vertices.size());
        hull->vertices.push_back(points[size_t(v)]);
      }
      v = index[size_t(v)];
    }
  for (const auto& face : hull->faces)
    for (size_t a = 0; a < face.size(); ++a) {
      const int u = face[a], w = face[(a + 1) % face.size()];
      const std::pair<int, int> e{std::min(u, w), std::max(u, w)};
      if (std::find(hull->edges.begin(), hull->edges.end(), e) == hull->edges.end()) hull->edges.push_back(e);
    }
  return hull;
}

}  // namespace fw
