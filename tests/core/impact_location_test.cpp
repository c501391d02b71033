// Locating an impact in time (world/impact_location.cpp): the bisection probes the interval's
// dense output, not fresh integrations, and still finds the instant the closed form gives.
#include <gtest/gtest.h>

#include <cmath>
#include <nlohmann/json.hpp>
#include <numbers>

#include "model/configuration.h"
#include "scene/scene_builder.h"
#include "scene/scene_parser.h"
#include "shipped_scenes.h"
#include "test_models.h"

namespace fw {
namespace {

using nlohmann::json;

constexpr double kGravity = 9.81;  // m/s², the scenes' default

// The dense output reads the end of an interval in the start's chart: chartDisplacement must undo
// retract for every joint type (rotations below π), or the interpolant would not end where the
// integration did.
TEST(ImpactLocation, ChartDisplacementUndoesRetract) {
  std::mt19937 rng(7);
  for (int trial = 0; trial < 20; ++trial) {
    const Model model = test::randomTree(rng, 8);
    const Eigen::VectorXd q0 = test::randomConfiguration(model, rng),
                          d = test::randomVector(model.nv, rng);
    Eigen::VectorXd q1 = q0, back(model.nv);
    retract(model, q0, d, q1);
    chartDisplacement(model, q0, q1, back);
    EXPECT_LT((back - d).lpNorm<Eigen::Infinity>(), 1e-12) << trial;
  }
}

json droppedBody(const json& shape, double height, const json& angularVelocity) {
  return {{"name", "body"},
          {"position", {0, 0, height}},
          {"angularVelocity", angularVelocity},
          {"shapes", {shape}}};
}

World dropWorld(const json& body, const std::string& integrator, double restitution) {
  const json ground = {
      {"name", "ground"},
      {"static", true},
      {"shapes", {{{"type", "plane"}, {"friction", 0}, {"restitution", restitution}}}}};
  return loadWorld({{"format", "featherweight-scene"},
                    {"version", 1},
                    {"world", {{"timestep", 1.0 / 60}, {"integrator", integrator}}},
                    {"bodies", {ground, body}},
                    {"articulations", json::array()}});
}

// A ball dropped from H (its lowest point) hits at t* = √(2H/g). After the step that holds the
// impact, e = 0.5 sends it up at e g t*, so its velocity at the step's end t₁ is
// e g t* − g (t₁ − t*): t* = (v + g t₁) / (g (1 + e)), exact for RK4 on a parabola. The bisection
// stops within ten event tolerances of depth, so t* is known to 10 tol / (g t*). The probes are
// the dense output's: the step of the impact costs RK4's four evaluations for the interval, two
// for the interpolant's ends, four for the integration to t* and four for the rest of the step,
// where the bisection by integration spent four per probe (some twenty probes).
void expectLocatedAtTheClosedForm(const std::string& integrator, long evaluationsPerStep) {
  const double r = 0.1, H = 1.0, e = 0.5;
  const json ball = {{"type", "sphere"}, {"radius", r}, {"friction", 0}, {"restitution", e}};
  World w = dropWorld(droppedBody(ball, H + r, {0, 0, 0}), integrator, e);
  const double hit = std::sqrt(2 * H / kGravity);
  int steps = 0;
  while (w.stepStats().events == 0 && steps < 200) w.step(), ++steps;
  ASSERT_EQ(w.stepStats().events, 1);
  const double vz = w.state().v[5], located = (vz + kGravity * w.time()) / (kGravity * (1 + e));
  EXPECT_NEAR(located, hit, 10 * w.settings().eventTolerance / (kGravity * hit)) << integrator;
  EXPECT_LE(w.stats().derivativeEvaluations, evaluationsPerStep * (steps - 1) + 14) << integrator;
}

TEST(ImpactLocation, DroppedBallHitsAtTheClosedFormTimeRk4) {
  expectLocatedAtTheClosedForm("rk4", 4);
}

// RK45 integrates a parabola with its largest steps (one substep a step, six evaluations with FSAL,
// seven without, as at a call's start after an impact).
TEST(ImpactLocation, DroppedBallHitsAtTheClosedFormTimeRk45) {
  expectLocatedAtTheClosedForm("rk45", 7);
}

// A box turning about a horizontal axis as it falls: its quaternion moves along the interval, and
// the dense output follows it on the rotation group (q₀ ⊕ Δ(t)); a chart that did not would put the
// corners elsewhere than the integration to the located time does, and the search would go on by
// integration, at four evaluations a probe.
TEST(ImpactLocation, TumblingBoxIsLocatedWithoutIntegratingEachProbe) {
  const json box = {
      {"type", "box"}, {"size", {0.4, 0.2, 0.1}}, {"friction", 0}, {"restitution", 0.5}};
  World w = dropWorld(droppedBody(box, 1.0, {3, 1, 0}), "rk4", 0.5);
  int steps = 0;
  while (w.stepStats().events == 0 && steps < 200) w.step(), ++steps;
  ASSERT_GE(w.stepStats().events, 1);  // a corner, perhaps another in the same step
  EXPECT_LE(w.stats().derivativeEvaluations, 4 * steps + 10 * w.stepStats().events);
  // And the impacts keep it out of the ground as it tumbles on: its centre stays at least half
  // its thinnest side above the plane.
  for (int i = 0; i < 60; ++i) w.step();
  EXPECT_GT(w.bodyPosition(1).z(), 0.05 - 1e-6);
}

}  // namespace
}  // namespace fw
