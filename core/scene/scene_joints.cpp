// The joint of a link to its parent: its type (one vocabulary with the constraints,
// scene_vocabulary.h), initial state, damping, armature, friction, spring, limits and motor.
#include "scene/scene_reading.h"
#include "scene/scene_vocabulary.h"

namespace fw {
namespace {

namespace d = scene_defaults;

JointType linkJointType(const JsonCursor& c) {
  const std::string name = c.string();
  for (const JointTypeName& n : kJointTypeNames)
    if (n.name == name) {
      if (n.type == JointType::Universal)
        c.fail("a universal joint is held by impulses: give it in \"constraints\", not as a link's joint");
      return n.type;
    }
  c.fail(quoteInput(name) +
         " is not one of \"fixed\", \"revolute\" (or \"hinge\"), \"prismatic\" (or \"slider\"), \"spherical\" (or "
         "\"ball\"), \"free\"");
}

JointLimit limitsFrom(const JsonCursor& c, JointType type) {
  JointLimit limit;
  if (type == JointType::Spherical) {
    c.allowOnly({"cone", "restitution"});
    limit.cone = true;
    limit.coneAngle = c["cone"].positiveNumber();
    if (limit.coneAngle >= 3.14159) c["cone"].fail("cone half-angle must be below π");
  } else {
    c.allowOnly({"lower", "upper", "restitution"});
    limit.lower = c["lower"].number();
    limit.upper = c["upper"].number();
    if (!(limit.lower < limit.upper)) c["upper"].fail("upper limit must be above the lower limit");
  }
  limit.restitution = c.has("restitution") ? unitInterval(c["restitution"], "restitution") : d::kJointLimitsRestitution;
  return limit;
}

double nonNegativeOr(const JsonCursor& c, std::string_view key, double fallback) {
  return c.has(key) ? c[key].nonNegativeNumber() : fallback;
}

JointMotor motorFrom(const JsonCursor& c) {
  JointMotor m;
  const std::string mode = c["mode"].oneOf({"velocity", "position", "prescribed"});
  if (mode == "velocity") {
    c.allowOnly({"mode", "targetVelocity", "maxEffort", "damping"});
    m.mode = MotorMode::Velocity;
    m.targetVelocity = c.number("targetVelocity", d::kJointMotorTargetVelocity);
    m.damping = nonNegativeOr(c, "damping", d::kJointMotorDamping);
  } else if (mode == "position") {
    c.allowOnly({"mode", "target", "targetVelocity", "stiffness", "damping", "maxEffort"});
    m.mode = MotorMode::Position;
    m.targetPosition = c.number("target", d::kJointMotorTarget);
    m.targetVelocity = c.number("targetVelocity", d::kJointMotorTargetVelocity);
    m.stiffness = c["stiffness"].positiveNumber();
    m.damping = nonNegativeOr(c, "damping", d::kJointMotorDamping);
  } else {
    c.allowOnly({"mode", "trajectory"});
    m.mode = MotorMode::Prescribed;
    const JsonCursor t = c["trajectory"];
    t.allowOnly({"offset", "amplitude", "frequency", "phase"});
    m.offset = t.number("offset", d::kJointMotorTrajectoryOffset);
    m.amplitude = t.number("amplitude", d::kJointMotorTrajectoryAmplitude);
    m.frequency = nonNegativeOr(t, "frequency", d::kJointMotorTrajectoryFrequency);
    m.phase = t.number("phase", d::kJointMotorTrajectoryPhase);
  }
  if (c.has("maxEffort")) m.maxEffort = c["maxEffort"].positiveNumber();
  return m;
}

// Revolute and prismatic: one coordinate along the axis, and an optional spring on it.
void readOneDegree(const JsonCursor& c, JointDescription& j) {
  c.allowOnly({"type", "name", "axis", "origin", "position", "velocity", "damping", "armature", "friction", "spring",
               "limits", "motor"});
  j.axis = unitAxis(c["axis"]);
  j.position = c.number("position", d::kJointPosition);
  j.velocity = c.number("velocity", j.type == JointType::Revolute ? d::kJointRevoluteVelocity : d::kJointPrismaticVelocity);
  if (c.has("spring")) {
    const JsonCursor s = c["spring"];
    s.allowOnly({"stiffness", "rest"});
    j.springStiffness = s["stiffness"].nonNegativeNumber();
    j.springRest = s.number("rest", d::kJointSpringRest);
  }
}

// Spherical: an orientation and an angular velocity in the joint frame.
void readSpherical(const JsonCursor& c, JointDescription& j) {
  c.allowOnly({"type", "name", "origin", "position", "velocity", "damping", "armature", "friction", "limits", "motor"});
  if (c.has("position")) {
    const JsonCursor p = c["position"];
    p.allowOnly({"quaternion", "rpy"});
    j.initialPose.orientation = orientationFrom(p, Eigen::Quaterniond::Identity());
  }
  j.angularVelocity = vector3Or(c, "velocity", d::kJointSphericalVelocity);
}

// Free: a pose and a (linear, angular) velocity in the joint frame.
void readFree(const JsonCursor& c, JointDescription& j) {
  c.allowOnly({"type", "name", "origin", "position", "velocity"});
  if (c.has("position")) j.initialPose = poseFrom(c["position"]);
  if (c.has("velocity")) {
    const JsonCursor v = c["velocity"];
    v.allowOnly({"linear", "angular"});
    j.linearVelocity = vector3Or(v, "linear", d::kJointVelocityLinear);
    j.angularVelocity = vector3Or(v, "angular", d::kJointVelocityAngular);
  }
}

}  // namespace

JointDescription jointFrom(const JsonCursor& c) {
  c.expectObject();
  JointDescription j;
  j.type = linkJointType(c["type"]);
  switch (j.type) {
    case JointType::Revolute:
    case JointType::Prismatic: readOneDegree(c, j); break;
    case JointType::Spherical: readSpherical(c, j); break;
    case JointType::Free: readFree(c, j); break;
    case JointType::Fixed:
    case JointType::Universal: c.allowOnly({"type", "name", "origin"}); break;
  }
  if (c.has("name")) checkedName(c["name"]);  // the library's; the core names joints by their links
  if (c.has("origin")) j.origin = poseFrom(c["origin"]);
  if (c.has("damping")) j.damping = c["damping"].nonNegativeNumber();
  if (c.has("armature")) j.armature = c["armature"].nonNegativeNumber();
  if (c.has("friction")) j.friction = c["friction"].nonNegativeNumber();
  if (c.has("limits")) j.limits = limitsFrom(c["limits"], j.type);
  if (c.has("motor")) {
    if (j.type != JointType::Revolute && j.type != JointType::Prismatic)
      c["motor"].fail("motors drive revolute and prismatic joints");
    j.motor = motorFrom(c["motor"]);
  }
  return j;
}

}  // namespace fw
