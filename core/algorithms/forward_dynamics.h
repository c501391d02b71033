#pragma once
#include "model/data.h"
#include "model/loads.h"

namespace fw {

enum class DynamicsAlgorithm { ABA, CRBA };

// q̈ for the world's state into data.qdd: joint efforts (loads.tau, springs, dampers) and
// external forces (loads, drag) through the chosen algorithm.
void forwardDynamics(const Model& model, Data& data, const Eigen::VectorXd& q, const Eigen::VectorXd& v,
                     const Loads& loads, DynamicsAlgorithm algorithm);

}  // namespace fw
