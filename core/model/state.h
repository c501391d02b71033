#pragma once
#include <Eigen/Core>

namespace fw {

// Generalised positions (nq) and velocities (nv) at time t.
struct State {
  Eigen::VectorXd q;
  Eigen::VectorXd v;
  double t = 0;
};

}  // namespace fw
