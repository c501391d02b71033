// Sphere against sphere, capsule and box: the closest point of the other shape's core to the
// centre gives the normal and the distance exactly (Ericson §5.1; Box2D's b2CollideCircles).
#include <cmath>

#include "collision/closest_points.h"
#include "collision/pair_routines.h"

namespace fw {
namespace {

// Contact of a sphere (centre c, radius r) with a rounded point (q, radius rq).
void sphereAgainstPoint(const Vec3& c, double r, const Vec3& q, double rq, const Vec3& fallbackNormal, double margin,
                        Manifold& out) {
  const Vec3 d = q - c;
  const double distance = d.norm();
  const double separation = distance - r - rq;
  if (separation > margin) return;
  // Concentric: no direction is preferred; the caller's fallback keeps the result deterministic.
  const Vec3 normal = distance > 1e-12 ? Vec3(d / distance) : fallbackNormal;
  setSinglePoint(out, normal, c + r * normal, q - rq * normal, separation);
}

}  // namespace

void collideSpheres(const Shape& a, const ShapePose& poseA, const Shape& b, const ShapePose& poseB, double margin,
                    Manifold& out) {
  sphereAgainstPoint(poseA.position, a.radius, poseB.position, b.radius, Vec3::UnitZ(), margin, out);
}

void collideSphereCapsule(const Shape& a, const ShapePose& poseA, const Shape& b, const ShapePose& poseB,
                          double margin, Manifold& out) {
  const Vec3 axis = poseB.rotation.col(2);
  const Vec3 p = poseB.position - 0.5 * b.length * axis, q = poseB.position + 0.5 * b.length * axis;
  const Vec3 closest = closestPointOnSegment(poseA.position, p, q);
  sphereAgainstPoint(poseA.position, a.radius, closest, b.radius, anyPerpendicular(axis), margin, out);
}

void collideSphereBox(const Shape& a, const ShapePose& poseA, const Shape& b, const ShapePose& poseB, double margin,
                      Manifold& out) {
  const Mat3& R = poseB.rotation;
  const Vec3 h = 0.5 * b.size;
  const Vec3 centre = R.transpose() * (poseA.position - poseB.position);  // in the box frame
  const Vec3 closest = closestPointOnBox(centre, h);
  const Vec3 d = closest - centre;
  const double distance = d.norm();
  if (distance > 1e-12) {
    const double separation = distance - a.radius;
    if (separation > margin) return;
    const Vec3 normal = R * (d / distance);
    setSinglePoint(out, normal, poseA.position + a.radius * normal, R * closest + poseB.position, separation);
    return;
  }
  // Centre inside the box: leave through the nearest face (Ericson §5.2.5's deepest-face rule).
  int axis = 0;
  double depth = h[0] - std::abs(centre[0]);
  for (int i = 1; i < 3; ++i) {
    const double d_i = h[i] - std::abs(centre[i]);
    if (d_i < depth) depth = d_i, axis = i;
  }
  const double side = centre[axis] >= 0 ? 1.0 : -1.0;
  Vec3 onFace = centre;
  onFace[axis] = side * h[axis];
  const Vec3 normal = -side * R.col(axis);  // the sphere leaves along +side, so b lies towards −side
  const double separation = -depth - a.radius;
  setSinglePoint(out, normal, poseA.position + a.radius * normal, R * onFace + poseB.position, separation);
}

}  // namespace fw
