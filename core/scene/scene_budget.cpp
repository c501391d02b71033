#include "scene/scene_budget.h"

#include <cstring>
#include <map>
#include <utility>

#include "scene/json_cursor.h"

namespace fw {
namespace {

void appendBytes(std::string& key, const Eigen::Vector3d& v) {
  char bytes[sizeof(double) * 3];
  std::memcpy(bytes, v.data(), sizeof bytes);
  key.append(bytes, sizeof bytes);
}

// Everything that places a constraint, the same whichever body is named first (an anchor is a
// world point; points, and a universal joint's two axes, belong to their sides).
std::string placementKey(const ConstraintDescription& c) {
  const bool swap = c.b < c.a;
  std::string key(1, char('0' + int(c.type)));
  key += (swap ? c.b : c.a) + '\0' + (swap ? c.a : c.b) + '\0';
  key += c.anchor ? 'w' : 'p';
  if (c.anchor) appendBytes(key, *c.anchor);
  if (c.pointA) appendBytes(key, swap ? *c.pointB : *c.pointA);
  if (c.pointB) appendBytes(key, swap ? *c.pointA : *c.pointB);
  const bool universalSwap = swap && c.type == JointType::Universal;
  appendBytes(key, universalSwap ? c.axis2 : c.axis);
  appendBytes(key, universalSwap ? c.axis : c.axis2);
  return key;
}

}  // namespace

void checkSceneBudgets(const SceneDescription& scene) {
  size_t bodies = 0;
  for (const ArticulationDescription& a : scene.articulations)
    for (const LinkDescription& link : a.links)
      if (++bodies > kMaxBodies)
        throw SceneError(link.path, "a scene has at most " + std::to_string(kMaxBodies) +
                                        " bodies and links (the budget of one load, docs/security.md)");
  for (const RopeDescription& rope : scene.ropes)  // each segment a body
    if ((bodies += size_t(rope.segments)) > kMaxBodies)
      throw SceneError(rope.path, "a scene has at most " + std::to_string(kMaxBodies) +
                                      " bodies and links, the ropes' segments counted (the budget of one load, docs/security.md)");
  if (scene.constraints.size() > kMaxConstraints)
    throw SceneError(scene.constraints[kMaxConstraints].path,
                     "a scene has at most " + std::to_string(kMaxConstraints) + " constraints (the budget of one load)");
  // The same joint twice adds nothing but rows that depend on each other, and every copy couples
  // with all the others in the joints' correction.
  std::map<std::string, const ConstraintDescription*> seen;
  for (const ConstraintDescription& c : scene.constraints) {
    const auto [it, added] = seen.emplace(placementKey(c), &c);
    if (!added)
      throw SceneError(c.path, "the same constraint as " + it->second->path +
                                   " (same type, bodies, points and axes): give it once");
  }
}

}  // namespace fw
