#include "algorithms/jacobian.h"

namespace fw {

void pointJacobian(const Model& model, const Data& data, int link, const Vec3& pointWorld, Eigen::MatrixXd& J) {
  J.setZero();
  for (int j = link; j >= 0; j = model.parent[size_t(j)]) {
    const JointModel& joint = model.joints[size_t(j)];
    for (int k = 0; k < joint.nv; ++k) {
      // The joint's motion axis in world coordinates (about the world origin), then the
      // velocity it gives the point: v_O + ω × p.
      const Motion s = data.X0[size_t(j)].applyInverse(subspaceColumn(joint, k));
      J.col(joint.idx_v + k) << s.angular, s.linear + s.angular.cross(pointWorld);
    }
  }
}

}  // namespace fw
