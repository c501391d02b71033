#include "algorithms/forward_kinematics.h"

namespace fw {

void forwardKinematics(const Model& model, Data& data, const Eigen::VectorXd& q, const Eigen::VectorXd& v) {
  for (int i = 0; i < model.nlinks; ++i) {
    const size_t li = size_t(i);
    const JointModel& j = model.joints[li];
    const int p = model.parent[li];
    data.Xup[li] = jointTransform(j, q) * model.jointPlacement[li];
    const Motion vJ = jointVelocity(j, v);
    if (p < 0) {
      data.X0[li] = data.Xup[li];
      data.v[li] = vJ;
    } else {
      data.X0[li] = data.Xup[li] * data.X0[size_t(p)];
      data.v[li] = data.Xup[li].apply(data.v[size_t(p)]) + vJ;
    }
  }
}

}  // namespace fw
