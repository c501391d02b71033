// Impulse-based joints (Bender, Finkenzeller & Schmitt) and loop closures over Featherstone trees.
#include <gtest/gtest.h>

#include <cmath>
#include <nlohmann/json.hpp>

#include "scene/scene_builder.h"
#include "scene/scene_parser.h"
#include "shipped_scenes.h"

namespace fw {
namespace {

using nlohmann::json;

double largestGap(const World& world) {
  double gap = 0;
  for (int k = 0; k < int(world.impulseJoints().size()); ++k) gap = std::max(gap, world.impulseJointGap(k));
  return gap;
}

// A chain of n rods on ball joints hanging from (0, 0, 2), the whole chain tilted by `tilt`
// about y and each further joint bent by `bend`: built with reduced or impulse joints.
json ballChain(const std::string& joints, int n, double tilt, double bend, double h) {
  const double length = 0.3;
  json links = json::array();
  for (int i = 0; i < n; ++i) {
    json link = {{"name", "l" + std::to_string(i)},
                 {"joint",
                  {{"type", "spherical"},
                   {"origin", {{"position", {0, 0, i == 0 ? 2.0 : -length}}}},
                   {"position", {{"rpy", {0, i == 0 ? tilt : bend, 0}}}}}},
                 {"inertial", {{"mass", 1.0}, {"com", {0, 0, -length / 2}}, {"inertia", {{"ixx", 0.008}, {"iyy", 0.008}, {"izz", 0.0005}}}}}};
    if (i > 0) link["parent"] = "l" + std::to_string(i - 1);
    links.push_back(link);
  }
  return {{"format", "featherweight-scene"},
          {"version", 1},
          {"world", {{"timestep", h}, {"solver", {{"sleep", false}}}}},
          {"articulations", {{{"name", "chain"}, {"joints", joints}, {"links", links}}}}};
}

double energy(World& world) { return world.kineticEnergy() + world.potentialEnergy(); }

// Bender's pendulum chain: joints within D_max after every step, energy kept, and the same
// motion as the reduced-coordinate chain.
TEST(ImpulseJoints, BallChainHoldsConservesEnergyAndFollowsTheReducedChain) {
  World impulse = loadWorld(ballChain("impulse", 5, 0.5, 0.2, 0.001));
  World reduced = loadWorld(ballChain("reduced", 5, 0.5, 0.2, 0.001));
  ASSERT_EQ(impulse.impulseJoints().size(), 5u);
  EXPECT_LT(largestGap(impulse), 1e-12);  // assembled from the reduced chain's initial state
  const double e0 = energy(impulse);
  EXPECT_NEAR(e0, energy(reduced), 1e-9);
  double worstGap = 0, worstEnergy = 0, worstAngle = 0;
  for (int step = 1; step <= 10000; ++step) {
    impulse.step();
    worstGap = std::max(worstGap, largestGap(impulse));
    worstEnergy = std::max(worstEnergy, std::abs(energy(impulse) - e0) / std::abs(e0));
    if (step <= 2000) {
      reduced.step();
      worstAngle = std::max(worstAngle, impulse.bodyOrientation(0).angularDistance(reduced.bodyOrientation(0)));
    }
  }
  EXPECT_LE(worstGap, 1e-6);
  EXPECT_LE(worstEnergy, 0.005);
  EXPECT_LE(worstAngle, 1e-3);
  RecordProperty("worst_gap_m", std::to_string(worstGap));
  RecordProperty("worst_relative_energy_error", std::to_string(worstEnergy));
  RecordProperty("first_link_angle_error_rad", std::to_string(worstAngle));
}

// A Grashof crank-rocker (crank 0.1 m, coupler 0.35 m, rocker 0.3 m, ground 0.4 m) in the x–z
// plane: the crank and coupler are one tree, the rocker another, and a ball joint closes the
// loop. The crank is driven by a velocity motor; the rocker must follow the position analysis.
struct FourBar {
  double crank = 0.1, coupler = 0.35, rocker = 0.3, ground = 0.4;
  // Angles φ about +y: a direction (cos φ, 0, −sin φ) in the x–z plane.
  static Eigen::Vector2d dir(double phi) { return {std::cos(phi), -std::sin(phi)}; }
  static double angleOf(const Eigen::Vector2d& d) { return std::atan2(-d.y(), d.x()); }
  // The rocker tip for a crank angle: circle(B, coupler) ∩ circle(O4, rocker), upper branch.
  Eigen::Vector2d rockerTip(double crankAngle) const {
    const Eigen::Vector2d B = crank * dir(crankAngle), O4(ground, 0);
    const double d = (O4 - B).norm();
    const double a = (coupler * coupler - rocker * rocker + d * d) / (2 * d);
    const double hgt = std::sqrt(coupler * coupler - a * a);
    const Eigen::Vector2d mid = B + a * (O4 - B) / d;
    const Eigen::Vector2d perp(-(O4 - B).y() / d, (O4 - B).x() / d);
    return mid + hgt * perp;
  }
  double rockerAngle(double crankAngle) const { return angleOf(rockerTip(crankAngle) - Eigen::Vector2d(ground, 0)); }
};

json fourBarScene(const FourBar& m, double crankAngle, double crankSpeed) {
  const Eigen::Vector2d B = m.crank * FourBar::dir(crankAngle);
  const Eigen::Vector2d C = m.rockerTip(crankAngle);
  const double couplerAngle = FourBar::angleOf(C - B) - crankAngle;  // relative to the crank
  const double rockerAngle = m.rockerAngle(crankAngle);
  const double z0 = 1.0;
  auto rod = [](double length) {
    return json{{"mass", 0.5}, {"com", {length / 2, 0, 0}}, {"inertia", {{"ixx", 1e-4}, {"iyy", 0.5 * length * length / 12}, {"izz", 0.5 * length * length / 12}}}};
  };
  json crank = {{"name", "crank"},
                {"joint", {{"type", "revolute"}, {"axis", {0, 1, 0}}, {"origin", {{"position", {0, 0, z0}}}}, {"position", crankAngle},
                           {"velocity", crankSpeed},
                           {"motor", {{"mode", "velocity"}, {"targetVelocity", crankSpeed}, {"maxEffort", 1000}}}}},
                {"inertial", rod(m.crank)}};
  json coupler = {{"name", "coupler"}, {"parent", "crank"},
                  {"joint", {{"type", "revolute"}, {"axis", {0, 1, 0}}, {"origin", {{"position", {m.crank, 0, 0}}}}, {"position", couplerAngle}}},
                  {"inertial", rod(m.coupler)}};
  json rocker = {{"name", "rocker"},
                 {"joint", {{"type", "revolute"}, {"axis", {0, 1, 0}}, {"origin", {{"position", {m.ground, 0, z0}}}}, {"position", rockerAngle}}},
                 {"inertial", rod(m.rocker)}};
  return {{"format", "featherweight-scene"},
          {"version", 1},
          {"world", {{"timestep", 0.001}, {"solver", {{"sleep", false}}}, {"jointCorrection", {{"tolerance", 1e-9}}}}},
          {"articulations", {{{"name", "input"}, {"links", {crank, coupler}}}, {{"name", "output"}, {"links", {rocker}}}}},
          {"constraints", {{{"type", "ball"}, {"a", "input/coupler"}, {"b", "output/rocker"}, {"anchor", {C.x(), 0, z0 + C.y()}}}}}};
}

TEST(LoopClosures, FourBarRockerFollowsThePositionAnalysis) {
  const FourBar m;
  World world = loadWorld(fourBarScene(m, 0.3, 2 * M_PI));
  ASSERT_EQ(world.impulseJoints().size(), 1u);
  const auto& q = world.state().q;
  EXPECT_NEAR(q[2], m.rockerAngle(q[0]), 1e-12);
  double worst = 0, turned = 0;
  for (int step = 0; step < 2000; ++step) {  // two crank turns
    world.step();
    const double crank = world.state().q[0], rocker = world.state().q[2];
    worst = std::max(worst, std::abs(std::remainder(rocker - m.rockerAngle(crank), 2 * M_PI)));
    turned = crank - 0.3;
  }
  EXPECT_GT(turned, 3.5 * M_PI);  // the motor really turned it
  EXPECT_LE(worst, 1e-4);
  RecordProperty("rocker_angle_error_rad", std::to_string(worst));
}

// Five free bodies whose ball joints start torn 0.1 m apart close up within a second.
TEST(ImpulseJoints, TornChainReassembles) {
  json bodies = json::array(), constraints = json::array();
  const double length = 0.3, tear = 0.1;
  for (int i = 0; i < 5; ++i) {
    const double top = 2.0 - i * (length + tear);
    bodies.push_back({{"name", "b" + std::to_string(i)},
                      {"position", {0.05 * i, 0, top}},
                      {"inertial", {{"mass", 1.0}, {"com", {0, 0, -length / 2}}, {"inertia", {{"ixx", 0.008}, {"iyy", 0.008}, {"izz", 0.0005}}}}}});
    json c = {{"type", "ball"}, {"b", "b" + std::to_string(i)}, {"pointB", {0, 0, 0}}};
    if (i == 0) c["a"] = "world", c["pointA"] = {0, 0, 2.0};
    else c["a"] = "b" + std::to_string(i - 1), c["pointA"] = {0, 0, -length};
    constraints.push_back(c);
  }
  World world = loadWorld({{"format", "featherweight-scene"}, {"version", 1},
                      {"world", {{"timestep", 0.001}, {"solver", {{"sleep", false}}}}},
                      {"bodies", bodies}, {"constraints", constraints}});
  EXPECT_GT(largestGap(world), 0.09);
  for (int step = 0; step < 1000; ++step) world.step();
  EXPECT_LE(largestGap(world), 1e-6);
  EXPECT_LT(world.firstNonFiniteJoint(), 0);
  EXPECT_LT(world.kineticEnergy(), 100.0);  // it came together without blowing up
}

// Under time pressure: one correction pass per step still keeps a 10-link chain together,
// slightly damped (the paper's graceful degradation).
TEST(ImpulseJoints, OnePassPerStepKeepsTheChainTogether) {
  json scene = ballChain("impulse", 10, 1.0, 0.1, 0.001);
  scene["world"]["jointCorrection"] = {{"iterations", 1}};
  World world = loadWorld(scene);
  const double e0 = energy(world);
  double worstGap = 0;
  for (int step = 0; step < 10000; ++step) {
    world.step();
    worstGap = std::max(worstGap, largestGap(world));
  }
  EXPECT_LE(worstGap, 0.01);
  EXPECT_LE(energy(world), e0 + 1e-3 * std::abs(e0));
  RecordProperty("worst_gap_m", std::to_string(worstGap));
}

// The reduced joints' limits and motors work on impulse joints too.
json impulseHinge(const json& jointExtras) {
  json joint = {{"type", "revolute"}, {"axis", {0, 1, 0}}, {"origin", {{"position", {0, 0, 1}}}}, {"position", 1.0}};
  joint.update(jointExtras);
  return {{"format", "featherweight-scene"},
          {"version", 1},
          {"world", {{"timestep", 0.001}, {"solver", {{"sleep", false}}}}},
          {"articulations",
           {{{"name", "p"}, {"joints", "impulse"},
             {"links", {{{"name", "rod"}, {"joint", joint}, {"inertial", {{"mass", 1.0}, {"com", {0, 0, -0.5}}, {"inertia", {{"ixx", 0.01}, {"iyy", 0.01}, {"izz", 0.01}}}}}}}}}}}};
}

TEST(ImpulseJoints, HingeLimitStopsTheSwing) {
  World world = loadWorld(impulseHinge({{"limits", {{"lower", -0.5}, {"upper", 1.2}}}}));
  double lowest = 10;
  for (int step = 0; step < 3000; ++step) {
    world.step();
    const Vec3 tip = world.bodyOrientation(0) * Vec3(0, 0, -1);
    lowest = std::min(lowest, std::atan2(-tip.x(), -tip.z()));  // the hinge angle: R_y(θ) turns −z towards −x
  }
  // Released at +1 rad it would swing to −1; the limit stops it at −0.5 (within the slop).
  EXPECT_GT(lowest, -0.5 - 0.01);
  EXPECT_LT(largestGap(world), 1e-6);
}

TEST(ImpulseJoints, ServoHoldsItsTarget) {
  World world = loadWorld(impulseHinge({{"motor", {{"mode", "position"}, {"target", 0.3}, {"stiffness", 200.0}, {"damping", 20.0}}}}));
  for (int step = 0; step < 3000; ++step) world.step();
  const Vec3 tip = world.bodyOrientation(0) * Vec3(0, 0, -1);
  const double angle = std::atan2(-tip.x(), -tip.z());  // rotation about +y turns −z towards −x
  // Static droop of a PD servo against gravity: k (q* − q) = m g l sin q.
  EXPECT_NEAR(200.0 * (0.3 - angle), 9.81 * 0.5 * std::sin(angle), 0.05);
  EXPECT_LT(std::abs(world.motors()[0].effort - 9.81 * 0.5 * std::sin(angle)), 0.05);
}

TEST(ImpulseJoints, LoaderNamesTheProblem) {
  json scene = ballChain("impulse", 2, 0.1, 0.1, 0.001);
  scene["constraints"] = {{{"type", "ball"}, {"a", "chain/l0"}, {"b", "chain/nope"}, {"anchor", {0, 0, 0}}}};
  try {
    loadWorld(scene);
    FAIL() << "accepted an unknown body";
  } catch (const SceneError& e) {
    EXPECT_EQ(e.path(), "/constraints/0/b");
  }
  scene = ballChain("impulse", 2, 0.1, 0.1, 0.001);
  scene["world"]["integrator"] = "rk4";
  EXPECT_THROW(loadWorld(scene), SceneError);
  scene = ballChain("impulse", 2, 0.1, 0.1, 0.001);
  scene["constraints"] = {{{"type", "hinge"}, {"a", "chain/l0"}, {"b", "chain/l1"}, {"anchor", {0, 0, 0}}}};
  try {
    loadWorld(scene);
    FAIL() << "accepted a hinge without an axis";
  } catch (const SceneError& e) {
    EXPECT_EQ(e.path(), "/constraints/0");
  }
}

}  // namespace
}  // namespace fw
