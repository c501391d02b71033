// What acts on each body, for drawing it as arrows: the centre of mass's velocity and
// acceleration over the last step, and the forces that account for that acceleration by Newton's
// second law, m a = m g + contacts + applied + joint (from the parent) − Σ joints (to children).
// The joint force is what is left, found from the leaves inwards (RNEA's backward pass, with the
// measured accelerations): the only one no impulse or load names directly.
#include "algorithms/forward_kinematics.h"
#include "world/world.h"

namespace fw {

namespace {

Vec3 floats(const float* p) { return Vec3(p[0], p[1], p[2]); }
void put(float* out, const Vec3& v) {
  out[0] = float(v.x()), out[1] = float(v.y()), out[2] = float(v.z());
}

}  // namespace

// World-frame centre of mass and its velocity, from a pose (x, y, z, qx, qy, qz, qw) and a velocity
// (origin, angular) buffer entry.
static void centreOfMass(const float* pose, const float* velocity, const Vec3& localCom, Vec3& com, Vec3& comVelocity) {
  const Quat q(pose[6], pose[3], pose[4], pose[5]);
  const Vec3 offset = q * localCom;
  com = floats(pose) + offset;
  comVelocity = floats(velocity) + floats(velocity + 3).cross(offset);
}

const std::vector<float>& World::bodyForces() {
  const int n = model_.nlinks;
  bodyForces_.assign(size_t(kBodyForceFloats * n), 0.0f);
  const double h = settings_.timestep;
  forwardKinematics(model_, data_, state_.q, state_.v);  // link velocities for the kinetic energies
  // Contact impulses of the last step over its length: normal on every point, friction once per
  // manifold (on its first point), each pushing B along +n and A the other way.
  contactForce_.assign(size_t(n), Vec3::Zero());
  if (steppedSinceRestore_) {
    for (const std::vector<Contact>* list : {&contacts_, &sleepingContacts_})
    for (const Contact& c : *list) {
      const Vec3 onB = (c.normalImpulse * c.normal + c.frictionImpulse) / h;
      const int a = interactions_.colliders[size_t(c.colliderA)].link, b = interactions_.colliders[size_t(c.colliderB)].link;
      if (a >= 0) contactForce_[size_t(a)] -= onB;
      if (b >= 0) contactForce_[size_t(b)] += onB;
    }
  }
  for (int link = n - 1; link >= 0; --link) {  // children come after their parents
    const size_t i = size_t(link);
    const double m = model_.inertia[i].mass;
    Vec3 com, velocity, before, beforeVelocity;
    centreOfMass(&poses_[7 * i], &velocities_[6 * i], model_.inertia[i].com, com, velocity);
    Vec3 acceleration = Vec3::Zero();
    if (steppedSinceRestore_) {
      centreOfMass(&previousPoses_[7 * i], &previousVelocities_[6 * i], model_.inertia[i].com, before, beforeVelocity);
      acceleration = (velocity - beforeVelocity) / h;
    }
    const bool moves = model_.treeNv(model_.treeOf[i]) > 0;
    const Vec3 net = moves ? Vec3(m * acceleration) : Vec3::Zero();
    const Vec3 gravity = moves ? Vec3(m * model_.gravity) : Vec3::Zero();
    Vec3 applied = loads_.externalWorld[i].linear;
    if (drag_.body == link) applied += drag_.force;
    // Joint force from the parent: the rest of m a, plus what this body passes on to its children
    // (already in jointForce, accumulated below as each child was visited).
    float* out = &bodyForces_[size_t(kBodyForceFloats) * i];
    const Vec3 passedOn = floats(out + 18);
    const Vec3 joint = moves && model_.joints[i].type != JointType::Free ? Vec3(net - gravity - contactForce_[i] - applied + passedOn)
                                                                          : Vec3::Zero();
    put(out, com), put(out + 3, velocity), put(out + 6, acceleration), put(out + 9, net), put(out + 12, gravity);
    put(out + 15, contactForce_[i]), put(out + 18, joint), put(out + 21, applied);
    out[24] = float(0.5 * data_.v[i].dot(model_.inertia[i] * data_.v[i]));
    out[25] = float(m);
    const int parent = model_.parent[i];
    if (parent >= 0) {
      float* up = &bodyForces_[size_t(kBodyForceFloats) * size_t(parent)] + 18;
      put(up, floats(up) + joint);
    }
  }
  return bodyForces_;
}

}  // namespace fw
