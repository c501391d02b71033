#pragma once
// Shapes for the collision tests, built in one line each.
#include "shapes/shape.h"
#include "spatial/types.h"

namespace fw::test {

inline Shape sphere(double r) {
  Shape s;
  s.type = ShapeType::Sphere;
  s.radius = r;
  return s;
}
inline Shape box(const Vec3& size) {
  Shape s;
  s.type = ShapeType::Box;
  s.size = size;
  return s;
}
inline Shape capsule(double r, double length) {
  Shape s;
  s.type = ShapeType::Capsule;
  s.radius = r;
  s.length = length;
  return s;
}
inline Shape cylinder(double r, double length) {
  Shape s;
  s.type = ShapeType::Cylinder;
  s.radius = r;
  s.length = length;
  return s;
}
inline Shape plane() {
  Shape s;
  s.type = ShapeType::Plane;
  return s;
}

}  // namespace fw::test
