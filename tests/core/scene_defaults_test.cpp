// Every default the scene's JSON Schema declares is the value the parser uses when a scene leaves
// the field out. The schema is the one source (scripts/generate/scene_defaults.mjs writes its
// defaults into scene_defaults.generated.h); this test catches a parser that reads anything else.
// For each default it parses a scene without the field and the same scene with the field set to
// the schema's default: the two descriptions must be equal in every field.
#include <gtest/gtest.h>

#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <string>

#include "scene/scene_defaults.generated.h"
#include "scene/scene_parser.h"

namespace fw {
namespace {

using nlohmann::json;

json vectorJson(const Eigen::Vector3d& v) { return {v.x(), v.y(), v.z()}; }
json quaternionJson(const Eigen::Quaterniond& q) { return {q.w(), q.x(), q.y(), q.z()}; }
json poseJson(const Pose& p) { return {vectorJson(p.position), quaternionJson(p.orientation)}; }

json jointJson(const JointDescription& j) {
  json out = {{"type", int(j.type)}, {"axis", vectorJson(j.axis)}, {"origin", poseJson(j.origin)},
              {"position", j.position}, {"velocity", j.velocity}, {"initialPose", poseJson(j.initialPose)},
              {"angularVelocity", vectorJson(j.angularVelocity)}, {"linearVelocity", vectorJson(j.linearVelocity)},
              {"damping", j.damping}, {"armature", j.armature}, {"friction", j.friction}, {"springStiffness", j.springStiffness},
              {"springRest", j.springRest}};
  if (j.limits)
    out["limits"] = {j.limits->cone, j.limits->lower, j.limits->upper, j.limits->coneAngle, j.limits->restitution};
  if (j.motor) {
    const JointMotor& m = *j.motor;
    out["motor"] = {int(m.mode), m.targetVelocity, m.targetPosition, m.stiffness, m.damping, m.maxEffort,
                    m.offset,    m.amplitude,      m.frequency,      m.phase};
  }
  return out;
}

json shapeJson(const Shape& s) {
  return {int(s.type),        s.radius,   vectorJson(s.size), s.length,         vectorJson(s.position),
          quaternionJson(s.orientation), s.density, s.friction, s.restitution, s.collisionGroup, s.collisionMask};
}

json linkJson(const LinkDescription& l) {
  json out = {{"name", l.name}, {"parent", l.parent}, {"joint", jointJson(l.joint)},
              {"linearDrag", l.linearDrag}, {"angularDrag", l.angularDrag}, {"viscousDrag", l.viscousDrag},
              {"gravcomp", l.gravcomp}};
  if (l.inertial)
    out["inertial"] = {l.inertial->mass, vectorJson(l.inertial->centerOfMass),
                       std::vector<double>(l.inertial->inertiaAboutCom.data(), l.inertial->inertiaAboutCom.data() + 9)};
  for (const Shape& s : l.shapes) out["shapes"].push_back(shapeJson(s));
  for (const ShapeVisual& v : l.shapeVisuals) out["visuals"].push_back({v.color, v.meshUrl, v.meshScale});
  return out;
}

json worldJson(const WorldDescription& w) {
  const SolverSettings& o = w.solver;
  return {{"gravity", vectorJson(w.gravity)}, {"timestep", w.timestep}, {"integrator", w.integrator},
          {"dynamics", w.dynamics}, {"absoluteTolerance", w.absoluteTolerance},
          {"relativeTolerance", w.relativeTolerance}, {"minStep", w.minStep}, {"maxStep", w.maxStep},
          {"stepping", w.stepping}, {"mixing", {int(w.mixing.friction), int(w.mixing.restitution)}},
          {"solver", {o.velocityIterations, o.convergence, o.positionIterations, o.substeps, o.restitutionThreshold,
                      o.linearSlop, o.positionCorrection, o.maxCorrectionVelocity, o.speculativeMargin,
                      o.warmStarting, o.cone, int(o.restitutionLaw), o.sleep, o.sleepVelocity, o.sleepTime}},
          {"joints", {w.joints.tolerance, w.joints.iterations, w.joints.maxSpeed}}};
}

// Every field of a scene description, as JSON that compares exactly.
json describe(const SceneDescription& s) {
  json out = {{"world", worldJson(s.world)},
              {"camera", {vectorJson(s.camera.position), vectorJson(s.camera.target), s.camera.fov}}};
  for (const ArticulationDescription& a : s.articulations) {
    json links = json::array();
    for (const LinkDescription& l : a.links) links.push_back(linkJson(l));
    out["articulations"].push_back(
        {{"name", a.name}, {"flags", {a.isFreeBody, a.isStatic, a.selfCollision, a.impulseJoints}}, {"links", links}});
  }
  for (const ConstraintDescription& c : s.constraints)
    out["constraints"].push_back({c.name, int(c.type), c.a, c.b, vectorJson(c.axis), vectorJson(c.axis2)});
  for (const SpringDescription& p : s.springs)
    out["springs"].push_back({p.name, p.a, p.b, vectorJson(p.pointA), vectorJson(p.pointB), p.restLength.value_or(-1), p.stiffness, p.damping});
  for (const StringDescription& p : s.strings) {
    json via = json::array();
    for (const Eigen::Vector3d& v : p.via) via.push_back(vectorJson(v));
    out["strings"].push_back({p.name, p.a, p.b, vectorJson(p.pointA), vectorJson(p.pointB), p.length.value_or(-1), via});
  }
  for (const RopeDescription& p : s.ropes)
    out["ropes"].push_back({p.name, p.a, p.b, vectorJson(p.pointA), vectorJson(p.pointB), p.length, p.segments, p.mass,
                            p.radius, shapeJson(p.capsule)});
  return out;
}

// A scene with every object a default lives in, and none of the defaulted fields.
json defaultsBaseScene() {
  return json::parse(R"({
    "format": "featherweight-scene", "version": 1,
    "world": {"tolerance": {}, "solver": {}, "jointCorrection": {}, "mixing": {}},
    "materials": {"m": {}},
    "camera": {},
    "bodies": [
      {"name": "crate", "inertial": {"mass": 1, "inertia": {"ixx": 1, "iyy": 1, "izz": 1}}, "drag": {},
       "shapes": [{"type": "box", "size": [1, 1, 1], "collision": {}}, {"type": "sphere", "radius": 0.1, "material": "m"}]}
    ],
    "articulations": [
      {"name": "arm", "links": [
        {"name": "rod", "inertial": {"mass": 1},
         "joint": {"type": "revolute", "axis": [0, 1, 0], "origin": {}, "spring": {"stiffness": 1},
                   "limits": {"lower": -1, "upper": 1}, "motor": {"mode": "velocity"}}},
        {"name": "slide", "parent": "rod", "inertial": {"mass": 1},
         "joint": {"type": "prismatic", "axis": [0, 0, 1], "motor": {"mode": "position", "stiffness": 1}}},
        {"name": "wrist", "parent": "slide", "inertial": {"mass": 1}, "joint": {"type": "spherical"}},
        {"name": "driven", "parent": "rod", "inertial": {"mass": 1},
         "joint": {"type": "revolute", "axis": [1, 0, 0], "motor": {"mode": "prescribed", "trajectory": {}}}}
      ]},
      {"name": "floater", "links": [{"name": "base", "inertial": {"mass": 1},
                                     "joint": {"type": "free", "velocity": {}}}]}
    ],
    "springs": [{"a": "world", "b": "crate", "stiffness": 1}],
    "strings": [{"a": "world", "b": "crate"}],
    "ropes": [{"name": "rope", "a": "world", "b": "crate", "length": 1, "segments": 2, "mass": 1, "radius": 0.1}]
  })");
}

// Where each default lives in that scene (one or more places), and what the base needs first.
struct Place {
  std::vector<std::string> pointers;
  std::function<void(json&)> prepare = [](json&) {};
};

std::map<std::string, Place> defaultPlaces() {
  const std::string rod = "/articulations/0/links/0/joint", slide = "/articulations/0/links/1/joint",
                    wrist = "/articulations/0/links/2/joint", driven = "/articulations/0/links/3/joint/motor/trajectory";
  std::map<std::string, Place> places = {
      {"world.solver.sleep.velocity", {{"/world/solver/sleep/velocity"}, [](json& s) { s["world"]["solver"]["sleep"] = json::object(); }}},
      {"world.solver.sleep.time", {{"/world/solver/sleep/time"}, [](json& s) { s["world"]["solver"]["sleep"] = json::object(); }}},
      {"pose.position", {{rod + "/origin/position"}}},
      {"pose.quaternion", {{rod + "/origin/quaternion"}}},
      {"joint.position", {{rod + "/position", slide + "/position"}}},
      {"joint.revolute.velocity", {{rod + "/velocity"}}},
      {"joint.prismatic.velocity", {{slide + "/velocity"}}},
      {"joint.spherical.velocity", {{wrist + "/velocity"}}},
      {"joint.damping", {{rod + "/damping", slide + "/damping", wrist + "/damping"}}},
      {"joint.armature", {{rod + "/armature", slide + "/armature", wrist + "/armature"}}},
      {"joint.friction", {{rod + "/friction", slide + "/friction", wrist + "/friction"}}},
      {"joint.spring.rest", {{rod + "/spring/rest"}}},
      {"joint.limits.restitution", {{rod + "/limits/restitution"}}},
      {"joint.motor.targetVelocity", {{rod + "/motor/targetVelocity", slide + "/motor/targetVelocity"}}},
      {"joint.motor.damping", {{rod + "/motor/damping", slide + "/motor/damping"}}},
      {"joint.motor.target", {{slide + "/motor/target"}}},
      {"joint.velocity.linear", {{"/articulations/1/links/0/joint/velocity/linear"}}},
      {"joint.velocity.angular", {{"/articulations/1/links/0/joint/velocity/angular"}}},
      {"link.gravcomp", {{"/articulations/0/links/0/gravcomp", "/articulations/1/links/0/gravcomp"}}},
      {"shape.mesh.scale", {{"/bodies/0/shapes/2/mesh/scale"}, [](json& s) {
         s["bodies"][0]["shapes"].push_back({{"type", "convex"}, {"points", {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}}},
                                             {"mesh", {{"url", "m.obj"}}}});
       }}},
  };
  for (const char* f : {"offset", "amplitude", "frequency", "phase"})
    places["joint.motor.trajectory." + std::string(f)] = {{driven + "/" + f}};
  // The rest sit where their name says: world.solver.slop at /world/solver/slop, and so on.
  const std::map<std::string, std::string> prefixes = {
      {"world.", "/world/"},       {"camera.", "/camera/"},     {"material.", "/materials/m/"},
      {"shape.", "/bodies/0/shapes/0/"}, {"inertial.", "/bodies/0/inertial/"}, {"drag.", "/bodies/0/drag/"},
      {"body.", "/bodies/0/"},     {"articulation.", "/articulations/0/"}, {"spring.", "/springs/0/"},
      {"string.", "/strings/0/"},  {"rope.", "/ropes/0/"}};
  for (const scene_defaults::Entry& e : scene_defaults::kAll) {
    const std::string field(e.field);
    if (places.count(field)) continue;
    for (const auto& [prefix, at] : prefixes)
      if (field.starts_with(prefix)) {
        std::string pointer = at + field.substr(prefix.size());
        for (char& c : pointer) c = c == '.' ? '/' : c;
        places[field] = {{pointer}};
      }
  }
  return places;
}

TEST(SceneDefaults, TheParserUsesEverySchemaDefault) {
  ASSERT_GT(scene_defaults::kAll.size(), 50u) << "the schema's defaults did not reach the generated header";
  const std::map<std::string, Place> places = defaultPlaces();
  for (const auto& [field, place] : places) {
    bool declared = false;
    for (const scene_defaults::Entry& e : scene_defaults::kAll) declared = declared || e.field == field;
    EXPECT_TRUE(declared) << field << ": the schema no longer declares this default";
  }
  for (const scene_defaults::Entry& e : scene_defaults::kAll) {
    const std::string field(e.field);
    const auto place = places.find(field);
    ASSERT_NE(place, places.end()) << field << ": a new default in the schema; say where it lives in defaultPlaces()";
    for (const std::string& pointer : place->second.pointers) {
      json without = defaultsBaseScene();
      place->second.prepare(without);
      const json::json_pointer at(pointer);
      ASSERT_FALSE(without.contains(at)) << field << ": the base scene already gives " << pointer;
      ASSERT_TRUE(without.contains(at.parent_pointer())) << field << ": the base scene has no " << at.parent_pointer();
      json with = without;
      with[at] = json::parse(e.json);
      json absent, given;
      try {
        absent = describe(parseScene(without.dump()));
        given = describe(parseScene(with.dump()));
      } catch (const SceneError& error) {
        FAIL() << field << " at " << pointer << ": " << error.what();
      }
      EXPECT_EQ(absent, given) << field << " at " << pointer << ": the schema's default is " << e.json
                               << ", but the parser uses something else when the field is absent";
    }
  }
}

}  // namespace
}  // namespace fw
