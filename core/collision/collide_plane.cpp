// A plane (half-space z ≤ 0 of its frame, a = the plane) against the other shapes: the signed
// height of the deepest points of b above the plane. Rounded shapes test their core points
// minus the radius; polyhedra test their vertices (the deepest point of a convex polyhedron
// against a plane is always a vertex); a cylinder tests points on its two rims.
#include <algorithm>
#include <cmath>

#include "collision/contact_clipping.h"
#include "collision/pair_routines.h"

namespace fw {
namespace {

struct PlaneInWorld {
  Vec3 normal;
  double offset;  // normal · (point on the plane)
  double height(const Vec3& x) const { return normal.dot(x) - offset; }
};

PlaneInWorld planeOf(const ShapePose& pose) { return {pose.rotation.col(2), pose.rotation.col(2).dot(pose.position)}; }

// A point of b's core at height `height`, whose surface lies `radius` below it.
ContactCandidate candidate(const PlaneInWorld& plane, const Vec3& core, double radius, uint32_t feature) {
  const double height = plane.height(core);
  // Midway between b's surface (core − r n) and its projection on the plane (core − height n).
  return {core - 0.5 * (radius + height) * plane.normal, height - radius, feature};
}

// Keeps the `limit` deepest candidates within the margin, deepest first.
void keepDeepest(ContactCandidate* c, int count, int limit, double margin, const Vec3& normal, Manifold& out) {
  std::sort(c, c + count, [](const ContactCandidate& x, const ContactCandidate& y) { return x.separation < y.separation; });
  out.normal = normal;
  out.count = 0;
  for (int i = 0; i < count && out.count < limit; ++i)
    if (c[i].separation <= margin) out.points[out.count++] = {c[i].position, c[i].separation, c[i].feature};
}

}  // namespace

void collidePlaneSphere(const Shape&, const ShapePose& poseA, const Shape& b, const ShapePose& poseB, double margin,
                        Manifold& out) {
  const PlaneInWorld plane = planeOf(poseA);
  ContactCandidate c = candidate(plane, poseB.position, b.radius, 0);
  keepDeepest(&c, 1, 1, margin, plane.normal, out);
}

void collidePlaneCapsule(const Shape&, const ShapePose& poseA, const Shape& b, const ShapePose& poseB, double margin,
                         Manifold& out) {
  const PlaneInWorld plane = planeOf(poseA);
  const Vec3 halfAxis = 0.5 * b.length * poseB.rotation.col(2);
  ContactCandidate c[2] = {candidate(plane, poseB.position - halfAxis, b.radius, 0),
                           candidate(plane, poseB.position + halfAxis, b.radius, 1)};
  keepDeepest(c, 2, 2, margin, plane.normal, out);
}

void collidePlaneBox(const Shape&, const ShapePose& poseA, const Shape& b, const ShapePose& poseB, double margin,
                     Manifold& out) {
  const PlaneInWorld plane = planeOf(poseA);
  const Vec3 h = 0.5 * b.size;
  ContactCandidate c[8];
  for (int i = 0; i < 8; ++i) {
    const Vec3 corner((i & 1) ? h.x() : -h.x(), (i & 2) ? h.y() : -h.y(), (i & 4) ? h.z() : -h.z());
    c[i] = candidate(plane, poseB.rotation * corner + poseB.position, 0, uint32_t(i));
  }
  keepDeepest(c, 8, 4, margin, plane.normal, out);
}

void collidePlaneCylinder(const Shape&, const ShapePose& poseA, const Shape& b, const ShapePose& poseB, double margin,
                          Manifold& out) {
  const PlaneInWorld plane = planeOf(poseA);
  const Mat3& R = poseB.rotation;
  // Per cap, four rim points a quarter turn apart starting from the one deepest along the
  // normal (ids cap·4 + k): a lying cylinder touches at k = 0 of both caps, a standing one
  // rests on all four of its lower cap (upright, the deepest direction is undefined: take x).
  const Vec3 normalLocal = R.transpose() * plane.normal;
  const Vec3 downhill(-normalLocal.x(), -normalLocal.y(), 0);
  const double downhillNorm = downhill.norm();
  const Vec3 first = downhillNorm > 1e-9 ? Vec3(downhill / downhillNorm) : Vec3::UnitX();
  const Vec3 second = Vec3::UnitZ().cross(first);
  static constexpr double kQuarterTurns[4][2] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}};
  ContactCandidate c[8];
  int count = 0;
  for (int cap = 0; cap < 2; ++cap) {
    const double z = (cap == 0 ? -0.5 : 0.5) * b.length;
    for (int k = 0; k < 4; ++k) {
      const Vec3 rim = b.radius * (kQuarterTurns[k][0] * first + kQuarterTurns[k][1] * second) + Vec3(0, 0, z);
      c[count++] = candidate(plane, R * rim + poseB.position, 0, uint32_t(cap * 4 + k));
    }
  }
  int kept = 0;
  for (int i = 0; i < count; ++i)
    if (c[i].separation <= margin) c[kept++] = c[i];
  reduceToManifold(c, kept, plane.normal, out);
}

void collidePlaneConvexHull(const Shape&, const ShapePose& poseA, const Shape& b, const ShapePose& poseB,
                            double margin, Manifold& out) {
  if (!b.hull) return;
  const PlaneInWorld plane = planeOf(poseA);
  // Vertices within the margin; when more than the buffer holds, the deepest ones are kept.
  ContactCandidate c[kMaxClipVertices];
  int count = 0;
  const std::vector<Vec3>& vertices = b.hull->vertices;
  for (size_t i = 0; i < vertices.size(); ++i) {
    const ContactCandidate v = candidate(plane, poseB.rotation * vertices[i] + poseB.position, 0, uint32_t(i));
    if (v.separation > margin) continue;
    if (count < kMaxClipVertices) {
      c[count++] = v;
      continue;
    }
    int shallowest = 0;
    for (int k = 1; k < count; ++k)
      if (c[k].separation > c[shallowest].separation) shallowest = k;
    if (v.separation < c[shallowest].separation) c[shallowest] = v;
  }
  reduceToManifold(c, count, plane.normal, out);
}

}  // namespace fw
