#pragma once
// A shape that takes part in collisions: which link carries it, what it may touch, what it is
// made of, and where it is this step.
#include <cstdint>

#include "collision/manifold.h"
#include "shapes/shape.h"

namespace fw {

struct Collider {
  Shape shape;   // pose (shape.position, shape.orientation) in the link frame; material, filter
  int link = -1; // −1: static, fixed in the world frame
  int shapeIndex = 0;  // its place among its link's shapes (contact pairs name it so)
  ShapePose pose;            // world pose this step
  Aabb aabb;                 // world bounds this step, fattened by the speculative margin and the sweep
  // Motion over one step at the velocity now (realtime speculative contacts, world/step_collide.cpp):
  Vec3 velocity = Vec3::Zero();  // of its bounds' centre, world frame, m/s
  double turn = 0;               // m: how far its rotation can move a point of it in one step
  double sweep = 0;              // m: how far any of its points can move in one step
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
