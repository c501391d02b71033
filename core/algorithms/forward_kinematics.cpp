#include "algorithms/forward_kinematics.h"

namespace fw {

namespace {

// linkKinematics with world poses for a revolute joint about ±e_K placed without rotation
// (JointModel::alignedAxis), the axis a compile-time constant: X0 = X_up X0_λ has E = R_Kᵀ E_λ,
// which mixes two rows of E_λ (12 multiplications instead of 27), and v_i = X_up v_λ + S q̇ adds
// S q̇ to one coordinate. The general product's other terms are products by zero, so the
// numbers are the same.
template <int K>
void linkPoseAbout(const Model& model, Data& data, const Eigen::VectorXd& q, const Eigen::VectorXd& v, size_t li) {
  constexpr int I = (K + 1) % 3, J = (K + 2) % 3;
  const JointModel& j = model.joints[li];
  const int p = model.parent[li];
  AxisTransform& X = data.XupAxis[li];
  X = alignedJointTransform<true>(model, data, q, li);
  data.Xup[li] = X.transform();
  Motion vi = p < 0 ? Motion::Zero() : X.applyAbout<K>(data.v[size_t(p)]);
  vi.angular[K] += j.axisSign * v[j.idx_v];
  data.v[li] = vi;
  if (p < 0) {
    data.X0[li] = data.Xup[li];
    return;
  }
  const Transform& parent = data.X0[size_t(p)];
  Transform& X0 = data.X0[li];
  X0.E.row(I) = X.c * parent.E.row(I) + X.s * parent.E.row(J);
  X0.E.row(J) = X.c * parent.E.row(J) - X.s * parent.E.row(I);
  X0.E.row(K) = parent.E.row(K);
  X0.r = parent.r + parent.E.transpose() * X.r;
}

}  // namespace

void forwardKinematics(const Model& model, Data& data, const Eigen::VectorXd& q, const Eigen::VectorXd& v) {
  for (int i = 0; i < model.nlinks; ++i) {
    const JointModel& j = model.joints[size_t(i)];
    if (j.alignedAxis >= 0)
      axis_detail::withAxis(j.alignedAxis, [&]<int K>() { linkPoseAbout<K>(model, data, q, v, size_t(i)); return 0; });
    else
      linkKinematics(model, data, q, v, i, true);
  }
}

}  // namespace fw
