#pragma once
// Forces on links that are neither gravity nor joint efforts: the loads' external forces and
// Wawrzyński's link drag, and the joints' own springs and dampers.
#include "model/data.h"
#include "model/loads.h"

namespace fw {

// External and drag force on link i in link coordinates. Needs data.v[i], and data.X0[i] when
// loads->anyExternal.
Force linkExternalForce(const Model& model, const Data& data, const Loads* loads, int i);

// data.tau = loads.tau − damping·q̇ − stiffness·(q − rest).
void jointEfforts(const Model& model, Data& data, const Eigen::VectorXd& q, const Eigen::VectorXd& v,
                  const Loads& loads);

}  // namespace fw
