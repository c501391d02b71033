#pragma once
#include "model/data.h"

namespace fw {

// ½ Σ v_iᵀ I_i v_i + ½ Σ a_k q̇_k² (the model's armature). Runs forward kinematics.
double kineticEnergy(const Model& model, Data& data, const Eigen::VectorXd& q, const Eigen::VectorXd& v);
// −Σ m_i g · c_i over the links that can move (zero at the world origin). Runs forward kinematics.
double potentialEnergy(const Model& model, Data& data, const Eigen::VectorXd& q);

}  // namespace fw
