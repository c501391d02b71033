#pragma once
#include "model/data.h"

namespace fw {

// Link poses (data.Xup, data.X0) and spatial velocities (data.v) for q, q̇.
void forwardKinematics(const Model& model, Data& data, const Eigen::VectorXd& q, const Eigen::VectorXd& v);

// One link of the outward pass, shared by forwardKinematics, aba and rnea: X_up = X_J(q) X_T,
// v_i = X_up v_λ + S q̇ (RBDA eq. 5.7), and X0 when world poses are wanted. Returns S q̇.
inline Motion linkKinematics(const Model& model, Data& data, const Eigen::VectorXd& q, const Eigen::VectorXd& v,
                             int i, bool worldPoses) {
  const size_t li = size_t(i);
  const JointModel& j = model.joints[li];
  const int p = model.parent[li];
  data.Xup[li] = jointTransformFrom(j, model.jointPlacement[li], q);
  const Motion vJ = jointVelocity(j, v);
  data.v[li] = p < 0 ? vJ : data.Xup[li].apply(data.v[size_t(p)]) + vJ;
  if (worldPoses) data.X0[li] = p < 0 ? data.Xup[li] : data.Xup[li] * data.X0[size_t(p)];
  return vJ;
}

// World pose of a link frame after forwardKinematics.
inline Vec3 linkPosition(const Data& data, int i) { return data.X0[size_t(i)].r; }
inline Mat3 linkRotation(const Data& data, int i) { return data.X0[size_t(i)].E.transpose(); }

}  // namespace fw
