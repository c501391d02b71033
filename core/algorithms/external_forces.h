#pragma once
// Forces on links that are neither gravity nor joint efforts: the loads' external forces,
// Wawrzyński's link drag, gravity compensation, and the joints' own springs and dampers.
#include "model/data.h"
#include "model/loads.h"

namespace fw {

// External, drag and gravity-compensation force on link i in link coordinates. Needs data.v[i],
// and data.X0[i] when loads->anyExternal or model.anyGravcomp.
Force linkExternalForce(const Model& model, const Data& data, const Loads* loads, int i);

// data.tau = loads.tau − damping·q̇ − stiffness·(q − rest) + the servos' efforts (data.servoTau).
void jointEfforts(const Model& model, Data& data, const Eigen::VectorXd& q, const Eigen::VectorXd& v,
                  const Loads& loads);

// Adds the loads' point springs' generalized forces Jᵀ f at (q, q̇) to data.tau (runs forward
// kinematics into data first).
void springEfforts(const Model& model, Data& data, const Eigen::VectorXd& q, const Eigen::VectorXd& v, const Loads& loads);

// The servos' efforts at (q, q̇) into data.servoTau (zero where none acts).
void servoEfforts(Data& data, const Eigen::VectorXd& q, const Eigen::VectorXd& v, const Loads& loads);

}  // namespace fw
