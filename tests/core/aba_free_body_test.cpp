// ABA's closed form for a lone free body (algorithms/aba_free_body.h): D⁻¹ = I⁻¹ about the
// centre of mass, against the general path (the same body with a massless link welded to it,
// which makes its tree two links long and sends it through the 6×6 products and the Schur
// complement), against CRBA, and against the 6×6 inverse.
#include <gtest/gtest.h>

#include "algorithms/aba.h"
#include "algorithms/aba_free_body.h"
#include "algorithms/crba.h"
#include "test_models.h"

namespace fw {
namespace {

// Free bodies of the given inertias, each alone in its tree or, with `welded`, carrying a
// massless link on a fixed joint (no inertia added: the same dynamics through the general path).
Model freeBodies(const std::vector<Inertia>& inertias, bool welded) {
  ModelBuilder builder;
  int links = 0;
  for (size_t b = 0; b < inertias.size(); ++b) {
    LinkSpec s;
    s.name = "body" + std::to_string(b);
    s.parent = -1;
    s.type = JointType::Free;
    s.inertia = inertias[b];
    builder.addLink(s);
    const int root = links++;
    if (welded) {
      LinkSpec w;
      w.name = "weld" + std::to_string(b);
      w.parent = root;
      w.type = JointType::Fixed;
      w.placement = Transform(Mat3::Identity(), Vec3(0.1, 0.2, 0.3));
      w.inertia = Inertia(0, Vec3::Zero(), Mat3::Zero());
      builder.addLink(w);
      ++links;
    }
  }
  return builder.build();
}

TEST(AbaFreeBody, InverseInertiaTimesInertiaIsTheIdentity) {
  std::mt19937 rng(21);
  for (int trial = 0; trial < 200; ++trial) {
    const Inertia I = test::randomInertia(rng);
    Mat6 inverse;
    ASSERT_TRUE(aba_free_body::rigidInertiaInverse(I, inverse));
    EXPECT_LT((inverse * I.matrix() - Mat6::Identity()).norm(), 1e-13) << "trial " << trial;
    EXPECT_EQ((inverse - inverse.transpose()).norm(), 0.0);
  }
  Mat6 untouched = Mat6::Constant(7);
  EXPECT_FALSE(aba_free_body::rigidInertiaInverse(Inertia(1, Vec3::Zero(), Mat3::Zero()), untouched));
  EXPECT_FALSE(aba_free_body::rigidInertiaInverse(Inertia(0, Vec3::Zero(), Mat3::Identity()), untouched));
  EXPECT_EQ(untouched, Mat6::Constant(7));
}

// Random states with world forces: the closed form and the general path give the same q̈ and
// D⁻¹ to 1e-13, and CRBA the same q̈.
TEST(AbaFreeBody, EqualsTheGeneralPathAndCrba) {
  for (int seed = 0; seed < 20; ++seed) {
    std::mt19937 rng(100 + seed);
    const std::vector<Inertia> inertias{test::randomInertia(rng), test::randomInertia(rng), test::randomInertia(rng)};
    const Model lone = freeBodies(inertias, false), welded = freeBodies(inertias, true);
    ASSERT_EQ(lone.nv, welded.nv);
    ASSERT_TRUE(aba_free_body::applies(lone, nullptr, 0));
    ASSERT_FALSE(aba_free_body::applies(welded, nullptr, 0));
    const Eigen::VectorXd q = test::randomConfiguration(lone, rng);
    const Eigen::VectorXd v = test::randomVector(lone.nv, rng, 3), tau = test::randomVector(lone.nv, rng, 5);
    Loads loadsLone(lone), loadsWelded(welded);
    for (int b = 0; b < 3; ++b) {
      const Vec3 point = test::randomVector(3, rng), force = test::randomVector(3, rng, 4);
      addPointForce(loadsLone, b, point, force);
      addPointForce(loadsWelded, 2 * b, point, force);
    }
    Data fast(lone), general(welded), crba(lone);
    aba(lone, fast, q, v, tau, &loadsLone);
    aba(welded, general, q, v, tau, &loadsWelded);
    crbaForwardDynamics(lone, crba, q, v, tau, &loadsLone);
    const double scale = std::max(1.0, general.qdd.norm());
    EXPECT_LT((fast.qdd - general.qdd).norm(), 1e-13 * scale) << "seed " << seed;
    EXPECT_LT((fast.qdd - crba.qdd).norm(), 1e-12 * scale) << "seed " << seed;
    for (int b = 0; b < 3; ++b) {
      const Mat6& D = general.Dinv[size_t(2 * b)];
      EXPECT_LT((fast.Dinv[size_t(b)] - D).norm(), 1e-13 * D.norm()) << "seed " << seed;
      EXPECT_EQ(fast.Um[size_t(b)], general.Um[size_t(2 * b)]);
      EXPECT_EQ(fast.um[size_t(b)], general.um[size_t(2 * b)]);
    }
  }
}

// Armature on a free joint adds to D, which is then no longer I: the general path is taken.
TEST(AbaFreeBody, ArmatureTakesTheGeneralPath) {
  std::mt19937 rng(31);
  const Model lone = freeBodies({test::randomInertia(rng)}, false);
  Loads loads(lone);
  loads.armature = Eigen::VectorXd::Zero(lone.nv);
  EXPECT_TRUE(aba_free_body::applies(lone, loads.armature.data(), 0));
  loads.armature[4] = 0.5;
  loads.anyArmature = true;
  EXPECT_FALSE(aba_free_body::applies(lone, loads.armature.data(), 0));
  const Eigen::VectorXd q = test::randomConfiguration(lone, rng);
  const Eigen::VectorXd v = test::randomVector(lone.nv, rng), tau = test::randomVector(lone.nv, rng);
  Data withArmature(lone), crba(lone);
  aba(lone, withArmature, q, v, tau, &loads);
  crbaForwardDynamics(lone, crba, q, v, tau, &loads);
  EXPECT_LT((withArmature.qdd - crba.qdd).norm(), 1e-12 * std::max(1.0, crba.qdd.norm()));
}

}  // namespace
}  // namespace fw
