#include "algorithms/energy.h"

#include "algorithms/forward_kinematics.h"

namespace fw {

double kineticEnergy(const Model& model, Data& data, const Eigen::VectorXd& q, const Eigen::VectorXd& v) {
  forwardKinematics(model, data, q, v);
  double e = 0;
  for (int i = 0; i < model.nlinks; ++i) e += 0.5 * data.v[size_t(i)].dot(model.inertia[size_t(i)] * data.v[size_t(i)]);
  if (model.anyArmature)  // the rotors': ½ Σ a_i q̇_i²
    for (int k = 0; k < model.nv; ++k) e += 0.5 * model.armature[size_t(k)] * v[k] * v[k];
  return e;
}

double potentialEnergy(const Model& model, Data& data, const Eigen::VectorXd& q) {
  double e = 0;
  for (int i = 0; i < model.nlinks; ++i) {
    const size_t li = size_t(i);
    const int p = model.parent[li];
    updateLinkTransform(model, data, q, li);
    data.X0[li] = p < 0 ? data.Xup[li] : data.Xup[li] * data.X0[size_t(p)];
    // A tree without coordinates (a static table, a wall) cannot move: its constant share would
    // only offset every energy plot, often by far more than what moves.
    if (model.treeNv(model.treeOf[li]) == 0) continue;
    const Inertia& I = model.inertia[li];
    const Vec3 comWorld = linkRotation(data, i) * I.com + linkPosition(data, i);
    // Gravity compensation is a uniform field too: the weight it leaves is the potential's.
    const double weighed = model.anyGravcomp ? 1 - model.gravcomp[li] : 1.0;
    e -= weighed * I.mass * model.gravity.dot(comWorld);
  }
  return e;
}

}  // namespace fw
