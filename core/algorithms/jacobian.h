#pragma once
#include "model/data.h"

namespace fw {

// Jacobian of a point fixed on a link, world coordinates: rows 0–2 the link's angular velocity,
// rows 3–5 the point's linear velocity, so that (ω, ṗ) = J q̇. J must be 6 × nv; columns of joints
// that do not move the link are zero. Needs forwardKinematics at the same q.
void pointJacobian(const Model& model, const Data& data, int link, const Vec3& pointWorld, Eigen::MatrixXd& J);

}  // namespace fw
