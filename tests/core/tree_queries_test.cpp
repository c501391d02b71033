// Hybrid dynamics, momentum, point Jacobians and the O(n) impulse response, each checked
// against a dense or independent computation on a branched tree with every joint type.
#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <random>

#include "algorithms/aba.h"
#include "algorithms/crba.h"
#include "algorithms/forward_kinematics.h"
#include "algorithms/impulse_response.h"
#include "algorithms/jacobian.h"
#include "algorithms/momentum.h"
#include "algorithms/rnea.h"
#include "model/configuration.h"
#include "model/model_builder.h"

namespace fw {
namespace {

Inertia randomInertia(std::mt19937& rng) {
  std::uniform_real_distribution<double> u(0.2, 2.0), c(-0.3, 0.3);
  const Vec3 d(u(rng), u(rng), u(rng));  // principal moments from a box: always physical
  const Mat3 R = Eigen::AngleAxisd(c(rng) * 5, Vec3(c(rng), c(rng), 1).normalized()).toRotationMatrix();
  const double m = u(rng);
  const Vec3 diag = m / 12 * Vec3(d.y() * d.y() + d.z() * d.z(), d.x() * d.x() + d.z() * d.z(), d.x() * d.x() + d.y() * d.y());
  return Inertia(m, Vec3(c(rng), c(rng), c(rng)), R * diag.asDiagonal() * R.transpose());
}

Transform randomPlacement(std::mt19937& rng) {
  std::uniform_real_distribution<double> c(-0.5, 0.5);
  const Mat3 R = Eigen::AngleAxisd(c(rng) * 6, Vec3(c(rng), c(rng), c(rng) + 1).normalized()).toRotationMatrix();
  return Transform(R.transpose(), Vec3(c(rng), c(rng), c(rng)));
}

// A floating base with a spherical shoulder, a revolute–prismatic arm, a fixed tool, and a
// second revolute branch: 11 velocity coordinates.
Model branchedTree(std::mt19937& rng) {
  ModelBuilder b;
  auto add = [&](int parent, JointType type, Vec3 axis) {
    LinkSpec s;
    s.parent = parent;
    s.type = type;
    s.axis = axis.normalized();
    s.placement = randomPlacement(rng);
    s.inertia = randomInertia(rng);
    return b.addLink(s);
  };
  const int base = add(-1, JointType::Free, Vec3::UnitZ());
  const int shoulder = add(base, JointType::Spherical, Vec3::UnitZ());
  const int elbow = add(shoulder, JointType::Revolute, Vec3(0.2, 1, 0.1));
  const int slide = add(elbow, JointType::Prismatic, Vec3(1, 0, 0.3));
  add(slide, JointType::Fixed, Vec3::UnitZ());
  add(base, JointType::Revolute, Vec3(0, 0.3, 1));
  return b.build();
}

struct Fixture {
  std::mt19937 rng{7};
  Model model = branchedTree(rng);
  Data data{model};
  Eigen::VectorXd q, v, tau;
  Fixture() {
    std::uniform_real_distribution<double> u(-1, 1);
    q = model.neutralConfiguration();
    for (int i = 0; i < model.nq; ++i) q[i] += u(rng);
    v = Eigen::VectorXd::NullaryExpr(model.nv, [&] { return u(rng); });
    tau = Eigen::VectorXd::NullaryExpr(model.nv, [&] { return u(rng); });
    for (const JointModel& j : model.joints) {  // unit quaternions
      const int i = j.type == JointType::Spherical ? j.idx_q : j.type == JointType::Free ? j.idx_q + 3 : -1;
      if (i >= 0) q.segment<4>(i).normalize();
    }
  }
  Eigen::MatrixXd massMatrix() {
    crba(model, data, q);
    return data.H;
  }
};

TEST(HybridDynamics, PrescribedEffortEqualsRnea) {
  Fixture f;
  std::vector<char> prescribed(size_t(f.model.nlinks), 0);
  prescribed[2] = 1;  // the elbow
  prescribed[5] = 1;  // the second branch
  Eigen::VectorXd qddPrescribed = Eigen::VectorXd::Zero(f.model.nv);
  qddPrescribed[f.model.joints[2].idx_v] = 0.7;
  qddPrescribed[f.model.joints[5].idx_v] = -1.3;
  hybridDynamics(f.model, f.data, f.q, f.v, f.tau, prescribed, qddPrescribed, nullptr);
  const Eigen::VectorXd qdd = f.data.qdd, effort = f.data.tau;
  EXPECT_DOUBLE_EQ(qdd[f.model.joints[2].idx_v], 0.7);
  EXPECT_DOUBLE_EQ(qdd[f.model.joints[5].idx_v], -1.3);
  // Inverse dynamics of the whole motion gives back the free joints' τ and the prescribed efforts.
  rnea(f.model, f.data, f.q, f.v, qdd, nullptr);
  for (int i = 0; i < f.model.nv; ++i) {
    const bool isPrescribed = i == f.model.joints[2].idx_v || i == f.model.joints[5].idx_v;
    EXPECT_NEAR(f.data.tau[i], isPrescribed ? effort[i] : f.tau[i], 1e-10) << "coordinate " << i;
  }
}

TEST(Momentum, LinearMomentumMovesTheCentreOfMass) {
  Fixture f;
  // Linear momentum = total mass × velocity of the centre of mass (by central differences).
  const Force h = spatialMomentum(f.model, f.data, f.q, f.v);
  double mass = 0;
  for (const Inertia& I : f.model.inertia) mass += I.mass;
  const double dt = 1e-7;
  Eigen::VectorXd qPlus(f.model.nq), qMinus(f.model.nq), dv = f.v * dt;
  integrateConfiguration(f.model, f.q, dv, qPlus);
  dv = -dv;
  integrateConfiguration(f.model, f.q, dv, qMinus);
  const Vec3 comVelocity = (centerOfMass(f.model, f.data, qPlus) - centerOfMass(f.model, f.data, qMinus)) / (2 * dt);
  EXPECT_LT((h.linear - mass * comVelocity).norm(), 1e-6 * h.linear.norm());
}

TEST(Jacobian, PointVelocityMatchesKinematics) {
  Fixture f;
  forwardKinematics(f.model, f.data, f.q, f.v);
  const int link = 4;  // the tool behind the fixed joint
  const Vec3 pointLocal(0.1, -0.2, 0.3);
  const Vec3 point = linkRotation(f.data, link) * pointLocal + linkPosition(f.data, link);
  Eigen::MatrixXd J(6, f.model.nv);
  pointJacobian(f.model, f.data, link, point, J);
  const Eigen::VectorXd twist = J * f.v;
  // From the link's spatial velocity (link coordinates): ω and v + ω × r, turned into world.
  const Motion& vl = f.data.v[link];
  const Mat3 R = linkRotation(f.data, link);
  EXPECT_LT((twist.head<3>() - R * vl.angular).norm(), 1e-12);
  EXPECT_LT((twist.tail<3>() - R * (vl.linear + vl.angular.cross(pointLocal))).norm(), 1e-12);
}

TEST(ImpulseResponse, EqualsDenseInverseMassTimesJacobianTranspose) {
  Fixture f;
  aba(f.model, f.data, f.q, f.v, f.tau, nullptr);  // leaves the articulated inertias of q
  const Eigen::MatrixXd H = f.massMatrix();
  forwardKinematics(f.model, f.data, f.q, f.v);
  Eigen::VectorXd dqd(f.model.nv);
  std::uniform_real_distribution<double> u(-1, 1);
  for (int link = 0; link < f.model.nlinks; ++link) {
    const Vec3 point(u(f.rng), u(f.rng), u(f.rng)), force(u(f.rng), u(f.rng), u(f.rng));
    const Vec3 moment(u(f.rng), u(f.rng), u(f.rng));
    Eigen::MatrixXd J(6, f.model.nv);
    pointJacobian(f.model, f.data, link, point, J);
    Eigen::VectorXd p(6);  // a pure moment plus a force at `point`
    p << moment, force;
    const Eigen::VectorXd expected = H.ldlt().solve(J.transpose() * p);
    aba(f.model, f.data, f.q, f.v, f.tau, nullptr);
    impulseResponse(f.model, f.data, link, Force{moment + point.cross(force), force}, dqd);
    EXPECT_LT((dqd - expected).norm(), 1e-10 * expected.norm()) << "link " << link;
  }
}

TEST(ImpulseResponse, CollisionMatrixIsSymmetricPositiveAndDense) {
  Fixture f;
  aba(f.model, f.data, f.q, f.v, f.tau, nullptr);
  const Eigen::MatrixXd H = f.massMatrix();
  aba(f.model, f.data, f.q, f.v, f.tau, nullptr);
  forwardKinematics(f.model, f.data, f.q, f.v);
  const int link = 3;
  const Vec3 point(0.3, 0.1, -0.2);
  Eigen::VectorXd dqd(f.model.nv);
  const Mat3 K = collisionMatrix(f.model, f.data, link, point, dqd);
  Eigen::MatrixXd J(6, f.model.nv);
  pointJacobian(f.model, f.data, link, point, J);
  const Eigen::MatrixXd Jp = J.bottomRows(3);
  const Mat3 dense = Jp * H.ldlt().solve(Jp.transpose());  // K = J H⁻¹ Jᵀ
  EXPECT_LT((K - dense).norm(), 1e-10 * dense.norm());
  EXPECT_LT((K - K.transpose()).norm(), 1e-10 * K.norm());
  EXPECT_GT(Eigen::SelfAdjointEigenSolver<Mat3>(K).eigenvalues().minCoeff(), 0);
}

}  // namespace
}  // namespace fw
