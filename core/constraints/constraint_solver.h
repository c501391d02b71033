#pragma once
// Projected Gauss–Seidel over the rows of one step (Catto's sequential impulses, with Box2D's
// order: warm start, relax, restitution), and a separate position pass (split impulse) that
// pushes penetrating contacts apart without adding kinetic energy.
#include <algorithm>
#include <cmath>

#include "constraints/constraint_row.h"
#include "model/model.h"

namespace fw {

// How an impact's rebound follows from its compression: Newton's kinematic law (J q̇⁺ = −e J q̇⁻,
// the default) or Stronge's energetic law (restitution work = −e² × compression work).
enum class RestitutionLaw { Newton, Energetic };

struct SolverSettings {
  // Sweeps stop early once no row's velocity moved more than `convergence` in one: warm-started
  // steady states take a few, a fresh stack many.
  int velocityIterations = 20;
  double convergence = 1e-6;  // m/s (rad/s)
  int positionIterations = 4;
  // Substeps of the contact solve (Box2D v3's soft step): 1 solves the step at once and pushes
  // penetrations out with the split-impulse pass; n > 1 relaxes and moves n times within the
  // step: iterations / n sweeps each with a soft bias that pushes penetrations out, then one
  // sweep without it that takes the push's velocity out (solveSubsteps). 0: as many as make
  // each about 1/240 s — one pass at the default step, four at 1/60 s.
  int substeps = 0;
  double restitutionThreshold = 0.05;  // m/s (rad/s): slower approaches do not bounce
  double linearSlop = 0.001;          // m (rad) of penetration left alone: keeps contacts alive
  double positionCorrection = 0.2;    // fraction of the remaining penetration removed per step
  double maxCorrectionVelocity = 2.0; // m/s: a deep overlap is undone gently, never explosively
  double speculativeMargin = 0.02;    // m: contacts closer than this become rows before they touch
  bool warmStarting = true;
  bool cone = true;  // Coulomb cone (true) or pyramid (each tangent bounded alone)
  RestitutionLaw restitutionLaw = RestitutionLaw::Newton;
  // Sleeping (realtime stepping): islands slower than sleepVelocity (m/s, rad/s, per
  // coordinate) for sleepTime seconds stop until touched, grabbed or pushed.
  bool sleep = true;
  double sleepVelocity = 0.02;
  double sleepTime = 0.5;
};

// J q̇ of a row for velocities v (all of the world's coordinates).
double rowVelocity(const Model& model, const ConstraintSet& set, const ConstraintRow& row, const Eigen::VectorXd& v);
// J_i H⁻¹ J_jᵀ: how an impulse on row j moves row i (an entry of the Delassus matrix K).
double rowCoupling(const ConstraintSet& set, const ConstraintRow& i, const ConstraintRow& j);
// v += W λ on each side of the row.
void applyRowImpulse(const Model& model, const ConstraintSet& set, const ConstraintRow& row, double impulse,
                     Eigen::VectorXd& v);

// Applies every row's starting impulse (row.impulse, last step's for persistent contacts) to v.
void warmStart(const Model& model, const ConstraintSet& set, Eigen::VectorXd& v);

// The velocity pass: rows with separation s > 0 let the surfaces approach by at most s per step
// (speculative contact), all others allow no approach. h is the step.
void solveVelocities(const Model& model, ConstraintSet& set, Eigen::VectorXd& v, double h,
                     const SolverSettings& settings);

// The substeps a step of h takes (settings.substeps, or as many as make each about 1/240 s).
inline int substepCount(const SolverSettings& settings, double h) {
  return settings.substeps > 0 ? settings.substeps : std::max(1, int(std::lround(h * 240)));
}

// The substepped solve (Box2D v3's soft step, Catto 2024) in place of warmStart,
// solveVelocities and solvePositions, for contact and limit rows, over the packed rows of
// sweep_rows.h (substep_solver.cpp). n times within the step: v
// gets 1/n of the step's smooth velocity change (`smoothChange`) and the rows their impulses
// (each row's impulse is per substep here: the step's / n on entry, × n on return); the rows are
// relaxed with a soft push-out of penetrations (a 30 Hz spring with damping ratio 10), the
// coordinates move by h/n q̇ (into `displacement`; the rows' separations follow to first order,
// s + J Δq), and the rows are relaxed again, rigid, so the push leaves no velocity. set.work
// gets each row's work; `meanVelocity` the mean over the substeps of each one's start and end
// velocity (what a force held over the step works against).
void solveSubsteps(const Model& model, ConstraintSet& set, const Eigen::VectorXd& smoothChange, Eigen::VectorXd& v,
                   Eigen::VectorXd& displacement, Eigen::VectorXd& meanVelocity, double h, int n,
                   const SolverSettings& settings);

// The rebound of unilateral rows hit faster than the threshold, by the chosen law.
void applyRestitution(const Model& model, ConstraintSet& set, Eigen::VectorXd& v, const SolverSettings& settings);

// The split-impulse pass: pseudo-velocities (their own vector, starting at zero, never added to
// the real ones) that remove a fraction of each penetration beyond the slop over this step.
void solvePositions(const Model& model, ConstraintSet& set, Eigen::VectorXd& pseudoVelocity, double h,
                    const SolverSettings& settings);

}  // namespace fw
