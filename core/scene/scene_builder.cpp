#include "scene/scene_builder.h"

#include "algorithms/forward_dynamics.h"
#include "algorithms/forward_kinematics.h"
#include <algorithm>
#include <cstdio>
#include <map>
#include <set>
#include "model/model_builder.h"
#include "scene/scene_parts_builder.h"
#include "shapes/mass_properties.h"
#include "world/joint_system.h"

namespace fw {
namespace {

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
    case JointType::Fixed:
    case JointType::Universal: break;  // no coordinates (a tree never has a universal joint)
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

// What building a world collects while it walks the scene's articulations.
struct Assembly {
  explicit Assembly(const SceneDescription& scene) : scene(scene), accurate(scene.world.stepping == "accurate") {}
  const SceneDescription& scene;
  const bool accurate;
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
  std::vector<StartPose> impulseStarts;        // links that became free bodies: their initial motion
  std::vector<std::string> impulseJointPaths;  // per impulse joint, for messages
  int families = 0;
  std::set<std::pair<std::string, int>> pairedShapes;  // shapes of contactPairs: colliders even if drawn only
};

constexpr const char* kNeedsRealtime = "impulse joints and loop closures need realtime stepping (semi-implicit-euler)";

// The links of an articulation as a tree, parents numbered within the articulation.
std::vector<LinkSpec> linkSpecsOf(const ArticulationDescription& a) {
  std::vector<LinkSpec> specs;
  for (const LinkDescription& link : a.links) {
    LinkSpec spec;
    spec.name = a.isFreeBody ? a.name : a.name + "/" + link.name;
    spec.parent = link.parent;
    spec.type = link.joint.type;
    spec.axis = link.joint.axis;
    spec.placement = placementOf(link.joint.origin);
    spec.inertia = inertiaOf(link);
    spec.damping = link.joint.damping;
    spec.armature = link.joint.armature;
    spec.coulombFriction = link.joint.friction;
    spec.springStiffness = link.joint.springStiffness;
    spec.springRest = link.joint.springRest;
    spec.linearDrag = link.linearDrag;
    spec.angularDrag = link.angularDrag;
    spec.viscousDrag = link.viscousDrag;
    spec.gravcomp = link.gravcomp;
    specs.push_back(spec);
  }
  return specs;
}

// A link's joint held by impulses (an articulation with "joints": "impulse"): its index.
int addImpulseJoint(Assembly& w, const LinkDescription& link, const std::string& name, int parentBody, int body) {
  ImpulseJoint joint;
  joint.type = link.joint.type;  // the same kind, held by impulses
  joint.linkA = parentBody;
  joint.linkB = body;
  joint.anchorA = link.joint.origin.position;
  joint.frameA = link.joint.origin.orientation.toRotationMatrix();
  joint.axis = link.joint.axis;
  joint.name = name;
  w.interactions.impulseJoints.push_back(joint);
  w.impulseJointPaths.push_back(link.path + "/joint");
  return int(w.interactions.impulseJoints.size()) - 1;
}

void addLimitAndMotor(Assembly& w, const LinkDescription& link, int body, int impulseJoint) {
  if (link.joint.limits) {
    JointLimit limit = *link.joint.limits;
    limit.link = body;
    limit.impulseJoint = impulseJoint;
    if (impulseJoint >= 0 && limit.cone)
      throw SceneError(link.path + "/joint/limits", "cone limits need a reduced spherical joint (\"joints\": \"reduced\")");
    w.interactions.limits.push_back(limit);
  }
  if (link.joint.motor) {
    JointMotor motor = *link.joint.motor;
    motor.link = body;
    motor.impulseJoint = impulseJoint;
    if ((w.accurate || impulseJoint >= 0) && motor.mode == MotorMode::Prescribed)
      throw SceneError(link.path + "/joint/motor", "prescribed motion needs a reduced joint and realtime stepping (semi-implicit-euler)");
    if (w.accurate && motor.mode == MotorMode::Velocity && motor.damping <= 0)
      throw SceneError(link.path + "/joint/motor",
                       "in accurate stepping a velocity motor is the effort damping·(target − q̇): give it damping > 0");
    w.interactions.motors.push_back(motor);
  }
}

// One link as a body of the world: its tree joint (or a free joint when impulses hold it), its
// colliders, its visuals, and its limit and motor.
void addLink(Assembly& w, const ArticulationDescription& a, size_t i, LinkSpec spec, const InitialLinkMotion& start,
             int family, std::vector<int>& bodyOfLink) {
  const LinkDescription& link = a.links[i];
  // Coulomb friction switches between sticking and sliding: a non-smooth force that only
  // the semi-implicit step handles correctly (as impulses between velocity and position).
  if (link.joint.friction > 0 && w.scene.world.integrator != "semi-implicit-euler")
    throw SceneError(link.path + "/joint/friction",
                     "Coulomb joint friction needs the semi-implicit-euler integrator (this scene "
                     "uses " + w.scene.world.integrator + ")");
  const int parentBody = link.parent < 0 ? -1 : bodyOfLink[size_t(link.parent)];
  if (a.impulseJoints) {
    if (link.joint.damping != 0 || link.joint.friction != 0 || link.joint.springStiffness != 0 || link.joint.armature != 0)
      throw SceneError(link.path + "/joint",
                       "joint damping, armature, friction and springs are not available for impulse joints (\"joints\": \"impulse\")");
    spec = LinkSpec{spec.name, -1, JointType::Free, Vec3::UnitZ(), Transform(), spec.inertia};
    spec.linearDrag = link.linearDrag, spec.angularDrag = link.angularDrag, spec.gravcomp = link.gravcomp;
    spec.viscousDrag = link.viscousDrag;
  } else {
    spec.parent = parentBody;
  }
  const int body = bodyOfLink[i] = w.builder.addLink(spec);
  w.bodyNamed[spec.name] = body;
  if (spec.parent < 0) {
    w.interactions.selfCollision.push_back(a.selfCollision ? 1 : 0);
    w.interactions.collisionFamily.push_back(family);
  }
  w.visuals.push_back({spec.name, link.shapes, link.shapeVisuals});
  w.linkOfBody.push_back(&link);
  for (size_t k = 0; k < link.shapes.size(); ++k) {
    const Shape& shape = link.shapes[k];
    // Drawn only: under "either" a shape with a group still touches those whose mask has it.
    const bool drawnOnly = shape.collisionMask == 0 && (!w.interactions.eitherFilter || shape.collisionGroup == 0);
    if (drawnOnly && !w.pairedShapes.count({spec.name, int(k)})) continue;
    Collider collider;
    collider.shape = shape;
    collider.link = body;
    collider.shapeIndex = int(k);
    w.interactions.colliders.push_back(collider);
  }
  int impulseJoint = -1;
  if (a.impulseJoints) {
    w.impulseStarts.push_back({body, start.X0[i], start.v[i]});
    if (link.joint.type != JointType::Free) impulseJoint = addImpulseJoint(w, link, spec.name, parentBody, body);
  }
  addLimitAndMotor(w, link, body, impulseJoint);
}

void addArticulation(Assembly& w, const ArticulationDescription& a) {
  const std::vector<LinkSpec> specs = linkSpecsOf(a);
  InitialLinkMotion start;
  if (a.impulseJoints) {
    if (w.accurate) throw SceneError(a.links[0].path.substr(0, a.links[0].path.rfind("/links")) + "/joints", kNeedsRealtime);
    start = initialLinkMotion(a, specs);
  }
  // Links of an impulse-jointed articulation are separate trees; without self-collision they
  // still must not touch each other, like the links of one tree.
  const int family = a.impulseJoints && !a.selfCollision ? w.families++ : -1;
  std::vector<int> bodyOfLink(a.links.size());
  for (size_t i = 0; i < a.links.size(); ++i) addLink(w, a, i, specs[i], start, family, bodyOfLink);
}

// Every joint's initial position and velocity; links held by impulse joints start where their
// tree would have put them.
State initialStateOf(const Model& model, const Assembly& w) {
  State initial;
  initial.q = model.neutralConfiguration();
  initial.v = Eigen::VectorXd::Zero(model.nv);
  for (int body = 0; body < model.nlinks; ++body)
    setInitialJointState(model.joints[body], w.linkOfBody[body]->joint, initial);
  for (const Assembly::StartPose& startPose : w.impulseStarts) {
    const JointModel& j = model.joints[size_t(startPose.body)];
    const Quat q(startPose.X0.rotation());
    initial.q.segment<3>(j.idx_q) = startPose.X0.translation();
    initial.q.segment<4>(j.idx_q + 3) << q.w(), q.x(), q.y(), q.z();
    initial.v.segment<3>(j.idx_v) = startPose.v.angular;  // the twist in link coordinates, as the free joint keeps it
    initial.v.segment<3>(j.idx_v + 3) = startPose.v.linear;
  }
  return initial;
}

// Every joint must move some inertia, or its articulated inertia D = SᵀIᴬS is singular and
// forward dynamics divides by zero: a massless link (mass 0, between a body's joints) is fine
// while the links beyond it give each of its joints some. One ABA pass at the initial state finds
// a joint without: D not finite, or (1-DoF) below 1e-12 of the largest D of its kind, which is
// round-off of a zero.
void checkEveryJointMovesInertia(const Model& model, const State& initial, const std::vector<const LinkDescription*>& linkOfBody) {
  Data data(model, false);  // ABA only: no nv × nv mass matrix
  Loads loads(model);
  forwardDynamics(model, data, initial.q, initial.v, loads, DynamicsAlgorithm::ABA);
  double largest[2] = {0, 0};  // revolute (kg·m²), prismatic (kg)
  const auto kind = [&](int body) { return model.joints[size_t(body)].type == JointType::Prismatic ? 1 : 0; };
  for (int body = 0; body < model.nlinks; ++body)
    if (model.joints[size_t(body)].nv == 1) largest[kind(body)] = std::max(largest[kind(body)], 1 / data.invD1[size_t(body)]);
  for (int body = 0; body < model.nlinks; ++body) {
    const JointModel& j = model.joints[body];
    const bool tiny = j.nv == 1 && !(1 / data.invD1[size_t(body)] > 1e-12 * largest[kind(body)]);
    if (data.qdd.segment(j.idx_v, j.nv).allFinite() && !tiny) continue;
    const LinkDescription& link = *linkOfBody[size_t(body)];
    // A ball joint turns about three axes: a point mass on a rod has none about the rod.
    const bool ball = j.type == JointType::Spherical;
    throw SceneError(link.path, ball ? "this ball joint turns the link about an axis it has no inertia about (a point mass "
                                       "on a rod has none about the rod): give the link rotational inertia (\"inertia\", or a shape)"
                                     : "the joint of link " + quoteInput(link.name) +
                                           " moves no inertia: give the link (or the links beyond it) mass away from the "
                                           "joint axis, or rotational inertia");
  }
}

WorldSettings settingsOf(const WorldDescription& world, bool accurate) {
  WorldSettings settings;
  settings.timestep = world.timestep;
  settings.integrator.kind = integratorOf(world.integrator);
  settings.integrator.dynamics = world.dynamics == "crba" ? DynamicsAlgorithm::CRBA : DynamicsAlgorithm::ABA;
  settings.integrator.absoluteTolerance = world.absoluteTolerance;
  settings.integrator.relativeTolerance = world.relativeTolerance;
  settings.integrator.minStep = world.minStep;
  settings.integrator.maxStep = world.maxStep;
  settings.stepping = accurate ? Stepping::Accurate : Stepping::Realtime;
  settings.mixing = world.mixing;
  settings.solver = world.solver;
  settings.joints = world.joints;
  return settings;
}

}  // namespace

// The scene's excluded pairs as sorted link pairs, for canCollide's binary search.
std::vector<std::pair<int, int>> excludedPairsOf(const SceneDescription& scene, const std::map<std::string, int>& bodyNamed) {
  std::vector<std::pair<int, int>> pairs;
  for (const ExclusionDescription& e : scene.contactExclusions) {
    const int a = bodyNamed.at(e.a), b = bodyNamed.at(e.b);
    pairs.emplace_back(std::min(a, b), std::max(a, b));
  }
  std::sort(pairs.begin(), pairs.end());
  pairs.erase(std::unique(pairs.begin(), pairs.end()), pairs.end());
  return pairs;
}

// The scene's contact pairs as sorted collider keys (colliderKey), for canCollide's binary search.
static std::vector<ColliderPair> contactPairsOf(const SceneDescription& scene, const std::map<std::string, int>& bodyNamed) {
  std::vector<ColliderPair> pairs;
  for (const ContactPairDescription& p : scene.contactPairs) {
    Collider a, b;
    a.link = bodyNamed.at(p.a), a.shapeIndex = p.shapeA;
    b.link = bodyNamed.at(p.b), b.shapeIndex = p.shapeB;
    ColliderPair pair;
    pair.a = std::min(colliderKey(a), colliderKey(b)), pair.b = std::max(colliderKey(a), colliderKey(b));
    pair.friction = p.friction;
    pairs.push_back(pair);
  }
  std::stable_sort(pairs.begin(), pairs.end());
  // One pair listed twice: the last one's friction, as a later <pair> of MuJoCo's replaces an earlier.
  std::vector<ColliderPair> unique;
  for (const ColliderPair& p : pairs) {
    if (!unique.empty() && !(unique.back() < p)) unique.back() = p;
    else unique.push_back(p);
  }
  return unique;
}

World buildWorld(const SceneDescription& scene) {
  if (!scene.ropes.empty()) {
    // The ropes' ends at the start: from the scene's own bodies, built once without them.
    SceneDescription bodies;
    bodies.world = scene.world;
    bodies.articulations = scene.articulations;
    const World ends = buildWorld(bodies);
    std::map<std::string, int> named;
    for (size_t i = 0; i < ends.visuals().size(); ++i) named[ends.visuals()[i].name] = int(i);
    return buildWorld(withRopesBuilt(scene, [&](const std::string& name) {
      if (name == "world") return LinkFrame{};
      const int body = named.at(name);
      return LinkFrame{ends.bodyOrientation(body).toRotationMatrix(), ends.bodyPosition(body)};
    }));
  }
  Assembly w(scene);
  w.interactions.eitherFilter = scene.world.collisionFilter == "either";
  for (const ContactPairDescription& p : scene.contactPairs)
    w.pairedShapes.insert({p.a, p.shapeA}), w.pairedShapes.insert({p.b, p.shapeB});
  for (const ArticulationDescription& a : scene.articulations) addArticulation(w, a);
  Model model = w.builder.build();
  model.gravity = scene.world.gravity;
  State initial = initialStateOf(model, w);
  w.interactions.excludedPairs = excludedPairsOf(scene, w.bodyNamed);
  w.interactions.contactPairs = contactPairsOf(scene, w.bodyNamed);
  addConstraints(scene, model, initial, w.bodyNamed, w.interactions);
  addSpringsAndStrings(scene, model, initial, w.bodyNamed, w.accurate, w.interactions);
  if (w.accurate && !scene.constraints.empty()) throw SceneError(scene.constraints[0].path, kNeedsRealtime);
  for (const ConstraintDescription& c : scene.constraints) w.impulseJointPaths.push_back(c.path);
  checkJointSystemBudget(model, w.interactions.impulseJoints, w.impulseJointPaths);
  checkEveryJointMovesInertia(model, initial, w.linkOfBody);
  return World(std::move(model), std::move(initial), settingsOf(scene.world, w.accurate), std::move(w.visuals),
               std::move(w.interactions));
}

}  // namespace fw
