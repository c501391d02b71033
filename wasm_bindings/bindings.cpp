// The embind module: a thin handle over fw::World for the page. Poses and coordinates are
// shared through linear memory (pointers returned as byte offsets); nothing here is physics.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <cmath>
#include <cstdio>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "world/buffer_layouts.generated.h"
#include "scene/scene_builder.h"
#include "scene/scene_parser.h"
#include "scene/scene_vocabulary.h"
#include "render_buffers.h"
#include "world/queries.h"
#include "world/world.h"

namespace {

namespace layout = fw::layout;
// The shared buffers are arrays of these elements (wasm_bindings/interface.mjs declares them).
static_assert(sizeof(float) == 4 && sizeof(double) == 8);
static_assert(layout::BodyPose::kStride == layout::Pose::kStride, "a float64 pose is laid out as the poses are");

std::string jointTypeName(fw::JointType type) { return std::string(fw::sceneJointTypeName(type)); }

nlohmann::json vec(const Eigen::Vector3d& v) { return {v.x(), v.y(), v.z()}; }

class Simulation {
 public:
  // '' on success; otherwise the loader's message, and the previous world keeps running.
  std::string load(const std::string& sceneJson) {
    try {
      auto next = std::make_unique<fw::World>(fw::buildWorld(fw::parseScene(sceneJson)));
      world_ = std::move(next);
      queries_.reset();
      buffers_.refresh(*world_);
      return "";
    } catch (const fw::SceneError& e) {
      return e.what();
    } catch (const std::bad_alloc&) {
      return "/: the scene needs more memory than the page has";
    } catch (const std::exception& e) {  // the loader makes every failure a SceneError; a last resort
      return std::string("/: the scene could not be loaded: ") + e.what();
    }
  }

  void reset() {
    if (!world_) return;
    world_->reset();
    buffers_.refresh(*world_);
  }
  // Stops early once the world reports it cannot go on (stepError()).
  void step(int count) {
    if (!world_) return;
    for (int i = 0; i < count && world_->stepError().empty(); ++i) {
      buffers_.beforeStep();
      world_->step();
      if (i + 1 < count) buffers_.afterStep(*world_);
    }
    buffers_.refresh(*world_);
  }
  // '' while the world steps; otherwise why it stopped (blew up, or RK45 could not advance).
  std::string stepError() const { return world_ ? world_->stepError() : ""; }
  double time() const { return world_ ? world_->time() : 0; }
  double timestep() const { return world_ ? world_->settings().timestep : 0; }

  int bodyCount() const { return world_ ? world_->model().nlinks : 0; }
  uintptr_t posesPointer() const {
    return world_ ? reinterpret_cast<uintptr_t>(buffers_.poses.data()) : 0;
  }

  // bodyCount() * 6 float32s: each body's origin velocity then angular velocity (world).
  uintptr_t velocitiesPointer() const {
    return world_ ? reinterpret_cast<uintptr_t>(buffers_.velocities.data()) : 0;
  }

  std::string bodiesJson() const {
    nlohmann::json bodies = nlohmann::json::array();
    if (!world_) return bodies.dump();
    for (const fw::BodyVisual& body : world_->visuals()) {
      nlohmann::json shapes = nlohmann::json::array();
      for (size_t k = 0; k < body.shapes.size(); ++k) {
        const fw::Shape& s = body.shapes[k];
        nlohmann::json j = {{"type", fw::shapeTypeName(s.type)},
                            {"position", vec(s.position)},
                            {"quaternion", {s.orientation.w(), s.orientation.x(), s.orientation.y(), s.orientation.z()}},
                            {"color", body.shapeVisuals[k].color}};
        if (s.type == fw::ShapeType::Box) j["size"] = vec(s.size);
        if (s.type == fw::ShapeType::Sphere || s.type == fw::ShapeType::Capsule || s.type == fw::ShapeType::Cylinder)
          j["radius"] = s.radius;
        if (s.type == fw::ShapeType::Capsule || s.type == fw::ShapeType::Cylinder) j["length"] = s.length;
        if (s.type == fw::ShapeType::ConvexHull && s.hull) {
          nlohmann::json points = nlohmann::json::array();
          for (const Eigen::Vector3d& p : s.hull->vertices) points.push_back(vec(p));
          j["points"] = points;
          const fw::ShapeVisual& visual = body.shapeVisuals[k];
          if (!visual.meshUrl.empty()) j["mesh"] = {{"url", visual.meshUrl}, {"scale", visual.meshScale}};
        }
        shapes.push_back(j);
      }
      const fw::Inertia& inertia = world_->model().inertia[bodies.size()];
      bodies.push_back({{"name", body.name}, {"shapes", shapes}, {"mass", inertia.mass},
                        {"centerOfMass", vec(inertia.com)}});
    }
    return bodies.dump();
  }

  std::string jointsJson() const {
    nlohmann::json joints = nlohmann::json::array();
    if (!world_) return joints.dump();
    const fw::Model& m = world_->model();
    for (int i = 0; i < m.nlinks; ++i) {
      const fw::JointModel& j = m.joints[i];
      joints.push_back({{"name", world_->visuals()[i].name}, {"type", jointTypeName(j.type)},
                        {"body", i}, {"parentBody", m.parent[i]}, {"qIndex", j.idx_q}, {"vIndex", j.idx_v},
                        {"nq", j.nq}, {"nv", j.nv}, {"axis", vec(j.axis)}});
    }
    return joints.dump();
  }

  // Contact points of the last step: contactCount() records of layout::Contact at contactsPointer():
  // position, normal (from the first shape to the second), normal impulse (N·s), separation (m).
  int contactCount() const { return world_ ? buffers_.contactCount() : 0; }
  uintptr_t contactsPointer() const {
    return world_ ? reinterpret_cast<uintptr_t>(buffers_.contacts.data()) : 0;
  }

  // Motors, by index in scene order (motorsJson()); targets change live.
  std::string motorsJson() const {
    nlohmann::json motors = nlohmann::json::array();
    if (!world_) return motors.dump();
    for (fw::JointMotor& m : const_cast<fw::World&>(*world_).motors()) {
      const char* mode = m.mode == fw::MotorMode::Velocity ? "velocity" : m.mode == fw::MotorMode::Position ? "position" : "prescribed";
      motors.push_back({{"joint", world_->visuals()[size_t(m.link)].name}, {"mode", mode}});
    }
    return motors.dump();
  }
  // Springs, then strings (partsJson()); where they are now at partsPointer() (layout::Part).
  int partCount() const { return world_ ? int(world_->springs().size() + world_->strings().size()) : 0; }
  std::string partsJson() const {
    nlohmann::json parts = nlohmann::json::array();
    if (!world_) return parts.dump();
    for (const fw::Spring& s : world_->springs())
      parts.push_back({{"kind", "spring"}, {"name", s.name}, {"bodyA", s.linkA}, {"bodyB", s.linkB}, {"pointA", vec(s.pointA)},
                       {"pointB", vec(s.pointB)}, {"via", nlohmann::json::array()}, {"restLength", s.restLength},
                       {"stiffness", s.stiffness}, {"damping", s.damping}});
    for (const fw::IdealString& s : world_->strings()) {
      nlohmann::json via = nlohmann::json::array();
      for (const Eigen::Vector3d& p : s.via) via.push_back(vec(p));
      parts.push_back({{"kind", "string"}, {"name", s.name}, {"bodyA", s.linkA}, {"bodyB", s.linkB}, {"pointA", vec(s.pointA)},
                       {"pointB", vec(s.pointB)}, {"via", via}, {"length", s.length}});
    }
    return parts.dump();
  }
  uintptr_t partsPointer() {
    if (!world_) return 0;
    fw::partStates(*world_, parts_);
    if (parts_.capacity() == 0) parts_.reserve(layout::Part::kStride);  // a place, also for none
    return reinterpret_cast<uintptr_t>(parts_.data());
  }
  void setMotorTarget(int motor, double position, double velocity) {
    if (!world_ || motor < 0 || motor >= int(world_->motors().size())) return;
    fw::JointMotor& m = world_->motors()[size_t(motor)];
    m.targetPosition = position;
    m.targetVelocity = velocity;
  }
  double motorEffort(int motor) const {
    if (!world_ || motor < 0 || motor >= int(world_->motors().size())) return 0;
    return const_cast<fw::World&>(*world_).motors()[size_t(motor)].effort;
  }

  int nq() const { return world_ ? world_->model().nq : 0; }
  int nv() const { return world_ ? world_->model().nv : 0; }
  uintptr_t qPointer() const { return world_ ? reinterpret_cast<uintptr_t>(world_->state().q.data()) : 0; }
  uintptr_t vPointer() const { return world_ ? reinterpret_cast<uintptr_t>(world_->state().v.data()) : 0; }

  // Joint efforts τ (nv float64s), read by the core at every step: the page writes into them.
  uintptr_t effortsPointer() { return world_ ? reinterpret_cast<uintptr_t>(world_->jointEfforts().data()) : 0; }

  // Computes the spatial momentum and returns where it is (layout::Momentum): angular momentum
  // about the world origin, then linear momentum.
  uintptr_t momentumPointer() {
    if (world_) {
      const fw::Force h = world_->momentum();
      momentum_.segment<3>(layout::Momentum::kAngular) = h.angular;
      momentum_.segment<3>(layout::Momentum::kLinear) = h.linear;
    }
    return reinterpret_cast<uintptr_t>(momentum_.data());
  }

  double kineticEnergy() { return world_ ? world_->kineticEnergy() : 0; }
  double potentialEnergy() { return world_ ? world_->potentialEnergy() : 0; }

  // Computes the energy ledger (world/energy_ledger.h) and returns where it is (layout::Energy):
  // kinetic, gravity, spring; initial; work by efforts, motors, the mouse and applied forces;
  // lost to contacts and limits, to damping, friction and drag; the balance (integrator error).
  uintptr_t energyPointer() {
    if (world_) {
      using E = layout::Energy;
      const fw::EnergyReport r = world_->energy();
      const fw::EnergyLedger& l = r.ledger;
      energy_[E::kKinetic] = r.kinetic;
      energy_[E::kGravity] = r.gravity;
      energy_[E::kSpring] = r.spring;
      energy_[E::kInitial] = l.initial;
      energy_[E::kEffortWork] = l.effortWork;
      energy_[E::kMotorWork] = l.motorWork;
      energy_[E::kAppliedWork] = l.appliedWork;
      energy_[E::kContactLoss] = l.contactLoss;
      energy_[E::kDampingLoss] = l.dampingLoss;
      energy_[E::kBalance] = r.balance();
    }
    return reinterpret_cast<uintptr_t>(energy_.data());
  }
  // Per body layout::BodyForce (fw::bodyForces, world/queries.h): centre of mass, its velocity and acceleration, then
  // the net, gravity, contact, joint and applied forces, world frame; kinetic energy, mass.
  uintptr_t bodyForcesPointer() { return world_ ? reinterpret_cast<uintptr_t>(buffers_.forces(*world_, queries()).data()) : 0; }

  // The model at the current state (world/queries.h), for controllers and the library.
  // Inputs (q̈ or τ) go in queryInputPointer()'s nv float64s; results stay valid until the next query.
  uintptr_t queryInputPointer() {
    if (world_ && input_.size() != world_->model().nv) input_ = Eigen::VectorXd::Zero(world_->model().nv);
    return reinterpret_cast<uintptr_t>(input_.data());
  }
  // H(q), nv × nv float64s (symmetric).
  uintptr_t massMatrixPointer() { return world_ ? reinterpret_cast<uintptr_t>(fw::massMatrix(*world_, queries()).data()) : 0; }
  // The efforts that give the input q̈ now (nv float64s).
  uintptr_t inverseDynamicsPointer() { return world_ ? reinterpret_cast<uintptr_t>(fw::inverseDynamics(*world_, sizedInput(), queries()).data()) : 0; }
  // The q̈ the input efforts give now, contacts aside (nv float64s).
  uintptr_t forwardDynamicsPointer() { return world_ ? reinterpret_cast<uintptr_t>(fw::forwardDynamics(*world_, sizedInput(), queries()).data()) : 0; }
  // The efforts that hold gravity where the model is (nv float64s).
  uintptr_t gravityTorquesPointer() { return world_ ? reinterpret_cast<uintptr_t>(fw::gravityTorques(*world_, queries()).data()) : 0; }
  // 6 × nv float64s, column-major: rows ω then ṗ of the point (x, y, z) of a body's frame, world frame.
  uintptr_t jacobianPointer(int body, double x, double y, double z) {
    if (!world_ || body < 0 || body >= world_->model().nlinks) return 0;
    return reinterpret_cast<uintptr_t>(fw::pointJacobian(*world_, body, fw::Vec3(x, y, z), queries()).data());
  }
  // A body frame's pose in float64 (layout::BodyPose): position, then quaternion x, y, z, w.
  uintptr_t bodyPosePointer(int body) {
    if (!world_ || body < 0 || body >= world_->model().nlinks) return 0;
    using P = layout::BodyPose;
    fw::Quat q;
    pose_.segment<3>(P::kX) = fw::linkPositionNow(*world_, body, q, queries());
    pose_[P::kQx] = q.x();
    pose_[P::kQy] = q.y();
    pose_[P::kQz] = q.z();
    pose_[P::kQw] = q.w();
    return reinterpret_cast<uintptr_t>(pose_.data());
  }

  void applyForce(int body, double px, double py, double pz, double fx, double fy, double fz) {
    if (world_ && body >= 0 && body < world_->model().nlinks)
      world_->applyForce(body, fw::Vec3(px, py, pz), fw::Vec3(fx, fy, fz));
  }
  void clearForces() { if (world_) world_->clearForces(); }

  void startDrag(int body, double px, double py, double pz) {
    if (world_ && body >= 0 && body < world_->model().nlinks) world_->startDrag(body, fw::Vec3(px, py, pz));
  }
  void moveDrag(double x, double y, double z) { if (world_) world_->moveDrag(fw::Vec3(x, y, z)); }
  void endDrag() { if (world_) world_->endDrag(); }
  // layout::Drag: the grabbed point now, then the spring's force in the last step (N).
  uintptr_t dragPointer() {
    if (world_ && world_->dragging()) {
      drag_.segment<3>(layout::Drag::kPoint) = world_->dragPointWorld();
      drag_.segment<3>(layout::Drag::kForce) = world_->dragForce();
    } else {
      drag_.setZero();
    }
    return reinterpret_cast<uintptr_t>(drag_.data());
  }

  // The world's state as bytes (a copy): everything that decides the future (world_state.cpp).
  emscripten::val saveState() const {
    const std::vector<uint8_t> blob = world_ ? world_->saveState() : std::vector<uint8_t>{};
    return emscripten::val::global("Uint8Array").new_(emscripten::typed_memory_view(blob.size(), blob.data()));
  }
  // '' when restored; otherwise why not, and the world is unchanged. restoreState needs the very
  // scene; adoptState only its structure (a slider changed a mass: the motion carries on).
  std::string restoreState(const emscripten::val& bytes) { return restore(bytes, fw::StateMatch::SameScene); }
  std::string adoptState(const emscripten::val& bytes) { return restore(bytes, fw::StateMatch::SameStructure); }
  // The loaded scene's fingerprint (hex): equal for the same scene and settings.
  std::string modelHash() const {
    char text[17];
    std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(world_ ? world_->modelHash() : 0));
    return text;
  }

 private:
  const Eigen::VectorXd& sizedInput() {
    queryInputPointer();
    return input_;
  }
  std::string restore(const emscripten::val& bytes, fw::StateMatch match) {
    if (!world_) return "no scene is loaded";
    if (!bytes.instanceof(emscripten::val::global("Uint8Array"))) return "a saved state must be a Uint8Array";
    const double length = bytes["length"].as<double>();
    if (length > kMaxStateBytes) return "a saved state of " + std::to_string(size_t(length)) + " bytes is larger than any world's";
    std::vector<uint8_t> blob(static_cast<size_t>(length));
    emscripten::val(emscripten::typed_memory_view(blob.size(), blob.data())).call<void>("set", bytes);
    std::string refused = world_->restoreState(blob, match);
    if (refused.empty()) buffers_.refresh(*world_);
    return refused;
  }
  // The model queries' own Data and results, made on the first query of a world.
  fw::QueryWorkspace& queries() {
    if (!queries_) queries_ = std::make_unique<fw::QueryWorkspace>(world_->model());
    return *queries_;
  }
  static constexpr double kMaxStateBytes = 512.0 * 1024 * 1024;

  std::unique_ptr<fw::World> world_;
  fw::RenderBuffers buffers_;                     // the renderer's floats, filled after each change
  std::unique_ptr<fw::QueryWorkspace> queries_;  // for world_'s model
  template <class Layout>
  using Record = Eigen::Matrix<typename Layout::Element, Layout::kStride, 1>;
  Record<layout::Momentum> momentum_ = Record<layout::Momentum>::Zero();
  Record<layout::Drag> drag_ = Record<layout::Drag>::Zero();
  Record<layout::Energy> energy_ = Record<layout::Energy>::Zero();
  Record<layout::BodyPose> pose_ = Record<layout::BodyPose>::Zero();
  std::vector<double> parts_;  // layout::Part per spring and string, when asked for
  Eigen::VectorXd input_;
};

}  // namespace

EMSCRIPTEN_BINDINGS(featherweight) {
  using emscripten::class_;
  class_<Simulation>("Simulation")
      .constructor<>()
      .function("load", &Simulation::load)
      .function("reset", &Simulation::reset)
      .function("step", &Simulation::step)
      .function("stepError", &Simulation::stepError)
      .function("time", &Simulation::time)
      .function("timestep", &Simulation::timestep)
      .function("bodyCount", &Simulation::bodyCount)
      .function("posesPointer", &Simulation::posesPointer)
      .function("velocitiesPointer", &Simulation::velocitiesPointer)
      .function("bodiesJson", &Simulation::bodiesJson)
      .function("jointsJson", &Simulation::jointsJson)
      .function("contactCount", &Simulation::contactCount)
      .function("contactsPointer", &Simulation::contactsPointer)
      .function("motorsJson", &Simulation::motorsJson)
      .function("setMotorTarget", &Simulation::setMotorTarget)
      .function("motorEffort", &Simulation::motorEffort)
      .function("partCount", &Simulation::partCount)
      .function("partsJson", &Simulation::partsJson)
      .function("partsPointer", &Simulation::partsPointer)
      .function("nq", &Simulation::nq)
      .function("nv", &Simulation::nv)
      .function("qPointer", &Simulation::qPointer)
      .function("vPointer", &Simulation::vPointer)
      .function("effortsPointer", &Simulation::effortsPointer)
      .function("momentumPointer", &Simulation::momentumPointer)
      .function("kineticEnergy", &Simulation::kineticEnergy)
      .function("potentialEnergy", &Simulation::potentialEnergy)
      .function("energyPointer", &Simulation::energyPointer)
      .function("bodyForcesPointer", &Simulation::bodyForcesPointer)
      .function("queryInputPointer", &Simulation::queryInputPointer)
      .function("massMatrixPointer", &Simulation::massMatrixPointer)
      .function("inverseDynamicsPointer", &Simulation::inverseDynamicsPointer)
      .function("forwardDynamicsPointer", &Simulation::forwardDynamicsPointer)
      .function("gravityTorquesPointer", &Simulation::gravityTorquesPointer)
      .function("jacobianPointer", &Simulation::jacobianPointer)
      .function("bodyPosePointer", &Simulation::bodyPosePointer)
      .function("applyForce", &Simulation::applyForce)
      .function("clearForces", &Simulation::clearForces)
      .function("startDrag", &Simulation::startDrag)
      .function("moveDrag", &Simulation::moveDrag)
      .function("endDrag", &Simulation::endDrag)
      .function("dragPointer", &Simulation::dragPointer)
      .function("saveState", &Simulation::saveState)
      .function("restoreState", &Simulation::restoreState)
      .function("adoptState", &Simulation::adoptState)
      .function("modelHash", &Simulation::modelHash);
}

// The controllers' Math (lib/controller_math.ts): this module's own libm, so that a control law
// computes the same last bit in every browser and in Node; JavaScript engines' Math.sin, atan2,
// exp, … are only approximations the standard leaves open, and V8 versions differ.
EMSCRIPTEN_BINDINGS(controller_math) {
  using emscripten::function;
  function("mathSin", +[](double x) { return std::sin(x); });
  function("mathCos", +[](double x) { return std::cos(x); });
  function("mathTan", +[](double x) { return std::tan(x); });
  function("mathAsin", +[](double x) { return std::asin(x); });
  function("mathAcos", +[](double x) { return std::acos(x); });
  function("mathAtan", +[](double x) { return std::atan(x); });
  function("mathAtan2", +[](double y, double x) { return std::atan2(y, x); });
  function("mathSinh", +[](double x) { return std::sinh(x); });
  function("mathCosh", +[](double x) { return std::cosh(x); });
  function("mathTanh", +[](double x) { return std::tanh(x); });
  function("mathAsinh", +[](double x) { return std::asinh(x); });
  function("mathAcosh", +[](double x) { return std::acosh(x); });
  function("mathAtanh", +[](double x) { return std::atanh(x); });
  function("mathExp", +[](double x) { return std::exp(x); });
  function("mathExpm1", +[](double x) { return std::expm1(x); });
  function("mathLog", +[](double x) { return std::log(x); });
  function("mathLog1p", +[](double x) { return std::log1p(x); });
  function("mathLog2", +[](double x) { return std::log2(x); });
  function("mathLog10", +[](double x) { return std::log10(x); });
  function("mathCbrt", +[](double x) { return std::cbrt(x); });
  function("mathPow", +[](double x, double y) { return std::pow(x, y); });
  function("mathHypot", +[](double x, double y) { return std::hypot(x, y); });
}
