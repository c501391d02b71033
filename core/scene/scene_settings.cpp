// The settings of a scene: "world" (gravity, step, integrator, solver), "camera", and the
// sections the core carries without reading them ("meta", "controller").
#include <cmath>

#include "scene/scene_reading.h"

namespace fw {
namespace {

namespace d = scene_defaults;

// The contact solver's settings as the schema's defaults give them. A world built without a
// scene keeps SolverSettings' own; a scene's world always starts from these.
SolverSettings solverDefaults() {
  SolverSettings o;
  o.velocityIterations = int(d::kWorldSolverIterations);
  o.positionIterations = int(d::kWorldSolverPositionIterations);
  o.convergence = d::kWorldSolverTolerance;
  o.restitutionThreshold = d::kWorldSolverRestitutionThreshold;
  o.linearSlop = d::kWorldSolverSlop;
  o.positionCorrection = d::kWorldSolverPositionCorrection;
  o.speculativeMargin = d::kWorldSolverSpeculativeMargin;
  o.warmStarting = d::kWorldSolverWarmStarting;
  o.cone = d::kWorldSolverFrictionModel == "cone";
  o.sleep = d::kWorldSolverSleep;
  o.sleepVelocity = d::kWorldSolverSleepVelocity;
  o.sleepTime = d::kWorldSolverSleepTime;
  o.restitutionLaw = d::kWorldSolverRestitutionLaw == "energetic" ? RestitutionLaw::Energetic : RestitutionLaw::Newton;
  return o;
}

ImpulseJointSettings jointCorrectionDefaults() {
  ImpulseJointSettings j;
  j.tolerance = d::kWorldJointCorrectionTolerance;
  j.iterations = int(d::kWorldJointCorrectionIterations);
  j.maxSpeed = d::kWorldJointCorrectionMaxSpeed;
  return j;
}

void readSolver(const JsonCursor& s, SolverSettings& o) {
  s.allowOnly({"iterations", "positionIterations", "substeps", "restitutionThreshold", "slop", "positionCorrection",
               "speculativeMargin", "warmStarting", "frictionModel", "tolerance", "sleep", "restitutionLaw"});
  if (s.has("iterations")) o.velocityIterations = int(s["iterations"].integer(1, 1000));
  if (s.has("positionIterations")) o.positionIterations = int(s["positionIterations"].integer(1, 1000));
  if (s.has("substeps")) o.substeps = int(s["substeps"].integer(1, 64));
  if (s.has("restitutionThreshold")) o.restitutionThreshold = s["restitutionThreshold"].nonNegativeNumber();
  if (s.has("slop")) o.linearSlop = s["slop"].nonNegativeNumber();
  if (s.has("positionCorrection")) o.positionCorrection = unitInterval(s["positionCorrection"], "positionCorrection");
  if (s.has("tolerance")) o.convergence = s["tolerance"].positiveNumber();
  if (s.has("speculativeMargin")) o.speculativeMargin = s["speculativeMargin"].nonNegativeNumber();
  o.warmStarting = s.boolean("warmStarting", o.warmStarting);
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

void readJointCorrection(const JsonCursor& j, ImpulseJointSettings& o) {
  j.allowOnly({"tolerance", "iterations", "maxSpeed"});
  if (j.has("tolerance")) o.tolerance = j["tolerance"].positiveNumber();
  if (j.has("maxSpeed")) o.maxSpeed = j["maxSpeed"].positiveNumber();
  if (j.has("iterations")) o.iterations = int(j["iterations"].integer(1, 10000));
}

MixRule mixRuleNamed(std::string_view name) {
  if (name == "min") return MixRule::Min;
  if (name == "max") return MixRule::Max;
  if (name == "mean") return MixRule::Mean;
  return MixRule::GeometricMean;
}

MixRule mixRuleFrom(const JsonCursor& c) { return mixRuleNamed(c.oneOf({"geometric-mean", "min", "max", "mean"})); }

// How a colliding pair combines its two shapes' friction and restitution.
MaterialMixing mixingFrom(const JsonCursor& world) {
  MaterialMixing m;
  m.friction = mixRuleNamed(d::kWorldMixingFriction);
  m.restitution = mixRuleNamed(d::kWorldMixingRestitution);
  if (!world.has("mixing")) return m;
  const JsonCursor c = world["mixing"];
  c.allowOnly({"friction", "restitution"});
  if (c.has("friction")) m.friction = mixRuleFrom(c["friction"]);
  if (c.has("restitution")) m.restitution = mixRuleFrom(c["restitution"]);
  return m;
}

// The integrator, the dynamics algorithm and the stepping that must fit them. realtime steps
// semi-implicitly with impulses; accurate locates events between Runge–Kutta steps. Stepping
// follows from the integrator unless the scene says otherwise.
void readIntegration(const JsonCursor& c, WorldDescription& w) {
  if (c.has("integrator")) w.integrator = c["integrator"].oneOf({"semi-implicit-euler", "rk4", "rk45"});
  if (c.has("dynamics")) w.dynamics = c["dynamics"].oneOf({"aba", "crba"});
  w.stepping = w.integrator == "semi-implicit-euler" ? "realtime" : "accurate";
  if (c.has("stepping")) {
    w.stepping = c["stepping"].oneOf({"realtime", "accurate"});
    if (w.stepping == "realtime" && w.integrator != "semi-implicit-euler")
      c["stepping"].fail("realtime stepping integrates with semi-implicit-euler; use \"accurate\" with " + w.integrator);
    if (w.stepping == "accurate" && w.integrator == "semi-implicit-euler")
      c["stepping"].fail("accurate stepping needs the rk4 or rk45 integrator");
  }
}

// RK45's error tolerances and the bounds of its substeps.
void readAdaptiveStep(const JsonCursor& c, WorldDescription& w) {
  if (c.has("tolerance")) {
    const JsonCursor t = c["tolerance"];
    t.allowOnly({"absolute", "relative"});
    if (t.has("absolute")) w.absoluteTolerance = t["absolute"].positiveNumber();
    if (t.has("relative")) w.relativeTolerance = t["relative"].positiveNumber();
    for (const char* key : {"absolute", "relative"})
      if (t.has(key) && t[key].number() < kMinTolerance)
        t[key].fail("a tolerance below 1e-14 cannot be met in double precision (machine epsilon is 2.2e-16)");
  }
  if (c.has("minStep")) w.minStep = c["minStep"].positiveNumber();
  if (c.has("maxStep")) w.maxStep = c["maxStep"].positiveNumber();
  if (w.maxStep > 0 && w.minStep > w.maxStep) c["minStep"].fail("minStep is larger than maxStep");
}

}  // namespace

WorldDescription worldFrom(const JsonCursor& c) {
  c.allowOnly({"gravity", "timestep", "integrator", "dynamics", "stepping", "tolerance", "minStep",
               "maxStep", "mixing", "solver", "jointCorrection", "collisionFilter", "drag"});
  WorldDescription w;
  w.solver = solverDefaults();
  w.joints = jointCorrectionDefaults();
  if (c.has("gravity")) {
    w.gravity = c["gravity"].vector3();
    if (w.gravity.norm() > kMaxGravity) c["gravity"].fail("gravity above 1000 m/s² (100 g) is not meaningful here");
  }
  if (c.has("timestep")) {
    w.timestep = c["timestep"].positiveNumber();
    if (w.timestep > kMaxTimestep || w.timestep < kMinTimestep)
      c["timestep"].fail("the time step must lie between 1e-6 s and 0.1 s, got " + nlohmann::json(w.timestep).dump());
  }
  readIntegration(c, w);
  w.mixing = mixingFrom(c);
  if (c.has("collisionFilter")) w.collisionFilter = c["collisionFilter"].oneOf({"each", "either"});
  if (c.has("drag")) {  // the default of every link without its own (scene_parser.cpp)
    const JsonCursor drag = c["drag"];
    drag.allowOnly({"linear", "angular", "viscous"});
    if (drag.has("linear")) w.linearDrag = drag["linear"].nonNegativeNumber();
    if (drag.has("angular")) w.angularDrag = drag["angular"].nonNegativeNumber();
    if (drag.has("viscous")) w.viscousDrag = drag["viscous"].nonNegativeNumber();
  }
  if (c.has("solver")) readSolver(c["solver"], w.solver);
  if (c.has("jointCorrection")) readJointCorrection(c["jointCorrection"], w.joints);
  readAdaptiveStep(c, w);
  return w;
}

Camera cameraFrom(const JsonCursor& c) {
  c.allowOnly({"position", "target", "fov", "view"});
  // The view preset is the page's alone (an orthographic view); checked here so a typo is named.
  if (c.has("view")) c["view"].oneOf({"perspective", "front", "side", "top"});
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

// "meta" (the page's text, plots, sliders and questions) and "controller" (JavaScript the page
// and the library run) mean nothing to the physics: the page and the library validate them
// (web/src/scene/scene_meta.ts, lib/). The core only bounds what it carries.
void checkOpaqueSection(const JsonCursor& c, size_t maxBytes) {
  c.expectObject();
  const size_t bytes = c.value().dump().size();
  if (bytes > maxBytes)
    c.fail("this section is " + std::to_string(bytes) + " bytes of JSON; at most " + std::to_string(maxBytes) +
           " are allowed");
}

}  // namespace fw
