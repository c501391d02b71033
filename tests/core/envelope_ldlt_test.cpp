// The envelope LDLᵀ behind the impulse joints' direct solve, against Eigen's dense LDLᵀ.
#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <random>

#include "constraints/envelope_ldlt.h"

namespace fw {
namespace {

// A random symmetric positive definite matrix with the envelope `first` (zeros outside it).
Eigen::MatrixXd randomEnvelopeMatrix(const std::vector<int>& first, std::mt19937& rng) {
  const int n = int(first.size());
  std::uniform_real_distribution<double> u(-1, 1);
  Eigen::MatrixXd K = Eigen::MatrixXd::Zero(n, n);
  for (int i = 0; i < n; ++i)
    for (int j = first[size_t(i)]; j < i; ++j) K(i, j) = K(j, i) = u(rng);
  // Diagonally dominant, hence positive definite.
  for (int i = 0; i < n; ++i) K(i, i) = K.row(i).cwiseAbs().sum() + 0.5 + std::abs(u(rng));
  return K;
}

void fill(EnvelopeLdlt& ldlt, const Eigen::MatrixXd& K) {
  for (int i = 0; i < ldlt.size(); ++i)
    for (int j = ldlt.first(i); j <= i; ++j) ldlt.lower(i, j) = K(i, j);
}

TEST(EnvelopeLdlt, SolvesLikeADenseFactorisation) {
  std::mt19937 rng(7);
  for (int trial = 0; trial < 20; ++trial) {
    // Blocks of 3–6 rows coupled to one earlier block, as joints along a tree are.
    std::vector<int> first, blockStart;
    std::uniform_int_distribution<int> rows(3, 6);
    for (int block = 0; block < 12; ++block) {
      const int start = int(first.size());
      const int coupledTo = block == 0 ? start : blockStart[size_t(std::uniform_int_distribution<int>(0, block - 1)(rng))];
      blockStart.push_back(start);
      for (int r = rows(rng); r > 0; --r) first.push_back(coupledTo);
    }
    const Eigen::MatrixXd K = randomEnvelopeMatrix(first, rng);
    EnvelopeLdlt ldlt;
    ldlt.setPattern(first);
    fill(ldlt, K);
    ldlt.factorize();
    const Eigen::VectorXd b = Eigen::VectorXd::Random(K.rows());
    Eigen::VectorXd x = b;
    ldlt.solve(x);
    EXPECT_LE((K * x - b).norm(), 1e-10 * b.norm());
    EXPECT_LE((x - K.ldlt().solve(b)).norm(), 1e-10 * x.norm());
  }
}

// A row that repeats an earlier one (a redundant constraint) is dropped, and a right-hand side
// the other rows can meet is still met exactly.
TEST(EnvelopeLdlt, DropsDependentRowsAndMeetsConsistentRightHandSides) {
  Eigen::MatrixXd J(4, 6);
  J << 1, 0, 0, 0, 1, 0,  //
      0, 1, 0, 1, 0, 0,   //
      1, 0, 0, 0, 1, 0,   // the first row again
      0, 0, 1, 0, 0, 1;
  const Eigen::MatrixXd K = J * J.transpose();
  EnvelopeLdlt ldlt;
  ldlt.setPattern({0, 0, 0, 0});
  fill(ldlt, K);
  ldlt.factorize();
  const Eigen::VectorXd target = J * Eigen::VectorXd::LinSpaced(6, -1, 2);  // reachable
  Eigen::VectorXd lambda = target;
  ldlt.solve(lambda);
  EXPECT_EQ(lambda[2], 0.0);
  EXPECT_LE((K * lambda - target).norm(), 1e-12);
}

}  // namespace
}  // namespace fw
