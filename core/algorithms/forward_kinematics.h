#pragma once
#include "model/data.h"

namespace fw {

// Link poses (data.Xup, data.X0) and spatial velocities (data.v) for q, q̇.
void forwardKinematics(const Model& model, Data& data, const Eigen::VectorXd& q, const Eigen::VectorXd& v);

// World pose of a link frame after forwardKinematics.
inline Vec3 linkPosition(const Data& data, int i) { return data.X0[size_t(i)].r; }
inline Mat3 linkRotation(const Data& data, int i) { return data.X0[size_t(i)].E.transpose(); }

}  // namespace fw
