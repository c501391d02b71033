#pragma once
// Rows solved at the acceleration level at every evaluation of the dynamics (StageConstraints):
// accurate stepping's resting contacts and limits between events. The rows' J and W = H⁻¹Jᵀ are
// built once, at the interval's start (the impulse solver's, constraint_row.h); each stage gives
// its own unconstrained q̈ and q̇, and a projected Gauss–Seidel finds the forces λ (one per row,
// warm-started from the previous evaluation's) with q̈ = q̈_free + Σ W λ:
//   normal and limit rows λ ≥ 0, J q̈ ≥ −J q̇ / T, complementary (λ > 0 only where equal);
//   friction rows J q̈ = −J q̇ / T within μ Σλ_normal (the Coulomb cone, as the impulse solver's).
// T is the interval's length. The term −J q̇ / T asks of each row what the impulse solver asks of
// it over T (that it stop approaching, or slipping, by the interval's end), but from the stage's
// own velocity: a contact at rest (J q̇ = 0) gets exactly J q̈ ≥ 0, and the velocity a stage's
// turning J leaves is taken out from the next stage on rather than at the next interval. It is a
// velocity feedback, not a position one (no Baumgarte term): what drift is left in position the
// world's projection removes.
//
// Up to kDenseRows rows solve on their Delassus matrix K = J W (rowCoupling), formed once at the
// interval's start: a row's update then costs a row of K (n entries) instead of J·q̈ and W λ over
// its trees' coordinates, and the stage pays J q̈_free and Σ W λ once. Each evaluation first
// solves exactly for the rows the previous one left strictly within their bounds (contacts
// pressing, friction sticking: K_II δ = target − J q̈ by Cholesky, the rows at their bounds held;
// the factor is kept while the same rows are inside), and the sweeps then settle which rows are
// at a bound: Gauss–Seidel alone took some forty sweeps a stage on a lying ragdoll (light hands
// on a heavy torso make K ill-conditioned) and did not hold a pyramid of boxes within its 100.
// More rows (K would take kDenseRows² doubles and more) are swept on J, W and q̈ as the impulse
// solver's rows are, without the direct solve. The sweeps stop once the normal and limit rows are
// within `convergence` of their conditions (residual()). Allocates nothing once its vectors have
// grown to the largest interval's rows.
#include <vector>

#include "constraints/constraint_row.h"
#include "model/model.h"
#include "model/stage_constraints.h"

namespace fw {

inline constexpr size_t kDenseRows = 512;

class StageRows final : public StageConstraints {
 public:
  // Takes `set`'s rows with inverseMass > 0 (the others take no part) for an interval of length
  // `horizon`, their forces zero; each evaluation sweeps until no row's acceleration changes by
  // more than `convergence` or `iterations` times.
  void hold(const Model& model, const ConstraintSet& set, double horizon, int iterations, double convergence, bool cone);
  bool active() const { return !rows_.empty(); }

  void constrain(const Eigen::VectorXd& v, Eigen::VectorXd& qdd, Eigen::VectorXd& effort) override;

 private:
  double sweep();
  double residual() const;
  void solveInterior();
  void markInterior();
  double relaxRow(size_t i, double lower, double upper);
  double relaxPair(size_t i, size_t j, double bound);
  double normalForce(const ConstraintRow& friction) const;
  double frictionMagnitude(size_t i) const;
  void change(size_t i, double delta);
  double acceleration(size_t i) const;
  double diagonal(size_t i) const;

  const Model* model_ = nullptr;
  const ConstraintSet* set_ = nullptr;
  double horizon_ = 0, convergence_ = 0;
  int iterations_ = 0;
  bool cone_ = true;
  bool dense_ = true;                  // the sweeps on K (else on J, W and q̈)
  Eigen::VectorXd* qdd_ = nullptr;     // the evaluation's q̈ (the sweeps on J and W change it)
  std::vector<int> rows_;          // the set's rows taking part
  std::vector<int> place_;         // per row of the set: its place in rows_, −1 if none
  std::vector<double> coupling_;   // K, n × n (row-major)
  std::vector<double> force_;      // λ, per place
  std::vector<double> accel_;      // J q̈ with the current λ, per place
  std::vector<double> target_;     // −J q̇ / T at the stage, per place
  std::vector<int> partner_;       // a tangent row's other tangent row's place, −1 if none
  std::vector<char> inside_;       // per place: strictly within its bounds at the last evaluation
  std::vector<int> interior_;      // the places inside_, for the direct solve
  std::vector<double> factor_, rhs_;  // its Cholesky factor (|I| × |I|) and right-hand side
  std::vector<int> factored_;         // the places factor_ was formed for
  bool factorValid_ = false;
};

}  // namespace fw
