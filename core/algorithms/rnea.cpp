#include "algorithms/rnea.h"

#include "algorithms/external_forces.h"
#include "algorithms/forward_kinematics.h"

namespace fw {

void rnea(const Model& model, Data& data, const Eigen::VectorXd& q, const Eigen::VectorXd& v,
          const Eigen::VectorXd& qdd, const Loads* loads) {
  const Motion aBase{Vec3::Zero(), -model.gravity};
  const bool worldPoses = (loads && loads->anyExternal) || model.anyGravcomp;
  // Outward: v_i = X_i v_λ + S q̇, a_i = X_i a_λ + S q̈ + v_i × S q̇, f_i = I a + v ×* I v − f_ext.
  for (int i = 0; i < model.nlinks; ++i) {
    const size_t li = size_t(i);
    const JointModel& j = model.joints[li];
    const int p = model.parent[li];
    const Motion vJ = linkKinematics(model, data, q, v, i, worldPoses);
    data.a[li] = toLink(model, data, li, p < 0 ? aBase : data.a[size_t(p)]);
    data.a[li] += jointVelocity(j, qdd) + data.v[li].cross(vJ);
    const Inertia& I = model.inertia[li];
    data.fext[li] = linkExternalForce(model, data, loads, i);
    data.f[li] = I * data.a[li] + data.v[li].crossForce(I * data.v[li]) - data.fext[li];
  }
  // Inward: τ_i = S_iᵀ f_i, f_λ += X_iᵀ f_i.
  for (int i = model.nlinks - 1; i >= 0; --i) {
    const size_t li = size_t(i);
    const JointModel& j = model.joints[li];
    if (j.nv > 0) projectForce(j, data.f[li], data.tau.segment(j.idx_v, j.nv));
    if (model.anyArmature)  // + a_i q̈_i: the effort that accelerates the joint's rotor
      for (int k = 0; k < j.nv; ++k) data.tau[j.idx_v + k] += model.armature[size_t(j.idx_v + k)] * qdd[j.idx_v + k];
    const int p = model.parent[li];
    if (p >= 0) data.f[size_t(p)] += toParent(model, data, li, data.f[li]);
  }
}

}  // namespace fw
