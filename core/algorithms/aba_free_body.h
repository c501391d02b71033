#pragma once
// ABA's second pass for a lone free body: a tree of one link on a free joint (a box of a pile).
// There S = 1, so U = I^A S = I^A = I, the body's rigid inertia, and without armature
// D = Sᵀ U = I exactly: D⁻¹ is I⁻¹, which has a closed form about the centre of mass. From
// I a = f, i.e. n = Ic α + c × f_l and f_l = m (a_l − c × α) (spatial/inertia.h):
//   α = Ic⁻¹ (n − c × f_l),  a_l = f_l / m + c × α,
//   I⁻¹ = [[Ic⁻¹, Ic⁻¹ c×ᵀ], [c× Ic⁻¹, 1/m + c× Ic⁻¹ c×ᵀ]]
// (RBDA eq. 2.63 inverted block by block): one 3×3 inverse and two products by c×, where the
// general path forms D by 6×6 products and inverts it by blocks and a Schur complement (aba.cpp).
#include "model/data.h"

namespace fw::aba_free_body {

// Link li is the root of a tree of one link, on a free joint without armature (`armature` is
// the loads' and may be null; the model's adds to it).
inline bool applies(const Model& model, const double* armature, size_t li) {
  const JointModel& j = model.joints[li];
  if (j.type != JointType::Free || model.parent[li] >= 0) return false;
  const size_t tree = size_t(model.treeOf[li]);
  if (model.treeEndLink[tree] - model.treeFirstLink[tree] != 1) return false;
  for (int k = 0; k < 6; ++k) {
    if (armature && armature[j.idx_v + k] != 0) return false;
    if (model.anyArmature && model.armature[size_t(j.idx_v + k)] != 0) return false;
  }
  return true;
}

// I⁻¹ of a rigid body; false (and nothing written) unless its mass and Ic are positive definite.
inline bool rigidInertiaInverse(const Inertia& I, Mat6& out) {
  const Mat3& J = I.inertiaAboutCom;
  Mat3 cof;  // cofactors of the symmetric J: J⁻¹ = cof / det
  cof(0, 0) = J(1, 1) * J(2, 2) - J(1, 2) * J(1, 2);
  cof(0, 1) = J(0, 2) * J(1, 2) - J(0, 1) * J(2, 2);
  cof(0, 2) = J(0, 1) * J(1, 2) - J(0, 2) * J(1, 1);
  cof(1, 1) = J(0, 0) * J(2, 2) - J(0, 2) * J(0, 2);
  cof(1, 2) = J(0, 1) * J(0, 2) - J(0, 0) * J(1, 2);
  cof(2, 2) = J(0, 0) * J(1, 1) - J(0, 1) * J(0, 1);
  const double det = J(0, 0) * cof(0, 0) + J(0, 1) * cof(0, 1) + J(0, 2) * cof(0, 2);
  if (!(J(0, 0) > 0 && cof(2, 2) > 0 && det > 0 && I.mass > 0)) return false;  // leading minors
  const double invDet = 1 / det;
  Mat3 Jinv;
  for (int c = 0; c < 3; ++c)
    for (int r = 0; r <= c; ++r) Jinv(r, c) = Jinv(c, r) = cof(r, c) * invDet;
  const Mat3 L = crossColumns(I.com, Jinv);             // c× Ic⁻¹
  const Mat3 M = crossColumns(I.com, L.transpose());    // c× (c× Ic⁻¹)ᵀ = c× Ic⁻¹ c×ᵀ
  out.topLeftCorner<3, 3>() = Jinv;
  out.bottomLeftCorner<3, 3>() = L;
  out.topRightCorner<3, 3>() = L.transpose();
  const double invMass = 1 / I.mass;
  for (int c = 0; c < 3; ++c)  // symmetric: the upper triangle, mirrored
    for (int r = 0; r <= c; ++r) out(3 + r, 3 + c) = out(3 + c, 3 + r) = M(r, c) + (r == c ? invMass : 0);
  return true;
}

// Pass 2 for such a body: U, D⁻¹ and u = τ − p^A as the general path stores them.
inline bool articulate(const Model& model, Data& data, const Eigen::VectorXd& tau, size_t li) {
  if (!rigidInertiaInverse(model.inertia[li], data.Dinv[li])) return false;
  const JointModel& j = model.joints[li];
  data.Um[li] = data.IA[li].matrix();  // I^A S with S = 1
  const Force& pA = data.pA[li];
  Vec6& um = data.um[li];
  for (int k = 0; k < 3; ++k) {
    um[k] = tau[j.idx_v + k] - pA.angular[k];
    um[3 + k] = tau[j.idx_v + 3 + k] - pA.linear[k];
  }
  return true;
}

}  // namespace fw::aba_free_body
