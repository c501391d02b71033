#pragma once
// What acts on the bodies during a step besides gravity and the joints' own springs and
// dampers: joint efforts and external forces.
#include <algorithm>
#include <vector>

#include "model/model.h"
#include "model/stage_constraints.h"

namespace fw {

// A PD servo on a 1-DoF joint: an effort of the state, τ = k (q* − q) + c (q̇* − q̇) bounded by
// ±maxEffort (0: unbounded), evaluated wherever the dynamics are, so at every Runge–Kutta stage
// as the joints' springs and dampers are (accurate stepping's motors).
struct Servo {
  int idx_q = 0, idx_v = 0;
  double stiffness = 0, damping = 0, targetPosition = 0, targetVelocity = 0, maxEffort = 0;

  double effort(double q, double qd) const {
    const double e = stiffness * (targetPosition - q) + damping * (targetVelocity - qd);
    return maxEffort > 0 ? std::clamp(e, -maxEffort, maxEffort) : e;
  }
};

// A linear spring-damper between a point of each of two links (−1: the world, the point then a
// world point), T = k (d − L₀) + c ḋ pulling the points together: a force of the state,
// evaluated by forwardDynamics at each evaluation (accurate stepping's springs).
struct PointSpring {
  int linkA = -1, linkB = -1;
  Vec3 pointA = Vec3::Zero(), pointB = Vec3::Zero();  // in the links' frames
  double restLength = 0, stiffness = 0, damping = 0;
};

struct Loads {
  explicit Loads(const Model& model)
      : tau(Eigen::VectorXd::Zero(model.nv)), externalWorld(size_t(model.nlinks)),
        armature(Eigen::VectorXd::Zero(model.nv)) {}

  Eigen::VectorXd tau;                // joint efforts, one per velocity coordinate
  std::vector<Force> externalWorld;  // per link: world coordinates, moment about the world origin
  bool anyExternal = false;          // lets the algorithms skip world transforms when false
  // Added to the joint-space inertia's diagonal by aba and crba: (H + diag(armature)) q̈ = τ − C.
  // The realtime step puts h·d here, which makes joint damping d implicit (see world/step_integrate.cpp).
  Eigen::VectorXd armature;
  bool anyArmature = false;
  // Efforts of the state, evaluated by forwardDynamics at each evaluation (their part of data.tau
  // in data.servoTau); the integrators report their impulse and work (data.servoImpulse, servoWork).
  std::vector<Servo> servos;
  // Springs of the state, evaluated with the servos (their generalized force added to data.tau).
  std::vector<PointSpring> springs;
  // Rows solved at each evaluation after the efforts (accurate stepping's resting contacts; their
  // effort in data.constraintTau, their work over the last advance in data.constraintWork).
  // Null when there are none; owned by whoever holds it here.
  StageConstraints* constraints = nullptr;
};

// A force at a world point on a link: (p × f, f) about the world origin.
inline void addPointForce(Loads& loads, int link, const Vec3& pointWorld, const Vec3& forceWorld) {
  loads.externalWorld[size_t(link)] += Force{pointWorld.cross(forceWorld), forceWorld};
  loads.anyExternal = true;
}

inline void addTorque(Loads& loads, int link, const Vec3& torqueWorld) {
  loads.externalWorld[size_t(link)].angular += torqueWorld;
  loads.anyExternal = true;
}

inline void clearExternalForces(Loads& loads) {
  for (Force& f : loads.externalWorld) f = Force::Zero();
  loads.anyExternal = false;
}

}  // namespace fw
