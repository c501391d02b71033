#pragma once
// What the parts of the scene parser share: readers of the scene's small values (ranges,
// orientations, poses, names) and one reader per section of a scene, each in its own file:
// scene_settings.cpp (world, camera, the opaque sections), scene_shapes.cpp (materials, shapes,
// mass properties), scene_joints.cpp (joints, limits, motors), scene_bodies.cpp (bodies and
// articulations), scene_constraints.cpp (impulse joints between any two bodies). Internal to
// core/scene: scene_parser.h is the interface.
#include <array>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "scene/json_cursor.h"
#include "scene/scene.h"

namespace fw {

// A material's contact and mass parameters, named in /materials and referred to by shapes.
struct Material {
  double density = scene_defaults::kMaterialDensity;
  double friction = scene_defaults::kMaterialFriction;
  double restitution = scene_defaults::kMaterialRestitution;
};
using Materials = std::map<std::string, Material>;

// Small values.
inline Eigen::Vector3d vectorOf(const std::array<double, 3>& v) { return {v[0], v[1], v[2]}; }
inline Eigen::Quaterniond quaternionOf(const std::array<double, 4>& q) { return {q[0], q[1], q[2], q[3]}; }
double unitInterval(const JsonCursor& c, const char* what);
double frictionCoefficient(const JsonCursor& c);
uint32_t collisionBits(const JsonCursor& c);
Eigen::Vector3d unitAxis(const JsonCursor& c);
// "quaternion" or "rpy" of the object at c; `fallback` when it gives neither.
Eigen::Quaterniond orientationFrom(const JsonCursor& c, const Eigen::Quaterniond& fallback);
Pose poseFrom(const JsonCursor& c);
std::string checkedName(const JsonCursor& c);
// c's own value if present, else the fallback (a schema default).
inline Eigen::Vector3d vector3Or(const JsonCursor& c, std::string_view key, const std::array<double, 3>& fallback) {
  return c.has(key) ? c[key].vector3() : vectorOf(fallback);
}

// Sections.
WorldDescription worldFrom(const JsonCursor& c);
Camera cameraFrom(const JsonCursor& c);
void checkOpaqueSection(const JsonCursor& c, size_t maxBytes);
Materials materialsFrom(const JsonCursor& root);
Inertial inertialFrom(const JsonCursor& c);
// The shapes of a body or link (its "shapes", if any), with how each is drawn.
void readShapes(const JsonCursor& owner, const Materials& materials, bool isStatic, LinkDescription& link);
JointDescription jointFrom(const JsonCursor& c);
ArticulationDescription articulationFrom(const JsonCursor& c, const Materials& materials);
ArticulationDescription bodyFrom(const JsonCursor& c, const Materials& materials);
// `names`: every body and link a constraint may join ("articulation/link" for links).
ConstraintDescription constraintFrom(const JsonCursor& c, const std::set<std::string>& names);
// Ropes, springs and strings (scene_parts.cpp); adds the ropes' segments to `names`.
void readParts(const JsonCursor& root, const Materials& materials, std::set<std::string>& names, SceneDescription& scene);
// `names` as for constraints, without "world".
ExclusionDescription exclusionFrom(const JsonCursor& c, const std::set<std::string>& names);
// What a contact pair may name: each body or link by name ("articulation/link" for links), with
// how many shapes it has and whether it is static.
struct PairTarget {
  size_t shapes = 0;
  bool isStatic = false;
};
std::map<std::string, PairTarget> pairTargetsOf(const SceneDescription& scene);
ContactPairDescription contactPairFrom(const JsonCursor& c, const std::map<std::string, PairTarget>& targets);

}  // namespace fw
