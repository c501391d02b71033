// The three dynamics algorithms against each other on random trees with every joint type:
// ABA = CRBA + sparse LᵀDL, RNEA inverts ABA, and CRBA's H is the one RNEA builds column by column.
#include <gtest/gtest.h>

#include <Eigen/Dense>

#include "algorithms/aba.h"
#include "algorithms/crba.h"
#include "algorithms/rnea.h"
#include "test_models.h"

namespace fw {
namespace {

double relativeDifference(const Eigen::VectorXd& a, const Eigen::VectorXd& b) {
  return (a - b).norm() / std::max(1.0, b.norm());
}

struct RandomCase {
  Model model;
  Eigen::VectorXd q, v, tau;
  Loads loads;
  explicit RandomCase(std::mt19937& rng, int links)
      : model(test::randomTree(rng, links)), loads(model) {
    q = test::randomConfiguration(model, rng);
    v = test::randomVector(model.nv, rng);
    tau = test::randomVector(model.nv, rng, 5);
    for (int i = 0; i < model.nlinks; ++i)
      addPointForce(loads, i, test::randomVector(3, rng), test::randomVector(3, rng, 3));
  }
};

TEST(DynamicsAlgorithms, AbaEqualsCrbaOnRandomTrees) {
  std::mt19937 rng(1);
  int compared = 0;
  for (int trial = 0; trial < 60; ++trial) {
    RandomCase c(rng, 1 + trial % 30);
    if (c.model.nv == 0) continue;
    Data data(c.model);
    aba(c.model, data, c.q, c.v, c.tau, &c.loads);
    const Eigen::VectorXd qddAba = data.qdd;
    crbaForwardDynamics(c.model, data, c.q, c.v, c.tau, &c.loads);
    EXPECT_LT(relativeDifference(qddAba, data.qdd), 1e-10) << "trial " << trial << ", nv " << c.model.nv;
    ++compared;
  }
  EXPECT_GE(compared, 50);
}

// The revolute joints' fast path: a rotation about a coordinate axis acts like the general
// Plücker transform it stands for, on motions, forces and articulated inertias.
TEST(DynamicsAlgorithms, AxisTransformActsLikeTheGeneralTransform) {
  std::mt19937 rng(7);
  for (int trial = 0; trial < 30; ++trial) {
    LinkSpec spec;
    spec.type = JointType::Revolute;
    spec.axis = (trial % 2 ? -1.0 : 1.0) * Vec3::Unit(trial % 3);
    spec.placement = Transform(Mat3::Identity(), test::randomVector(3, rng));
    spec.inertia = test::randomInertia(rng);
    ModelBuilder builder;
    builder.addLink(spec);
    const Model model = builder.build();
    const JointModel& j = model.joints[0];
    ASSERT_EQ(j.alignedAxis, trial % 3);
    const Eigen::VectorXd q = test::randomVector(1, rng, 3);
    const AxisTransform fast(j.alignedAxis, j.axisSign * q[0], spec.placement.r);
    const Transform general = jointTransformFrom(j, spec.placement, q);
    EXPECT_LT((fast.transform().E - general.E).norm(), 1e-15);
    EXPECT_LT((fast.transform().r - general.r).norm(), 1e-15);

    const Motion m{test::randomVector(3, rng), test::randomVector(3, rng)};
    const Force f{test::randomVector(3, rng), test::randomVector(3, rng)};
    EXPECT_LT((fast.apply(m).vector() - general.apply(m).vector()).norm(), 1e-14);
    EXPECT_LT((fast.applyTranspose(f).vector() - general.applyTranspose(f).vector()).norm(), 1e-14);
    Mat6 symmetric = Mat6::Random();
    symmetric = symmetric * symmetric.transpose();
    const ArticulatedInertia IA = ArticulatedInertia::fromMatrix(symmetric);
    ArticulatedInertia viaFast = IA, viaGeneral = IA;  // both add onto the same starting inertia
    fast.addExpressedIn(IA, viaFast);
    IA.addExpressedIn(general, viaGeneral);
    EXPECT_LT((viaFast.matrix() - viaGeneral.matrix()).norm(), 1e-12 * symmetric.norm());
  }
}

TEST(DynamicsAlgorithms, RneaInvertsAba) {
  std::mt19937 rng(2);
  for (int trial = 0; trial < 60; ++trial) {
    RandomCase c(rng, 1 + trial % 30);
    Data data(c.model);
    aba(c.model, data, c.q, c.v, c.tau, &c.loads);
    const Eigen::VectorXd qdd = data.qdd;
    rnea(c.model, data, c.q, c.v, qdd, &c.loads);
    EXPECT_LT(relativeDifference(data.tau, c.tau), 1e-10) << "trial " << trial;
  }
}

TEST(DynamicsAlgorithms, CrbaMassMatrixEqualsRneaColumnsAndIsPositiveDefinite) {
  std::mt19937 rng(3);
  for (int trial = 0; trial < 30; ++trial) {
    RandomCase c(rng, 2 + trial % 29);
    Data data(c.model);
    crba(c.model, data, c.q);
    const Eigen::MatrixXd H = data.H;
    // H e_k = RNEA(q, 0, e_k) − RNEA(q, 0, 0): inverse dynamics is affine in q̈.
    const Eigen::VectorXd zero = Eigen::VectorXd::Zero(c.model.nv);
    rnea(c.model, data, c.q, zero, zero, nullptr);
    const Eigen::VectorXd gravity = data.tau;
    Eigen::MatrixXd columns(c.model.nv, c.model.nv);
    for (int k = 0; k < c.model.nv; ++k) {
      rnea(c.model, data, c.q, zero, Eigen::VectorXd::Unit(c.model.nv, k), nullptr);
      columns.col(k) = data.tau - gravity;
    }
    EXPECT_LT((H - columns).norm(), 1e-10 * H.norm()) << "trial " << trial;
    EXPECT_LT((H - H.transpose()).norm(), 1e-12 * H.norm());
    EXPECT_EQ(Eigen::LLT<Eigen::MatrixXd>(H).info(), Eigen::Success) << "not positive definite";
  }
}

TEST(DynamicsAlgorithms, LtdlSolvesLikeADenseSolver) {
  std::mt19937 rng(4);
  RandomCase c(rng, 25);
  Data data(c.model);
  crba(c.model, data, c.q);
  const Eigen::MatrixXd H = data.H;
  Eigen::VectorXd x = c.tau;
  ltdlFactor(data, data.H);
  ltdlSolve(data, data.H, x);
  EXPECT_LT((H * x - c.tau).norm(), 1e-10 * c.tau.norm());
}

}  // namespace
}  // namespace fw
