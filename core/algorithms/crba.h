#pragma once
#include "model/data.h"
#include "model/loads.h"

namespace fw {

// Joint-space inertia matrix H(q) by the composite-rigid-body algorithm (RBDA Table 6.2) into
// data.H (only the coordinates of one tree couple, so H of a forest is block diagonal), the
// model's armature on its diagonal. Needs a Data made with the mass matrix.
void crba(const Model& model, Data& data, const Eigen::VectorXd& q);

// In-place tree-sparse factorisation H = Lᵀ D L (RBDA Table 6.3): cost O(n d²), d the depth.
void ltdlFactor(const Data& data, Eigen::MatrixXd& H);
// Solves H x = b with the factor from ltdlFactor (RBDA Table 6.4); x holds b on entry.
void ltdlSolve(const Data& data, const Eigen::MatrixXd& factor, Eigen::VectorXd& x);

// Forward dynamics the CRBA way: H q̈ = τ − C(q, q̇, f_ext), C from RNEA with q̈ = 0, solved with
// the sparse LᵀDL factorisation (H with the loads' armature too on its diagonal). Result in data.qdd.
void crbaForwardDynamics(const Model& model, Data& data, const Eigen::VectorXd& q, const Eigen::VectorXd& v,
                         const Eigen::VectorXd& tau, const Loads* loads);

}  // namespace fw
