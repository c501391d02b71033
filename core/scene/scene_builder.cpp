#include "scene/scene_builder.h"

#include "algorithms/forward_dynamics.h"
#include "algorithms/forward_kinematics.h"
#include <cstdio>
#include <map>
#include "model/model_builder.h"
#include "shapes/mass_properties.h"
#include "world/joint_system.h"

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

ImpulseJointType impulseJointTypeOf(JointKind kind) {
  switch (kind) {
    case JointKind::Revolute: return ImpulseJointType::Hinge;
    case JointKind::Prismatic: return ImpulseJointType::Slider;
    case JointKind::Spherical: return ImpulseJointType::Ball;
    default: return ImpulseJointType::Fixed;
  }
}

// World frames and spatial velocities (link coordinates) of an articulation's links at its
// initial state: where its links start when they become free bodies held by impulse joints.
struct InitialLinkMotion {
  std::vector<Transform> X0;
  std::vector<Motion> v;
};
InitialLinkMotion initialLinkMotion(const ArticulationDescription& a, const std::vector<LinkSpec>& specs) {
  ModelBuilder builder;
  for (const LinkSpec& spec : specs) builder.addLink(spec);
  const Model model = builder.build();
  State state;
  state.q = model.neutralConfiguration();
  state.v = Eigen::VectorXd::Zero(model.nv);
  for (int i = 0; i < model.nlinks; ++i) setInitialJointState(model.joints[size_t(i)], a.links[size_t(i)].joint, state);
  Data data(model, false);  // kinematics only: no nv × nv mass matrix
  forwardKinematics(model, data, state.q, state.v);
  return {data.X0, data.v};
}

// Loop closures and other impulse joints between named bodies, placed at the initial state.
void addConstraints(const SceneDescription& scene, const Model& model, const State& initial,
                    const std::map<std::string, int>& bodyNamed, WorldInteractions& interactions) {
  if (scene.constraints.empty()) return;
  Data data(model, false);  // kinematics only: no nv × nv mass matrix
  forwardKinematics(model, data, initial.q, initial.v);
  for (const ConstraintDescription& c : scene.constraints) {
    const int linkA = c.a == "world" ? -1 : bodyNamed.at(c.a);
    const int linkB = c.b == "world" ? -1 : bodyNamed.at(c.b);
    const auto movable = [&](int link) { return link >= 0 && model.treeNv(model.treeOf[size_t(link)]) > 0; };
    if (!movable(linkA) && !movable(linkB)) throw SceneError(c.path, "neither side of this constraint can move");
    // Each side's frame now: rotation (link axes in the world) and origin.
    const auto frame = [&](int link) { return link < 0 ? Transform() : data.X0[size_t(link)]; };
    const Transform XA = frame(linkA), XB = frame(linkB);
    ImpulseJoint joint;
    joint.type = c.type;
    joint.linkA = linkA, joint.linkB = linkB;
    // The joint frame is the world's at the start: its axes in each link frame are Rᵀ = E.
    joint.frameA = XA.E, joint.frameB = XB.E;
    if (c.anchor) {
      joint.anchorA = XA.E * (*c.anchor - XA.r);
      joint.anchorB = XB.E * (*c.anchor - XB.r);
    } else {
      joint.anchorA = *c.pointA, joint.anchorB = *c.pointB;
    }
    joint.axis = c.axis, joint.axis2 = c.axis2;
    joint.name = c.name.empty() ? c.a + "–" + c.b : c.name;
    interactions.impulseJoints.push_back(joint);
  }
}

// Every realtime step fills and factors the joints' correction system: past the budget a step
// would take seconds (joints that all act on one body couple with each other, a cubic cost).
void checkJointSystemBudget(const Model& model, const std::vector<ImpulseJoint>& joints, const std::vector<std::string>& paths) {
  const JointSystemCost cost = jointSystemCost(model, joints, kMaxJointSystemWork);
  if (cost.firstJointOver < 0) return;
  char work[32];
  std::snprintf(work, sizeof work, "%.2g", cost.work);
  throw SceneError(paths[size_t(cost.firstJointOver)],
                   std::string("the impulse joints' correction would take ") + work +
                       " multiply-adds every step; its budget of " + std::to_string(long(kMaxJointSystemWork)) +
                       " is passed with this joint (joints that move the same bodies couple with each other: "
                       "use fewer of them on one body or chain)");
}

}  // namespace

World buildWorld(const SceneDescription& scene) {
  ModelBuilder builder;
  std::vector<BodyVisual> visuals;
  std::vector<const LinkDescription*> linkOfBody;
  WorldInteractions interactions;
  std::map<std::string, int> bodyNamed;
  struct StartPose {
    int body;
    Transform X0;
    Motion v;
  };
  std::vector<StartPose> impulseStarts;  // links that became free bodies: their initial motion
  std::vector<std::string> impulseJointPaths;  // per impulse joint, for messages
  const bool accurate = scene.world.stepping == "accurate";
  const char* needsRealtime = "impulse joints and loop closures need realtime stepping (semi-implicit-euler)";
  int families = 0;
  for (const ArticulationDescription& a : scene.articulations) {
    // The links as a tree, parents numbered within the articulation.
    std::vector<LinkSpec> specs;
    for (const LinkDescription& link : a.links) {
      LinkSpec spec;
      spec.name = a.isFreeBody ? a.name : a.name + "/" + link.name;
      spec.parent = link.parent;
      spec.type = jointTypeOf(link.joint.kind);
      spec.axis = link.joint.axis;
      spec.placement = placementOf(link.joint.origin);
      spec.inertia = inertiaOf(link);
      spec.damping = link.joint.damping;
      spec.coulombFriction = link.joint.friction;
      spec.springStiffness = link.joint.springStiffness;
      spec.springRest = link.joint.springRest;
      spec.linearDrag = link.linearDrag;
      spec.angularDrag = link.angularDrag;
      specs.push_back(spec);
    }
    InitialLinkMotion start;
    if (a.impulseJoints) {
      if (accurate) throw SceneError(a.links[0].path.substr(0, a.links[0].path.rfind("/links")) + "/joints", needsRealtime);
      start = initialLinkMotion(a, specs);
    }
    // Links of an impulse-jointed articulation are separate trees; without self-collision they
    // still must not touch each other, like the links of one tree.
    const int family = a.impulseJoints && !a.selfCollision ? families++ : -1;
    std::vector<int> bodyOfLink(a.links.size());
    for (size_t i = 0; i < a.links.size(); ++i) {
      const LinkDescription& link = a.links[i];
      LinkSpec spec = specs[i];
      // Coulomb friction switches between sticking and sliding: a non-smooth force that only
      // the semi-implicit step handles correctly (as impulses between velocity and position).
      if (link.joint.friction > 0 && scene.world.integrator != "semi-implicit-euler")
        throw SceneError(link.path + "/joint/friction",
                         "Coulomb joint friction needs the semi-implicit-euler integrator (this scene "
                         "uses " + scene.world.integrator + ")");
      int impulseJoint = -1;
      if (a.impulseJoints) {
        if (link.joint.damping != 0 || link.joint.friction != 0 || link.joint.springStiffness != 0)
          throw SceneError(link.path + "/joint",
                           "joint damping, friction and springs are not available for impulse joints (\"joints\": \"impulse\")");
        spec = LinkSpec{spec.name, -1, JointType::Free, Vec3::UnitZ(), Transform(), spec.inertia};
        spec.linearDrag = link.linearDrag, spec.angularDrag = link.angularDrag;
      } else {
        spec.parent = link.parent < 0 ? -1 : bodyOfLink[size_t(link.parent)];
      }
      const int body = bodyOfLink[i] = builder.addLink(spec);
      bodyNamed[spec.name] = body;
      if (spec.parent < 0) {
        interactions.selfCollision.push_back(a.selfCollision ? 1 : 0);
        interactions.collisionFamily.push_back(family);
      }
      visuals.push_back({spec.name, link.shapes});
      linkOfBody.push_back(&link);
      for (const Shape& shape : link.shapes) {
        if (shape.collisionMask == 0) continue;  // drawn only
        Collider collider;
        collider.shape = shape;
        collider.link = body;
        interactions.colliders.push_back(collider);
      }
      if (a.impulseJoints) {
        impulseStarts.push_back({body, start.X0[i], start.v[i]});
        if (link.joint.kind != JointKind::Free) {
          ImpulseJoint joint;
          joint.type = impulseJointTypeOf(link.joint.kind);
          joint.linkA = link.parent < 0 ? -1 : bodyOfLink[size_t(link.parent)];
          joint.linkB = body;
          joint.anchorA = link.joint.origin.position;
          joint.frameA = link.joint.origin.orientation.toRotationMatrix();
          joint.axis = link.joint.axis;
          joint.name = spec.name;
          impulseJoint = int(interactions.impulseJoints.size());
          interactions.impulseJoints.push_back(joint);
          impulseJointPaths.push_back(link.path + "/joint");
        }
      }
      if (link.joint.limits) {
        JointLimit limit = *link.joint.limits;
        limit.link = body;
        limit.impulseJoint = impulseJoint;
        if (impulseJoint >= 0 && limit.cone)
          throw SceneError(link.path + "/joint/limits", "cone limits need a reduced spherical joint (\"joints\": \"reduced\")");
        interactions.limits.push_back(limit);
      }
      if (link.joint.motor) {
        JointMotor motor = *link.joint.motor;
        motor.link = body;
        motor.impulseJoint = impulseJoint;
        if ((accurate || impulseJoint >= 0) && motor.mode == MotorMode::Prescribed)
          throw SceneError(link.path + "/joint/motor", "prescribed motion needs a reduced joint and realtime stepping (semi-implicit-euler)");
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
  for (const StartPose& startPose : impulseStarts) {
    const JointModel& j = model.joints[size_t(startPose.body)];
    const Quat q(startPose.X0.rotation());
    initial.q.segment<3>(j.idx_q) = startPose.X0.translation();
    initial.q.segment<4>(j.idx_q + 3) << q.w(), q.x(), q.y(), q.z();
    initial.v.segment<3>(j.idx_v) = startPose.v.angular;  // the twist in link coordinates, as the free joint keeps it
    initial.v.segment<3>(j.idx_v + 3) = startPose.v.linear;
  }
  addConstraints(scene, model, initial, bodyNamed, interactions);
  if (accurate && !scene.constraints.empty()) throw SceneError(scene.constraints[0].path, needsRealtime);
  for (const ConstraintDescription& c : scene.constraints) impulseJointPaths.push_back(c.path);
  checkJointSystemBudget(model, interactions.impulseJoints, impulseJointPaths);

  // Every joint must move some inertia, or its articulated inertia D = SᵀIᴬS is singular and
  // forward dynamics divides by zero. One ABA pass at the initial state finds such a joint.
  {
    Data data(model, false);  // ABA only: no nv × nv mass matrix
    Loads loads(model);
    forwardDynamics(model, data, initial.q, initial.v, loads, DynamicsAlgorithm::ABA);
    for (int body = 0; body < model.nlinks; ++body) {
      const JointModel& j = model.joints[body];
      if (!data.qdd.segment(j.idx_v, j.nv).allFinite()) {
        // A ball joint turns about three axes: a point mass on a rod has none about the rod.
        const bool ball = j.type == JointType::Spherical;
        throw SceneError(linkOfBody[size_t(body)]->path,
                         ball ? "this ball joint turns the link about an axis it has no inertia about (a point mass on a rod "
                                "has none about the rod): give the link rotational inertia (\"inertia\", or a shape)"
                              : "this joint moves no inertia: give the link (or the links beyond it) "
                                "mass away from the joint axis, or rotational inertia");
      }
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
  settings.joints = scene.world.joints;
  return World(std::move(model), std::move(initial), settings, std::move(visuals), std::move(interactions));
}

}  // namespace fw
