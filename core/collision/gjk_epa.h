#pragma once
// Distance and penetration of any two convex shapes through their support functions: GJK
// (Gilbert, Johnson, Keerthi 1988; Ericson ch. 9) for the distance of separated shapes, EPA (van
// den Bergen 2001) for the depth and direction of overlapping ones. Spheres and capsules enter as
// their core (a point, a segment) plus a radius, so rounded shapes stay exact.
#include "collision/manifold.h"
#include "shapes/shape.h"

namespace fw {

// The point of a shape's core furthest along a world direction, and the rounding radius around
// that core (sphere, capsule: the radius; others 0).
Vec3 supportPoint(const Shape& shape, const ShapePose& pose, const Vec3& direction);
double coreRadius(const Shape& shape);

struct ConvexDistance {
  Vec3 normal = Vec3::UnitZ();  // unit, from a to b
  Vec3 onA = Vec3::Zero();      // closest (or deepest) points of the two full shapes
  Vec3 onB = Vec3::Zero();
  double separation = 0;        // signed distance of the full shapes: < 0 overlapping
  bool valid = false;           // false only for degenerate input
};

ConvexDistance convexDistance(const Shape& a, const ShapePose& poseA, const Shape& b, const ShapePose& poseB);

}  // namespace fw
