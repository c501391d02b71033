// The queries of world/queries.h. Body forces: what acts on each body, for drawing it as arrows —
// the centre of mass's velocity and acceleration over the last step, and the forces that account
// for that acceleration by Newton's second law, m a = m g + contacts + applied + joint (from the
// parent) − Σ joints (to children). The joint force is what is left, found from the leaves
// inwards (RNEA's backward pass, with the measured accelerations): the only one no impulse or
// load names directly.
#include "world/queries.h"

#include "algorithms/aba.h"
#include "algorithms/crba.h"
#include "algorithms/external_forces.h"
#include "algorithms/forward_kinematics.h"
#include "algorithms/jacobian.h"
#include "algorithms/rnea.h"

namespace fw {
namespace {

Vec3 floats3(const float* p) { return Vec3(p[0], p[1], p[2]); }
void putFloats3(float* out, const Vec3& v) { out[0] = float(v.x()), out[1] = float(v.y()), out[2] = float(v.z()); }

// World-frame centre of mass and its velocity, from a pose (x, y, z, qx, qy, qz, qw) and a velocity
// (origin, angular) buffer entry.
void centreOfMass(const float* pose, const float* velocity, const Vec3& localCom, Vec3& com, Vec3& comVelocity) {
  const Quat q(pose[6], pose[3], pose[4], pose[5]);
  const Vec3 offset = q * localCom;
  com = floats3(pose) + offset;
  comVelocity = floats3(velocity) + floats3(velocity + 3).cross(offset);
}

}  // namespace

void bodyPoses(const World& world, std::vector<float>& out) {
  const int n = world.model().nlinks;
  out.resize(size_t(kPoseFloats * n));
  for (int body = 0; body < n; ++body) {
    const Vec3 p = world.bodyPosition(body);
    const Quat q = world.bodyOrientation(body);
    using P = layout::Pose;
    float* pose = &out[size_t(kPoseFloats * body)];
    pose[P::kX] = float(p.x()), pose[P::kY] = float(p.y()), pose[P::kZ] = float(p.z());
    pose[P::kQx] = float(q.x()), pose[P::kQy] = float(q.y()), pose[P::kQz] = float(q.z()), pose[P::kQw] = float(q.w());
  }
}

void bodyVelocities(const World& world, std::vector<float>& out) {
  const int n = world.model().nlinks;
  out.resize(size_t(kVelocityFloats * n));
  for (int body = 0; body < n; ++body) {
    Vec3 linear, angular;
    world.bodyVelocity(body, linear, angular);
    float* velocity = &out[size_t(kVelocityFloats * body)];
    using V = layout::Velocity;
    for (int k = 0; k < 3; ++k) velocity[V::kLinear + k] = float(linear[k]), velocity[V::kAngular + k] = float(angular[k]);
  }
}

void contactPoints(const World& world, std::vector<float>& out) {
  using C = layout::Contact;
  const std::vector<Contact>& contacts = world.reportedContacts();
  out.resize(contacts.size() * C::kStride);
  for (size_t i = 0; i < contacts.size(); ++i) {
    const Contact& c = contacts[i];
    float* point = &out[i * C::kStride];
    for (int k = 0; k < 3; ++k) point[C::kPosition + k] = float(c.point[k]), point[C::kNormal + k] = float(c.normal[k]);
    point[C::kNormalImpulse] = float(c.normalImpulse);
    point[C::kSeparation] = float(c.separation);
    // Body indices are whole floats (exact below 2^24 bodies): which bodies touch, for goals and plots.
    point[C::kBodyA] = float(world.colliders()[size_t(c.colliderA)].link);
    point[C::kBodyB] = float(world.colliders()[size_t(c.colliderB)].link);
  }
}

std::vector<float> bodyPoses(const World& world) {
  std::vector<float> out;
  bodyPoses(world, out);
  return out;
}
std::vector<float> bodyVelocities(const World& world) {
  std::vector<float> out;
  bodyVelocities(world, out);
  return out;
}
std::vector<float> contactPoints(const World& world) {
  std::vector<float> out;
  contactPoints(world, out);
  return out;
}

void bodyForces(const World& world, const std::vector<float>& previousPoses, const std::vector<float>& previousVelocities,
                QueryWorkspace& workspace, std::vector<float>& out) {
  const Model& model = world.model();
  const int n = model.nlinks;
  out.assign(size_t(kBodyForceFloats * n), 0.0f);
  const double h = world.settings().timestep;
  Data& data = workspace.data;
  forwardKinematics(model, data, world.state().q, world.state().v);  // link velocities for the kinetic energies
  std::vector<float>& poses = workspace.poses;
  std::vector<float>& velocities = workspace.velocities;
  bodyPoses(world, poses);
  bodyVelocities(world, velocities);
  const bool stepped = world.steppedSinceRestore() && previousPoses.size() == poses.size() &&
                       previousVelocities.size() == velocities.size();
  // Contact impulses of the last step over its length: normal on every point, friction once per
  // manifold (on its first point), each pushing B along +n and A the other way.
  std::vector<Vec3>& contactForce = workspace.contactForce;
  contactForce.assign(size_t(n), Vec3::Zero());
  if (stepped) {
    for (const std::vector<Contact>* list : {&world.contacts(), &world.sleepingContacts()})
      for (const Contact& c : *list) {
        const Vec3 onB = (c.normalImpulse * c.normal + c.frictionImpulse) / h;
        const int a = world.colliders()[size_t(c.colliderA)].link, b = world.colliders()[size_t(c.colliderB)].link;
        if (a >= 0) contactForce[size_t(a)] -= onB;
        if (b >= 0) contactForce[size_t(b)] += onB;
      }
  }
  const DragSpring& drag = world.drag();
  for (int link = n - 1; link >= 0; --link) {  // children come after their parents
    const size_t i = size_t(link);
    const double m = model.inertia[i].mass;
    Vec3 com, velocity, before, beforeVelocity;
    centreOfMass(&poses[kPoseFloats * i], &velocities[kVelocityFloats * i], model.inertia[i].com, com, velocity);
    Vec3 acceleration = Vec3::Zero();
    if (stepped) {
      centreOfMass(&previousPoses[kPoseFloats * i], &previousVelocities[kVelocityFloats * i], model.inertia[i].com, before,
                   beforeVelocity);
      acceleration = (velocity - beforeVelocity) / h;
    }
    const bool moves = model.treeNv(model.treeOf[i]) > 0;
    const Vec3 net = moves ? Vec3(m * acceleration) : Vec3::Zero();
    const double weighed = model.anyGravcomp ? 1 - model.gravcomp[i] : 1.0;  // what gravity compensation leaves
    const Vec3 gravity = moves ? Vec3(weighed * m * model.gravity) : Vec3::Zero();
    Vec3 applied = world.loads().externalWorld[i].linear;
    if (drag.body == link) applied += drag.force;
    // Joint force from the parent: the rest of m a, plus what this body passes on to its children
    // (already in its joint slot, accumulated below as each child was visited).
    float* forces = &out[size_t(kBodyForceFloats) * i];
    const Vec3 passedOn = floats3(forces + layout::BodyForce::kJoint);
    const Vec3 joint = moves && model.joints[i].type != JointType::Free
                           ? Vec3(net - gravity - contactForce[i] - applied + passedOn)
                           : Vec3::Zero();
    using F = layout::BodyForce;
    putFloats3(forces + F::kCom, com), putFloats3(forces + F::kVelocity, velocity);
    putFloats3(forces + F::kAcceleration, acceleration), putFloats3(forces + F::kNet, net);
    putFloats3(forces + F::kGravity, gravity), putFloats3(forces + F::kContact, contactForce[i]);
    putFloats3(forces + F::kJoint, joint), putFloats3(forces + F::kApplied, applied);
    forces[F::kKinetic] = float(0.5 * data.v[i].dot(model.inertia[i] * data.v[i]));
    forces[F::kMass] = float(m);
    const int parent = model.parent[i];
    if (parent >= 0) {
      float* up = &out[size_t(kBodyForceFloats) * size_t(parent)] + layout::BodyForce::kJoint;
      putFloats3(up, floats3(up) + joint);
    }
  }
}

const Eigen::MatrixXd& massMatrix(const World& world, QueryWorkspace& workspace) {
  crba(world.model(), workspace.data, world.state().q);
  return workspace.data.H;
}

// τ = RNEA(q, q̇, q̈) + the joints' own damping and spring efforts, so that forwardDynamics(τ)
// gives q̈ back: the efforts the scene's joints need on top of what they exert themselves.
const Eigen::VectorXd& inverseDynamics(const World& world, const Eigen::VectorXd& qdd, QueryWorkspace& workspace) {
  const Model& model = world.model();
  Data& data = workspace.data;
  rnea(model, data, world.state().q, world.state().v, qdd, &world.loads());
  workspace.result = data.tau;
  data.tau.setZero();
  Loads none(model);
  fw::jointEfforts(model, data, world.state().q, world.state().v, none);  // −D q̇ − K (q − rest)
  workspace.result -= data.tau;
  return workspace.result;
}

const Eigen::VectorXd& forwardDynamics(const World& world, const Eigen::VectorXd& tau, QueryWorkspace& workspace) {
  const Model& model = world.model();
  Data& data = workspace.data;
  Loads loads = world.loads();
  loads.tau = tau;
  loads.armature.setZero();  // the realtime step's implicit damping is the step's, not the model's
  loads.anyArmature = false;
  fw::jointEfforts(model, data, world.state().q, world.state().v, loads);
  aba(model, data, world.state().q, world.state().v, data.tau, &loads);
  workspace.result = data.qdd;
  return workspace.result;
}

// The efforts that hold the model still where it is: RNEA with q̇ = q̈ = 0 (springs not included).
const Eigen::VectorXd& gravityTorques(const World& world, QueryWorkspace& workspace) {
  const Eigen::VectorXd zero = Eigen::VectorXd::Zero(world.model().nv);
  rnea(world.model(), workspace.data, world.state().q, zero, zero, nullptr);
  workspace.result = workspace.data.tau;
  return workspace.result;
}

Vec3 linkPositionNow(const World& world, int link, Quat& orientation, QueryWorkspace& workspace) {
  Data& data = workspace.data;
  forwardKinematics(world.model(), data, world.state().q, world.state().v);
  orientation = Quat(linkRotation(data, link));
  return linkPosition(data, link);
}

const Eigen::MatrixXd& pointJacobian(const World& world, int link, const Vec3& pointLocal, QueryWorkspace& workspace) {
  Data& data = workspace.data;
  forwardKinematics(world.model(), data, world.state().q, world.state().v);
  const Vec3 point = linkRotation(data, link) * pointLocal + linkPosition(data, link);
  workspace.jacobian.setZero(6, world.model().nv);
  fw::pointJacobian(world.model(), data, link, point, workspace.jacobian);
  return workspace.jacobian;
}

}  // namespace fw
