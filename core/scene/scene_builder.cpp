#include "scene/scene_builder.h"

#include "algorithms/forward_dynamics.h"
#include "model/model_builder.h"
#include "shapes/mass_properties.h"

namespace fw {
namespace {

JointType jointTypeOf(JointKind kind) {
  switch (kind) {
    case JointKind::Fixed: return JointType::Fixed;
    case JointKind::Revolute: return JointType::Revolute;
    case JointKind::Prismatic: return JointType::Prismatic;
    case JointKind::Spherical: return JointType::Spherical;
    case JointKind::Free: return JointType::Free;
  }
  return JointType::Fixed;
}

// Featherstone's X_T from parent coordinates to the joint frame, whose axes in the parent
// frame are the columns of R and whose origin is p: X = plx(Rᵀ, p).
Transform placementOf(const Pose& pose) {
  return Transform(pose.orientation.toRotationMatrix().transpose(), pose.position);
}

Inertia inertiaOf(const LinkDescription& link) {
  if (link.inertial) return Inertia(link.inertial->mass, link.inertial->centerOfMass, link.inertial->inertiaAboutCom);
  const MassProperties p = combinedMassProperties(link.shapes);
  return Inertia(p.mass, p.centerOfMass, p.inertiaAboutCom);
}

IntegratorKind integratorOf(const std::string& name) {
  if (name == "rk4") return IntegratorKind::RK4;
  if (name == "rk45") return IntegratorKind::RK45;
  return IntegratorKind::SemiImplicitEuler;
}

// Writes one joint's initial position and velocity into the state.
void setInitialJointState(const JointModel& j, const JointDescription& d, State& s) {
  switch (j.type) {
    case JointType::Revolute:
    case JointType::Prismatic:
      s.q[j.idx_q] = d.position;
      s.v[j.idx_v] = d.velocity;
      break;
    case JointType::Spherical: {
      const Quat& q = d.initialPose.orientation;
      s.q.segment<4>(j.idx_q) << q.w(), q.x(), q.y(), q.z();
      // The scene gives ω in the joint frame; the joint stores it in the child frame.
      s.v.segment<3>(j.idx_v) = q.toRotationMatrix().transpose() * d.angularVelocity;
      break;
    }
    case JointType::Free: {
      const Quat& q = d.initialPose.orientation;
      s.q.segment<3>(j.idx_q) = d.initialPose.position;
      s.q.segment<4>(j.idx_q + 3) << q.w(), q.x(), q.y(), q.z();
      // Spatial velocity of the child in child coordinates: (Rᵀω, Rᵀv_origin).
      const Mat3 Rt = q.toRotationMatrix().transpose();
      s.v.segment<3>(j.idx_v) = Rt * d.angularVelocity;
      s.v.segment<3>(j.idx_v + 3) = Rt * d.linearVelocity;
      break;
    }
    case JointType::Fixed: break;
  }
}

}  // namespace

World buildWorld(const SceneDescription& scene) {
  ModelBuilder builder;
  std::vector<BodyVisual> visuals;
  std::vector<const LinkDescription*> linkOfBody;
  WorldInteractions interactions;
  const bool accurate = scene.world.stepping == "accurate";
  for (const ArticulationDescription& a : scene.articulations) {
    interactions.selfCollision.push_back(a.selfCollision ? 1 : 0);
    std::vector<int> bodyOfLink(a.links.size());
    for (size_t i = 0; i < a.links.size(); ++i) {
      const LinkDescription& link = a.links[i];
      LinkSpec spec;
      spec.name = a.isFreeBody ? a.name : a.name + "/" + link.name;
      spec.parent = link.parent < 0 ? -1 : bodyOfLink[size_t(link.parent)];
      spec.type = jointTypeOf(link.joint.kind);
      spec.axis = link.joint.axis;
      spec.placement = placementOf(link.joint.origin);
      spec.inertia = inertiaOf(link);
      spec.damping = link.joint.damping;
      spec.coulombFriction = link.joint.friction;
      // Coulomb friction switches between sticking and sliding: a non-smooth force that only
      // the semi-implicit step handles correctly (as impulses between velocity and position).
      if (link.joint.friction > 0 && scene.world.integrator != "semi-implicit-euler")
        throw SceneError(link.path + "/joint/friction",
                         "Coulomb joint friction needs the semi-implicit-euler integrator (this scene "
                         "uses " + scene.world.integrator + ")");
      spec.springStiffness = link.joint.springStiffness;
      spec.springRest = link.joint.springRest;
      spec.linearDrag = link.linearDrag;
      spec.angularDrag = link.angularDrag;
      const int body = bodyOfLink[i] = builder.addLink(spec);
      visuals.push_back({spec.name, link.shapes});
      linkOfBody.push_back(&link);
      for (const Shape& shape : link.shapes) {
        if (shape.collisionMask == 0) continue;  // drawn only
        Collider collider;
        collider.shape = shape;
        collider.link = body;
        interactions.colliders.push_back(collider);
      }
      if (link.joint.limits) {
        JointLimit limit = *link.joint.limits;
        limit.link = body;
        interactions.limits.push_back(limit);
      }
      if (link.joint.motor) {
        JointMotor motor = *link.joint.motor;
        motor.link = body;
        if (accurate && motor.mode == MotorMode::Prescribed)
          throw SceneError(link.path + "/joint/motor", "prescribed motion needs realtime stepping (semi-implicit-euler)");
        if (accurate && motor.mode == MotorMode::Velocity && motor.damping <= 0)
          throw SceneError(link.path + "/joint/motor",
                           "in accurate stepping a velocity motor is the effort damping·(target − q̇): give it damping > 0");
        interactions.motors.push_back(motor);
      }
    }
  }
  Model model = builder.build();
  model.gravity = scene.world.gravity;

  State initial;
  initial.q = model.neutralConfiguration();
  initial.v = Eigen::VectorXd::Zero(model.nv);
  for (int body = 0; body < model.nlinks; ++body)
    setInitialJointState(model.joints[body], linkOfBody[body]->joint, initial);

  // Every joint must move some inertia, or its articulated inertia D = SᵀIᴬS is singular and
  // forward dynamics divides by zero. One ABA pass at the initial state finds such a joint.
  {
    Data data(model);
    Loads loads(model);
    forwardDynamics(model, data, initial.q, initial.v, loads, DynamicsAlgorithm::ABA);
    for (int body = 0; body < model.nlinks; ++body) {
      const JointModel& j = model.joints[body];
      if (!data.qdd.segment(j.idx_v, j.nv).allFinite())
        throw SceneError(linkOfBody[size_t(body)]->path,
                         "this joint moves no inertia: give the link (or the links beyond it) "
                         "mass away from the joint axis, or rotational inertia");
    }
  }

  WorldSettings settings;
  settings.timestep = scene.world.timestep;
  settings.integrator.kind = integratorOf(scene.world.integrator);
  settings.integrator.dynamics = scene.world.dynamics == "crba" ? DynamicsAlgorithm::CRBA : DynamicsAlgorithm::ABA;
  settings.integrator.absoluteTolerance = scene.world.absoluteTolerance;
  settings.integrator.relativeTolerance = scene.world.relativeTolerance;
  settings.integrator.minStep = scene.world.minStep;
  settings.integrator.maxStep = scene.world.maxStep;
  settings.stepping = accurate ? Stepping::Accurate : Stepping::Realtime;
  settings.solver = scene.world.solver;
  return World(std::move(model), std::move(initial), settings, std::move(visuals), std::move(interactions));
}

}  // namespace fw
