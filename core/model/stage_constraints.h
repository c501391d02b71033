#pragma once
// Constraints the dynamics obey at every evaluation of q̈, as the servos' efforts are evaluated
// at every evaluation: the integrator's stages each see them at their own state. Accurate
// stepping's resting contacts are such rows (constraints/stage_rows.h); the integrators know
// only this interface, not the rows.
#include <Eigen/Core>

namespace fw {

class StageConstraints {
 public:
  virtual ~StageConstraints() = default;
  // At an evaluation with velocities v whose unconstrained accelerations are qdd: adds the
  // constraints' response to qdd and writes their generalized effort (Jᵀλ, what the stage's
  // work and impulse are booked from) into effort. Allocates nothing.
  virtual void constrain(const Eigen::VectorXd& v, Eigen::VectorXd& qdd, Eigen::VectorXd& effort) = 0;
};

}  // namespace fw
