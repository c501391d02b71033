#pragma once
#include "model/data.h"

namespace fw {

// Total spatial momentum in world coordinates: angular momentum about the world origin and
// linear momentum, Σ X0ᵢᵀ (Iᵢ vᵢ). Runs forward kinematics.
Force spatialMomentum(const Model& model, Data& data, const Eigen::VectorXd& q, const Eigen::VectorXd& v);

// Centre of mass of everything, world coordinates. Runs forward kinematics.
Vec3 centerOfMass(const Model& model, Data& data, const Eigen::VectorXd& q);

}  // namespace fw
