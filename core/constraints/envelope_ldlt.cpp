#include "constraints/envelope_ldlt.h"

#include <algorithm>
#include <cmath>

namespace fw {

void EnvelopeLdlt::setPattern(const std::vector<int>& first) {
  first_ = first;
  offset_.resize(first.size());
  int total = 0;
  for (size_t i = 0; i < first.size(); ++i) {
    offset_[i] = total;
    total += int(i) - first[i] + 1;
  }
  values_.assign(size_t(total), 0.0);
  dropped_.assign(first.size(), 0);
}

// Row by row (Cholesky–Crout): L(i,j) = (K(i,j) − Σ_k L(i,k) D(k) L(j,k)) / D(j) for j < i,
// D(i) = K(i,i) − Σ_k L(i,k)² D(k), the sums over the columns both rows keep.
void EnvelopeLdlt::factorize(double dependentPivot) {
  const int n = size();
  for (int i = 0; i < n; ++i) {
    const int fi = first_[size_t(i)];
    for (int j = fi; j < i; ++j) {
      double sum = factor(i, j);
      for (int k = std::max(fi, first_[size_t(j)]); k < j; ++k) sum -= factor(i, k) * factor(k, k) * factor(j, k);
      factor(i, j) = dropped_[size_t(j)] ? 0.0 : sum / factor(j, j);
    }
    const double diagonal = factor(i, i);
    double d = diagonal;
    for (int k = fi; k < i; ++k) d -= factor(i, k) * factor(i, k) * factor(k, k);
    dropped_[size_t(i)] = !(d > dependentPivot * std::abs(diagonal));
    factor(i, i) = dropped_[size_t(i)] ? 0.0 : d;
  }
}

void EnvelopeLdlt::solve(Eigen::VectorXd& x) const {
  const int n = size();
  for (int i = 0; i < n; ++i)  // L y = b
    for (int k = first_[size_t(i)]; k < i; ++k) x[i] -= factor(i, k) * x[k];
  for (int i = 0; i < n; ++i) x[i] = dropped_[size_t(i)] ? 0.0 : x[i] / factor(i, i);
  for (int i = n - 1; i >= 0; --i)  // Lᵀ x = z, column i of L spread upwards
    for (int k = first_[size_t(i)]; k < i; ++k) x[k] -= factor(i, k) * x[i];
}

}  // namespace fw
