#include "scene/scene_parser.h"

#include <Eigen/Eigenvalues>

#include <cmath>
#include <map>
#include <set>

#include "collision/convex_hull.h"
#include "scene/scene_budget.h"

namespace fw {
namespace {

// Fields the format defines whose physics lands with a later piece of the core. They are
// refused by name rather than ignored, so a scene never silently means something else.
constexpr std::string_view kNeedsKinematic = "kinematic bodies are not implemented yet";

struct Material {
  double density = 1000;
  double friction = 0.5;
  double restitution = 0;
};

double unitInterval(const JsonCursor& c, const char* what) {
  const double x = c.number();
  if (!(x >= 0 && x <= 1)) c.fail(std::string(what) + " must be between 0 and 1");
  return x;
}

double frictionCoefficient(const JsonCursor& c) {
  const double mu = c.number();
  if (!(mu >= 0 && mu <= 10)) c.fail("friction coefficient must be between 0 and 10");
  return mu;
}

uint32_t collisionBits(const JsonCursor& c) {
  const nlohmann::json& v = c.value();
  if (!v.is_number_unsigned() || v.get<uint64_t>() > 0xffffffffull)
    c.fail("expected an integer bit mask between 0 and 4294967295");
  return uint32_t(v.get<uint64_t>());
}

Eigen::Quaterniond quaternionFrom(const JsonCursor& c) {
  if (!c.value().is_array() || c.value().size() != 4)
    c.fail("expected 4 numbers (w, x, y, z)");
  Eigen::Quaterniond q(c[size_t{0}].number(), c[size_t{1}].number(), c[size_t{2}].number(),
                       c[size_t{3}].number());
  const double n = q.norm();
  if (n < 1e-9) c.fail("quaternion must not be zero");
  if (std::abs(n - 1) > 1e-3) c.fail("quaternion must have unit length (got length " +
                                     nlohmann::json(n).dump() + ")");
  return q.normalized();
}

// Roll, pitch, yaw about fixed x, y, z axes (URDF): R = Rz(yaw) Ry(pitch) Rx(roll).
Eigen::Quaterniond quaternionFromRpy(const Eigen::Vector3d& rpy) {
  using Eigen::AngleAxisd;
  return AngleAxisd(rpy.z(), Eigen::Vector3d::UnitZ()) * AngleAxisd(rpy.y(), Eigen::Vector3d::UnitY()) *
         AngleAxisd(rpy.x(), Eigen::Vector3d::UnitX());
}

Eigen::Quaterniond orientationFrom(const JsonCursor& c) {
  if (c.has("quaternion") && c.has("rpy")) c["rpy"].fail("give either quaternion or rpy, not both");
  if (c.has("quaternion")) return quaternionFrom(c["quaternion"]);
  if (c.has("rpy")) return quaternionFromRpy(c["rpy"].vector3());
  return Eigen::Quaterniond::Identity();
}

Pose poseFrom(const JsonCursor& c) {
  c.allowOnly({"position", "quaternion", "rpy"});
  Pose p;
  if (c.has("position")) p.position = c["position"].vector3();
  p.orientation = orientationFrom(c);
  return p;
}

Eigen::Vector3d unitAxis(const JsonCursor& c) {
  const Eigen::Vector3d a = c.vector3();
  if (a.norm() < 1e-9) c.fail("axis must not be zero");
  return a.normalized();
}

Inertial inertialFrom(const JsonCursor& c) {
  c.allowOnly({"mass", "com", "inertia"});
  Inertial in;
  in.mass = c["mass"].positiveNumber();
  if (c.has("com")) in.centerOfMass = c["com"].vector3();
  if (c.has("inertia")) {
    const JsonCursor I = c["inertia"];
    I.allowOnly({"ixx", "iyy", "izz", "ixy", "ixz", "iyz"});
    const double ixx = I["ixx"].nonNegativeNumber(), iyy = I["iyy"].nonNegativeNumber(),
                 izz = I["izz"].nonNegativeNumber();
    const double ixy = I.number("ixy", 0), ixz = I.number("ixz", 0), iyz = I.number("iyz", 0);
    in.inertiaAboutCom << ixx, ixy, ixz, ixy, iyy, iyz, ixz, iyz, izz;
    // A physical inertia is positive semi-definite and its principal moments obey the triangle
    // inequality (each at most the sum of the other two).
    Eigen::SelfAdjointEigenSolver<Eigen::Matrix3d> eig(in.inertiaAboutCom);
    const Eigen::Vector3d m = eig.eigenvalues();
    const double tol = 1e-9 * std::max(1e-12, m.cwiseAbs().maxCoeff());
    if (m.minCoeff() < -tol) I.fail("inertia is not positive semi-definite");
    if (m(2) > m(0) + m(1) + tol)
      I.fail("principal moments violate the triangle inequality (no real body has them)");
  }
  return in;
}

Shape shapeFrom(const JsonCursor& c, const std::map<std::string, Material>& materials, bool isStatic) {
  c.expectObject();
  Shape s;
  const std::string t = c["type"].oneOf({"sphere", "box", "capsule", "cylinder", "convex", "plane"});
#define FW_COMMON_SHAPE_FIELDS "type", "position", "quaternion", "rpy", "material", "density", "color", \
                               "friction", "restitution", "collision"
  if (t == "sphere") {
    c.allowOnly({FW_COMMON_SHAPE_FIELDS, "radius"});
    s.type = ShapeType::Sphere;
    s.radius = c["radius"].positiveNumber();
  } else if (t == "box") {
    c.allowOnly({FW_COMMON_SHAPE_FIELDS, "size"});
    s.type = ShapeType::Box;
    s.size = c["size"].vector3();
    for (int i = 0; i < 3; ++i)
      if (!(s.size(i) > 0)) c["size"][size_t(i)].fail("box size must be positive");
  } else if (t == "convex") {
    c.allowOnly({FW_COMMON_SHAPE_FIELDS, "points"});
    s.type = ShapeType::ConvexHull;
    const JsonCursor list = c["points"];
    std::vector<Eigen::Vector3d> points;
    for (size_t i = 0; i < list.size(); ++i) {
      points.push_back(list[i].vector3());
      if (points.back().cwiseAbs().maxCoeff() > kMaxShapeExtent) list[i].fail("hull points lie within ±1e5 m of the shape frame");
    }
    std::string error;
    s.hull = buildConvexHull(points, &error);
    if (!s.hull) list.fail(error);
  } else if (t == "plane") {
    c.allowOnly({FW_COMMON_SHAPE_FIELDS});
    if (!isStatic) c["type"].fail("a plane is infinite: only a static body can carry it");
    s.type = ShapeType::Plane;
  } else {
    c.allowOnly({FW_COMMON_SHAPE_FIELDS, "radius", "length"});
    s.type = t == "capsule" ? ShapeType::Capsule : ShapeType::Cylinder;
    s.radius = c["radius"].positiveNumber();
    s.length = c["length"].positiveNumber();
  }
#undef FW_COMMON_SHAPE_FIELDS
  if (c.has("position")) s.position = c["position"].vector3();
  // Shapes stay within kMaxShapeExtent: beyond it the contact arithmetic loses every digit.
  auto withinExtent = [&](const char* field, double x) {
    if (std::abs(x) > kMaxShapeExtent) c[field].fail("shape sizes and positions lie within ±1e5 m, got " + nlohmann::json(x).dump());
  };
  for (int i = 0; i < 3; ++i) withinExtent("position", s.position(i));
  if (s.type == ShapeType::Box) for (int i = 0; i < 3; ++i) withinExtent("size", s.size(i));
  if (s.type == ShapeType::Sphere || s.type == ShapeType::Capsule || s.type == ShapeType::Cylinder) withinExtent("radius", s.radius);
  if (s.type == ShapeType::Capsule || s.type == ShapeType::Cylinder) withinExtent("length", s.length);
  s.orientation = orientationFrom(c);
  if (c.has("material")) {
    const JsonCursor m = c["material"];
    auto it = materials.find(m.string());
    if (it == materials.end()) m.fail("no material named " + quoteInput(m.string()) + " in /materials");
    s.density = it->second.density;
    s.friction = it->second.friction;
    s.restitution = it->second.restitution;
  }
  if (c.has("density")) s.density = c["density"].positiveNumber();
  if (c.has("color")) s.color = c["color"].string();
  if (c.has("friction")) s.friction = frictionCoefficient(c["friction"]);
  if (c.has("restitution")) s.restitution = unitInterval(c["restitution"], "restitution");
  if (c.has("collision")) {
    const JsonCursor f = c["collision"];
    f.allowOnly({"group", "mask"});
    if (f.has("group")) s.collisionGroup = collisionBits(f["group"]);
    if (f.has("mask")) s.collisionMask = collisionBits(f["mask"]);
  }
  return s;
}

std::vector<Shape> shapesFrom(const JsonCursor& owner, const std::map<std::string, Material>& materials,
                              bool isStatic = false) {
  std::vector<Shape> shapes;
  if (!owner.has("shapes")) return shapes;
  const JsonCursor list = owner["shapes"];
  for (size_t i = 0; i < list.size(); ++i) shapes.push_back(shapeFrom(list[i], materials, isStatic));
  return shapes;
}

std::optional<JointLimit> limitsFrom(const JsonCursor& c, JointKind kind) {
  JointLimit limit;
  if (kind == JointKind::Spherical) {
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
  if (c.has("restitution")) limit.restitution = unitInterval(c["restitution"], "restitution");
  return limit;
}

JointMotor motorFrom(const JsonCursor& c) {
  JointMotor m;
  const std::string mode = c["mode"].oneOf({"velocity", "position", "prescribed"});
  if (mode == "velocity") {
    c.allowOnly({"mode", "targetVelocity", "maxEffort", "damping"});
    m.mode = MotorMode::Velocity;
    m.targetVelocity = c.number("targetVelocity", 0);
    m.damping = c.has("damping") ? c["damping"].nonNegativeNumber() : 0;
  } else if (mode == "position") {
    c.allowOnly({"mode", "target", "targetVelocity", "stiffness", "damping", "maxEffort"});
    m.mode = MotorMode::Position;
    m.targetPosition = c.number("target", 0);
    m.targetVelocity = c.number("targetVelocity", 0);
    m.stiffness = c["stiffness"].positiveNumber();
    m.damping = c.has("damping") ? c["damping"].nonNegativeNumber() : 0;
  } else {
    c.allowOnly({"mode", "trajectory"});
    m.mode = MotorMode::Prescribed;
    const JsonCursor t = c["trajectory"];
    t.allowOnly({"offset", "amplitude", "frequency", "phase"});
    m.offset = t.number("offset", 0);
    m.amplitude = t.number("amplitude", 0);
    m.frequency = t.has("frequency") ? t["frequency"].nonNegativeNumber() : 0;
    m.phase = t.number("phase", 0);
  }
  if (c.has("maxEffort")) m.maxEffort = c["maxEffort"].positiveNumber();
  return m;
}

void readDrag(const JsonCursor& owner, LinkDescription& link) {
  if (!owner.has("drag")) return;
  const JsonCursor d = owner["drag"];
  d.allowOnly({"linear", "angular"});
  if (d.has("linear")) link.linearDrag = d["linear"].nonNegativeNumber();
  if (d.has("angular")) link.angularDrag = d["angular"].nonNegativeNumber();
}

JointDescription jointFrom(const JsonCursor& c) {
  c.expectObject();
  JointDescription j;
  const std::string type =
      c["type"].oneOf({"fixed", "revolute", "prismatic", "spherical", "free"});
  if (type == "revolute" || type == "prismatic") {
    c.allowOnly({"type", "axis", "origin", "position", "velocity", "damping", "friction", "spring",
                 "limits", "motor"});
    j.kind = type == "revolute" ? JointKind::Revolute : JointKind::Prismatic;
    j.axis = unitAxis(c["axis"]);
    j.position = c.number("position", 0);
    j.velocity = c.number("velocity", 0);
    if (c.has("spring")) {
      const JsonCursor s = c["spring"];
      s.allowOnly({"stiffness", "rest"});
      j.springStiffness = s["stiffness"].nonNegativeNumber();
      j.springRest = s.number("rest", 0);
    }
  } else if (type == "spherical") {
    c.allowOnly({"type", "origin", "position", "velocity", "damping", "friction", "limits", "motor"});
    j.kind = JointKind::Spherical;
    if (c.has("position")) {
      const JsonCursor p = c["position"];
      p.allowOnly({"quaternion", "rpy"});
      j.initialPose.orientation = orientationFrom(p);
    }
    if (c.has("velocity")) j.angularVelocity = c["velocity"].vector3();
  } else if (type == "free") {
    c.allowOnly({"type", "origin", "position", "velocity"});
    j.kind = JointKind::Free;
    if (c.has("position")) j.initialPose = poseFrom(c["position"]);
    if (c.has("velocity")) {
      const JsonCursor v = c["velocity"];
      v.allowOnly({"linear", "angular"});
      if (v.has("linear")) j.linearVelocity = v["linear"].vector3();
      if (v.has("angular")) j.angularVelocity = v["angular"].vector3();
    }
  } else {
    c.allowOnly({"type", "origin"});
    j.kind = JointKind::Fixed;
  }
  if (c.has("origin")) j.origin = poseFrom(c["origin"]);
  if (c.has("damping")) j.damping = c["damping"].nonNegativeNumber();
  if (c.has("friction")) j.friction = c["friction"].nonNegativeNumber();
  if (c.has("limits")) j.limits = limitsFrom(c["limits"], j.kind);
  if (c.has("motor")) {
    if (j.kind != JointKind::Revolute && j.kind != JointKind::Prismatic)
      c["motor"].fail("motors drive revolute and prismatic joints");
    j.motor = motorFrom(c["motor"]);
  }
  return j;
}

std::string checkedName(const JsonCursor& c) {
  const std::string name = c.string();
  if (name.empty()) c.fail("name must not be empty");
  if (name.find('/') != std::string::npos) c.fail("name must not contain '/'");
  return name;
}

ArticulationDescription articulationFrom(const JsonCursor& c,
                                         const std::map<std::string, Material>& materials) {
  c.allowOnly({"name", "links", "selfCollision", "joints"});
  ArticulationDescription a;
  a.name = checkedName(c["name"]);
  a.selfCollision = c.boolean("selfCollision", false);
  a.impulseJoints = c.has("joints") && c["joints"].oneOf({"reduced", "impulse"}) == "impulse";
  const JsonCursor links = c["links"];
  if (links.size() == 0) links.fail("an articulation needs at least one link");
  std::map<std::string, int> indexOf;
  for (size_t i = 0; i < links.size(); ++i) {
    const JsonCursor l = links[i];
    l.allowOnly({"name", "parent", "joint", "inertial", "shapes", "drag"});
    LinkDescription link;
    link.path = l.path();
    link.name = checkedName(l["name"]);
    if (indexOf.count(link.name)) l["name"].fail("duplicate link name " + quoteInput(link.name));
    if (l.has("parent") && !l["parent"].value().is_null()) {
      const JsonCursor p = l["parent"];
      auto it = indexOf.find(p.string());
      if (it == indexOf.end())
        p.fail("no earlier link named " + quoteInput(p.string()) + " (list parents before their children)");
      link.parent = it->second;
    } else if (i > 0) {
      l.fail("only the first link may be the root: give \"parent\"");
    }
    link.joint = jointFrom(l["joint"]);
    if (link.joint.kind == JointKind::Free && link.parent >= 0)
      l["joint"]["type"].fail("a free joint may only join the root link to the world");
    if (l.has("inertial")) link.inertial = inertialFrom(l["inertial"]);
    link.shapes = shapesFrom(l, materials);
    if (!link.inertial && link.shapes.empty() && link.joint.kind != JointKind::Fixed)
      l.fail("a moving link needs \"inertial\" or at least one shape to take its mass from");
    readDrag(l, link);
    indexOf[link.name] = int(a.links.size());
    a.links.push_back(std::move(link));
  }
  return a;
}

// A free body is a one-link articulation whose only joint is free; its pose and velocity are
// given in the world frame.
ArticulationDescription bodyFrom(const JsonCursor& c, const std::map<std::string, Material>& materials) {
  c.allowOnly({"name", "position", "quaternion", "rpy", "linearVelocity", "angularVelocity",
               "inertial", "shapes", "drag", "static", "kinematic"});
  c.rejectIfPresent("kinematic", kNeedsKinematic);
  ArticulationDescription a;
  a.isFreeBody = true;
  a.name = checkedName(c["name"]);
  a.isStatic = c.boolean("static", false);
  if (a.isStatic) {
    for (const char* moving : {"linearVelocity", "angularVelocity", "inertial", "drag"})
      if (c.has(moving)) c[moving].fail("a static body does not move: it takes no velocity, mass or drag");
    // A link welded to the world: drawn and posed like any body, never moved.
    LinkDescription link;
    link.path = c.path();
    link.name = a.name;
    link.joint.kind = JointKind::Fixed;
    if (c.has("position")) link.joint.origin.position = c["position"].vector3();
    link.joint.origin.orientation = orientationFrom(c);
    link.shapes = shapesFrom(c, materials, true);
    a.links.push_back(std::move(link));
    return a;
  }
  LinkDescription link;
  link.path = c.path();
  link.name = a.name;
  link.joint.kind = JointKind::Free;
  if (c.has("position")) link.joint.initialPose.position = c["position"].vector3();
  link.joint.initialPose.orientation = orientationFrom(c);
  if (c.has("linearVelocity")) link.joint.linearVelocity = c["linearVelocity"].vector3();
  if (c.has("angularVelocity")) link.joint.angularVelocity = c["angularVelocity"].vector3();
  if (c.has("inertial")) link.inertial = inertialFrom(c["inertial"]);
  link.shapes = shapesFrom(c, materials);
  if (!link.inertial && link.shapes.empty())
    c.fail("a body needs \"inertial\" or at least one shape to take its mass from");
  readDrag(c, link);
  a.links.push_back(std::move(link));
  return a;
}

WorldDescription worldFrom(const JsonCursor& c) {
  c.allowOnly({"gravity", "timestep", "integrator", "dynamics", "stepping", "tolerance", "minStep",
               "maxStep", "solver", "jointCorrection"});
  WorldDescription w;
  if (c.has("gravity")) {
    w.gravity = c["gravity"].vector3();
    if (w.gravity.norm() > kMaxGravity) c["gravity"].fail("gravity above 1000 m/s² (100 g) is not meaningful here");
  }
  if (c.has("timestep")) {
    w.timestep = c["timestep"].positiveNumber();
    if (w.timestep > kMaxTimestep || w.timestep < kMinTimestep)
      c["timestep"].fail("the time step must lie between 1e-6 s and 0.1 s, got " + nlohmann::json(w.timestep).dump());
  }
  if (c.has("integrator")) w.integrator = c["integrator"].oneOf({"semi-implicit-euler", "rk4", "rk45"});
  if (c.has("dynamics")) w.dynamics = c["dynamics"].oneOf({"aba", "crba"});
  // realtime steps semi-implicitly with impulses; accurate locates events between Runge–Kutta
  // steps. Each follows from the integrator unless the scene says otherwise, and must fit it.
  w.stepping = w.integrator == "semi-implicit-euler" ? "realtime" : "accurate";
  if (c.has("stepping")) {
    w.stepping = c["stepping"].oneOf({"realtime", "accurate"});
    if (w.stepping == "realtime" && w.integrator != "semi-implicit-euler")
      c["stepping"].fail("realtime stepping integrates with semi-implicit-euler; use \"accurate\" with " + w.integrator);
    if (w.stepping == "accurate" && w.integrator == "semi-implicit-euler")
      c["stepping"].fail("accurate stepping needs the rk4 or rk45 integrator");
  }
  if (c.has("solver")) {
    const JsonCursor s = c["solver"];
    s.allowOnly({"iterations", "positionIterations", "substeps", "restitutionThreshold", "slop", "positionCorrection",
                 "speculativeMargin", "warmStarting", "frictionModel", "tolerance", "sleep", "restitutionLaw"});
    SolverSettings& o = w.solver;
    auto count = [&](const char* key, int fallback) { return s.has(key) ? int(s[key].integer(1, 1000)) : fallback; };
    o.velocityIterations = count("iterations", o.velocityIterations);
    o.positionIterations = count("positionIterations", o.positionIterations);
    if (s.has("substeps")) o.substeps = int(s["substeps"].integer(1, 64));
    if (s.has("restitutionThreshold")) o.restitutionThreshold = s["restitutionThreshold"].nonNegativeNumber();
    if (s.has("slop")) o.linearSlop = s["slop"].nonNegativeNumber();
    if (s.has("positionCorrection")) o.positionCorrection = unitInterval(s["positionCorrection"], "positionCorrection");
    if (s.has("tolerance")) o.convergence = s["tolerance"].positiveNumber();
    if (s.has("speculativeMargin")) o.speculativeMargin = s["speculativeMargin"].nonNegativeNumber();
    o.warmStarting = s.boolean("warmStarting", true);
    if (s.has("sleep")) {
      const JsonCursor z = s["sleep"];
      if (z.value().is_boolean()) {
        o.sleep = z.value().get<bool>();
      } else {
        z.allowOnly({"velocity", "time"});
        if (z.has("velocity")) o.sleepVelocity = z["velocity"].positiveNumber();
        if (z.has("time")) o.sleepTime = z["time"].positiveNumber();
      }
    }
    if (s.has("restitutionLaw"))
      o.restitutionLaw = s["restitutionLaw"].oneOf({"newton", "energetic"}) == "energetic" ? RestitutionLaw::Energetic
                                                                                         : RestitutionLaw::Newton;
    if (s.has("frictionModel")) o.cone = s["frictionModel"].oneOf({"cone", "pyramid"}) == "cone";
  }
  if (c.has("jointCorrection")) {
    const JsonCursor j = c["jointCorrection"];
    j.allowOnly({"tolerance", "iterations", "maxSpeed"});
    if (j.has("tolerance")) w.joints.tolerance = j["tolerance"].positiveNumber();
    if (j.has("maxSpeed")) w.joints.maxSpeed = j["maxSpeed"].positiveNumber();
    if (j.has("iterations")) w.joints.iterations = int(j["iterations"].integer(1, 10000));
  }
  if (c.has("tolerance")) {
    const JsonCursor t = c["tolerance"];
    t.allowOnly({"absolute", "relative"});
    w.absoluteTolerance = t.has("absolute") ? t["absolute"].positiveNumber() : w.absoluteTolerance;
    w.relativeTolerance = t.has("relative") ? t["relative"].positiveNumber() : w.relativeTolerance;
    for (const char* key : {"absolute", "relative"})
      if (t.has(key) && t[key].number() < kMinTolerance)
        t[key].fail("a tolerance below 1e-14 cannot be met in double precision (machine epsilon is 2.2e-16)");
  }
  if (c.has("minStep")) w.minStep = c["minStep"].positiveNumber();
  if (c.has("maxStep")) w.maxStep = c["maxStep"].positiveNumber();
  if (w.maxStep > 0 && w.minStep > w.maxStep) c["minStep"].fail("minStep is larger than maxStep");
  return w;
}

std::map<std::string, Material> materialsFrom(const JsonCursor& root) {
  std::map<std::string, Material> materials;
  if (!root.has("materials")) return materials;
  const JsonCursor all = root["materials"];
  all.expectObject();
  for (auto it = all.value().begin(); it != all.value().end(); ++it) {
    const JsonCursor m = all[it.key()];
    m.allowOnly({"density", "friction", "restitution"});
    Material mat;
    if (m.has("density")) mat.density = m["density"].positiveNumber();
    if (m.has("friction")) mat.friction = frictionCoefficient(m["friction"]);
    if (m.has("restitution")) mat.restitution = unitInterval(m["restitution"], "restitution");
    materials[it.key()] = mat;
  }
  return materials;
}

Camera cameraFrom(const JsonCursor& c) {
  c.allowOnly({"position", "target", "fov"});
  Camera cam;
  if (c.has("position")) cam.position = c["position"].vector3();
  if (c.has("target")) cam.target = c["target"].vector3();
  if (c.has("fov")) {
    cam.fov = c["fov"].positiveNumber();
    if (cam.fov >= 180) c["fov"].fail("field of view must be below 180 degrees");
  }
  if ((cam.position - cam.target).norm() < 1e-9) c.fail("camera position and target coincide");
  return cam;
}

void checkStringList(const JsonCursor& c) {
  for (size_t i = 0; i < c.size(); ++i) c[i].string();
}

// The teaching metadata only has to be well formed here; the page uses it. Slider paths must
// point at numbers that exist in this very scene.
void checkMeta(const JsonCursor& meta, const nlohmann::json& document,
               const std::set<std::string>& jointNames) {
  meta.allowOnly({"title", "description", "observe", "plots", "sliders", "questions"});
  if (meta.has("title")) meta["title"].string();
  if (meta.has("description")) meta["description"].string();
  if (meta.has("observe")) checkStringList(meta["observe"]);
  if (meta.has("plots")) {
    const JsonCursor plots = meta["plots"];
    for (size_t i = 0; i < plots.size(); ++i) {
      const JsonCursor p = plots[i];
      p.allowOnly({"quantity", "joint", "body", "label"});
      const std::string q = p["quantity"].oneOf(
          {"energy", "momentum", "joint.q", "joint.qd", "body.position", "body.velocity"});
      if (q.starts_with("joint.")) {
        const std::string j = p["joint"].string();
        if (!jointNames.count(j)) p["joint"].fail("no joint named " + quoteInput(j) + " (use \"articulation/link\")");
      }
      if (q.starts_with("body.")) {
        const std::string b = p["body"].string();
        if (!jointNames.count(b)) p["body"].fail("no body named " + quoteInput(b) + " (use \"articulation/link\" or a body's name)");
      }
      if (p.has("label")) p["label"].string();
    }
  }
  // Predict, then observe: a question with its choices, shown before Play; the answer (an index
  // into the choices) and its explanation are revealed once the run reaches revealAt seconds.
  if (meta.has("questions")) {
    const JsonCursor questions = meta["questions"];
    for (size_t i = 0; i < questions.size(); ++i) {
      const JsonCursor q = questions[i];
      q.allowOnly({"text", "choices", "answer", "explanation", "revealAt"});
      q["text"].string();
      const JsonCursor choices = q["choices"];
      if (choices.size() < 2 || choices.size() > 6) choices.fail("a question needs 2 to 6 choices");
      checkStringList(choices);
      q["answer"].integer(0, (long long)(choices.size()) - 1);
      if (q.has("explanation")) q["explanation"].string();
      if (q.has("revealAt")) q["revealAt"].positiveNumber();
    }
  }
  if (meta.has("sliders")) {
    const JsonCursor sliders = meta["sliders"];
    for (size_t i = 0; i < sliders.size(); ++i) {
      const JsonCursor s = sliders[i];
      s.allowOnly({"label", "path", "min", "max", "step", "unit"});
      s["label"].string();
      const JsonCursor path = s["path"];
      nlohmann::json::json_pointer pointer;
      try {
        pointer = nlohmann::json::json_pointer(path.string());
      } catch (const nlohmann::json::exception&) {
        path.fail("not a JSON Pointer (RFC 6901)");
      }
      bool pointsAtNumber = false;
      try {
        pointsAtNumber = document.contains(pointer) && document.at(pointer).is_number();
      } catch (const nlohmann::json::exception&) {  // an array index past any size_t (out_of_range.404)
      }
      if (!pointsAtNumber) path.fail("must point at a number in this scene");
      const double lo = s["min"].number(), hi = s["max"].number();
      if (!(lo < hi)) s["max"].fail("max must be larger than min");
      if (s.has("step")) s["step"].positiveNumber();
      if (s.has("unit")) s["unit"].string();
    }
  }
}

// "line L, column C" of a byte offset, for text that does not parse.
std::string lineAndColumn(std::string_view text, size_t byte) {
  size_t line = 1, column = 1;
  for (size_t i = 0; i < byte && i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++line;
      column = 1;
    } else {
      ++column;
    }
  }
  return "line " + std::to_string(line) + ", column " + std::to_string(column);
}

// A joint held by impulses between two bodies or links ("world" for the ground), placed by a
// world anchor and axes at the initial configuration, or by a point in each body's frame.
ConstraintDescription constraintFrom(const JsonCursor& c, const std::set<std::string>& names) {
  c.allowOnly({"name", "type", "a", "b", "anchor", "pointA", "pointB", "axis", "axis2"});
  ConstraintDescription d;
  d.path = c.path();
  d.name = c.string("name", "");
  const std::string type = c["type"].oneOf({"ball", "hinge", "slider", "fixed", "universal"});
  d.type = type == "ball"    ? ImpulseJointType::Ball
           : type == "hinge" ? ImpulseJointType::Hinge
           : type == "slider" ? ImpulseJointType::Slider
           : type == "fixed"  ? ImpulseJointType::Fixed
                              : ImpulseJointType::Universal;
  for (const char* side : {"a", "b"}) {
    const std::string name = c[side].string();
    if (name != "world" && !names.count(name))
      c[side].fail("no body or link named " + quoteInput(name) + " (links are named \"articulation/link\"; the ground is \"world\")");
    (side[0] == 'a' ? d.a : d.b) = name;
  }
  if (d.a == d.b) c["b"].fail("a constraint joins two different bodies");
  if (c.has("anchor")) {
    if (c.has("pointA") || c.has("pointB")) c["anchor"].fail("give either \"anchor\" or \"pointA\" and \"pointB\", not both");
    d.anchor = c["anchor"].vector3();
  } else {
    if (!c.has("pointA") || !c.has("pointB")) c.fail("a constraint needs \"anchor\" (world) or \"pointA\" and \"pointB\" (body frames)");
    d.pointA = c["pointA"].vector3();
    d.pointB = c["pointB"].vector3();
  }
  const bool needsAxis = d.type == ImpulseJointType::Hinge || d.type == ImpulseJointType::Slider ||
                         d.type == ImpulseJointType::Universal;
  if (needsAxis && !c.has("axis")) c.fail("a " + type + " constraint needs \"axis\"");
  if (c.has("axis")) {
    const Eigen::Vector3d axis = c["axis"].vector3();
    if (axis.norm() < 1e-9) c["axis"].fail("the axis must not be zero");
    d.axis = axis.normalized();
  }
  if (d.type == ImpulseJointType::Universal) {
    if (!c.has("axis2")) c.fail("a universal constraint needs \"axis2\" (the axis on b, perpendicular to \"axis\")");
    const Eigen::Vector3d axis2 = c["axis2"].vector3();
    if (axis2.norm() < 1e-9) c["axis2"].fail("the axis must not be zero");
    d.axis2 = axis2.normalized();
    if (std::abs(d.axis.dot(d.axis2)) > 1e-6) c["axis2"].fail("axis2 must be perpendicular to axis");
  } else if (c.has("axis2")) {
    c["axis2"].fail("only a universal constraint has a second axis");
  }
  return d;
}

// A controller is JavaScript the core never runs (the page and the library do, web/ and lib/):
// checked here so a scene is accepted or refused alike everywhere.
void checkController(const JsonCursor& c, double timestep) {
  c.expectObject();
  c.allowOnly({"source", "rate", "parameters"});
  // Named numbers the control law reads as ctx.parameters (gains, set points); sliders may point at them.
  if (c.has("parameters")) {
    const JsonCursor parameters = c["parameters"];
    parameters.expectObject();
    if (parameters.value().size() > kMaxControllerParameters)
      parameters.fail("a controller has at most " + std::to_string(kMaxControllerParameters) + " parameters");
    for (const auto& [name, value] : parameters.value().items()) parameters[name].number();
  }
  const std::string source = c["source"].string();
  if (source.size() > kMaxControllerBytes)
    c["source"].fail("the controller's source is " + std::to_string(source.size()) + " bytes; at most " +
                     std::to_string(kMaxControllerBytes) + " are allowed");
  const double rate = c["rate"].positiveNumber();
  const double steps = 1 / (rate * timestep);
  if (std::round(steps) < 1 || std::abs(steps - std::round(steps)) > 1e-6 * std::round(steps))
    c["rate"].fail("a controller's period must be a whole number of time steps (" + nlohmann::json(timestep).dump() +
                   " s), so it ticks in lockstep with them");
}

}  // namespace

SceneDescription parseScene(std::string_view jsonText) {
  nlohmann::json document;
  try {
    // The parser keeps its own stack, but nothing after it should walk thousands of levels.
    const nlohmann::json::parser_callback_t depthLimit = [](int depth, nlohmann::json::parse_event_t, nlohmann::json&) {
      if (depth > kMaxJsonDepth)
        throw SceneError("", "the JSON nests deeper than " + std::to_string(kMaxJsonDepth) + " levels (a scene needs about ten)");
      return true;
    };
    document = nlohmann::json::parse(jsonText, depthLimit);
  } catch (const nlohmann::json::parse_error& e) {
    // nlohmann's message reads "[json.exception.parse_error.101] parse error at line …: reason".
    std::string reason = e.what();
    const size_t colon = reason.find(": ", reason.find("parse error"));
    reason = colon == std::string::npos ? reason : reason.substr(colon + 2);
    throw SceneError("", "not valid JSON at " + lineAndColumn(jsonText, e.byte == 0 ? 0 : e.byte - 1) + ": " + reason);
  } catch (const nlohmann::json::out_of_range& e) {
    // A number beyond double range ("1e999", out_of_range.406): the message quotes it, so find it.
    const std::string message = e.what();
    const size_t open = message.find('\''), close = message.rfind('\'');
    const std::string number = open < close ? message.substr(open + 1, close - open - 1) : "";
    const size_t at = number.empty() ? std::string_view::npos : jsonText.find(number);
    throw SceneError("", "not valid JSON at " + lineAndColumn(jsonText, at == std::string_view::npos ? 0 : at) +
                             ": the number " + quoteInput(number) + " is beyond the range of double precision");
  }

  const JsonCursor root(document, "");
  root.expectObject();
  root.allowOnly({"$schema", "format", "version", "meta", "world", "materials", "bodies",
                  "articulations", "constraints", "camera", "controller"});
  if (root["format"].string() != kSceneFormat)
    root["format"].fail(std::string("expected \"") + kSceneFormat + "\"");
  const JsonCursor version = root["version"];
  if (!version.value().is_number_integer()) version.fail("expected an integer format version");
  if (version.value().is_number_unsigned() ? version.value().get<unsigned long long>() > unsigned(kSceneVersion)
                                           : version.value().get<long long>() > kSceneVersion)
    version.fail("version " + version.value().dump() + " is newer than this Featherweight reads (" +
                 std::to_string(kSceneVersion) + ")");
  if (version.value().get<long long>() < 1) version.fail("versions start at 1");

  SceneDescription scene;
  if (root.has("world")) scene.world = worldFrom(root["world"]);
  const auto materials = materialsFrom(root);

  // Joints and bodies share names: "articulation/link" for links, the name itself for free bodies.
  std::set<std::string> topNames, jointNames;
  auto claimName = [&](const JsonCursor& nameCursor, const std::string& name) {
    if (!topNames.insert(name).second)
      nameCursor.fail("duplicate name " + quoteInput(name) + " (bodies and articulations share one namespace)");
  };
  if (root.has("bodies")) {
    const JsonCursor bodies = root["bodies"];
    for (size_t i = 0; i < bodies.size(); ++i) {
      scene.articulations.push_back(bodyFrom(bodies[i], materials));
      claimName(bodies[i]["name"], scene.articulations.back().name);
      jointNames.insert(scene.articulations.back().name);
    }
  }
  if (root.has("articulations")) {
    const JsonCursor list = root["articulations"];
    for (size_t i = 0; i < list.size(); ++i) {
      scene.articulations.push_back(articulationFrom(list[i], materials));
      claimName(list[i]["name"], scene.articulations.back().name);
      for (const LinkDescription& l : scene.articulations.back().links)
        jointNames.insert(scene.articulations.back().name + "/" + l.name);
    }
  }
  if (scene.articulations.empty()) root.fail("a scene needs at least one body or articulation");
  if (root.has("constraints")) {
    const JsonCursor list = root["constraints"];
    for (size_t i = 0; i < list.size(); ++i) scene.constraints.push_back(constraintFrom(list[i], jointNames));
  }
  checkSceneBudgets(scene);
  if (root.has("camera")) scene.camera = cameraFrom(root["camera"]);
  if (root.has("controller")) checkController(root["controller"], scene.world.timestep);
  if (root.has("meta")) {
    checkMeta(root["meta"], document, jointNames);
    scene.title = root["meta"].string("title", "");
  }
  return scene;
}

}  // namespace fw
