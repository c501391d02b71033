// A joint held by impulses between two bodies or links ("world" for the ground), placed by a
// world anchor and axes at the initial configuration, or by a point in each body's frame.
#include <cmath>

#include "scene/scene_reading.h"
#include "scene/scene_vocabulary.h"

namespace fw {
namespace {

JointType constraintType(const JsonCursor& c) {
  const std::string name = c.string();
  for (const JointTypeName& n : kJointTypeNames)
    if (n.name == name) {
      if (n.type == JointType::Free) c.fail("a free joint holds nothing: a constraint must remove some motion");
      return n.type;
    }
  c.fail(quoteInput(name) +
         " is not one of \"spherical\" (or \"ball\"), \"revolute\" (or \"hinge\"), \"prismatic\" (or \"slider\"), "
         "\"fixed\", \"universal\"");
}

void readPlacement(const JsonCursor& c, ConstraintDescription& d) {
  if (c.has("anchor")) {
    if (c.has("pointA") || c.has("pointB"))
      c["anchor"].fail("give either \"anchor\" or \"pointA\" and \"pointB\", not both");
    d.anchor = c["anchor"].vector3();
  } else {
    if (!c.has("pointA") || !c.has("pointB"))
      c.fail("a constraint needs \"anchor\" (world) or \"pointA\" and \"pointB\" (body frames)");
    d.pointA = c["pointA"].vector3();
    d.pointB = c["pointB"].vector3();
  }
}

void readAxes(const JsonCursor& c, const std::string& typeName, ConstraintDescription& d) {
  const bool needsAxis =
      d.type == JointType::Revolute || d.type == JointType::Prismatic || d.type == JointType::Universal;
  if (needsAxis && !c.has("axis")) c.fail("a " + typeName + " constraint needs \"axis\"");
  if (c.has("axis")) {
    const Eigen::Vector3d axis = c["axis"].vector3();
    if (axis.norm() < 1e-9) c["axis"].fail("the axis must not be zero");
    d.axis = axis.normalized();
  }
  if (d.type == JointType::Universal) {
    if (!c.has("axis2")) c.fail("a universal constraint needs \"axis2\" (the axis on b, perpendicular to \"axis\")");
    const Eigen::Vector3d axis2 = c["axis2"].vector3();
    if (axis2.norm() < 1e-9) c["axis2"].fail("the axis must not be zero");
    d.axis2 = axis2.normalized();
    if (std::abs(d.axis.dot(d.axis2)) > 1e-6) c["axis2"].fail("axis2 must be perpendicular to axis");
  } else if (c.has("axis2")) {
    c["axis2"].fail("only a universal constraint has a second axis");
  }
}

}  // namespace

ConstraintDescription constraintFrom(const JsonCursor& c, const std::set<std::string>& names) {
  c.allowOnly({"name", "type", "a", "b", "anchor", "pointA", "pointB", "axis", "axis2"});
  ConstraintDescription d;
  d.path = c.path();
  d.name = c.string("name", "");
  d.type = constraintType(c["type"]);
  for (const char* side : {"a", "b"}) {
    const std::string name = c[side].string();
    if (name != "world" && !names.count(name))
      c[side].fail("no body or link named " + quoteInput(name) +
                   " (links are named \"articulation/link\"; the ground is \"world\")");
    (side[0] == 'a' ? d.a : d.b) = name;
  }
  if (d.a == d.b) c["b"].fail("a constraint joins two different bodies");
  readPlacement(c, d);
  readAxes(c, c["type"].string(), d);
  return d;
}

// Two bodies or links whose shapes never touch each other.
ExclusionDescription exclusionFrom(const JsonCursor& c, const std::set<std::string>& names) {
  c.allowOnly({"a", "b"});
  ExclusionDescription d;
  d.path = c.path();
  for (const char* side : {"a", "b"}) {
    const std::string name = c[side].string();
    if (!names.count(name))
      c[side].fail("no body or link named " + quoteInput(name) + " (links are named \"articulation/link\")");
    (side[0] == 'a' ? d.a : d.b) = name;
  }
  if (d.a == d.b) c["b"].fail("an exclusion names two different bodies (a body's own shapes never touch each other)");
  return d;
}

std::map<std::string, PairTarget> pairTargetsOf(const SceneDescription& scene) {
  std::map<std::string, PairTarget> targets;
  for (const ArticulationDescription& a : scene.articulations)
    for (const LinkDescription& link : a.links)
      targets[a.isFreeBody ? a.name : a.name + "/" + link.name] = {link.shapes.size(), a.isStatic};
  return targets;
}

// Two shapes that always touch: each side a body and the index of one of its shapes.
ContactPairDescription contactPairFrom(const JsonCursor& c, const std::map<std::string, PairTarget>& targets) {
  c.allowOnly({"a", "b", "friction"});
  ContactPairDescription d;
  d.path = c.path();
  bool bothStatic = true;
  for (const char* side : {"a", "b"}) {
    const JsonCursor s = c[side];
    s.expectObject();
    s.allowOnly({"body", "shape"});
    const std::string name = s["body"].string();
    const auto target = targets.find(name);
    if (target == targets.end())
      s["body"].fail("no body or link named " + quoteInput(name) + " (links are named \"articulation/link\")");
    if (target->second.shapes == 0) s["body"].fail(quoteInput(name) + " has no shapes");
    const int shape = int(s["shape"].integer(0, (long long)target->second.shapes - 1));
    bothStatic = bothStatic && target->second.isStatic;
    (side[0] == 'a' ? d.a : d.b) = name;
    (side[0] == 'a' ? d.shapeA : d.shapeB) = shape;
  }
  if (d.a == d.b) c["b"]["body"].fail("a contact pair names shapes of two different bodies (a body's own shapes never touch each other)");
  if (bothStatic) c["b"]["body"].fail("a contact pair between two static bodies would never touch (neither moves)");
  if (c.has("friction")) d.friction = c["friction"].nonNegativeNumber();
  return d;
}

}  // namespace fw
