#pragma once
// How a shape is drawn. Nothing here reaches the physics: shapes/shape.h holds what collides and
// weighs, and a body's visuals travel beside its shapes (one ShapeVisual per Shape, in order).
#include <array>
#include <string>

namespace fw {

struct ShapeVisual {
  std::string color;  // any CSS colour; the scene's default when it gives none (scene.schema.json)
  // A convex shape's mesh, drawn in place of its hull: a file's URL (empty: none) and the scale
  // that takes the file's coordinates into the shape frame.
  std::string meshUrl;
  std::array<double, 3> meshScale{1, 1, 1};
};

}  // namespace fw
