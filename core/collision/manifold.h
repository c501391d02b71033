#pragma once
// What the narrow phase tells the contact solver about one pair of touching (or nearly touching)
// shapes: a shared normal and up to four points (Box2D v3's b2Manifold, in 3D).
#include <cstdint>

#include "spatial/types.h"

namespace fw {

// World pose of a shape: x_world = rotation * x_shape + position.
struct ShapePose {
  Mat3 rotation = Mat3::Identity();
  Vec3 position = Vec3::Zero();
};

struct Aabb {
  Vec3 lower = Vec3::Zero();
  Vec3 upper = Vec3::Zero();
};

struct ContactPoint {
  Vec3 position = Vec3::Zero();  // world, midway between the two surfaces
  double separation = 0;         // signed distance along the normal, < 0 when penetrating
  // Stable across steps while the same features touch (vertex/edge/face ids of both shapes),
  // so the solver can warm-start this point with last step's impulses.
  uint32_t feature = 0;
};

struct Manifold {
  Vec3 normal = Vec3::UnitZ();  // world, unit, pointing from shape A to shape B
  int count = 0;                // 0 = no contact within the margin
  ContactPoint points[4];
};

}  // namespace fw
