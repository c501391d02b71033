#pragma once
#include "model/data.h"
#include "model/loads.h"

namespace fw {

// Forward dynamics by the articulated-body algorithm (Featherstone, RBDA Table 7.1), O(n):
// q̈ = ABA(q, q̇, τ, f_ext) into data.qdd. `loads` may be null (no external forces); its τ is
// not used — pass the total joint effort as `tau`.
void aba(const Model& model, Data& data, const Eigen::VectorXd& q, const Eigen::VectorXd& v,
         const Eigen::VectorXd& tau, const Loads* loads);

}  // namespace fw
