// The cos and sin of an aligned revolute joint's angle, kept in Data::jointSinCos and reused at
// the same angle (algorithms/aligned_joint.h): RK4's first stage evaluates the dynamics where the
// previous step's forward kinematics already took the sines. Reuse must give the very numbers
// recomputing gives, and any change of q must miss the memo; near it, angle addition must stay
// within rounding of the library.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

#include "algorithms/aba.h"
#include "algorithms/forward_kinematics.h"
#include "integrators/integrator.h"
#include "test_models.h"

namespace fw {
namespace {

// The benchmark chain's shape: links hung below each other, turning about ±x, ±y and z in turn.
Model alignedChain(std::mt19937& rng, int links) {
  ModelBuilder builder;
  const Vec3 axes[3] = {Vec3::UnitY(), -Vec3::UnitX(), Vec3::UnitZ()};
  for (int i = 0; i < links; ++i)
    builder.addLink(test::link(i - 1, JointType::Revolute, axes[i % 3], i == 0 ? Vec3::Zero() : Vec3(0, 0, -0.1),
                               test::randomInertia(rng)));
  return builder.build();
}

void forgetSinCos(Data& data) {
  for (SinCos& m : data.jointSinCos) m.angle = std::numeric_limits<double>::quiet_NaN();
}

bool sameBits(const Eigen::VectorXd& a, const Eigen::VectorXd& b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), size_t(a.size()) * sizeof(double)) == 0;
}

// RK4 steps with the world's forward kinematics after each (World::refreshKinematics), once
// reusing the memo and once with it wiped before every step (the first stage then evaluates
// std::cos and std::sin itself): the same bits after 2,000 steps.
TEST(JointSinCosMemo, Rk4TrajectoryIsBitwiseTheRecomputedOne) {
  std::mt19937 rng(11);
  const Model model = alignedChain(rng, 7);
  ASSERT_EQ(model.nlinks, 7);
  for (const JointModel& j : model.joints) ASSERT_GE(j.alignedAxis, 0);
  const Loads loads(model);
  IntegratorSettings settings;
  settings.kind = IntegratorKind::RK4;
  State reused{test::randomConfiguration(model, rng), test::randomVector(model.nv, rng, 2), 0};
  State recomputed = reused;
  Data dataReused(model), dataRecomputed(model);
  IntegratorStats statsReused, statsRecomputed;
  for (int step = 0; step < 2000; ++step) {
    advance(model, dataReused, loads, reused, 1e-3, settings, statsReused);
    forwardKinematics(model, dataReused, reused.q, reused.v);
    forgetSinCos(dataRecomputed);
    advance(model, dataRecomputed, loads, recomputed, 1e-3, settings, statsRecomputed);
    forwardKinematics(model, dataRecomputed, recomputed.q, recomputed.v);
  }
  EXPECT_TRUE(sameBits(reused.q, recomputed.q));
  EXPECT_TRUE(sameBits(reused.v, recomputed.v));
  EXPECT_GT((reused.q - model.neutralConfiguration()).norm(), 0.1);  // it moved
}

// After forward kinematics the memo holds the state's angles, and ABA at that state reads them
// rather than recomputing (a planted entry shows through); far from them it recomputes exactly.
TEST(JointSinCosMemo, IsReadAtTheSameAngleOnly) {
  std::mt19937 rng(12);
  const Model model = alignedChain(rng, 4);
  const Eigen::VectorXd q = test::randomConfiguration(model, rng), v = test::randomVector(model.nv, rng);
  const Eigen::VectorXd tau = Eigen::VectorXd::Zero(model.nv);
  Data data(model);
  forwardKinematics(model, data, q, v);
  for (int i = 0; i < model.nlinks; ++i) {
    const JointModel& j = model.joints[size_t(i)];
    EXPECT_EQ(data.jointSinCos[size_t(i)].angle, j.axisSign * q[j.idx_q]);
    EXPECT_EQ(data.jointSinCos[size_t(i)].c, std::cos(j.axisSign * q[j.idx_q]));
    EXPECT_EQ(data.jointSinCos[size_t(i)].s, std::sin(j.axisSign * q[j.idx_q]));
  }
  data.jointSinCos[2].c = 0.25;  // planted: no true cosine of that angle
  aba(model, data, q, v, tau, nullptr);
  EXPECT_EQ(data.XupAxis[2].c, 0.25);
  Eigen::VectorXd moved = q;
  moved[model.joints[2].idx_q] += 0.1;  // beyond the angle-addition range
  aba(model, data, moved, v, tau, nullptr);
  const double angle = model.joints[2].axisSign * moved[model.joints[2].idx_q];
  EXPECT_EQ(data.XupAxis[2].c, std::cos(angle));
  EXPECT_EQ(data.XupAxis[2].s, std::sin(angle));
  EXPECT_EQ(data.jointSinCos[2].angle, angle);  // and kept
}

// Near the memo's angle ABA takes cos and sin by angle addition: within 2ε of std::cos and
// std::sin for turns up to the 1/32 rad limit, and the memo keeps the exact angle it came from.
TEST(JointSinCosMemo, AngleAdditionIsWithinUlpsOfTheLibrary) {
  std::mt19937 rng(14);
  std::uniform_real_distribution<double> base(-4, 4), turn(-1.0 / 32, 1.0 / 32);
  const Model model = alignedChain(rng, 1);
  const Eigen::VectorXd v = Eigen::VectorXd::Zero(1), tau = Eigen::VectorXd::Zero(1);
  double worst = 0;
  for (int trial = 0; trial < 20000; ++trial) {
    Data data(model);
    Eigen::VectorXd q(1);
    q[0] = base(rng);
    forwardKinematics(model, data, q, v);
    const double exactAngle = data.jointSinCos[0].angle;
    q[0] += trial % 4 == 0 ? turn(rng) * 1e-6 : turn(rng);
    aba(model, data, q, v, tau, nullptr);
    const double angle = model.joints[0].axisSign * q[0];
    const double c = std::cos(angle), s = std::sin(angle);
    worst = std::max({worst, std::abs(data.XupAxis[0].c - c), std::abs(data.XupAxis[0].s - s)});
    ASSERT_EQ(data.jointSinCos[0].angle, exactAngle);
  }
  EXPECT_LE(worst, 2 * std::numeric_limits<double>::epsilon());
  EXPECT_GT(worst, 0);  // the addition path was taken (it is not the library's rounding)
}

// ABA at an angle reached by angle addition agrees with ABA on a fresh workspace (which
// evaluates std::cos and std::sin) to rounding.
TEST(JointSinCosMemo, AbaNearTheMemoAgreesWithAFreshWorkspace) {
  std::mt19937 rng(15);
  const Model model = alignedChain(rng, 7);
  double worst = 0;
  for (int trial = 0; trial < 100; ++trial) {
    const Eigen::VectorXd q = test::randomConfiguration(model, rng), v = test::randomVector(model.nv, rng, 3);
    const Eigen::VectorXd tau = test::randomVector(model.nv, rng, 2);
    const Eigen::VectorXd stage = q + test::randomVector(model.nv, rng, 0.02);
    Data warm(model), fresh(model);
    forwardKinematics(model, warm, q, v);
    aba(model, warm, stage, v, tau, nullptr);
    aba(model, fresh, stage, v, tau, nullptr);
    worst = std::max(worst, (warm.qdd - fresh.qdd).norm() / std::max(1.0, fresh.qdd.norm()));
  }
  EXPECT_LT(worst, 1e-14);
}

// −0.0 and +0.0 compare equal but their sines differ in sign: the memo tells them apart, so
// forward kinematics (which always evaluates exactly) through a memo of either matches a fresh
// workspace bit for bit.
TEST(JointSinCosMemo, TellsNegativeZeroFromZero) {
  std::mt19937 rng(13);
  const Model model = alignedChain(rng, 2);
  const Eigen::VectorXd v = test::randomVector(model.nv, rng);
  Eigen::VectorXd plus = Eigen::VectorXd::Zero(model.nq), minus = plus;
  minus[model.joints[0].idx_q] = -0.0;
  Data warm(model);
  forwardKinematics(model, warm, plus, v);
  forwardKinematics(model, warm, minus, v);
  EXPECT_NE(std::signbit(warm.XupAxis[0].s), std::signbit(model.joints[0].axisSign));
  Data fresh(model);
  forwardKinematics(model, fresh, minus, v);
  EXPECT_EQ(std::signbit(warm.XupAxis[0].s), std::signbit(fresh.XupAxis[0].s));
  EXPECT_EQ(std::memcmp(&warm.jointSinCos[0], &fresh.jointSinCos[0], sizeof(SinCos)), 0);
}

}  // namespace
}  // namespace fw
