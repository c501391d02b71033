#pragma once
// The benchmark cases, shared by the native (Google Benchmark) and the wasm (Node) drivers so
// both time exactly the same kernels on the same models and states.
#include <functional>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "algorithms/aba.h"
#include "algorithms/crba.h"
#include "algorithms/rnea.h"
#include "integrators/integrator.h"
#include "model/configuration.h"
#include "model/model_builder.h"
#include "scene/scene_builder.h"
#include "scene/scene_parser.h"

namespace fw::bench {

// A 7-DoF arm with the KUKA LBR iiwa 14's published geometry (0.36 / 0.42 / 0.40 / 0.126 m) and
// inertial parameters close to its common URDF: alternating z and y axes.
inline Model iiwaLikeArm() {
  const double mass[7] = {4.0, 4.0, 3.0, 2.7, 1.7, 1.8, 0.3};
  const Vec3 com[7] = {{0, -0.03, 0.12}, {0.0003, 0.059, 0.042}, {0, 0.03, 0.13}, {0, 0.067, 0.034},
                       {0.0001, 0.021, 0.076}, {0, 0.0006, 0.0004}, {0, 0, 0.02}};
  const Vec3 diag[7] = {{0.1, 0.09, 0.02}, {0.05, 0.018, 0.044}, {0.08, 0.075, 0.01}, {0.03, 0.01, 0.029},
                        {0.02, 0.018, 0.005}, {0.005, 0.0036, 0.0047}, {0.001, 0.001, 0.001}};
  const Vec3 offset[7] = {{0, 0, 0.1575}, {0, 0, 0.2025}, {0, 0.2045, 0}, {0, 0, 0.2155},
                          {0, 0.1845, 0}, {0, 0, 0.2155}, {0, 0.081, 0}};
  const Vec3 axis[7] = {Vec3::UnitZ(), Vec3::UnitY(), Vec3::UnitZ(), -Vec3::UnitY(), Vec3::UnitZ(), Vec3::UnitY(), Vec3::UnitZ()};
  ModelBuilder b;
  for (int i = 0; i < 7; ++i) {
    LinkSpec s;
    s.name = "link" + std::to_string(i + 1);
    s.parent = i - 1;
    s.type = JointType::Revolute;
    s.axis = axis[i];
    s.placement = Transform(Mat3::Identity(), offset[i]);
    s.inertia = Inertia(mass[i], com[i], diag[i].asDiagonal());
    b.addLink(s);
  }
  return b.build();
}

// A serial chain of n identical 0.1 m links, revolute about alternating y and x.
inline Model chain(int n) {
  ModelBuilder b;
  for (int i = 0; i < n; ++i) {
    LinkSpec s;
    s.name = "link" + std::to_string(i);
    s.parent = i - 1;
    s.type = JointType::Revolute;
    s.axis = i % 2 ? Vec3::UnitX() : Vec3::UnitY();
    s.placement = Transform(Mat3::Identity(), Vec3(0, 0, i == 0 ? 0.0 : -0.1));
    s.inertia = Inertia(0.5, Vec3(0, 0, -0.05), Vec3(4.2e-4, 4.2e-4, 2.5e-5).asDiagonal());
    b.addLink(s);
  }
  return b.build();
}

// Contact scenes (sleeping off, so the solver works every step), as JSON: a 20-row box pyramid, 1000
// boxes falling into a pile, and a 100-link capsule chain dropped onto the ground to drape.
inline nlohmann::json groundScene(double timestep, const nlohmann::json& solver) {
  return {{"format", "featherweight-scene"},
          {"version", 1},
          {"world", {{"timestep", timestep}, {"solver", solver}}},
          {"bodies", nlohmann::json::array({{{"name", "ground"}, {"static", true}, {"shapes", {{{"type", "plane"}}}}}})}};
}

inline nlohmann::json boxBody(int index, const Vec3& position) {
  return {{"name", "box" + std::to_string(index)},
          {"position", {position.x(), position.y(), position.z()}},
          {"shapes", {{{"type", "box"}, {"size", {1, 1, 1}}, {"friction", 0.6}}}}};
}

inline nlohmann::json pyramidScene(int rows) {
  nlohmann::json scene = groundScene(1.0 / 120, {{"iterations", 20}, {"slop", 0.005}, {"sleep", false}});
  int n = 0;
  for (int row = 0; row < rows; ++row)
    for (int k = 0; k < rows - row; ++k)
      scene["bodies"].push_back(boxBody(n++, Vec3(k * 1.05 - (rows - 1 - row) * 0.525, 0, 0.5 + row)));
  return scene;
}

inline nlohmann::json pileScene(int count) {
  nlohmann::json scene = groundScene(1.0 / 60, {{"iterations", 10}, {"slop", 0.005}, {"sleep", false}});
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> jitter(-0.1, 0.1);
  for (int i = 0; i < count; ++i) {
    const int x = i % 10, y = (i / 10) % 10, z = i / 100;
    nlohmann::json box = boxBody(i, Vec3(1.3 * x - 6 + jitter(rng), 1.3 * y - 6 + jitter(rng), 1 + 1.3 * z));
    box["rpy"] = {jitter(rng), jitter(rng), jitter(rng)};
    scene["bodies"].push_back(box);
  }
  return scene;
}

// Spheres at rest, as spherePileScene in tests/bench/compare/scenes.mjs: an n x n x n lattice of
// 0.2 m spheres 0.45 m apart, jittered sideways by up to 5 cm, dropped into a pen 3.7 m square
// (on an open plane nothing stops a sphere rolling), with the scene defaults: sleeping on.
inline nlohmann::json spherePileScene(int side) {
  nlohmann::json scene = groundScene(1.0 / 60, {{"iterations", 10}});
  const double radius = 0.2, spacing = 0.45, half = 1.85, wall = 0.1, height = 4;
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> jitter(-0.05, 0.05);
  const auto at = [&](int k) { return spacing * (k - (side - 1) / 2.0); };
  for (int i = 0; i < side * side * side; ++i) {
    const int x = i % side, y = (i / side) % side, z = i / (side * side);
    scene["bodies"].push_back({{"name", "sphere" + std::to_string(i)},
                               {"position", {at(x) + jitter(rng), at(y) + jitter(rng), radius + 0.05 + spacing * z}},
                               {"shapes", {{{"type", "sphere"}, {"radius", radius}, {"friction", 0.6}}}}});
  }
  nlohmann::json walls = nlohmann::json::array();
  for (const auto& [x, y] : {std::pair{half + wall, 0.0}, {-half - wall, 0.0}, {0.0, half + wall}, {0.0, -half - wall}}) {
    const double along = 2 * (half + 2 * wall);
    walls.push_back({{"type", "box"},
                     {"size", {x != 0 ? 2 * wall : along, x != 0 ? along : 2 * wall, height}},
                     {"position", {x, y, height / 2}},
                     {"friction", 0.6}});
  }
  scene["bodies"].push_back({{"name", "pen"}, {"static", true}, {"shapes", walls}});
  return scene;
}

inline nlohmann::json drapedChainScene(int links) {
  nlohmann::json scene = groundScene(1.0 / 240, {{"iterations", 20}, {"sleep", false}});
  nlohmann::json list = nlohmann::json::array();
  for (int i = 0; i < links; ++i) {
    nlohmann::json link = {{"name", "l" + std::to_string(i)},
                           {"joint", {{"type", i == 0 ? "spherical" : "revolute"}, {"origin", {{"position", {i == 0 ? 0.0 : 0.1, 0, i == 0 ? 3.0 : 0.0}}}}}},
                           {"shapes", {{{"type", "capsule"}, {"radius", 0.03}, {"length", 0.07}, {"position", {0.05, 0, 0}},
                                        {"rpy", {0, 1.5707963267948966, 0}}}}}};
    if (i > 0) {
      link["parent"] = "l" + std::to_string(i - 1);
      link["joint"]["axis"] = {0, 1, 0};
    }
    // A little internal friction, as a real chain has: undamped, semi-implicit Euler at 1/240 s
    // diverges on the whip of the free end about 1 s after the 2 s of settling (measured), and
    // the benchmark then timed steps of a NaN world.
    link["joint"]["damping"] = 0.01;
    list.push_back(link);
  }
  scene["articulations"] = {{{"name", "chain"}, {"links", list}}};
  return scene;
}

// Bender's pendulum chain: n rods on ball joints, every rod a free body held by impulses,
// released 1 rad from the vertical (the correction runs to D_max = 1e-6 m, at most 50 passes).
inline nlohmann::json impulseChainScene(int n) {
  const double length = 0.1;
  nlohmann::json links = nlohmann::json::array();
  for (int i = 0; i < n; ++i) {
    nlohmann::json link = {{"name", "l" + std::to_string(i)},
                           {"joint", {{"type", "spherical"},
                                      {"origin", {{"position", {0, 0, i == 0 ? 6.0 : -length}}}},
                                      {"position", {{"rpy", {0, i == 0 ? 1.0 : 0.0, 0}}}}}},
                           {"inertial", {{"mass", 0.1}, {"com", {0, 0, -length / 2}},
                                         {"inertia", {{"ixx", 1e-4}, {"iyy", 1e-4}, {"izz", 1e-5}}}}}};
    if (i > 0) link["parent"] = "l" + std::to_string(i - 1);
    links.push_back(link);
  }
  return {{"format", "featherweight-scene"},
          {"version", 1},
          {"world", {{"timestep", 0.001}, {"solver", {{"sleep", false}}}}},
          {"articulations", {{{"name", "chain"}, {"joints", "impulse"}, {"links", links}}}}};
}

// A world already run for `settle` seconds, so the timed steps see the steady contact load.
inline std::shared_ptr<World> settledWorld(const nlohmann::json& scene, double settle) {
  auto world = std::make_shared<World>(buildWorld(parseScene(scene.dump())));
  while (world->time() < settle) world->step();
  return world;
}

// One model with a random (seeded) state and everything its kernels need, allocated up front.
struct Workload {
  Model model;
  Data data;
  Loads loads;
  State state;
  Eigen::VectorXd tau, qdd;
  explicit Workload(Model m) : model(std::move(m)), data(model), loads(model) {
    std::mt19937 rng(42);
    std::uniform_real_distribution<double> u(-1, 1);
    auto random = [&](int n) { return Eigen::VectorXd(Eigen::VectorXd::NullaryExpr(n, [&] { return u(rng); })); };
    state.q = model.neutralConfiguration() + random(model.nq);
    state.v = random(model.nv);
    tau = random(model.nv);
    qdd = random(model.nv);
  }
};

struct Case {
  std::string name;
  int dofs;
  std::function<void()> run;              // one call of the kernel
  std::function<long()> corrections = {};  // impulse joints: correction impulses applied so far
  std::function<bool()> finite = {};       // worlds: still a finite state after timing (else the figure is void)
};

// Every case, each owning its workload. Names are the same in both drivers.
inline std::vector<Case> allCases() {
  std::vector<Case> cases;
  auto add = [&](const std::string& label, Model model) {
    auto w = std::make_shared<Workload>(std::move(model));
    const int n = w->model.nv;
    cases.push_back({"ABA/" + label, n, [w] { aba(w->model, w->data, w->state.q, w->state.v, w->tau, nullptr); }});
    cases.push_back({"RNEA/" + label, n, [w] { rnea(w->model, w->data, w->state.q, w->state.v, w->qdd, nullptr); }});
    cases.push_back({"CRBA+LTDL/" + label, n,
                     [w] { crbaForwardDynamics(w->model, w->data, w->state.q, w->state.v, w->tau, nullptr); }});
  };
  add("iiwa7", iiwaLikeArm());
  for (int n : {10, 100, 1000}) add("chain" + std::to_string(n), chain(n));
  // One real-time-critical step: RK4 on the 1000-link chain (four ABA evaluations).
  auto w = std::make_shared<Workload>(chain(1000));
  cases.push_back({"RK4-step/chain1000", 1000, [w] {
                     IntegratorSettings settings;
                     settings.kind = IntegratorKind::RK4;
                     IntegratorStats stats;
                     State s = w->state;  // every call starts from the same state
                     advance(w->model, w->data, w->loads, s, 1e-3, settings, stats);
                   }});
  // Contact: one World::step (collision detection + solver + integration) per call; the world
  // keeps running, so the pile keeps settling and the chain keeps draping.
  auto contactCase = [&](const std::string& name, const nlohmann::json& scene, double settle) {
    auto world = settledWorld(scene, settle);
    cases.push_back({"World-step/" + name, world->model().nv, [world] { world->step(); }, {},
                     [world] { return world->state().q.allFinite() && world->state().v.allFinite(); }});
  };
  contactCase("pyramid20", pyramidScene(20), 0.5);
  contactCase("pile1000", pileScene(1000), 3.0);
  contactCase("pile1000-falling", pileScene(1000), 0.4);
  contactCase("chain100-on-ground", drapedChainScene(100), 2.0);
  contactCase("spheres512-at-rest", spherePileScene(8), 6.0);
  // Impulse-based joints (Bender): a swinging 50-body chain on ball joints; the drivers also
  // report correction impulses per second, the paper's "correction steps per second".
  auto impulse = settledWorld(impulseChainScene(50), 0.5);
  cases.push_back({"World-step/impulse-chain50", impulse->model().nv, [impulse] { impulse->step(); },
                   [impulse] { return impulse->stepStats().jointCorrections; },
                   [impulse] { return impulse->state().q.allFinite() && impulse->state().v.allFinite(); }});
  return cases;
}

}  // namespace fw::bench
