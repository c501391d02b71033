// Springs, strings and ropes between two bodies or links ("world" for the ground): each side a
// name constraints may join and a point in that side's frame.
#include <cmath>

#include "scene/scene_reading.h"

namespace fw {
namespace {

inline constexpr size_t kMaxParts = 1000;  // springs, and strings, per scene
inline constexpr size_t kMaxRopes = 100;
inline constexpr size_t kMaxVia = 16;
inline constexpr double kMaxRopeLength = 1000;  // m

std::string sideName(const JsonCursor& c, const char* side, const std::set<std::string>& names) {
  const std::string name = c[side].string();
  if (name != "world" && !names.count(name))
    c[side].fail("no body or link named " + quoteInput(name) + " (links are named \"articulation/link\"; the ground is \"world\")");
  return name;
}

// a, b and their points; `what` names the part for the message when both sides are one body.
template <typename Part>
void readEnds(const JsonCursor& c, const std::set<std::string>& names, const char* what, Part& d) {
  d.path = c.path();
  d.a = sideName(c, "a", names);
  d.b = sideName(c, "b", names);
  if (d.a == d.b) c["b"].fail(std::string("a ") + what + " joins two different bodies");
  d.pointA = vector3Or(c, "pointA", scene_defaults::kSpringPointA);
  d.pointB = vector3Or(c, "pointB", scene_defaults::kSpringPointB);
}

SpringDescription springFrom(const JsonCursor& c, size_t index, const std::set<std::string>& names) {
  c.allowOnly({"name", "a", "b", "pointA", "pointB", "restLength", "stiffness", "damping"});
  SpringDescription d;
  readEnds(c, names, "spring", d);
  d.name = c.string("name", "spring " + std::to_string(index));
  if (c.has("restLength")) d.restLength = c["restLength"].nonNegativeNumber();
  d.stiffness = c["stiffness"].nonNegativeNumber();
  if (c.has("damping")) d.damping = c["damping"].nonNegativeNumber();
  return d;
}

StringDescription stringFrom(const JsonCursor& c, size_t index, const std::set<std::string>& names) {
  c.allowOnly({"name", "a", "b", "pointA", "pointB", "length", "via"});
  StringDescription d;
  readEnds(c, names, "string", d);
  d.name = c.string("name", "string " + std::to_string(index));
  if (c.has("length")) d.length = c["length"].positiveNumber();
  if (c.has("via")) {
    const JsonCursor via = c["via"];
    if (via.size() > kMaxVia) via.fail("a string runs over at most " + std::to_string(kMaxVia) + " via points");
    for (size_t i = 0; i < via.size(); ++i) d.via.push_back(via[i].vector3());
  }
  return d;
}

RopeDescription ropeFrom(const JsonCursor& c, const Materials& materials, const std::set<std::string>& names) {
  c.allowOnly({"name", "a", "b", "pointA", "pointB", "length", "segments", "mass", "radius", "material"});
  RopeDescription d;
  d.path = c.path();
  d.name = checkedName(c["name"]);
  d.a = sideName(c, "a", names);
  if (c.has("b")) {
    d.b = sideName(c, "b", names);
    if (d.a == d.b && d.a != "world") c["b"].fail("a rope joins two different bodies (or two points of the world)");
  } else if (c.has("pointB")) {
    c["pointB"].fail("a rope without \"b\" has no second attachment");
  }
  d.pointA = vector3Or(c, "pointA", scene_defaults::kRopePointA);
  d.pointB = vector3Or(c, "pointB", scene_defaults::kRopePointB);
  d.length = c["length"].positiveNumber();
  if (d.length > kMaxRopeLength) c["length"].fail("a rope is at most 1000 m long");
  d.segments = int(c["segments"].integer(2, 100));
  d.mass = c["mass"].positiveNumber();
  d.radius = c["radius"].positiveNumber();
  if (d.radius > kMaxShapeExtent) c["radius"].fail("a radius is at most 1e5 m");
  d.capsule.type = ShapeType::Capsule;
  d.capsule.friction = scene_defaults::kShapeFriction;
  d.capsule.restitution = scene_defaults::kShapeRestitution;
  if (c.has("material")) {
    const JsonCursor m = c["material"];
    const auto it = materials.find(m.string());
    if (it == materials.end()) m.fail("no material named " + quoteInput(m.string()) + " in /materials");
    d.capsule.friction = it->second.friction;
    d.capsule.restitution = it->second.restitution;
  }
  d.visual.color = std::string(scene_defaults::kShapeColor);
  return d;
}

}  // namespace

// Ropes first: their segments ("<rope>/<i>") are names the springs and strings may join.
void readParts(const JsonCursor& root, const Materials& materials, std::set<std::string>& names, SceneDescription& scene) {
  if (root.has("ropes")) {
    const JsonCursor list = root["ropes"];
    if (list.size() > kMaxRopes) list.fail("at most " + std::to_string(kMaxRopes) + " ropes");
    for (size_t i = 0; i < list.size(); ++i) {
      scene.ropes.push_back(ropeFrom(list[i], materials, names));
      const RopeDescription& rope = scene.ropes.back();
      if (names.count(rope.name)) list[i]["name"].fail("duplicate name " + quoteInput(rope.name) + " (bodies, articulations and ropes share one namespace)");
      for (int k = 0; k < rope.segments; ++k)
        if (!names.insert(rope.name + "/" + std::to_string(k)).second)
          list[i]["name"].fail("the segment name " + quoteInput(rope.name + "/" + std::to_string(k)) + " is taken by a link");
    }
  }
  if (root.has("springs")) {
    const JsonCursor list = root["springs"];
    if (list.size() > kMaxParts) list.fail("at most " + std::to_string(kMaxParts) + " springs");
    for (size_t i = 0; i < list.size(); ++i) scene.springs.push_back(springFrom(list[i], i, names));
  }
  if (root.has("strings")) {
    const JsonCursor list = root["strings"];
    if (list.size() > kMaxParts) list.fail("at most " + std::to_string(kMaxParts) + " strings");
    for (size_t i = 0; i < list.size(); ++i) scene.strings.push_back(stringFrom(list[i], i, names));
  }
}

}  // namespace fw
