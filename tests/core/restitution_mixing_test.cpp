// How a colliding pair combines its two restitutions: by default the smaller, e = min(ea, eb),
// whichever side carries it, so one shape's coefficient acts on every impact it takes part in;
// and its frictions, by default √(μa μb). A world's MaterialMixing may choose another rule for
// either (the minimum, the maximum, the mean).
#include <gtest/gtest.h>

#include <numbers>
#include <nlohmann/json.hpp>

#include "scene/scene_builder.h"
#include "scene/scene_parser.h"
#include "shapes/material_mixing.h"
#include "shapes/shape.h"
#include "shipped_scenes.h"

namespace fw {
namespace {

using nlohmann::json;

json mixingSphere(const std::string& name, double x, double z, double vx, double vz, double mass, double restitution) {
  const double r = 0.1;
  return {{"name", name},
          {"position", {x, 0, z}},
          {"linearVelocity", {vx, 0, vz}},
          {"shapes",
           {{{"type", "sphere"}, {"radius", r}, {"density", mass / (4.0 / 3 * std::numbers::pi * r * r * r)},
             {"friction", 0}, {"restitution", restitution}}}}};
}

// No gravity. Accurate stepping (rk4) locates each impact in time and resolves it by one impulse
// at that instant; realtime stepping solves the one contact row of a step exactly too. Either
// way the velocities after an impact follow Newton's law up to round-off.
json mixingScene(const json& bodies, const std::string& integrator = "rk4") {
  return {{"format", "featherweight-scene"},
          {"version", 1},
          {"world", {{"timestep", 1.0 / 1000}, {"integrator", integrator}, {"gravity", {0, 0, 0}}}},
          {"bodies", bodies}};
}

// A free body's linear velocity along x and z: a free joint keeps the angular velocity first, then
// the linear one in the body frame, which stays the world frame here (no friction, no spin).
double mixingVx(const World& w, int body) { return w.state().v[6 * body + 3]; }
double mixingVz(const World& w, int body) { return w.state().v[6 * body + 5]; }

TEST(RestitutionMixing, TheSmallerCoefficientOfThePair) {
  EXPECT_EQ(mixRestitution(0.5, 1.0), 0.5);
  EXPECT_EQ(mixRestitution(1.0, 0.5), 0.5);
  EXPECT_EQ(mixRestitution(0.7, 0.7), 0.7);
  EXPECT_EQ(mixRestitution(0.0, 1.0), 0.0);
}

// Two spheres (1 kg with e = 0.5, 2 kg with e = 1) meet head on. Momentum is conserved and
// Newton's law v₂′ − v₁′ = −e (v₂ − v₁) holds with the pair's e = 0.5 (Stronge, Impact Mechanics,
// ch. 2): v₁′ = (m₁u₁ + m₂u₂ − m₂e(u₁ − u₂)) / (m₁ + m₂), v₂′ = (m₁u₁ + m₂u₂ + m₁e(u₁ − u₂)) / (m₁ + m₂).
// The larger coefficient (e = 1) would give an elastic rebound instead.
TEST(RestitutionMixing, HeadOnSpheresFollowNewtonsLawWithTheSmallerE) {
  const double m1 = 1, m2 = 2, u1 = 2, u2 = -1, e = 0.5;
  const double v1 = (m1 * u1 + m2 * u2 - m2 * e * (u1 - u2)) / (m1 + m2);
  const double v2 = (m1 * u1 + m2 * u2 + m1 * e * (u1 - u2)) / (m1 + m2);
  for (const std::string integrator : {"rk4", "semi-implicit-euler"})
    for (const bool swapped : {false, true}) {  // the coefficients on either sphere
      const double e1 = swapped ? 1.0 : 0.5, e2 = swapped ? 0.5 : 1.0;
      World world = loadWorld(
          mixingScene({mixingSphere("a", 0, 1, u1, 0, m1, e1), mixingSphere("b", 0.23, 1, u2, 0, m2, e2)}, integrator));
      for (int i = 0; i < 20; ++i) world.step();  // they touch after 0.01 s
      EXPECT_NEAR(mixingVx(world, 0), v1, 1e-9) << integrator << ", swapped " << swapped;
      EXPECT_NEAR(mixingVx(world, 1), v2, 1e-9) << integrator << ", swapped " << swapped;
      EXPECT_NEAR(mixingVx(world, 1) - mixingVx(world, 0), -e * (u2 - u1), 1e-9);
    }
}

// A sphere falling at 1 m/s onto a plane leaves at e·1 m/s with e the smaller of the two, 0.3,
// whether the sphere or the plane has it.
TEST(RestitutionMixing, SphereOnAPlaneBouncesWithTheSmallerE) {
  for (const bool onThePlane : {false, true}) {
    const double plane = onThePlane ? 0.3 : 0.8, sphere = onThePlane ? 0.8 : 0.3;
    json ground = {{"name", "ground"}, {"static", true}, {"shapes", {{{"type", "plane"}, {"friction", 0}, {"restitution", plane}}}}};
    World world = loadWorld(mixingScene({ground, mixingSphere("ball", 0, 0.105, 0, -1, 1, sphere)}));
    for (int i = 0; i < 10; ++i) world.step();  // it lands after 5 ms
    EXPECT_NEAR(mixingVz(world, 0), 0.3, 1e-9) << "e 0.3 on the " << (onThePlane ? "plane" : "sphere");
    EXPECT_NEAR(mixingVx(world, 0), 0, 1e-12);
  }
}

// The rules themselves, and the defaults: today's √(μa μb) and min(ea, eb), bit for bit.
TEST(MaterialMixing, EachRuleCombinesTheTwoCoefficients) {
  EXPECT_EQ(mixCoefficients(MixRule::GeometricMean, 0.2, 0.8), std::sqrt(0.2 * 0.8));
  EXPECT_EQ(mixCoefficients(MixRule::Min, 0.2, 0.8), 0.2);
  EXPECT_EQ(mixCoefficients(MixRule::Max, 0.2, 0.8), 0.8);
  EXPECT_EQ(mixCoefficients(MixRule::Mean, 0.2, 0.8), 0.5);
  EXPECT_EQ(mixCoefficients(MixRule::Max, 0.8, 0.2), 0.8);
  EXPECT_EQ(MaterialMixing{}.friction, MixRule::GeometricMean);
  EXPECT_EQ(MaterialMixing{}.restitution, MixRule::Min);
  EXPECT_EQ(mixFriction(0.3, 0.7), std::sqrt(0.3 * 0.7));
  EXPECT_EQ(mixRestitution(0.3, 0.7), 0.3);
}

// The same world with another mixing rule (the scenes here are free bodies on a plane: their
// colliders are all the interactions they have).
World withMixing(const World& w, MaterialMixing mixing) {
  WorldSettings settings = w.settings();
  settings.mixing = mixing;
  WorldInteractions interactions;
  interactions.colliders = w.colliders();
  return World(w.model(), w.state(), settings, w.visuals(), interactions);
}

// The head-on spheres of above (e 0.5 and 1) with the larger coefficient, then the mean, as the
// pair's: Newton's law with e = 1, then e = 0.75.
TEST(MaterialMixing, RestitutionByTheChosenRule) {
  const double m1 = 1, m2 = 2, u1 = 2, u2 = -1;
  for (const auto& [rule, e] : {std::pair{MixRule::Max, 1.0}, std::pair{MixRule::Mean, 0.75}})
    for (const std::string integrator : {"rk4", "semi-implicit-euler"}) {
      const World loaded = loadWorld(
          mixingScene({mixingSphere("a", 0, 1, u1, 0, m1, 0.5), mixingSphere("b", 0.23, 1, u2, 0, m2, 1.0)}, integrator));
      MaterialMixing mixing;
      mixing.restitution = rule;
      World world = withMixing(loaded, mixing);
      for (int i = 0; i < 20; ++i) world.step();
      const double v1 = (m1 * u1 + m2 * u2 - m2 * e * (u1 - u2)) / (m1 + m2);
      const double v2 = (m1 * u1 + m2 * u2 + m1 * e * (u1 - u2)) / (m1 + m2);
      EXPECT_NEAR(mixingVx(world, 0), v1, 1e-9) << integrator << ", e " << e;
      EXPECT_NEAR(mixingVx(world, 1), v2, 1e-9) << integrator << ", e " << e;
    }
}

// A box sliding on the ground (μ 0.2 on the ground, 0.8 on the box) slows by μ g with the pair's
// μ: √(0.2 · 0.8) = 0.4 by default, 0.2, 0.8 or 0.5 by the other rules.
TEST(MaterialMixing, FrictionByTheChosenRule) {
  nlohmann::json scene = {
      {"format", "featherweight-scene"},
      {"version", 1},
      {"world", {{"timestep", 1.0 / 240}, {"solver", {{"sleep", false}}}}},
      {"bodies",
       {{{"name", "ground"}, {"static", true}, {"shapes", {{{"type", "plane"}, {"friction", 0.2}}}}},
        {{"name", "box"},
         {"position", {0, 0, 0.25}},
         {"linearVelocity", {3, 0, 0}},
         {"shapes", {{{"type", "box"}, {"size", {0.5, 0.5, 0.5}}, {"friction", 0.8}}}}}}}};
  const World loaded = loadWorld(scene);
  for (const auto& [rule, mu] : {std::pair{MixRule::GeometricMean, 0.4}, std::pair{MixRule::Min, 0.2},
                                 std::pair{MixRule::Max, 0.8}, std::pair{MixRule::Mean, 0.5}}) {
    MaterialMixing mixing;
    mixing.friction = rule;
    World world = withMixing(loaded, mixing);
    for (int i = 0; i < 48; ++i) world.step();  // 0.2 s: still sliding at μ = 0.8
    EXPECT_NEAR(bodyVelocities(world)[6 + 0], 3 - mu * 9.81 * 0.2, 0.03) << "μ " << mu;
  }
}

}  // namespace
}  // namespace fw
