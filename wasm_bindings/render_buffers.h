#pragma once
// The renderer's float buffers, shared with the page through linear memory: poses, velocities,
// contact points and body forces. They are filled from a const World (world/queries.h) after
// every step, reset, restore and load; the world itself keeps only doubles.
#include <memory>
#include <vector>

#include "world/queries.h"

namespace fw {

struct RenderBuffers {
  std::vector<float> poses;        // kPoseFloats per body
  std::vector<float> velocities;   // kVelocityFloats per body
  std::vector<float> contacts;     // kContactFloats per reported contact point
  std::vector<float> bodyForces;   // kBodyForceFloats per body, when asked for
  // The poses and velocities one step back, that body forces measure the acceleration against.
  std::vector<float> previousPoses, previousVelocities;

  // Before each step: what is drawn now becomes one step back.
  void beforeStep(const World& world) {
    bodyPoses(world, previousPoses);
    bodyVelocities(world, previousVelocities);
  }
  // After a step, reset, restore or load.
  void refresh(const World& world) {
    bodyPoses(world, poses);
    bodyVelocities(world, velocities);
    contactPoints(world, contacts);
  }
  int contactCount() const { return int(contacts.size() / kContactFloats); }
  const std::vector<float>& forces(const World& world, QueryWorkspace& queries) {
    fw::bodyForces(world, previousPoses, previousVelocities, queries, bodyForces);
    return bodyForces;
  }
};

}  // namespace fw
