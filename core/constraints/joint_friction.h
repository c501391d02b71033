#pragma once
// Bounded Coulomb friction in joints, as impulses on one step's velocities (Holck ch. 2's
// Coulomb law, applied in joint space): each joint with bound F receives an impulse
// λ ∈ [−F h, F h] that brings its velocity as close to zero as the bound allows, so a joint
// either sticks exactly or slides against the full friction effort — never chatters.
#include "model/data.h"

namespace fw {

// Solves the friction impulses for velocities v (after the step's accelerations, before the
// positions move) by projected Gauss–Seidel over the friction coordinates, with the exact
// coupling H⁻¹ from the O(n) impulse response. Needs the articulated inertias of an aba() at
// the current q. Allocates nothing.
void applyJointFriction(const Model& model, Data& data, Eigen::VectorXd& v, double h, int iterations = 200);

}  // namespace fw
