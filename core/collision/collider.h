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
  ShapePose pose;            // world pose this step
  Aabb aabb;                 // world bounds this step, fattened by the speculative margin and the sweep
  // Motion over one step at the velocity now (realtime speculative contacts, world/step_collide.cpp):
  Vec3 velocity = Vec3::Zero();  // of its bounds' centre, world frame, m/s
  double turn = 0;               // m: how far its rotation can move a point of it in one step
  double sweep = 0;              // m: how far any of its points can move in one step
};

}  // namespace fw
