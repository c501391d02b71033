#pragma once
// Geometric shapes attached to bodies: what is drawn, what collides, and (when a scene gives no
// inertial) where mass properties come from.
#include <Eigen/Core>
#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

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
  std::shared_ptr<const ConvexHullData> hull;  // convex hull (shared: copies of a scene share it)
  Eigen::Vector3d position{0, 0, 0};
  Eigen::Quaterniond orientation = Eigen::Quaterniond::Identity();
  double density = 1000;        // kg/m³
  std::string color = "#8a96a3";
  // Contact: Coulomb μ and Newton's e (a pair combines them with mixFriction and
  // mixRestitution below), and the filter (Box2D's category/mask: a pair collides when each
  // one's group is in the other's mask).
  double friction = 0.5;
  double restitution = 0;
  uint32_t collisionGroup = 1;
  uint32_t collisionMask = 0xffffffffu;
};

const char* shapeTypeName(ShapeType type);

// The coefficients of a colliding pair; every contact takes them from here.
// Restitution: the smaller of the two. Two shapes of one material collide with their own e, and
// a less elastic shape makes each of its impacts less elastic (its own e acts on its collisions,
// which the larger of the two would hide whenever the other side is more elastic).
inline double mixRestitution(double ea, double eb) { return std::min(ea, eb); }
// Friction: the geometric mean √(μa μb) (Box2D, Bullet); a frictionless side makes the pair
// frictionless.
inline double mixFriction(double mua, double mub) { return std::sqrt(mua * mub); }

}  // namespace fw
