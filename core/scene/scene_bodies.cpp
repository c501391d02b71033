// Bodies and articulations: everything that moves (or stands still) in a scene. A free body is
// a one-link articulation whose joint is free; a static body, one link welded to the world.
#include <cmath>

#include "scene/scene_reading.h"

namespace fw {
namespace {

namespace d = scene_defaults;

// Fields the format defines whose physics lands with a later piece of the core. They are
// refused by name rather than ignored, so a scene never silently means something else.
constexpr std::string_view kNeedsKinematic = "kinematic bodies are not implemented yet";

// Sites are named frames for the library (lib/sites.ts): checked here, not part of the physics.
void checkSites(const JsonCursor& owner) {
  if (!owner.has("sites")) return;
  const JsonCursor list = owner["sites"];
  for (size_t i = 0; i < list.size(); ++i) {
    const JsonCursor site = list[i];
    site.expectObject();
    site.allowOnly({"name", "position", "quaternion", "rpy"});
    checkedName(site["name"]);
    vector3Or(site, "position", {0, 0, 0});
    orientationFrom(site, Eigen::Quaterniond::Identity());
  }
}

void readDrag(const JsonCursor& owner, LinkDescription& link) {
  if (!owner.has("drag")) return;
  const JsonCursor drag = owner["drag"];
  drag.allowOnly({"linear", "angular", "viscous"});
  link.ownDrag = true;
  if (drag.has("linear")) link.linearDrag = drag["linear"].nonNegativeNumber();
  if (drag.has("angular")) link.angularDrag = drag["angular"].nonNegativeNumber();
  if (drag.has("viscous")) link.viscousDrag = drag["viscous"].nonNegativeNumber();
}

// Gravity compensation: finite and within ±10 (more is no longer a robot's counterweight).
double gravcompOf(const JsonCursor& owner, double fallback) {
  if (!owner.has("gravcomp")) return fallback;
  const double g = owner["gravcomp"].number();
  if (!(std::abs(g) <= 10)) owner["gravcomp"].fail("gravcomp lies within −10 and 10");
  return g;
}

// A link's parent: an earlier link of its articulation (−1 for the root, which comes first).
int parentOf(const JsonCursor& l, size_t index, const std::map<std::string, int>& indexOf) {
  if (l.has("parent") && !l["parent"].value().is_null()) {
    const JsonCursor p = l["parent"];
    auto it = indexOf.find(p.string());
    if (it == indexOf.end())
      p.fail("no earlier link named " + quoteInput(p.string()) + " (list parents before their children)");
    return it->second;
  }
  if (index > 0) l.fail("only the first link may be the root: give \"parent\"");
  return -1;
}

LinkDescription linkFrom(const JsonCursor& l, size_t index, const std::map<std::string, int>& indexOf,
                         const Materials& materials) {
  l.allowOnly({"name", "parent", "joint", "inertial", "shapes", "sites", "drag", "gravcomp"});
  LinkDescription link;
  link.path = l.path();
  link.name = checkedName(l["name"]);
  if (indexOf.count(link.name)) l["name"].fail("duplicate link name " + quoteInput(link.name));
  link.parent = parentOf(l, index, indexOf);
  link.joint = jointFrom(l["joint"]);
  if (link.joint.type == JointType::Free && link.parent >= 0)
    l["joint"]["type"].fail("a free joint may only join the root link to the world");
  if (l.has("inertial")) link.inertial = inertialFrom(l["inertial"]);
  readShapes(l, materials, false, link);
  if (!link.inertial && link.shapes.empty() && link.joint.type != JointType::Fixed)
    l.fail("a moving link needs \"inertial\" or at least one shape to take its mass from");
  readDrag(l, link);
  checkSites(l);
  link.gravcomp = gravcompOf(l, d::kLinkGravcomp);
  return link;
}

// A static body: a link welded to the world, drawn and posed like any body, never moved.
LinkDescription staticLinkFrom(const JsonCursor& c, const std::string& name, const Materials& materials) {
  for (const char* moving : {"linearVelocity", "angularVelocity", "inertial", "drag", "gravcomp"})
    if (c.has(moving)) c[moving].fail("a static body does not move: it takes no velocity, mass, drag or gravcomp");
  LinkDescription link;
  link.path = c.path();
  link.name = name;
  link.joint.type = JointType::Fixed;
  link.joint.origin.position = vector3Or(c, "position", d::kBodyPosition);
  link.joint.origin.orientation = orientationFrom(c, quaternionOf(d::kBodyQuaternion));
  readShapes(c, materials, true, link);
  return link;
}

}  // namespace

ArticulationDescription articulationFrom(const JsonCursor& c, const Materials& materials) {
  c.allowOnly({"name", "links", "selfCollision", "joints"});
  ArticulationDescription a;
  a.name = checkedName(c["name"]);
  a.selfCollision = c.boolean("selfCollision", d::kArticulationSelfCollision);
  a.impulseJoints = (c.has("joints") ? c["joints"].oneOf({"reduced", "impulse"}) : d::kArticulationJoints) == "impulse";
  const JsonCursor links = c["links"];
  if (links.size() == 0) links.fail("an articulation needs at least one link");
  std::map<std::string, int> indexOf;
  for (size_t i = 0; i < links.size(); ++i) {
    LinkDescription link = linkFrom(links[i], i, indexOf, materials);
    indexOf[link.name] = int(a.links.size());
    a.links.push_back(std::move(link));
  }
  return a;
}

// A free body's pose and velocity are given in the world frame.
ArticulationDescription bodyFrom(const JsonCursor& c, const Materials& materials) {
  c.allowOnly({"name", "position", "quaternion", "rpy", "linearVelocity", "angularVelocity", "inertial", "shapes",
               "drag", "gravcomp", "static", "kinematic", "sites"});
  if (c.boolean("kinematic", d::kBodyKinematic)) c["kinematic"].fail("not supported yet: " + std::string(kNeedsKinematic));
  ArticulationDescription a;
  a.isFreeBody = true;
  a.name = checkedName(c["name"]);
  a.isStatic = c.boolean("static", d::kBodyStatic);
  checkSites(c);
  if (a.isStatic) {
    a.links.push_back(staticLinkFrom(c, a.name, materials));
    return a;
  }
  LinkDescription link;
  link.path = c.path();
  link.name = a.name;
  link.joint.type = JointType::Free;
  link.joint.initialPose.position = vector3Or(c, "position", d::kBodyPosition);
  link.joint.initialPose.orientation = orientationFrom(c, quaternionOf(d::kBodyQuaternion));
  link.joint.linearVelocity = vector3Or(c, "linearVelocity", d::kBodyLinearVelocity);
  link.joint.angularVelocity = vector3Or(c, "angularVelocity", d::kBodyAngularVelocity);
  if (c.has("inertial")) link.inertial = inertialFrom(c["inertial"]);
  readShapes(c, materials, false, link);
  if (!link.inertial && link.shapes.empty()) c.fail("a body needs \"inertial\" or at least one shape to take its mass from");
  readDrag(c, link);
  link.gravcomp = gravcompOf(c, d::kBodyGravcomp);
  a.links.push_back(std::move(link));
  return a;
}

}  // namespace fw
