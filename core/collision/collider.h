#pragma once
// A shape that takes part in collisions: which link carries it, what it may touch and what it is
// made of (its definition, fixed once the world is built), and apart from it where it is this step.
#include <cstdint>

#include "collision/manifold.h"
#include "shapes/shape.h"

namespace fw {

struct Collider {
  Shape shape;   // pose (shape.position, shape.orientation) in the link frame; material, filter
  int link = -1; // −1: static, fixed in the world frame
  int shapeIndex = 0;  // its place among its link's shapes (contact pairs name it so)
};

// Where a collider is this step and how fast it moves (world/step_collide.cpp), one per Collider
// in the same order. Kept apart from the definitions, as its bounds are (an array of Aabb of their
// own): the passes of every step stream over these compact records instead of striding over the
// shapes' materials and filters, which only the pairs that pass the broad phase read.
struct ColliderMotion {
  ShapePose pose;                // world pose this step
  // Motion over one step at the velocity now (realtime speculative contacts):
  Vec3 velocity = Vec3::Zero();  // of its bounds' centre, world frame, m/s
  double turn = 0;               // m: how far its rotation can move a point of it in one step
};

// A collider's identity that outlives pruning: its link and its place among that link's shapes.
inline int64_t colliderKey(const Collider& c) { return (int64_t(c.link) << 32) | uint32_t(c.shapeIndex); }

// Two shapes that always touch, whatever the filters (MuJoCo's <contact><pair>): keys a < b.
struct ColliderPair {
  int64_t a = 0, b = 0;
  double friction = -1;  // < 0: the shapes' friction, mixed
  bool operator<(const ColliderPair& o) const { return a != o.a ? a < o.a : b < o.b; }
};

}  // namespace fw
