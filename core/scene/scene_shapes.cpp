// Shapes, the materials they name, and explicit mass properties.
#include <Eigen/Eigenvalues>

#include <cmath>

#include "collision/convex_hull.h"
#include "scene/scene_reading.h"

namespace fw {
namespace {

namespace d = scene_defaults;

#define FW_COMMON_SHAPE_FIELDS \
  "type", "position", "quaternion", "rpy", "material", "density", "color", "friction", "restitution", "collision"

std::shared_ptr<const ConvexHullData> hullFrom(const JsonCursor& list) {
  std::vector<Eigen::Vector3d> points;
  for (size_t i = 0; i < list.size(); ++i) {
    points.push_back(list[i].vector3());
    if (points.back().cwiseAbs().maxCoeff() > kMaxShapeExtent)
      list[i].fail("hull points lie within ±1e5 m of the shape frame");
  }
  std::string error;
  auto hull = buildConvexHull(points, &error);
  if (!hull) list.fail(error);
  return hull;
}

// The type and its dimensions; each type allows only its own fields.
void readGeometry(const JsonCursor& c, bool isStatic, Shape& s) {
  const std::string t = c["type"].oneOf({"sphere", "box", "capsule", "cylinder", "convex", "plane"});
  if (t == "sphere") {
    c.allowOnly({FW_COMMON_SHAPE_FIELDS, "radius"});
    s.type = ShapeType::Sphere;
    s.radius = c["radius"].positiveNumber();
  } else if (t == "box") {
    c.allowOnly({FW_COMMON_SHAPE_FIELDS, "size"});
    s.type = ShapeType::Box;
    s.size = c["size"].vector3();
    for (int i = 0; i < 3; ++i)
      if (!(s.size(i) > 0)) c["size"][size_t(i)].fail("box size must be positive");
  } else if (t == "convex") {
    c.allowOnly({FW_COMMON_SHAPE_FIELDS, "points", "mesh"});
    s.type = ShapeType::ConvexHull;
    s.hull = hullFrom(c["points"]);
  } else if (t == "plane") {
    c.allowOnly({FW_COMMON_SHAPE_FIELDS});
    if (!isStatic) c["type"].fail("a plane is infinite: only a static body can carry it");
    s.type = ShapeType::Plane;
  } else {
    c.allowOnly({FW_COMMON_SHAPE_FIELDS, "radius", "length"});
    s.type = t == "capsule" ? ShapeType::Capsule : ShapeType::Cylinder;
    s.radius = c["radius"].positiveNumber();
    s.length = c["length"].positiveNumber();
  }
}

// Shapes stay within kMaxShapeExtent: beyond it the contact arithmetic loses every digit.
void checkExtent(const JsonCursor& c, const Shape& s) {
  auto within = [&](const char* field, double x) {
    if (std::abs(x) > kMaxShapeExtent)
      c[field].fail("shape sizes and positions lie within ±1e5 m, got " + nlohmann::json(x).dump());
  };
  for (int i = 0; i < 3; ++i) within("position", s.position(i));
  if (s.type == ShapeType::Box)
    for (int i = 0; i < 3; ++i) within("size", s.size(i));
  if (s.type == ShapeType::Sphere || s.type == ShapeType::Capsule || s.type == ShapeType::Cylinder)
    within("radius", s.radius);
  if (s.type == ShapeType::Capsule || s.type == ShapeType::Cylinder) within("length", s.length);
}

// Density and contact parameters: the shape's own, else its material's, else the defaults.
void readMaterial(const JsonCursor& c, const Materials& materials, Shape& s) {
  s.density = d::kShapeDensity;
  s.friction = d::kShapeFriction;
  s.restitution = d::kShapeRestitution;
  if (c.has("material")) {
    const JsonCursor m = c["material"];
    auto it = materials.find(m.string());
    if (it == materials.end()) m.fail("no material named " + quoteInput(m.string()) + " in /materials");
    s.density = it->second.density;
    s.friction = it->second.friction;
    s.restitution = it->second.restitution;
  }
  if (c.has("density")) s.density = c["density"].positiveNumber();
  if (c.has("friction")) s.friction = frictionCoefficient(c["friction"]);
  if (c.has("restitution")) s.restitution = unitInterval(c["restitution"], "restitution");
  s.collisionGroup = uint32_t(d::kShapeCollisionGroup);
  s.collisionMask = uint32_t(d::kShapeCollisionMask);
  if (c.has("collision")) {
    const JsonCursor f = c["collision"];
    f.allowOnly({"group", "mask"});
    if (f.has("group")) s.collisionGroup = collisionBits(f["group"]);
    if (f.has("mask")) s.collisionMask = collisionBits(f["mask"]);
  }
}

// How a shape is drawn: its colour, and a convex shape's mesh file (read by the page, not here).
ShapeVisual visualFrom(const JsonCursor& c) {
  ShapeVisual visual{c.string("color", std::string(d::kShapeColor)), {}, d::kShapeMeshScale};
  if (!c.has("mesh")) return visual;
  const JsonCursor mesh = c["mesh"];
  mesh.allowOnly({"url", "scale"});
  visual.meshUrl = mesh["url"].string();
  if (visual.meshUrl.empty() || visual.meshUrl.size() > 2048) mesh["url"].fail("a mesh url has 1 to 2048 characters");
  const Eigen::Vector3d scale = vector3Or(mesh, "scale", d::kShapeMeshScale);
  for (int i = 0; i < 3; ++i) {
    if (!(scale(i) > 0) || scale(i) > kMaxShapeExtent) mesh["scale"][size_t(i)].fail("a mesh scale is positive and at most 1e5");
    visual.meshScale[size_t(i)] = scale(i);
  }
  return visual;
}

Shape shapeFrom(const JsonCursor& c, const Materials& materials, bool isStatic) {
  c.expectObject();
  Shape s;
  readGeometry(c, isStatic, s);
  s.position = vector3Or(c, "position", d::kShapePosition);
  checkExtent(c, s);
  s.orientation = orientationFrom(c, quaternionOf(d::kShapeQuaternion));
  readMaterial(c, materials, s);
  return s;
}

}  // namespace

Materials materialsFrom(const JsonCursor& root) {
  Materials materials;
  if (!root.has("materials")) return materials;
  const JsonCursor all = root["materials"];
  all.expectObject();
  for (auto it = all.value().begin(); it != all.value().end(); ++it) {
    const JsonCursor m = all[it.key()];
    m.allowOnly({"density", "friction", "restitution"});
    Material mat;
    if (m.has("density")) mat.density = m["density"].positiveNumber();
    if (m.has("friction")) mat.friction = frictionCoefficient(m["friction"]);
    if (m.has("restitution")) mat.restitution = unitInterval(m["restitution"], "restitution");
    materials[it.key()] = mat;
  }
  return materials;
}

Inertial inertialFrom(const JsonCursor& c) {
  c.allowOnly({"mass", "com", "inertia"});
  Inertial in;
  in.mass = c["mass"].nonNegativeNumber();  // 0: a massless frame between joints
  in.centerOfMass = vector3Or(c, "com", d::kInertialCom);
  if (c.has("inertia")) {
    const JsonCursor I = c["inertia"];
    I.allowOnly({"ixx", "iyy", "izz", "ixy", "ixz", "iyz"});
    const double ixx = I["ixx"].nonNegativeNumber(), iyy = I["iyy"].nonNegativeNumber(),
                 izz = I["izz"].nonNegativeNumber();
    const double ixy = I.number("ixy", d::kInertialInertiaIxy), ixz = I.number("ixz", d::kInertialInertiaIxz),
                 iyz = I.number("iyz", d::kInertialInertiaIyz);
    in.inertiaAboutCom << ixx, ixy, ixz, ixy, iyy, iyz, ixz, iyz, izz;
    // A physical inertia is positive semi-definite and its principal moments obey the triangle
    // inequality (each at most the sum of the other two).
    Eigen::SelfAdjointEigenSolver<Eigen::Matrix3d> eig(in.inertiaAboutCom);
    const Eigen::Vector3d m = eig.eigenvalues();
    const double tol = 1e-9 * std::max(1e-12, m.cwiseAbs().maxCoeff());
    if (m.minCoeff() < -tol) I.fail("inertia is not positive semi-definite");
    if (m(2) > m(0) + m(1) + tol) I.fail("principal moments violate the triangle inequality (no real body has them)");
  }
  return in;
}

void readShapes(const JsonCursor& owner, const Materials& materials, bool isStatic, LinkDescription& link) {
  if (!owner.has("shapes")) return;
  const JsonCursor list = owner["shapes"];
  for (size_t i = 0; i < list.size(); ++i) {
    link.shapes.push_back(shapeFrom(list[i], materials, isStatic));
    link.shapeVisuals.push_back(visualFrom(list[i]));
  }
}

}  // namespace fw
