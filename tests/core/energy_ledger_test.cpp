// The energy ledger (world/energy_ledger.h): kinetic + potential + losses = initial + work in,
// each term measured where the force acts, never as the remainder; checked against the analytic
// losses of bounces, sliding friction and a lift.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <nlohmann/json.hpp>

#include "scene/scene_builder.h"
#include "scene/scene_parser.h"
#include "shipped_scenes.h"

namespace fw {
namespace {

using nlohmann::json;

json scene(const json& world, const json& bodies, const json& articulations = json::array()) {
  return {{"format", "featherweight-scene"}, {"version", 1}, {"world", world}, {"bodies", bodies}, {"articulations", articulations}};
}

json plane(double friction, double restitution, double tilt = 0) {
  return {{"name", "ground"}, {"static", true}, {"rpy", {tilt, 0, 0}},
          {"shapes", {{{"type", "plane"}, {"friction", friction}, {"restitution", restitution}}}}};
}

constexpr double gravity = 9.81;  // m/s², the scenes' default

// Newton's cradle with e = 1: the impacts pass the energy through and lose none of it.
TEST(EnergyLedger, ElasticCradleLosesNothing) {
  json world = shippedScene("newtons-cradle");
  World w = loadWorld(world);
  ASSERT_EQ(w.settings().stepping, Stepping::Accurate);
  const double e0 = w.energy().ledger.initial;
  for (int i = 0; i < 2000; ++i) w.step();  // 2 s: several rounds of impacts
  const EnergyReport r = w.energy();
  EXPECT_GE(w.stepStats().events, 4);
  EXPECT_NEAR(r.ledger.initial, e0, 0);
  EXPECT_LT(std::abs(r.balance()), 1e-6 * std::abs(e0)) << r.balance();
  EXPECT_LT(std::abs(r.ledger.contactLoss), 1e-6 * std::abs(e0)) << r.ledger.contactLoss;
}

// A 1 kg ball dropped from H = 1 m with e = 0.5: each bounce keeps e² of the energy, so after n
// bounces the contacts have taken m g H (1 − e²ⁿ).
TEST(EnergyLedger, BouncingBallLosesWhatNewtonsLawTakes) {
  const double r = 0.1, H = 1.0, e = 0.5, m = 1.0;
  json ball = {{"name", "ball"}, {"position", {0, 0, H + r}},
               {"shapes", {{{"type", "sphere"}, {"radius", r}, {"density", m / (4.0 / 3 * std::numbers::pi * r * r * r)},
                            {"friction", 0}, {"restitution", e}}}}};
  World w = loadWorld(scene({{"timestep", 1.0 / 240}, {"integrator", "rk4"}}, {plane(0, e), ball}));
  const double fall = std::sqrt(2 * H / gravity);  // first impact
  const double flight = 2 * e * std::sqrt(2 * gravity * H) / gravity;  // to the second
  // Just after the second impact: two bounces.
  while (w.time() < fall + flight + 0.05) w.step();
  EXPECT_EQ(w.stepStats().events, 2);
  const EnergyReport after = w.energy();
  EXPECT_NEAR(after.ledger.contactLoss, m * gravity * H * (1 - std::pow(e, 4)), 1e-6 * m * gravity * H);
  EXPECT_LT(std::abs(after.balance()), 1e-6 * m * gravity * H) << after.balance();
}

// A box sliding down a 20° ramp at 2 m/s with μ = 0.5 > tan 20° slows to rest; friction takes
// μ m g cos θ per metre, and the ledger's loss is exactly the energy the box gave up.
TEST(EnergyLedger, FrictionTakesMuMgCosThetaPerMetre) {
  const double theta = 20 * std::numbers::pi / 180, mu = 0.5, m = 2.0, a = 0.2, v0 = 2.0;
  // The ramp falls towards −y (a plane turned by θ about x); the box sits on it, turned alike.
  const Vec3 down(0, -std::cos(theta), -std::sin(theta)), normal(0, -std::sin(theta), std::cos(theta));
  const Vec3 start = 0.5 * a * normal;
  json box = {{"name", "box"}, {"position", {start.x(), start.y(), start.z()}}, {"rpy", {theta, 0, 0}},
              {"linearVelocity", {v0 * down.x(), v0 * down.y(), v0 * down.z()}},
              {"shapes", {{{"type", "box"}, {"size", {a, a, a}}, {"density", m / (a * a * a)}, {"friction", mu}, {"restitution", 0}}}}};
  // The resting contact's efforts solved to convergence: the default 30 sweeps leave a sliding
  // box a tipping torque that rocks it on its corners (a loss the ledger then shows as imbalance).
  const json world = {{"timestep", 1.0 / 240}, {"integrator", "rk4"}, {"solver", {{"iterations", 300}, {"tolerance", 1e-10}}}};
  World w = loadWorld(scene(world, {plane(mu, 0, theta), box}));
  const double e0 = w.energy().ledger.initial;
  for (int i = 0; i < 480; ++i) w.step();  // 2 s; it stops after v0 / (g (μ cos θ − sin θ)) = 1.5 s
  const Vec3 p = w.bodyPosition(1);
  const double distance = (p - start).dot(down);
  const double expectedStop = v0 * v0 / (2 * gravity * (mu * std::cos(theta) - std::sin(theta)));
  EXPECT_NEAR(distance, expectedStop, 2e-3);
  EXPECT_LT(w.kineticEnergy(), 1e-9);
  const EnergyReport r = w.energy();
  EXPECT_NEAR(r.ledger.contactLoss, mu * m * gravity * std::cos(theta) * distance, 1e-3 * r.ledger.contactLoss);
  EXPECT_LT(std::abs(r.balance()), 1e-6 * std::abs(e0)) << r.balance();
}

// A velocity motor lifts a 2 kg load on a vertical slider at 0.5 m/s: its work is m g h plus the
// load's kinetic energy. The motor's effort is evaluated at every RK4 stage, so the balance is
// RK4's error, in the start (the effort clamped, then a 200/s servo rate): 2e-5 of the work at
// 1/240 s, 1e-7 at 1/960 s (fourth order).
TEST(EnergyLedger, MotorWorkLiftsTheLoad) {
  const double m = 2.0, speed = 0.5;
  json links = {{{"name", "load"},
                 {"joint", {{"type", "prismatic"}, {"axis", {0, 0, 1}},
                            {"motor", {{"mode", "velocity"}, {"targetVelocity", speed}, {"maxEffort", 100}, {"damping", 400}}}}},
                 {"inertial", {{"mass", m}, {"inertia", {{"ixx", 0.01}, {"iyy", 0.01}, {"izz", 0.01}}}}},
                 {"shapes", {{{"type", "box"}, {"size", {0.2, 0.2, 0.2}}}}}}};
  World w = loadWorld(scene({{"timestep", 1.0 / 960}, {"integrator", "rk4"}}, json::array(), {{{"name", "lift"}, {"links", links}}}));
  for (int i = 0; i < 1920; ++i) w.step();  // 2 s
  const double height = w.state().q[0], v = w.state().v[0];
  EXPECT_GT(height, 0.85);
  const EnergyReport r = w.energy();
  EXPECT_NEAR(r.ledger.motorWork, m * gravity * height + 0.5 * m * v * v, 1e-6 * m * gravity * height);
  EXPECT_LT(std::abs(r.balance()), 1e-6 * m * gravity * height) << r.balance();
}

// Realtime stepping keeps the books too, to its integrator's O(h) error: a pendulum's total
// wobbles but does not drift; a damped one's losses are what its energy lost.
TEST(EnergyLedger, RealtimeStepsBalanceToTheIntegratorsError) {
  json pendulum = shippedScene("pendulum");
  pendulum["world"] = {{"timestep", 1.0 / 240}, {"integrator", "semi-implicit-euler"}};
  World w = loadWorld(pendulum);
  ASSERT_EQ(w.settings().stepping, Stepping::Realtime);
  const double scale = std::abs(w.energy().ledger.initial) + w.model().inertia[0].mass * gravity;
  double worst = 0;
  for (int i = 0; i < 2400; ++i) {
    w.step();
    worst = std::max(worst, std::abs(w.energy().balance()));
  }
  EXPECT_LT(worst, 0.02 * scale);

  json damped = pendulum;
  damped["articulations"][0]["links"][0]["joint"]["damping"] = 0.5;
  World d = loadWorld(damped);
  for (int i = 0; i < 2400; ++i) d.step();
  const EnergyReport r = d.energy();
  EXPECT_GT(r.ledger.dampingLoss, 0.5 * (r.ledger.initial - r.kinetic - r.gravity));
  EXPECT_LT(std::abs(r.balance()), 0.02 * r.ledger.dampingLoss);
}

// Realtime contacts: three balls launched sliding without spin end rolling at 5/7 of their speed,
// having lost 2/7 of their kinetic energy to friction, whatever μ; a contact that merely holds a
// ball up against each step's gravity kick takes nothing.
TEST(EnergyLedger, SlidingToRollingLosesTwoSevenths) {
  World w = loadWorld(shippedScene("sliding-to-rolling"));
  ASSERT_EQ(w.settings().stepping, Stepping::Realtime);
  const double k0 = w.kineticEnergy();
  while (w.time() < 3) w.step();
  const EnergyReport r = w.energy();
  EXPECT_NEAR(r.ledger.contactLoss, 2.0 / 7 * k0, 1e-3 * k0);
  EXPECT_NEAR(r.kinetic, 5.0 / 7 * k0, 1e-3 * k0);
  EXPECT_LT(std::abs(r.balance()), 1e-6 * k0) << r.balance();
  const double lossWhileRolling = r.ledger.contactLoss;
  while (w.time() < 6) w.step();
  EXPECT_NEAR(w.energy().ledger.contactLoss, lossWhileRolling, 1e-6 * k0);
}

// The mouse's work: a box lifted by the drag spring has been given its potential energy, up to
// semi-implicit Euler's own error for gravity: in a (sub)step of length hₛ that changes the
// vertical velocity by Δv, the potential gains (hₛ/2) m g Δv more than gravity takes from the
// kinetic energy (the position moves by the end velocity, the kick acts over the mean). Summed
// over the lift this cancels once the box is at rest again, since every (sub)step has the same
// hₛ: a step in flight takes its substeps as one in contact does (at 1/120 s, when it took one
// pass in flight, (h/2)(1 − 1/n) m g v at take-off was left). Everything else is exact.
TEST(EnergyLedger, TheMouseDoesTheLiftingWork) {
  for (const double h : {1.0 / 240, 1.0 / 120}) {
    json box = {{"name", "box"}, {"position", {0, 0, 0.1}}, {"shapes", {{{"type", "box"}, {"size", {0.2, 0.2, 0.2}}, {"density", 500}}}}};
    World w = loadWorld(scene({{"timestep", h}}, {plane(0.5, 0), box}));
    const double m = 4;
    const int substeps = substepCount(w.settings().solver, h);
    for (int i = 0; i < 30; ++i) w.step();
    const EnergyReport at = w.energy();  // settled on the ground
    w.startDrag(1, w.bodyPosition(1));
    w.moveDrag(w.bodyPosition(1) + Vec3(0, 0, 0.5));
    double eulerError = 0;
    for (int i = 0; i < 240; ++i) {
      const double vz = w.momentum().linear.z() / m;
      w.step();
      // Substepped, with contacts or without (in flight).
      const double hs = h / substeps;
      eulerError += hs / 2 * m * gravity * (w.momentum().linear.z() / m - vz);
    }
    w.endDrag();
    const EnergyReport r = w.energy();
    const double work = r.ledger.appliedWork - at.ledger.appliedWork;
    EXPECT_GT(r.gravity - at.gravity, 0.4 * m * gravity) << h;  // raised ≈ 0.5 m
    EXPECT_LT(std::abs(eulerError), 1e-9 * work) << h;
    // Round-off: every other term is booked exactly.
    EXPECT_NEAR(work, r.gravity - at.gravity + r.kinetic - at.kinetic + r.losses() - at.losses() - eulerError, 1e-9 * work) << h;
  }
}

// Without gravity the books close to round-off whatever the mouse does: a box pulled up and
// sideways by a corner from where it rests, turning and sliding through contacts with friction
// in four substeps a step, then flying free. The spring's work is booked as the kinetic energy
// its force gives in the step: at the step's starting pose (a turning body sees another lever arm
// at its end) and over the relaxed substep velocities (not the push that moves it out of the
// ground and is relaxed away).
TEST(EnergyLedger, TheMouseSpringsWorkIsTheKineticEnergyItGives) {
  json box = {{"name", "box"}, {"position", {0, 0, 0.1}}, {"shapes", {{{"type", "box"}, {"size", {0.2, 0.2, 0.2}}, {"density", 500}}}}};
  World w = loadWorld(scene({{"timestep", 1.0 / 60}, {"gravity", {0, 0, 0}}}, {plane(0.5, 0), box}));
  ASSERT_EQ(substepCount(w.settings().solver, 1.0 / 60), 4);
  const Vec3 corner = w.bodyPosition(1) + Vec3(0.05, 0.03, 0.1);
  w.startDrag(1, corner);
  w.moveDrag(corner + Vec3(0.5, 0.2, 0.2));
  int steps = 0, withContacts = 0;
  for (; steps < 120; ++steps) {
    w.step();
    withContacts += !w.contacts().empty();
  }
  w.endDrag();
  const EnergyReport r = w.energy();
  EXPECT_GT(withContacts, 10);
  EXPECT_LT(withContacts, steps);
  EXPECT_GT(r.ledger.contactLoss, 0.1 * r.ledger.appliedWork);
  EXPECT_GT(w.bodyOrientation(1).angularDistance(Quat::Identity()), 0.5);  // it turned
  // Round-off, over 120 steps.
  EXPECT_LT(std::abs(r.balance()), 1e-12 * r.ledger.appliedWork) << r.balance();
}

// The ledger is part of the saved state: restoring continues the same books.
TEST(EnergyLedger, SavedStateCarriesTheLedger) {
  World w = loadWorld(shippedScene("newtons-cradle"));
  for (int i = 0; i < 300; ++i) w.step();
  const std::vector<uint8_t> saved = w.saveState();
  const EnergyLedger at = w.energy().ledger;
  for (int i = 0; i < 300; ++i) w.step();
  ASSERT_EQ(w.restoreState(saved), "");
  EXPECT_EQ(w.energy().ledger.contactLoss, at.contactLoss);
  EXPECT_EQ(w.energy().ledger.initial, at.initial);
}

}  // namespace
}  // namespace fw
