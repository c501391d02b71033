#pragma once
// How a shape is drawn. Nothing here reaches the physics: shapes/shape.h holds what collides and
// weighs, and a body's visuals travel beside its shapes (one ShapeVisual per Shape, in order).
#include <string>

namespace fw {

struct ShapeVisual {
  std::string color;  // any CSS colour; the scene's default when it gives none (scene.schema.json)
};

}  // namespace fw
