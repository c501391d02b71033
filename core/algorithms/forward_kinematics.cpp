#include "algorithms/forward_kinematics.h"

namespace fw {

void forwardKinematics(const Model& model, Data& data, const Eigen::VectorXd& q, const Eigen::VectorXd& v) {
  for (int i = 0; i < model.nlinks; ++i) linkKinematics(model, data, q, v, i, true);
}

}  // namespace fw
