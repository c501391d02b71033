#pragma once
// The feature (face polygon, segment or point) of a shape that lies furthest along a direction,
// in world coordinates with stable ids: what contact clipping needs (Jolt's GetSupportingFace).
#include "collision/contact_clipping.h"
#include "shapes/shape.h"

namespace fw {

// Face `axis`/`sign` of a box (id 2·axis + (sign < 0)), counter-clockwise seen from outside.
ContactFeature boxFace(const Vec3& halfExtents, const ShapePose& pose, int axis, double sign);

// The face of the box whose outward normal is closest to the world direction.
ContactFeature boxSupportFace(const Vec3& halfExtents, const ShapePose& pose, const Vec3& direction);

// The feature of any shape furthest along the world direction: box and hull faces, a cylinder's
// cap polygon (kCylinderCapSides sides) or side segment, a capsule's segment, a sphere's centre.
// Rounded shapes give their core; their radius is the caller's.
constexpr int kCylinderCapSides = 16;
ContactFeature supportFeature(const Shape& shape, const ShapePose& pose, const Vec3& direction);

}  // namespace fw
