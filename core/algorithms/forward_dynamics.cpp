#include "algorithms/forward_dynamics.h"

#include "algorithms/aba.h"
#include "algorithms/crba.h"
#include "algorithms/external_forces.h"

namespace fw {

void forwardDynamics(const Model& model, Data& data, const Eigen::VectorXd& q, const Eigen::VectorXd& v,
                     const Loads& loads, DynamicsAlgorithm algorithm) {
  jointEfforts(model, data, q, v, loads);
  if (!loads.springs.empty()) springEfforts(model, data, q, v, loads);
  if (algorithm == DynamicsAlgorithm::CRBA) {
    crbaForwardDynamics(model, data, q, v, data.tau, &loads);
  } else {
    aba(model, data, q, v, data.tau, &loads);
  }
}

}  // namespace fw
