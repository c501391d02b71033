#pragma once
#include "algorithms/aligned_joint.h"

namespace fw {

// Link poses (data.Xup, data.X0) and spatial velocities (data.v) for q, q̇.
void forwardKinematics(const Model& model, Data& data, const Eigen::VectorXd& q, const Eigen::VectorXd& v);

// X_up = X_J(q) X_T of link i into data.Xup, and into data.XupAxis when the joint turns about
// a coordinate axis (JointModel::alignedAxis). Every algorithm sets link transforms through it,
// so the two never disagree; ABA's per-axis path (aba_axis.h) sets only data.XupAxis unless it
// needs world poses, so data.Xup is read only where it was just set.
inline void updateLinkTransform(const Model& model, Data& data, const Eigen::VectorXd& q, size_t li) {
  const JointModel& j = model.joints[li];
  if (j.alignedAxis >= 0) {
    data.XupAxis[li] = alignedJointTransform<true>(model, data, q, li);
    data.Xup[li] = data.XupAxis[li].transform();
  } else {
    data.Xup[li] = jointTransformFrom(j, model.jointPlacement[li], q);
  }
}

// X_up m: a motion of link i's parent in link i's coordinates.
inline Motion toLink(const Model& model, const Data& data, size_t li, const Motion& m) {
  return model.joints[li].alignedAxis >= 0 ? data.XupAxis[li].apply(m) : data.Xup[li].apply(m);
}

// X_upᵀ f: a force on link i in its parent's coordinates.
inline Force toParent(const Model& model, const Data& data, size_t li, const Force& f) {
  return model.joints[li].alignedAxis >= 0 ? data.XupAxis[li].applyTranspose(f) : data.Xup[li].applyTranspose(f);
}

// parent += X_upᵀ I X_up: an articulated inertia of link i added to its parent's, in the parent's coordinates.
inline void addToParent(const Model& model, const Data& data, size_t li, const ArticulatedInertia& I,
                        ArticulatedInertia& parent) {
  if (model.joints[li].alignedAxis >= 0)
    data.XupAxis[li].addExpressedIn(I, parent);
  else
    I.addExpressedIn(data.Xup[li], parent);
}

// One link of the outward pass, shared by forwardKinematics, aba and rnea: X_up = X_J(q) X_T,
// v_i = X_up v_λ + S q̇ (RBDA eq. 5.7), and X0 when world poses are wanted. Returns S q̇.
inline Motion linkKinematics(const Model& model, Data& data, const Eigen::VectorXd& q, const Eigen::VectorXd& v,
                             int i, bool worldPoses) {
  const size_t li = size_t(i);
  const int p = model.parent[li];
  updateLinkTransform(model, data, q, li);
  const Motion vJ = jointVelocity(model.joints[li], v);
  data.v[li] = p < 0 ? vJ : toLink(model, data, li, data.v[size_t(p)]) + vJ;
  if (worldPoses) data.X0[li] = p < 0 ? data.Xup[li] : data.Xup[li] * data.X0[size_t(p)];
  return vJ;
}

// World pose of a link frame after forwardKinematics.
inline Vec3 linkPosition(const Data& data, int i) { return data.X0[size_t(i)].r; }
inline Mat3 linkRotation(const Data& data, int i) { return data.X0[size_t(i)].E.transpose(); }

}  // namespace fw
