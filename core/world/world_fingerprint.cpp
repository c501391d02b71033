// The world's two fingerprints, which a saved state carries in its header (world_state.cpp).
#include "world/state_bytes.h"
#include "world/world.h"

namespace fw {

// Two fingerprints of what the world was built from. The structure: sizes, joint types, tree
// shape, which link carries which collider, limits, motors and impulse joints, the stepping
// mode. The scene: all of that and every number (gravity, placements, inertias, shapes,
// materials, settings).
// An impulse joint's type as saved states have always fingerprinted it (ball, hinge, slider,
// fixed, universal), so states saved before joints shared one vocabulary still restore.
static int impulseJointCode(JointType type) {
  switch (type) {
    case JointType::Spherical: return 0;
    case JointType::Revolute: return 1;
    case JointType::Prismatic: return 2;
    case JointType::Fixed: return 3;
    case JointType::Universal: return 4;
    case JointType::Free: break;
  }
  return 5;
}

void World::fingerprintModel() {
  Fingerprint structure;
  structure.add(model_.nlinks), structure.add(model_.nq), structure.add(model_.nv);
  for (int link = 0; link < model_.nlinks; ++link) {
    structure.add(model_.joints[size_t(link)].type);
    structure.add(model_.parent[size_t(link)]);
  }
  structure.add(uint64_t(interactions_.colliders.size()));
  for (const Collider& c : interactions_.colliders) structure.add(c.link), structure.add(c.shape.type);
  structure.add(uint64_t(interactions_.limits.size()));
  for (const JointLimit& l : interactions_.limits) structure.add(l.link), structure.add(l.impulseJoint), structure.add(l.cone);
  structure.add(uint64_t(state_.motors.size()));
  for (const JointMotor& m : state_.motors) structure.add(m.link), structure.add(m.impulseJoint), structure.add(m.mode);
  structure.add(uint64_t(interactions_.impulseJoints.size()));
  for (const ImpulseJoint& j : interactions_.impulseJoints)
    structure.add(impulseJointCode(j.type)), structure.add(j.linkA), structure.add(j.linkB);
  // Springs and strings only when there are some: older fingerprints stay as they were.
  if (!interactions_.springs.empty() || !interactions_.strings.empty()) {
    structure.add(uint64_t(interactions_.springs.size())), structure.add(uint64_t(interactions_.strings.size()));
    for (const Spring& p : interactions_.springs) structure.add(p.linkA), structure.add(p.linkB);
    for (const IdealString& p : interactions_.strings) structure.add(p.linkA), structure.add(p.linkB);
  }
  structure.add(settings_.stepping), structure.add(settings_.integrator.kind);
  structureHash_ = structure.value();

  Fingerprint scene = structure;
  scene.add(model_.gravity);
  for (int link = 0; link < model_.nlinks; ++link) {
    const size_t i = size_t(link);
    scene.add(model_.joints[i].axis);
    scene.add(model_.jointPlacement[i].E), scene.add(model_.jointPlacement[i].r);
    scene.add(model_.inertia[i].mass), scene.add(model_.inertia[i].com), scene.add(model_.inertia[i].inertiaAboutCom);
    scene.add(model_.linearDrag[i]), scene.add(model_.angularDrag[i]);
    if (model_.viscousDrag[i] != 0) scene.add(model_.viscousDrag[i]);  // (older fingerprints stay as they were)
    scene.add(model_.linkNames[i]);
  }
  for (int k = 0; k < model_.nv; ++k) {
    const size_t i = size_t(k);
    scene.add(model_.damping[i]), scene.add(model_.springStiffness[i]), scene.add(model_.springRest[i]);
    scene.add(model_.coulombFriction[i]);
  }
  // Only when some joint has one: states saved before armature existed keep their fingerprint.
  if (model_.anyArmature)
    for (double a : model_.armature) scene.add(a);
  if (model_.anyGravcomp)  // likewise for gravity compensation
    for (double g : model_.gravcomp) scene.add(g);
  for (const Collider& c : interactions_.colliders) {
    const Shape& s = c.shape;
    scene.add(s.radius), scene.add(s.size), scene.add(s.length), scene.add(s.position), scene.add(s.orientation.coeffs());
    scene.add(s.density), scene.add(s.friction), scene.add(s.restitution), scene.add(s.collisionGroup), scene.add(s.collisionMask);
    if (s.hull)
      for (const Vec3& v : s.hull->vertices) scene.add(v);
  }
  for (char self : interactions_.selfCollision) scene.add(self);
  for (int family : interactions_.collisionFamily) scene.add(family);
  // Only when set: states saved before these existed keep their fingerprint.
  if (interactions_.eitherFilter) scene.add(uint64_t(1));
  for (const auto& [a, b] : interactions_.excludedPairs) scene.add(a), scene.add(b);
  for (const ColliderPair& p : interactions_.contactPairs) scene.add(p.a), scene.add(p.b), scene.add(p.friction);
  for (const JointLimit& l : interactions_.limits)
    scene.add(l.lower), scene.add(l.upper), scene.add(l.coneAngle), scene.add(l.restitution);
  for (const ImpulseJoint& j : interactions_.impulseJoints) {
    scene.add(j.anchorA), scene.add(j.anchorB), scene.add(j.frameA), scene.add(j.frameB), scene.add(j.axis), scene.add(j.axis2);
  }
  for (const Spring& p : interactions_.springs)
    scene.add(p.pointA), scene.add(p.pointB), scene.add(p.restLength), scene.add(p.stiffness), scene.add(p.damping);
  for (const IdealString& p : interactions_.strings) {
    scene.add(p.pointA), scene.add(p.pointB), scene.add(p.length);
    for (const Vec3& v : p.via) scene.add(v);
  }
  const WorldSettings& w = settings_;
  scene.add(w.timestep), scene.add(w.integrator.dynamics), scene.add(w.integrator.absoluteTolerance);
  scene.add(w.integrator.relativeTolerance), scene.add(w.integrator.minStep), scene.add(w.integrator.maxStep);
  const SolverSettings& s = w.solver;
  scene.add(s.velocityIterations), scene.add(s.convergence), scene.add(s.positionIterations);
  if (s.substeps != SolverSettings{}.substeps) scene.add(s.substeps);  // links saved before it existed stay valid
  scene.add(s.restitutionThreshold), scene.add(s.linearSlop), scene.add(s.positionCorrection);
  scene.add(s.maxCorrectionVelocity), scene.add(s.speculativeMargin), scene.add(s.warmStarting), scene.add(s.cone);
  scene.add(s.restitutionLaw), scene.add(s.sleep), scene.add(s.sleepVelocity), scene.add(s.sleepTime);
  scene.add(w.joints.tolerance), scene.add(w.joints.maxSpeed);
  scene.add(w.eventTolerance), scene.add(w.impactThreshold), scene.add(w.maxEventsPerStep);
  // Only when not the default: scenes saved before the setting existed keep their fingerprint.
  if (w.mixing.friction != MaterialMixing{}.friction || w.mixing.restitution != MaterialMixing{}.restitution)
    scene.add(w.mixing.friction), scene.add(w.mixing.restitution);
  modelHash_ = scene.value();
}

}  // namespace fw
