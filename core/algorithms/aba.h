#pragma once
#include "model/data.h"
#include "model/loads.h"

namespace fw {

// Forward dynamics by the articulated-body algorithm (Featherstone, RBDA Table 7.1), O(n):
// q̈ = ABA(q, q̇, τ, f_ext) into data.qdd. `loads` may be null (no external forces); its τ is
// not used — pass the total joint effort as `tau`. Its armature adds to each joint's D_i, i.e.
// to the diagonal of H, which the impulse response (impulse_response.h) then inherits.
void aba(const Model& model, Data& data, const Eigen::VectorXd& q, const Eigen::VectorXd& v,
         const Eigen::VectorXd& tau, const Loads* loads);

// The same over the trees not marked in `skipTree` (per tree of model.treeOf): a marked tree's
// links keep whatever data held for them, and its entries of data.qdd are left as they were
// (sleeping trees, which do not move and take no impulse).
void abaSkippingTrees(const Model& model, Data& data, const Eigen::VectorXd& q, const Eigen::VectorXd& v,
                      const Eigen::VectorXd& tau, const Loads* loads, const std::vector<char>& skipTree);

// Hybrid dynamics (RBDA §9.2; Wawrzyński's active joints): links with prescribedJoint[i] != 0
// move their joint with the given accelerations qddPrescribed (their entries only), the others
// are free. data.qdd gets every acceleration, data.tau the effort each prescribed joint needs
// (entries of free joints are left as given). With no prescribed joint it is aba().
void hybridDynamics(const Model& model, Data& data, const Eigen::VectorXd& q, const Eigen::VectorXd& v,
                    const Eigen::VectorXd& tau, const std::vector<char>& prescribedJoint,
                    const Eigen::VectorXd& qddPrescribed, const Loads* loads);

}  // namespace fw
