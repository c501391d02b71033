#include "constraints/stage_rows.h"

#include <algorithm>
#include <cmath>

#include "constraints/constraint_solver.h"
#include "constraints/friction_cone.h"

namespace fw {

void StageRows::hold(const Model& model, const ConstraintSet& set, double horizon, int iterations, double convergence,
                     bool cone) {
  model_ = &model, set_ = &set, horizon_ = horizon, iterations_ = iterations, convergence_ = convergence, cone_ = cone;
  rows_.clear();
  place_.assign(set.rows.size(), -1);
  for (size_t r = 0; r < set.rows.size(); ++r) {
    if (!(set.rows[r].inverseMass > 0)) continue;
    place_[r] = int(rows_.size());
    rows_.push_back(int(r));
  }
  const size_t n = rows_.size();
  dense_ = n <= kDenseRows;
  factored_.clear();
  factorValid_ = false;
  coupling_.resize(dense_ ? n * n : 0);
  if (dense_)
    for (size_t i = 0; i < n; ++i)
      for (size_t j = 0; j < n; ++j) coupling_[i * n + j] = rowCoupling(set, set.rows[size_t(rows_[i])], set.rows[size_t(rows_[j])]);
  force_.assign(n, 0.0);
  accel_.assign(n, 0.0);
  target_.assign(n, 0.0);
  // A manifold's tangent rows come as a pair, the second right after the first (appendFrictionPair),
  // both on the manifold's normal rows; a tangent row that takes part alone (its pair's other row
  // moves nothing, as across a prismatic joint) is relaxed alone, within ±μλ_n.
  partner_.assign(n, -1);
  const auto samePair = [&](size_t first, size_t second) {
    const ConstraintRow &a = set.rows[first], &b = set.rows[second];
    return a.kind == RowKind::ContactFriction && b.kind == RowKind::ContactFriction && a.normalRow == b.normalRow && a.contact == b.contact;
  };
  for (size_t r = 0; r + 1 < set.rows.size(); ++r) {
    if (!samePair(r, secondTangentRow(r))) continue;
    const int first = place_[r], second = place_[secondTangentRow(r)];
    if (first >= 0 && second >= 0) partner_[size_t(first)] = second, partner_[size_t(second)] = first;
    r = secondTangentRow(r);
  }
  inside_.assign(n, 1);  // first guess: every contact pressing and sticking
  interior_.reserve(n);
  factored_.reserve(n);
  factor_.resize(dense_ ? n * n : 0);
  rhs_.resize(n);
}

// λᵢ += δ, and every row's acceleration with it (column i of K; K is symmetric), or q̈ += W δ.
inline void StageRows::change(size_t i, double delta) {
  force_[i] += delta;
  if (dense_) {
    const size_t n = rows_.size();
    const double* k = coupling_.data() + i * n;
    for (size_t j = 0; j < n; ++j) accel_[j] += k[j] * delta;
    return;
  }
  applyRowImpulse(*model_, *set_, set_->rows[size_t(rows_[i])], delta, *qdd_);
}

// Row i's J q̈ and J W (its inverse mass).
inline double StageRows::acceleration(size_t i) const {
  return dense_ ? accel_[i] : rowVelocity(*model_, *set_, set_->rows[size_t(rows_[i])], *qdd_);
}

inline double StageRows::diagonal(size_t i) const {
  return dense_ ? coupling_[i * rows_.size() + i] : set_->rows[size_t(rows_[i])].inverseMass;
}

double StageRows::relaxRow(size_t i, double lower, double upper) {
  const double diagonal = this->diagonal(i);
  const double old = force_[i];
  const double next = std::clamp(old - (acceleration(i) - target_[i]) / diagonal, lower, upper);
  if (next == old) return 0;
  change(i, next - old);
  return std::abs(next - old) * diagonal;
}

// A manifold's two tangent rows together, projected into the Coulomb cone (friction_cone.h).
double StageRows::relaxPair(size_t i, size_t j, double bound) {
  const double di = diagonal(i), dj = diagonal(j);
  const double oldI = force_[i], oldJ = force_[j];
  double li = oldI - (acceleration(i) - target_[i]) / di, lj = oldJ - (acceleration(j) - target_[j]) / dj;
  projectOntoFrictionBound(li, lj, bound, cone_);
  if (li != oldI) change(i, li - oldI);
  if (lj != oldJ) change(j, lj - oldJ);
  return std::max(std::abs(li - oldI) * di, std::abs(lj - oldJ) * dj);
}

// μ times the manifold's whole normal force (its rows that take part).
double StageRows::normalForce(const ConstraintRow& friction) const {
  double normal = 0;
  for (int k = 0; k < friction.normalCount; ++k) {
    const int p = place_[size_t(friction.normalRow + k)];
    if (p >= 0) normal += force_[size_t(p)];
  }
  return friction.friction * normal;
}

// How much friction row i takes of its bound: |λ|, or with the cone its pair's |(λ₁, λ₂)|.
double StageRows::frictionMagnitude(size_t i) const {
  const double f = force_[i];
  const int other = cone_ ? partner_[i] : -1;
  return other >= 0 ? std::sqrt(f * f + force_[size_t(other)] * force_[size_t(other)]) : std::abs(f);
}

// One Gauss–Seidel sweep: the normal, limit (and any bilateral) rows within their bounds, then
// the friction with the normal forces just found (the impulse solver's order). Returns the
// largest change of a row's acceleration.
double StageRows::sweep() {
  const std::vector<ConstraintRow>& rows = set_->rows;
  double largest = 0;
  for (size_t i = 0; i < rows_.size(); ++i) {
    const ConstraintRow& row = rows[size_t(rows_[i])];
    if (!isFrictionRow(row))
      largest = std::max(largest, relaxRow(i, row.lower, row.upper));
  }
  for (size_t i = 0; i < rows_.size(); ++i) {
    const ConstraintRow& row = rows[size_t(rows_[i])];
    if (!isFrictionRow(row)) continue;
    const int other = partner_[i];
    if (other >= 0 && size_t(other) < i) continue;  // (relaxed with its pair's first row)
    const double bound = normalForce(row);
    largest = std::max(largest, other >= 0 ? relaxPair(i, size_t(other), bound) : relaxRow(i, -bound, bound));
  }
  return largest;
}

// How far the rows are from their conditions, as an acceleration: a row strictly within its
// bounds should have reached its target; one at a bound may exceed it on the side that bound
// allows (a normal row at λ = 0 separating faster, a friction row at μλ_n slipping). Unlike a
// sweep's largest change, this does not see forces shifting among redundant rows (a box's four
// corners) without changing any acceleration, which Gauss–Seidel does slowly and which moves
// nothing.
double StageRows::residual() const {
  const std::vector<ConstraintRow>& rows = set_->rows;
  double largest = 0;
  for (size_t i = 0; i < rows_.size(); ++i) {
    const ConstraintRow& row = rows[size_t(rows_[i])];
    const double error = accel_[i] - target_[i], f = force_[i];
    if (isFrictionRow(row)) {
      // Sticking (within the bound) it must reach its target; at the bound (a pair: on the cone's
      // rim) it slips.
      const double magnitude = frictionMagnitude(i), bound = normalForce(row);
      if (magnitude > bound * (1 + 1e-9)) return kUnbounded;  // (the direct solve knows no bounds)
      if (magnitude >= bound * (1 - 1e-9)) continue;
    } else {
      const double slack = 1e-12 * std::max(1.0, std::abs(f));
      if (f < row.lower - slack || f > row.upper + slack) return kUnbounded;
      if ((f <= row.lower + slack && error > 0) || (f >= row.upper - slack && error < 0)) continue;
    }
    largest = std::max(largest, std::abs(error));
  }
  return largest;
}

// Which rows ended strictly within their bounds (the next evaluation's direct solve).
void StageRows::markInterior() {
  const std::vector<ConstraintRow>& rows = set_->rows;
  for (size_t i = 0; i < rows_.size(); ++i) {
    const ConstraintRow& row = rows[size_t(rows_[i])];
    const double f = force_[i];
    if (isFrictionRow(row)) {
      inside_[i] = frictionMagnitude(i) < normalForce(row) * (1 - 1e-9);
    } else {
      inside_[i] = f > row.lower && f < row.upper;
    }
  }
}

// The rows last found within their bounds reach their targets exactly, the others' forces held:
// K_II δ = (target − J q̈)_I. K_II is positive semidefinite (redundant rows, a box's four corners,
// make it singular): a relative 1e-10 on its diagonal picks one of the equivalent force sets.
void StageRows::solveInterior() {
  interior_.clear();
  for (size_t i = 0; i < rows_.size(); ++i)
    if (inside_[i]) interior_.push_back(int(i));
  const size_t m = interior_.size(), n = rows_.size();
  if (m == 0) return;
  double* L = factor_.data();
  for (size_t a = 0; a < m; ++a) rhs_[a] = target_[size_t(interior_[a])] - accel_[size_t(interior_[a])];
  // K is the interval's: the factor stands while the same rows are inside (a pile at rest: every
  // stage of the interval), and is redone only when a row has come in or gone out.
  const bool refactor = !factorValid_ || factored_ != interior_;
  for (size_t a = 0; refactor && a < m; ++a) {
    const size_t ia = size_t(interior_[a]);
    for (size_t b = 0; b <= a; ++b) {
      double sum = coupling_[ia * n + size_t(interior_[b])];
      for (size_t k = 0; k < b; ++k) sum -= L[a * m + k] * L[b * m + k];
      if (a == b) {
        const double floor = 1e-10 * coupling_[ia * n + ia];
        L[a * m + a] = std::sqrt(std::max(sum + floor, floor));
      } else {
        L[a * m + b] = sum / L[b * m + b];
      }
    }
  }
  if (refactor) factored_ = interior_, factorValid_ = true;  // (within the capacity hold() reserved)
  for (size_t a = 0; a < m; ++a) {  // L y = rhs, then Lᵀ δ = y
    for (size_t k = 0; k < a; ++k) rhs_[a] -= L[a * m + k] * rhs_[k];
    rhs_[a] /= L[a * m + a];
  }
  for (size_t a = m; a-- > 0;) {
    for (size_t k = a + 1; k < m; ++k) rhs_[a] -= L[k * m + a] * rhs_[k];
    rhs_[a] /= L[a * m + a];
  }
  for (size_t a = 0; a < m; ++a) change(size_t(interior_[a]), rhs_[a]);
}

void StageRows::constrain(const Eigen::VectorXd& v, Eigen::VectorXd& qdd, Eigen::VectorXd& effort) {
  const ConstraintSet& set = *set_;
  const size_t n = rows_.size();
  qdd_ = &qdd;
  // The stage's targets and free accelerations, then the previous evaluation's forces on them.
  for (size_t i = 0; i < n; ++i) {
    const ConstraintRow& row = set.rows[size_t(rows_[i])];
    target_[i] = -rowVelocity(*model_, set, row, v) / horizon_;
    if (dense_) accel_[i] = rowVelocity(*model_, set, row, qdd);
  }
  if (dense_) {
    for (size_t i = 0; i < n; ++i) {
      const double* k = coupling_.data() + i * n;
      for (size_t j = 0; j < n; ++j) accel_[i] += k[j] * force_[j];
    }
    solveInterior();
  } else {
    for (size_t i = 0; i < n; ++i)
      if (force_[i] != 0) applyRowImpulse(*model_, set, set.rows[size_t(rows_[i])], force_[i], qdd);
  }
  for (int sweeps = 0; sweeps < iterations_; ++sweeps) {
    if (!dense_)
      for (size_t i = 0; i < n; ++i) accel_[i] = acceleration(i);
    if (residual() < convergence_) break;
    sweep();
  }
  markInterior();
  effort.setZero();
  for (size_t i = 0; i < n; ++i) {
    if (force_[i] == 0) continue;
    const ConstraintRow& row = set.rows[size_t(rows_[i])];
    if (dense_) applyRowImpulse(*model_, set, row, force_[i], qdd);  // (the sparse sweeps applied theirs)
    for (const RowSide* side : {&row.a, &row.b}) {
      if (side->tree < 0) continue;
      const double* J = set.jacobian(*side);
      double* out = effort.data() + model_->treeFirstV[size_t(side->tree)];
      for (int k = 0; k < side->size; ++k) out[k] += J[k] * force_[i];
    }
  }
}

}  // namespace fw
