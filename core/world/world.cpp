#include "world/world.h"

#include "algorithms/energy.h"
#include "algorithms/forward_kinematics.h"
#include "algorithms/momentum.h"

namespace fw {

World::World(Model model, State initial, WorldSettings settings, std::vector<BodyVisual> visuals)
    : model_(std::move(model)),
      data_(model_, settings.integrator.dynamics == DynamicsAlgorithm::CRBA),
      initial_(std::move(initial)),
      state_(initial_),
      loads_(model_),
      settings_(settings),
      visuals_(std::move(visuals)),
      poses_(size_t(7 * model_.nlinks)) {
  refreshKinematics();
}

void World::step() {
  advance(model_, data_, loads_, state_, settings_.timestep, settings_.integrator, stats_);
  refreshKinematics();
}

void World::reset() {
  state_ = initial_;  // same sizes: copies without allocating
  stats_ = IntegratorStats{};
  clearForces();
  refreshKinematics();
}

void World::applyForce(int body, const Vec3& pointWorld, const Vec3& forceWorld) {
  addPointForce(loads_, body, pointWorld, forceWorld);
}

void World::clearForces() {
  clearExternalForces(loads_);
}

Vec3 World::bodyPosition(int body) const { return linkPosition(data_, body); }
Quat World::bodyOrientation(int body) const { return Quat(linkRotation(data_, body)); }

double World::kineticEnergy() { return fw::kineticEnergy(model_, data_, state_.q, state_.v); }
double World::potentialEnergy() { return fw::potentialEnergy(model_, data_, state_.q); }
Force World::momentum() { return spatialMomentum(model_, data_, state_.q, state_.v); }

int World::firstNonFiniteJoint() const {
  for (int body = 0; body < model_.nlinks; ++body) {
    const JointModel& j = model_.joints[body];
    if (!state_.q.segment(j.idx_q, j.nq).allFinite() || !state_.v.segment(j.idx_v, j.nv).allFinite())
      return body;
  }
  return -1;
}

// Poses for the renderer, in one float buffer: position, then quaternion x, y, z, w.
void World::refreshKinematics() {
  forwardKinematics(model_, data_, state_.q, state_.v);
  for (int body = 0; body < model_.nlinks; ++body) {
    const Vec3 p = bodyPosition(body);
    const Quat q = bodyOrientation(body);
    float* out = &poses_[size_t(7 * body)];
    out[0] = float(p.x()), out[1] = float(p.y()), out[2] = float(p.z());
    out[3] = float(q.x()), out[4] = float(q.y()), out[5] = float(q.z()), out[6] = float(q.w());
  }
}

}  // namespace fw
