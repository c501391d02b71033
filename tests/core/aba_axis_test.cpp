// ABA's per-axis path (algorithms/aba_axis.h: revolute joints about ±x, ±y, ±z placed without
// rotation) against the general path on the same models: the general path is what ABA takes
// for a joint whose JointModel::alignedAxis is −1, so a copy of the model with every alignedAxis
// cleared computes the same dynamics through the 6-vector products with S.
#include <gtest/gtest.h>

#include "algorithms/aba.h"
#include "algorithms/forward_kinematics.h"
#include "test_models.h"

namespace fw {
namespace {

Model withoutAlignedAxes(Model model) {
  for (JointModel& j : model.joints) j.alignedAxis = -1;
  return model;
}

int countAlignedJoints(const Model& model) {
  int n = 0;
  for (const JointModel& j : model.joints) n += j.alignedAxis >= 0;
  return n;
}

double axisPathDifference(const Eigen::VectorXd& a, const Eigen::VectorXd& b) {
  return (a - b).norm() / std::max(1.0, b.norm());
}

// A 7-link chain of mixed joints: revolute about ±x, ±y, ±z (the per-axis path), a revolute
// about a skew axis, a prismatic and a spherical joint, with random offsets along the chain.
Model mixedAxisChain(std::mt19937& rng) {
  ModelBuilder builder;
  const Vec3 axes[7] = {Vec3::UnitY(), -Vec3::UnitX(), Vec3(1, 2, 3).normalized(), Vec3::UnitZ(),
                        Vec3::UnitX(), -Vec3::UnitY(), -Vec3::UnitZ()};
  const JointType types[7] = {JointType::Revolute, JointType::Revolute,  JointType::Revolute, JointType::Prismatic,
                              JointType::Revolute, JointType::Spherical, JointType::Revolute};
  for (int i = 0; i < 7; ++i) {
    LinkSpec s;
    s.name = "link" + std::to_string(i);
    s.parent = i - 1;
    s.type = types[i];
    s.axis = axes[i];
    s.placement = Transform(Mat3::Identity(), test::randomVector(3, rng, 0.3));
    s.inertia = test::randomInertia(rng);
    builder.addLink(s);
  }
  return builder.build();
}

struct AxisPathComparison {
  double qdd = 0, invD = 0;
};

// ABA through both paths on one state; with loads (world forces, armature) when asked.
AxisPathComparison compareAxisPaths(const Model& model, std::mt19937& rng, bool withLoads) {
  const Model general = withoutAlignedAxes(model);
  Loads loads(model);
  if (withLoads) {
    for (int i = 0; i < model.nlinks; ++i)
      addPointForce(loads, i, test::randomVector(3, rng), test::randomVector(3, rng, 3));
    loads.armature = test::randomVector(model.nv, rng).cwiseAbs();
    loads.anyArmature = true;
  }
  const Eigen::VectorXd q = test::randomConfiguration(model, rng);
  const Eigen::VectorXd v = test::randomVector(model.nv, rng, 2);
  const Eigen::VectorXd tau = test::randomVector(model.nv, rng, 5);
  Data fast(model), slow(general);
  aba(model, fast, q, v, tau, &loads);
  aba(general, slow, q, v, tau, &loads);
  AxisPathComparison c;
  c.qdd = axisPathDifference(fast.qdd, slow.qdd);
  for (int i = 0; i < model.nlinks; ++i)
    if (model.joints[size_t(i)].nv == 1)
      c.invD = std::max(c.invD, std::abs(fast.invD1[size_t(i)] / slow.invD1[size_t(i)] - 1));
  return c;
}

TEST(AbaAxisPath, EqualsTheGeneralPathOnAMixedChain) {
  std::mt19937 rng(7);
  for (int trial = 0; trial < 40; ++trial) {
    const Model model = mixedAxisChain(rng);
    ASSERT_EQ(countAlignedJoints(model), 4);
    const AxisPathComparison c = compareAxisPaths(model, rng, trial % 2 == 1);
    EXPECT_LT(c.qdd, 1e-14) << "trial " << trial;
    EXPECT_LT(c.invD, 1e-14) << "trial " << trial;
  }
}

TEST(AbaAxisPath, EqualsTheGeneralPathOnRandomTrees) {
  std::mt19937 rng(11);
  int aligned = 0;
  for (int trial = 0; trial < 60; ++trial) {
    const Model model = test::randomTree(rng, 2 + trial % 12);
    if (model.nv == 0) continue;
    aligned += countAlignedJoints(model);
    const AxisPathComparison c = compareAxisPaths(model, rng, trial % 2 == 1);
    EXPECT_LT(c.qdd, 1e-13) << "trial " << trial << ", nv " << model.nv;
    EXPECT_LT(c.invD, 1e-13) << "trial " << trial;
  }
  EXPECT_GE(aligned, 60);  // the path was taken
}

// Hybrid dynamics: prescribed joints among aligned ones take the general steps of passes 2 and 3.
TEST(AbaAxisPath, HybridDynamicsEqualsTheGeneralPath) {
  std::mt19937 rng(3);
  for (int trial = 0; trial < 20; ++trial) {
    const Model model = mixedAxisChain(rng);
    const Model general = withoutAlignedAxes(model);
    std::vector<char> prescribed(size_t(model.nlinks), 0);
    prescribed[size_t(trial % 7)] = 1;
    const Eigen::VectorXd q = test::randomConfiguration(model, rng);
    const Eigen::VectorXd v = test::randomVector(model.nv, rng, 2);
    const Eigen::VectorXd tau = test::randomVector(model.nv, rng, 5);
    const Eigen::VectorXd qddPrescribed = test::randomVector(model.nv, rng, 3);
    Data fast(model), slow(general);
    hybridDynamics(model, fast, q, v, tau, prescribed, qddPrescribed, nullptr);
    hybridDynamics(general, slow, q, v, tau, prescribed, qddPrescribed, nullptr);
    EXPECT_LT(axisPathDifference(fast.qdd, slow.qdd), 1e-14) << "trial " << trial;
    EXPECT_LT(axisPathDifference(fast.tau, slow.tau), 1e-14) << "trial " << trial;
  }
}

// Forward kinematics' per-axis path (world poses composed by rotating two rows) against the
// general one: the same poses and velocities.
TEST(AbaAxisPath, ForwardKinematicsEqualsTheGeneralPath) {
  std::mt19937 rng(13);
  for (int trial = 0; trial < 40; ++trial) {
    const Model model = trial % 2 ? mixedAxisChain(rng) : test::randomTree(rng, 2 + trial % 12);
    const Model general = withoutAlignedAxes(model);
    const Eigen::VectorXd q = test::randomConfiguration(model, rng);
    const Eigen::VectorXd v = test::randomVector(model.nv, rng, 2);
    Data fast(model), slow(general);
    forwardKinematics(model, fast, q, v);
    forwardKinematics(general, slow, q, v);
    for (size_t i = 0; i < size_t(model.nlinks); ++i) {
      EXPECT_LT((fast.X0[i].E - slow.X0[i].E).norm(), 1e-15) << "trial " << trial << ", link " << i;
      EXPECT_LT((fast.X0[i].r - slow.X0[i].r).norm(), 1e-15) << "trial " << trial << ", link " << i;
      EXPECT_LT((fast.Xup[i].E - slow.Xup[i].E).norm(), 1e-15) << "trial " << trial << ", link " << i;
      EXPECT_LT((fast.v[i].vector() - slow.v[i].vector()).norm(), 1e-15 * std::max(1.0, slow.v[i].vector().norm()));
    }
  }
}

// Only an axis that is exactly ±e_k is aligned: S = ±(e_k, 0) in the per-axis steps.
TEST(AbaAxisPath, OnlyExactCoordinateAxesAreAligned) {
  std::mt19937 rng(5);
  for (const Vec3& axis : {Vec3(1, 1e-9, 0), Vec3(0, -1, 1e-12)}) {
    ModelBuilder builder;
    LinkSpec s;
    s.name = "link";
    s.type = JointType::Revolute;
    s.axis = axis;
    s.inertia = test::randomInertia(rng);
    builder.addLink(s);
    EXPECT_EQ(builder.build().joints[0].alignedAxis, -1);
  }
}

}  // namespace
}  // namespace fw
