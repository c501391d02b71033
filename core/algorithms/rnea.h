#pragma once
#include "model/data.h"
#include "model/loads.h"

namespace fw {

// Inverse dynamics by the recursive Newton–Euler algorithm (RBDA Table 5.1), O(n):
// τ = RNEA(q, q̇, q̈, f_ext) into data.tau, with the model's armature a_i q̈_i. Gravity enters as a
// base acceleration of −g.
// `loads` may be null; its τ is not used.
void rnea(const Model& model, Data& data, const Eigen::VectorXd& q, const Eigen::VectorXd& v,
          const Eigen::VectorXd& qdd, const Loads* loads);

}  // namespace fw
