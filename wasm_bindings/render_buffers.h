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

  // Before each step: what is drawn now becomes one step back (same sizes after the first
  // step: copies without allocating).
  void beforeStep() {
    previousPoses = poses;
    previousVelocities = velocities;
  }
  // After each step: the bodies (the contacts are read once a batch of steps is done).
  void afterStep(const World& world) {
    bodyPoses(world, poses);
    bodyVelocities(world, velocities);
  }
  // After a batch of steps, a reset, restore or load.
  void refresh(const World& world) {
    afterStep(world);
    contactPoints(world, contacts);
  }
  int contactCount() const { return int(contacts.size() / kContactFloats); }
  const std::vector<float>& forces(const World& world, QueryWorkspace& queries) {
    fw::bodyForces(world, previousPoses, previousVelocities, queries, bodyForces);
    return bodyForces;
  }
};

}  // namespace fw
