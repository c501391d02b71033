// Gravity compensation (MuJoCo's body gravcomp): a force −gravcomp·m·g at each link's centre of
// mass, taken by ABA and RNEA with the link's external force, so every integrator sees it; the
// energy ledger counts what weight is left, (1 − gravcomp)·m·g·h, in the gravity energy.
#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <cmath>
#include <nlohmann/json.hpp>

#include "algorithms/aba.h"
#include "algorithms/rnea.h"
#include "shipped_scenes.h"
#include "test_models.h"

namespace fw {
namespace {

using nlohmann::json;

// A three-link arm off the vertical (hinge, hinge, ball), every link's gravcomp given, and a free
// box beside it.
json gravcompArmScene(double gravcomp, const std::string& integrator, const json& gravity = {0, 0, -9.81}) {
  auto link = [&](const char* name, const char* parent, const json& joint, const json& com) {
    json l = {{"name", name}, {"joint", joint},
              {"inertial", {{"mass", 1.3}, {"com", com}, {"inertia", {{"ixx", 0.02}, {"iyy", 0.03}, {"izz", 0.01}}}}}};
    if (parent) l["parent"] = parent;
    if (gravcomp != 0) l["gravcomp"] = gravcomp;
    return l;
  };
  json box = {{"name", "box"}, {"position", {2, 0, 1}}, {"shapes", {{{"type", "box"}, {"size", {0.2, 0.3, 0.4}}}}}};
  if (gravcomp != 0) box["gravcomp"] = gravcomp;
  return {{"format", "featherweight-scene"},
          {"version", 1},
          {"world", {{"timestep", 0.001}, {"integrator", integrator}, {"gravity", gravity}}},
          {"bodies", {box}},
          {"articulations",
           {{{"name", "arm"},
             {"links",
              {link("upper", nullptr, {{"type", "revolute"}, {"axis", {0, 1, 0}}, {"origin", {{"position", {0, 0, 2}}}}, {"position", 0.7}},
                    {0.1, 0, -0.5}),
               link("fore", "upper", {{"type", "revolute"}, {"axis", {1, 0, 0}}, {"origin", {{"position", {0, 0, -1}}}}, {"position", -0.4}},
                    {0, 0.2, -0.4}),
               link("hand", "fore", {{"type", "spherical"}, {"origin", {{"position", {0, 0, -0.8}}}}}, {0.05, 0.1, -0.2})}}}}}};
}

// Gravcomp 1 everywhere: the arm and the box hold still for 5 s under every integrator.
TEST(Gravcomp, FullCompensationHoldsStillUnderEveryIntegrator) {
  for (const char* integrator : {"semi-implicit-euler", "rk4", "rk45"}) {
    World w = loadWorld(gravcompArmScene(1, integrator));
    ASSERT_TRUE(w.model().anyGravcomp);
    const Eigen::VectorXd q0 = w.state().q;
    for (int i = 0; i < 5000; ++i) w.step();
    EXPECT_LT((w.state().q - q0).cwiseAbs().maxCoeff(), 1e-9) << integrator;
    EXPECT_LT(w.state().v.cwiseAbs().maxCoeff(), 1e-9) << integrator;
    // Without it the arm falls.
    World bare = loadWorld(gravcompArmScene(0, integrator));
    for (int i = 0; i < 500; ++i) bare.step();
    EXPECT_GT((bare.state().q - q0).cwiseAbs().maxCoeff(), 0.05) << integrator;
  }
}

// A uniform fraction on every link is gravity scaled by (1 − gravcomp): gravcomp 0.5 moves as
// gravity halved, and the ledger (whose gravity energy counts the weight left) stays balanced.
TEST(Gravcomp, HalfCompensationMovesAsHalfGravity) {
  World half = loadWorld(gravcompArmScene(0.5, "rk4"));
  World halved = loadWorld(gravcompArmScene(0, "rk4", {0, 0, -4.905}));
  const double e0 = half.energy().ledger.initial;
  EXPECT_NEAR(e0, halved.energy().ledger.initial, 1e-9 * std::abs(e0));
  for (int i = 0; i < 2000; ++i) half.step(), halved.step();
  EXPECT_LT((half.state().q - halved.state().q).cwiseAbs().maxCoeff(), 1e-9);
  EXPECT_GT((half.state().v).cwiseAbs().maxCoeff(), 0.1);  // it did move
  const EnergyReport r = half.energy();
  EXPECT_LT(std::abs(r.balance()), 1e-7 * std::abs(e0) + 1e-9) << r.balance();
}

// Gravcomp on one link only: RNEA and ABA agree (the force enters both), and it changes the
// motion (not always: a hinge about the vertical feels no weight).
TEST(Gravcomp, AbaAndRneaAgreeOnOneCompensatedLink) {
  std::mt19937 rng(11);
  int compared = 0, changed = 0;
  for (int trial = 0; trial < 30; ++trial) {
    const Model bare = test::randomTree(rng, 2 + trial % 8);
    if (bare.nv == 0) continue;
    Model model = bare;
    model.gravcomp[size_t(trial % model.nlinks)] = 0.6;
    model.anyGravcomp = true;
    const Eigen::VectorXd q = test::randomConfiguration(model, rng), v = test::randomVector(model.nv, rng);
    const Eigen::VectorXd tau = test::randomVector(model.nv, rng, 5);
    Data data(model);
    aba(model, data, q, v, tau, nullptr);
    const Eigen::VectorXd qdd = data.qdd;
    rnea(model, data, q, v, qdd, nullptr);
    EXPECT_LT((data.tau - tau).norm() / std::max(1.0, tau.norm()), 1e-9) << "trial " << trial;
    aba(bare, data, q, v, tau, nullptr);
    ++compared;
    if ((data.qdd - qdd).norm() > 1e-6) ++changed;
  }
  EXPECT_GT(compared, 25);
  EXPECT_GT(changed, compared / 2);
}

// The realtime step with partial compensation on some links keeps its ledger at its O(h) error.
TEST(Gravcomp, RealtimeLedgerStaysBalanced) {
  json scene = gravcompArmScene(0, "semi-implicit-euler");
  scene.erase("bodies");  // the arm alone (a box falling for 3 s has its own O(h) error)
  scene["articulations"][0]["links"][1]["gravcomp"] = 0.8;
  scene["articulations"][0]["links"][2]["gravcomp"] = -0.5;  // heavier than its weight
  World w = loadWorld(scene);
  const double e0 = w.energy().ledger.initial;
  for (int i = 0; i < 3000; ++i) w.step();
  EXPECT_LT(std::abs(w.energy().balance()), 2e-3 * std::abs(e0)) << w.energy().balance();
  EXPECT_GT(std::abs(w.energy().kinetic), 0.1);  // it swung
}

// The scene field: on links and bodies, within ±10, refused on a static body.
TEST(Gravcomp, SceneFieldIsCheckedAndReachesTheModel) {
  World w = loadWorld(gravcompArmScene(0.25, "rk4"));
  for (double g : w.model().gravcomp) EXPECT_EQ(g, 0.25);
  World none = loadWorld(gravcompArmScene(0, "rk4"));
  EXPECT_FALSE(none.model().anyGravcomp);
  EXPECT_NE(w.modelHash(), none.modelHash());
  json far = gravcompArmScene(0, "rk4");
  far["articulations"][0]["links"][0]["gravcomp"] = 11;
  EXPECT_THROW(loadWorld(far), SceneError);
  json fixed = gravcompArmScene(0, "rk4");
  fixed["bodies"][0]["static"] = true;
  fixed["bodies"][0]["gravcomp"] = 1;
  EXPECT_THROW(loadWorld(fixed), SceneError);
}

}  // namespace
}  // namespace fw
