#pragma once
// Geometric shapes attached to bodies: what collides and (when a scene gives no inertial) where
// mass properties come from. How a shape is drawn is not physics: shapes/shape_visual.h.
#include <Eigen/Core>
#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>
#include <vector>

#include "shapes/material_mixing.h"  // a pair's coefficients: mixFriction, mixRestitution

namespace fw {

enum class ShapeType { Sphere, Box, Capsule, Cylinder, ConvexHull, Plane };

// A convex polyhedron in its shape frame, built once at load time (collision/convex_hull.h).
// Faces are convex polygons wound counter-clockwise seen from outside.
struct ConvexHullData {
  std::vector<Eigen::Vector3d> vertices;
  std::vector<std::vector<int>> faces;      // vertex indices per face
  std::vector<Eigen::Vector3d> faceNormals;  // outward unit normals
  std::vector<std::pair<int, int>> edges;   // each undirected edge once
};

// One shape in the frame of the body (link) that carries it. Capsules and cylinders lie along
// their local z axis; `length` is the distance between the centres of their end caps. A plane
// is the half-space z ≤ 0 of its frame (normal +z), only on static bodies (the world).
struct Shape {
  ShapeType type = ShapeType::Sphere;
  double radius = 0;            // sphere, capsule, cylinder
  Eigen::Vector3d size{0, 0, 0};  // box: full extents
  double length = 0;            // capsule, cylinder
  // ConvexHull only: the hull, built once when the scene loads and never changed after. Shared
  // and const: a scene description, the world built from it and every copy of either read the
  // same one, which lives as long as the last shape that points at it. Null for other types.
  std::shared_ptr<const ConvexHullData> hull;
  Eigen::Vector3d position{0, 0, 0};
  Eigen::Quaterniond orientation = Eigen::Quaterniond::Identity();
  double density = 1000;        // kg/m³
  // Contact: Coulomb μ and Newton's e (a pair combines them by the world's
  // MaterialMixing, shapes/material_mixing.h), and the filter (Box2D's category/mask: a pair
  // collides when each one's group is in the other's mask).
  double friction = 0.5;
  double restitution = 0;
  uint32_t collisionGroup = 1;
  uint32_t collisionMask = 0xffffffffu;
};

const char* shapeTypeName(ShapeType type);

}  // namespace fw
