#pragma once
// Moving along the configuration manifold: 1-DoF coordinates add, quaternions of spherical
// joints turn by the exponential map of the body angular displacement, free joints follow the
// SE(3) exponential of the body twist. Quaternions stay unit.
#include "model/model.h"

namespace fw {

// qOut = q ⊕ dv, dv a tangent displacement (velocity × time, nv entries). qOut may not alias q.
void integrateConfiguration(const Model& model, const Eigen::VectorXd& q, const Eigen::VectorXd& dv,
                            Eigen::VectorXd& qOut);

// Rescales every quaternion of q to unit length.
void normalizeConfiguration(const Model& model, Eigen::VectorXd& q);

}  // namespace fw
