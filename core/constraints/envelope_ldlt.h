#pragma once
// A symmetric positive semi-definite system K x = b solved by LDLᵀ in envelope (skyline)
// storage: row i keeps the entries from its first coupled column to the diagonal, the only
// places the factor can fill in. The pattern is fixed once; factor and solve allocate nothing.
// Joints along a chain couple only their neighbours, so the envelope is a narrow band and the
// factorisation linear in the number of joints.
//
// Rows that depend on earlier ones (a pivot below `dependentPivot` × the row's diagonal) are
// dropped: their x is 0, as a pseudo-inverse would leave them. A planar loop closed by a hinge
// has such rows; a consistent right-hand side is still met.
#include <Eigen/Core>
#include <vector>

namespace fw {

class EnvelopeLdlt {
 public:
  // first[i] ≤ i: the lowest column row i couples with.
  void setPattern(const std::vector<int>& first);
  int size() const { return int(first_.size()); }
  int first(int i) const { return first_[size_t(i)]; }

  // K(i, j) for first[i] ≤ j ≤ i, to be filled before factorize().
  double& lower(int i, int j) { return values_[size_t(offset_[size_t(i)] + j - first_[size_t(i)])]; }
  void setZero() { std::fill(values_.begin(), values_.end(), 0.0); }

  void factorize(double dependentPivot = 1e-10);
  // x ← K⁻¹ x.
  void solve(Eigen::VectorXd& x) const;

 private:
  double& factor(int i, int j) { return values_[size_t(offset_[size_t(i)] + j - first_[size_t(i)])]; }
  double factor(int i, int j) const { return values_[size_t(offset_[size_t(i)] + j - first_[size_t(i)])]; }

  std::vector<int> first_, offset_;
  std::vector<double> values_;  // row by row: L below the diagonal, D on it (after factorize)
  std::vector<char> dropped_;
};

}  // namespace fw
