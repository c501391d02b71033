#include "constraints/constraint_solver.h"
#include "constraints/friction_cone.h"

#include <algorithm>
#include <cmath>

namespace fw {
namespace {

double dot(const double* a, const double* b, int n) {
  double s = 0;
  for (int k = 0; k < n; ++k) s += a[k] * b[k];
  return s;
}

bool unilateral(const ConstraintRow& row) {
  return row.kind == RowKind::ContactNormal || row.kind == RowKind::JointLimit;
}

// A speculative row (separation s > 0) may close its gap within the step h; a touching one may
// not approach.
double velocityTarget(const ConstraintRow& row, double separation, double h) {
  return unilateral(row) && separation > 0 ? -separation / h : row.target;
}

// One Gauss–Seidel update of a single row; returns the velocity change it made on the row.
double relaxRow(const Model& model, ConstraintSet& set, ConstraintRow& row, Eigen::VectorXd& v, double target) {
  const double velocity = rowVelocity(model, set, row, v);
  const double old = row.impulse;
  const double unclamped = old - (velocity - target + row.softness * old) / (row.inverseMass + row.softness);
  row.impulse = std::clamp(unclamped, row.lower, row.upper);
  if (row.impulse == old) return 0;
  applyRowImpulse(model, set, row, row.impulse - old, v);
  return std::abs(row.impulse - old) * row.inverseMass;
}

// μ times the manifold's whole normal impulse.
double frictionBound(const ConstraintSet& set, const ConstraintRow& row) {
  double normal = 0;
  for (int k = 0; k < row.normalCount; ++k) normal += set.rows[size_t(row.normalRow + k)].impulse;
  return row.friction * normal;
}

// The two tangent rows of a contact together: each relaxed, then projected (friction_cone.h).
void relaxFrictionPair(const Model& model, ConstraintSet& set, ConstraintRow& t1, ConstraintRow& t2,
                       Eigen::VectorXd& v, bool cone) {
  const double bound = frictionBound(set, t1);
  const double old1 = t1.impulse, old2 = t2.impulse;
  double l1 = old1 - rowVelocity(model, set, t1, v) / t1.inverseMass;
  double l2 = old2 - rowVelocity(model, set, t2, v) / t2.inverseMass;
  projectOntoFrictionBound(l1, l2, bound, cone);
  t1.impulse = l1, t2.impulse = l2;
  if (l1 != old1) applyRowImpulse(model, set, t1, l1 - old1, v);
  if (l2 != old2) applyRowImpulse(model, set, t2, l2 - old2, v);
}

// Every friction pair and twist row once, within the bounds of their manifolds' normal impulses.
// Returns the largest velocity change made.
double relaxFriction(const Model& model, ConstraintSet& set, Eigen::VectorXd& v, bool cone) {
  double largest = 0;
  for (size_t r = 0; r < set.rows.size(); ++r) {
    ConstraintRow& row = set.rows[r];
    if (row.kind == RowKind::ContactTwist && row.inverseMass > 0) {
      const double bound = frictionBound(set, row);
      row.lower = -bound, row.upper = bound;
      largest = std::max(largest, relaxRow(model, set, row, v, 0));
    } else if (row.kind == RowKind::ContactFriction && secondTangentRow(r) < set.rows.size()) {
      ConstraintRow& t2 = set.rows[secondTangentRow(r)];
      const double before1 = row.impulse, before2 = t2.impulse;
      if (row.inverseMass > 0 && t2.inverseMass > 0) relaxFrictionPair(model, set, row, t2, v, cone);
      largest = std::max({largest, std::abs(row.impulse - before1) * row.inverseMass,
                          std::abs(t2.impulse - before2) * t2.inverseMass});
      r = secondTangentRow(r);
    }
  }
  return largest;
}

}  // namespace

double rowCoupling(const ConstraintSet& set, const ConstraintRow& i, const ConstraintRow& j) {
  double sum = 0;
  for (const RowSide* si : {&i.a, &i.b}) {
    if (si->tree < 0) continue;
    for (const RowSide* sj : {&j.a, &j.b})
      if (sj->tree == si->tree) sum += dot(set.jacobian(*si), set.response(*sj), si->size);
  }
  return sum;
}

namespace {

// J·v on one side; a free body's side (6 coordinates) as one fixed-size product.
double sideVelocity(const Model& model, const ConstraintSet& set, const RowSide& side, const Eigen::VectorXd& v) {
  const double* x = v.data() + model.treeFirstV[size_t(side.tree)];
  if (side.size == 6) return Eigen::Map<const Vec6>(set.jacobian(side)).dot(Eigen::Map<const Vec6>(x));
  return dot(set.jacobian(side), x, side.size);
}

void applySide(const Model& model, const ConstraintSet& set, const RowSide& side, double impulse, Eigen::VectorXd& v) {
  double* out = v.data() + model.treeFirstV[size_t(side.tree)];
  const double* W = set.response(side);
  if (side.size == 6) {
    Eigen::Map<Vec6>(out) += impulse * Eigen::Map<const Vec6>(W);
    return;
  }
  for (int k = 0; k < side.size; ++k) out[k] += W[k] * impulse;
}

}  // namespace

double rowVelocity(const Model& model, const ConstraintSet& set, const ConstraintRow& row, const Eigen::VectorXd& v) {
  double s = 0;
  if (row.a.tree >= 0) s += sideVelocity(model, set, row.a, v);
  if (row.b.tree >= 0) s += sideVelocity(model, set, row.b, v);
  return s;
}

void applyRowImpulse(const Model& model, const ConstraintSet& set, const ConstraintRow& row, double impulse,
                     Eigen::VectorXd& v) {
  if (row.a.tree >= 0) applySide(model, set, row.a, impulse, v);
  if (row.b.tree >= 0) applySide(model, set, row.b, impulse, v);
}

void warmStart(const Model& model, const ConstraintSet& set, Eigen::VectorXd& v) {
  for (const ConstraintRow& row : set.rows)
    if (row.impulse != 0) applyRowImpulse(model, set, row, row.impulse, v);
}

namespace {

// Every non-friction row once, by relax(row) (which returns the velocity change it made), then
// the friction rows with the normal impulses just found (Bullet's order). Returns the largest
// velocity change made.
template <class Relax>
double sweepRows(const Model& model, ConstraintSet& set, Eigen::VectorXd& v, bool cone, const Relax& relax) {
  double largestChange = 0;  // m/s (rad/s)
  for (ConstraintRow& row : set.rows)
    if (row.inverseMass > 0 && !isFrictionRow(row))
      largestChange = std::max(largestChange, relax(row));
  return std::max(largestChange, relaxFriction(model, set, v, cone));
}

}  // namespace

void solveVelocities(const Model& model, ConstraintSet& set, Eigen::VectorXd& v, double h,
                     const SolverSettings& settings) {
  const auto relax = [&](ConstraintRow& row) { return relaxRow(model, set, row, v, velocityTarget(row, row.separation, h)); };
  for (int sweep = 0; sweep < settings.velocityIterations; ++sweep)
    if (sweepRows(model, set, v, settings.cone, relax) < settings.convergence) break;  // converged
}

void applyRestitution(const Model& model, ConstraintSet& set, Eigen::VectorXd& v, const SolverSettings& settings) {
  const auto bounces = [&](const ConstraintRow& row) {
    return unilateral(row) && row.restitution > 0 && row.impulse > 0 && row.inverseMass > 0 &&
           row.approachVelocity < -settings.restitutionThreshold;
  };
  if (std::none_of(set.rows.begin(), set.rows.end(), bounces)) return;
  if (settings.restitutionLaw == RestitutionLaw::Newton) {
    // Newton: the separating velocity is −e times the approach. Several sweeps: a face
    // landing on four points must bounce as one.
    for (int sweep = 0; sweep < settings.velocityIterations; ++sweep)
      for (ConstraintRow& row : set.rows)
        if (bounces(row)) relaxRow(model, set, row, v, -row.restitution * row.approachVelocity);
    return;
  }
  // Energetic (Stronge): the normal force does −e² times the work in restitution that it did in
  // compression. While the slip does not reverse within the impact, the normal velocity is linear
  // in the normal impulse and this means a restitution impulse of exactly e times the
  // compression impulse (Stronge 2000, §3.3). Friction is then solved again within the cone of
  // the whole impulse. Unlike Newton's law with friction, this never creates energy.
  for (ConstraintRow& row : set.rows) {
    if (!bounces(row)) continue;
    const double total = (1 + row.restitution) * row.impulse;
    applyRowImpulse(model, set, row, total - row.impulse, v);
    row.impulse = row.lower = row.upper = total;
  }
  for (int sweep = 0; sweep < settings.velocityIterations; ++sweep) relaxFriction(model, set, v, settings.cone);
}

void solvePositions(const Model& model, ConstraintSet& set, Eigen::VectorXd& pseudoVelocity, double h,
                    const SolverSettings& settings) {
  pseudoVelocity.setZero();
  bool any = false;
  for (const ConstraintRow& row : set.rows) any = any || (unilateral(row) && row.separation < -settings.linearSlop);
  if (!any) return;
  for (ConstraintRow& row : set.rows) row.pseudoImpulse = 0;
  for (int sweep = 0; sweep < settings.positionIterations; ++sweep) {
    for (ConstraintRow& row : set.rows) {
      if (!unilateral(row) || row.inverseMass <= 0) continue;
      const double s = row.separation;
      const double target = s > 0 ? -s / h
                                  : std::min(settings.positionCorrection * std::max(-s - settings.linearSlop, 0.0) / h,
                                             settings.maxCorrectionVelocity);
      const double velocity = rowVelocity(model, set, row, pseudoVelocity);
      const double old = row.pseudoImpulse;
      row.pseudoImpulse = std::max(old - (velocity - target) / row.inverseMass, 0.0);
      if (row.pseudoImpulse != old) applyRowImpulse(model, set, row, row.pseudoImpulse - old, pseudoVelocity);
    }
  }
}

}  // namespace fw
