#pragma once
// Geometric shapes attached to bodies: what is drawn, what will collide, and (when a scene
// gives no inertial) where mass properties come from.
#include <Eigen/Core>
#include <Eigen/Geometry>
#include <string>

namespace fw {

enum class ShapeType { Sphere, Box, Capsule, Cylinder };

// One shape in the frame of the body (link) that carries it. Capsules and cylinders lie along
// their local z axis; `length` is the distance between the centres of their end caps.
struct Shape {
  ShapeType type = ShapeType::Sphere;
  double radius = 0;            // sphere, capsule, cylinder
  Eigen::Vector3d size{0, 0, 0};  // box: full extents
  double length = 0;            // capsule, cylinder
  Eigen::Vector3d position{0, 0, 0};
  Eigen::Quaterniond orientation = Eigen::Quaterniond::Identity();
  double density = 1000;        // kg/m³
  std::string color = "#8a96a3";
};

const char* shapeTypeName(ShapeType type);

}  // namespace fw
