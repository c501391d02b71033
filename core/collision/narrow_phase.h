#pragma once
// The narrow phase: one entry point for any pair of shapes, dispatching to the exact pair
// routines (sphere, capsule, box, plane) or to GJK + EPA for the other convex pairs.
#include "collision/manifold.h"
#include "shapes/shape.h"

namespace fw {

// Contact points of shapes a and b at the given world poses, including points that are still
// apart by up to `margin` (speculative contacts, separation in (0, margin]). Returns false and
// out.count = 0 when nothing is within the margin. The normal points from a to b; swapping the
// arguments flips it. Allocates nothing.
bool collide(const Shape& a, const ShapePose& poseA, const Shape& b, const ShapePose& poseB, double margin,
             Manifold& out);

// World bounding box of a shape at a pose (planes: a very large box).
Aabb shapeAabb(const Shape& shape, const ShapePose& pose);

}  // namespace fw
