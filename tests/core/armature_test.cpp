// Joint armature (rotor inertia, MuJoCo's `armature`): a constant a_k on the joint-space inertia's
// diagonal, H_kk + a_k, seen alike by ABA, CRBA, RNEA, the impulse response, the kinetic energy
// and so the energy ledger; and a model without armature moves exactly as before it existed.
#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <cmath>
#include <nlohmann/json.hpp>

#include "algorithms/aba.h"
#include "algorithms/crba.h"
#include "algorithms/energy.h"
#include "algorithms/forward_kinematics.h"
#include "algorithms/impulse_response.h"
#include "algorithms/rnea.h"
#include "shipped_scenes.h"
#include "test_models.h"

namespace fw {
namespace {

using nlohmann::json;

// The model with armature a_k = 0.05 + 0.1 k on its coordinates.
Model withArmature(Model model) {
  for (int k = 0; k < model.nv; ++k) model.armature[size_t(k)] = 0.05 + 0.1 * k;
  model.anyArmature = model.nv > 0;
  return model;
}

Eigen::VectorXd armatureOf(const Model& model) { return Eigen::Map<const Eigen::VectorXd>(model.armature.data(), model.nv); }

// A hinge about y with its centre of mass l below the pivot: q̈ = −m g l sin θ / (I_pivot + a).
TEST(Armature, PendulumAccelerationIsTorqueOverPivotInertiaPlusArmature) {
  const double m = 1.5, l = 0.7, Ic = 0.02, a = 0.3, theta = 0.9, g = 9.81;
  ModelBuilder builder;
  LinkSpec s = test::link(-1, JointType::Revolute, Vec3::UnitY(), Vec3::Zero(), Inertia(m, Vec3(0, 0, -l), Mat3::Identity() * Ic));
  s.armature = a;
  builder.addLink(s);
  const Model model = builder.build();
  ASSERT_TRUE(model.anyArmature);
  Data data(model);
  const Eigen::VectorXd q = Eigen::VectorXd::Constant(1, theta), v = Eigen::VectorXd::Constant(1, 1.3);
  const Eigen::VectorXd tau = Eigen::VectorXd::Zero(1);
  aba(model, data, q, v, tau, nullptr);
  const double expected = -m * g * l * std::sin(theta) / (Ic + m * l * l + a);
  EXPECT_NEAR(data.qdd[0], expected, 1e-12);
  // Without the armature it is the bare pendulum's, which differs by far more.
  Model bare = model;
  bare.armature[0] = 0, bare.anyArmature = false;
  aba(bare, data, q, v, tau, nullptr);
  EXPECT_NEAR(data.qdd[0], -m * g * l * std::sin(theta) / (Ic + m * l * l), 1e-12);
  EXPECT_GT(std::abs(data.qdd[0] - expected), 0.1);
  // CRBA: H = I_pivot + a; RNEA gives the effort back; the kinetic energy counts the rotor.
  crba(model, data, q);
  EXPECT_NEAR(data.H(0, 0), Ic + m * l * l + a, 1e-15);
  aba(model, data, q, v, tau, nullptr);
  const Eigen::VectorXd qdd = data.qdd;
  rnea(model, data, q, v, qdd, nullptr);
  EXPECT_NEAR(data.tau[0], 0, 1e-12);
  EXPECT_NEAR(kineticEnergy(model, data, q, v), 0.5 * (Ic + m * l * l + a) * v[0] * v[0], 1e-14);
}

// Random trees of every joint type (free and spherical joints included), armature on every
// coordinate: CRBA's H is the bare H plus diag(a), ABA solves (H + A) q̈ = τ − C, RNEA inverts
// ABA, the impulse response is (H + A)⁻¹, and the kinetic energy is ½ q̇ᵀ (H + A) q̇.
TEST(Armature, AlgorithmsAgreeOnRandomTrees) {
  std::mt19937 rng(7);
  int compared = 0;
  for (int trial = 0; trial < 40; ++trial) {
    const Model bare = test::randomTree(rng, 1 + trial % 12);
    if (bare.nv == 0) continue;
    const Model model = withArmature(bare);
    const Eigen::VectorXd q = test::randomConfiguration(model, rng), v = test::randomVector(model.nv, rng);
    const Eigen::VectorXd tau = test::randomVector(model.nv, rng, 5);
    Data data(model);
    crba(bare, data, q);
    const Eigen::MatrixXd H0 = data.H;
    crba(model, data, q);
    const Eigen::MatrixXd H = data.H;
    const Eigen::MatrixXd expectedH = H0 + Eigen::MatrixXd(armatureOf(model).asDiagonal());
    EXPECT_LT((H - expectedH).cwiseAbs().maxCoeff(), 1e-12) << "trial " << trial;
    EXPECT_GT((H - H0).cwiseAbs().maxCoeff(), 0.04);

    // C(q, q̇) from RNEA with q̈ = 0 (the armature adds nothing there).
    rnea(model, data, q, v, Eigen::VectorXd::Zero(model.nv), nullptr);
    const Eigen::VectorXd C = data.tau;
    const Eigen::VectorXd expectedQdd = H.ldlt().solve(tau - C);
    aba(model, data, q, v, tau, nullptr);
    const Eigen::VectorXd qdd = data.qdd;
    EXPECT_LT((qdd - expectedQdd).norm() / std::max(1.0, expectedQdd.norm()), 1e-9) << "trial " << trial;
    crbaForwardDynamics(model, data, q, v, tau, nullptr);
    EXPECT_LT((data.qdd - qdd).norm() / std::max(1.0, qdd.norm()), 1e-9) << "trial " << trial;
    rnea(model, data, q, v, qdd, nullptr);
    EXPECT_LT((data.tau - tau).norm() / std::max(1.0, tau.norm()), 1e-9) << "trial " << trial;

    // The impulse response reads ABA's D: a unit impulse on coordinate k moves q̇ by (H + A)⁻¹ e_k.
    aba(model, data, q, Eigen::VectorXd::Zero(model.nv), Eigen::VectorXd::Zero(model.nv), nullptr);
    const Eigen::MatrixXd Hinv = H.inverse();
    Eigen::VectorXd dqd(model.nv);
    for (int link = 0; link < model.nlinks; ++link) {
      const JointModel& j = model.joints[size_t(link)];
      for (int k = j.idx_v; k < j.idx_v + j.nv; ++k) {
        jointImpulseResponse(model, data, link, k, dqd);
        EXPECT_LT((dqd - Hinv.col(k)).norm() / std::max(1.0, Hinv.col(k).norm()), 1e-9) << "trial " << trial;
      }
    }
    EXPECT_NEAR(kineticEnergy(model, data, q, v), 0.5 * v.dot(H * v), 1e-10 * std::max(1.0, v.dot(H * v)));
    ++compared;
  }
  EXPECT_GT(compared, 30);
}

// With every armature 0 the algorithms' results are those of a model without the field, bit for bit.
TEST(Armature, ZeroArmatureChangesNoBit) {
  std::mt19937 rng(3);
  const Model model = test::randomTree(rng, 10);
  ASSERT_FALSE(model.anyArmature);
  Model zeros = model;
  zeros.anyArmature = true;  // the slow path with a_k = 0 adds exact zeros
  const Eigen::VectorXd q = test::randomConfiguration(model, rng), v = test::randomVector(model.nv, rng);
  const Eigen::VectorXd tau = test::randomVector(model.nv, rng, 5);
  Data a(model), b(zeros);
  aba(model, a, q, v, tau, nullptr);
  aba(zeros, b, q, v, tau, nullptr);
  for (int k = 0; k < model.nv; ++k) EXPECT_EQ(a.qdd[k], b.qdd[k]);
  crba(model, a, q);
  crba(zeros, b, q);
  EXPECT_TRUE(a.H == b.H);
}

json pendulumScene(double armature, const std::string& integrator, const json& joint2) {
  json upper = {{"type", "revolute"}, {"axis", {0, 1, 0}}, {"origin", {{"position", {0, 0, 2}}}}, {"position", 1.2},
                {"velocity", 0.5}};
  if (armature > 0) upper["armature"] = armature;
  return {{"format", "featherweight-scene"},
          {"version", 1},
          {"world", {{"timestep", 0.001}, {"integrator", integrator}}},
          {"articulations",
           {{{"name", "p"},
             {"links",
              {{{"name", "upper"}, {"joint", upper}, {"inertial", {{"mass", 1}, {"com", {0, 0, -1}}}}},
               {{"name", "lower"}, {"parent", "upper"}, {"joint", joint2},
                {"inertial", {{"mass", 0.5}, {"com", {0.1, 0, -0.6}}, {"inertia", {{"ixx", 0.02}, {"iyy", 0.03}, {"izz", 0.01}}}}}}}}}}}};
}

// RK4 with armature on a hinge and on a ball joint: the ledger stays balanced (the kinetic
// energy counts ½ a q̇², which the motion exchanges with gravity), and the armature slows it.
TEST(Armature, EnergyLedgerBalancesWithRk4) {
  for (const bool ball : {false, true}) {
    const json hinge = {{"type", "revolute"}, {"axis", {1, 0, 0}}, {"origin", {{"position", {0, 0, -1}}}}, {"velocity", 2},
                        {"armature", 0.2}};
    const json sphere = {{"type", "spherical"}, {"origin", {{"position", {0, 0, -1}}}}, {"velocity", {1, -2, 3}},
                         {"armature", 0.2}};
    World w = loadWorld(pendulumScene(0.4, "rk4", ball ? sphere : hinge));
    ASSERT_TRUE(w.model().anyArmature);
    const double e0 = w.energy().ledger.initial;
    for (int i = 0; i < 3000; ++i) w.step();
    const EnergyReport r = w.energy();
    EXPECT_LT(std::abs(r.balance()), 1e-7 * std::abs(e0) + 1e-9) << (ball ? "ball " : "hinge ") << r.balance();
    // The same scene without armature moves differently.
    json bare = pendulumScene(0, "rk4", ball ? sphere : hinge);
    bare["articulations"][0]["links"][1]["joint"].erase("armature");
    World w0 = loadWorld(bare);
    ASSERT_FALSE(w0.model().anyArmature);
    for (int i = 0; i < 3000; ++i) w0.step();
    EXPECT_GT(std::abs(w0.state().q[0] - w.state().q[0]), 1e-2);
    EXPECT_NE(w0.modelHash(), w.modelHash());
  }
}

// The realtime step at 1 ms (semi-implicit Euler, implicit damping as a second armature, the ball
// joint's implicit gyroscopic step) keeps a damped pendulum with armature bounded and its
// ledger's imbalance at the method's small O(h) error (without the rotors' ½ a q̇² it is some 9× more).
TEST(Armature, RealtimeStepStaysBalanced) {
  json sphere = {{"type", "spherical"}, {"origin", {{"position", {0, 0, -1}}}}, {"velocity", {1, -2, 3}},
                 {"armature", 0.2}, {"damping", 0.05}};
  json scene = pendulumScene(0.4, "semi-implicit-euler", sphere);
  scene["world"]["timestep"] = 1.0 / 1000;
  World w = loadWorld(scene);
  const double e0 = w.energy().ledger.initial;
  for (int i = 0; i < 3000; ++i) w.step();
  const EnergyReport r = w.energy();
  EXPECT_TRUE(w.stepError().empty());
  EXPECT_GT(r.ledger.dampingLoss, 0);
  EXPECT_LT(std::abs(r.balance()), 2e-3 * std::abs(e0)) << r.balance();  // 0.012 J of 24 J
}

// A scene's armature is parsed for revolute, prismatic and spherical joints, refused when negative.
TEST(Armature, SceneFieldReachesTheModel) {
  const json hinge = {{"type", "prismatic"}, {"axis", {0, 0, 1}}, {"origin", {{"position", {0, 0, -1}}}}, {"armature", 0.7}};
  World w = loadWorld(pendulumScene(0.4, "rk4", hinge));
  ASSERT_EQ(w.model().nv, 2);
  EXPECT_EQ(w.model().armature[0], 0.4);
  EXPECT_EQ(w.model().armature[1], 0.7);
  json negative = pendulumScene(0.4, "rk4", hinge);
  negative["articulations"][0]["links"][0]["joint"]["armature"] = -1;
  EXPECT_THROW(loadWorld(negative), SceneError);
}

}  // namespace
}  // namespace fw
