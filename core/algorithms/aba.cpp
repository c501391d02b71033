#include "algorithms/aba.h"

#include "algorithms/aba_axis.h"
#include "algorithms/aba_free_body.h"
#include "algorithms/external_forces.h"
#include "algorithms/forward_kinematics.h"

namespace fw {

namespace {

// The inverse of a symmetric positive definite 6×6 matrix D = [A B; Bᵀ C] by its 3×3 blocks and
// the Schur complement S = C − Bᵀ A⁻¹ B:
//   D⁻¹ = [A⁻¹ + A⁻¹B S⁻¹ BᵀA⁻¹, −A⁻¹B S⁻¹; −S⁻¹BᵀA⁻¹, S⁻¹],
// with closed-form 3×3 inverses: Eigen's general 6×6 inverse is a pivoted LU, far dearer on a
// matrix known to be positive definite.
Mat6 inverseOfPositiveDefinite(const Mat6& D) {
  const Mat3 Ainv = D.topLeftCorner<3, 3>().inverse();
  const Mat3 AinvB = Ainv * D.topRightCorner<3, 3>();
  const Mat3 Sinv = (D.bottomRightCorner<3, 3>() - D.topRightCorner<3, 3>().transpose() * AinvB).inverse();
  const Mat3 upperRight = -AinvB * Sinv;
  Mat6 inverse;
  inverse.topLeftCorner<3, 3>() = Ainv - upperRight * AinvB.transpose();
  inverse.topRightCorner<3, 3>() = upperRight;
  inverse.bottomLeftCorner<3, 3>() = upperRight.transpose();
  inverse.bottomRightCorner<3, 3>() = Sinv;
  return inverse;
}

// Hybrid dynamics' prescribed joints (a joint without coordinates is never prescribed).
bool prescribedJoint(const Model& model, const std::vector<char>* prescribed, size_t li) {
  return prescribed && (*prescribed)[li] && model.joints[li].nv > 0;
}

// Links of trees the caller marked to skip (sleeping trees: no motion, no impulses).
bool skippedLink(const Model& model, const std::vector<char>* skipTree, size_t li) {
  return skipTree && (*skipTree)[size_t(model.treeOf[li])];
}

// Pass 3 of ABA, root to leaves: accelerations. The base accelerates at −g, which is gravity.
void accelerations(const Model& model, Data& data, const std::vector<char>* prescribed,
                   const Eigen::VectorXd* qddPrescribed, const std::vector<char>* skipTree) {
  auto isPrescribed = [&](size_t li) { return prescribedJoint(model, prescribed, li); };
  const Motion aBase{Vec3::Zero(), -model.gravity};
  for (int i = 0; i < model.nlinks; ++i) {
    const size_t li = size_t(i);
    if (skippedLink(model, skipTree, li)) continue;
    const JointModel& j = model.joints[li];
    const int p = model.parent[li];
    if (j.alignedAxis >= 0 && !isPrescribed(li)) {
      const Motion& aLambda = p < 0 ? aBase : data.a[size_t(p)];
      axis_detail::withAxis(j.alignedAxis, [&]<int K>() {
        aba_axis::accelerate<K>(model, data, li, aLambda);
        return 0;
      });
      continue;
    }
    const Motion aParent = toLink(model, data, li, p < 0 ? aBase : data.a[size_t(p)]) + data.c[li];
    if (isPrescribed(li)) {
      // τ = Sᵀ (I^A a + p^A): the force the joint transmits.
      data.a[li] = aParent + jointVelocity(j, *qddPrescribed);
      for (int k = 0; k < j.nv; ++k) data.qdd[j.idx_v + k] = (*qddPrescribed)[j.idx_v + k];
      projectForce(j, data.IA[li] * data.a[li] + data.pA[li], data.tau.segment(j.idx_v, j.nv));
      if (model.anyArmature)  // and the joint's own rotor
        for (int k = 0; k < j.nv; ++k) data.tau[j.idx_v + k] += model.armature[size_t(j.idx_v + k)] * data.qdd[j.idx_v + k];
    } else if (j.nv == 1) {
      const double qdd = data.invD1[li] * (data.u1[li] - aParent.dot(data.U1[li]));  // D⁻¹(u − Uᵀa')
      data.qdd[j.idx_v] = qdd;
      data.a[li] = aParent + subspaceColumn(j, 0) * qdd;
    } else if (j.nv > 1) {
      const Vec6 qdd = data.Dinv[li] * (data.um[li] - data.Um[li].transpose() * aParent.vector());
      for (int row = 0; row < j.nv; ++row) data.qdd[j.idx_v + row] = qdd[row];
      data.a[li] = aParent + jointVelocity(j, data.qdd);
    } else {
      data.a[li] = aParent;
    }
  }
}

// ABA with optional prescribed joints: a prescribed joint passes its whole articulated inertia
// on, like a weld that moves with a known acceleration, and reports its effort in pass 3.
// The model's armature (rotor inertia) adds to D_i = S_iᵀ U_i, the loads' (the realtime step's
// implicit damping h·d) likewise.
void articulatedBodyPasses(const Model& model, Data& data, const Eigen::VectorXd& q, const Eigen::VectorXd& v,
                           const Eigen::VectorXd& tau, const Loads* loads, const std::vector<char>* prescribed,
                           const Eigen::VectorXd* qddPrescribed, const std::vector<char>* skipTree = nullptr) {
  const int n = model.nlinks;
  auto skipped = [&](size_t li) { return skippedLink(model, skipTree, li); };
  // X0 is only needed to take world forces in, and gravity for its compensation.
  const bool worldPoses = (loads && loads->anyExternal) || model.anyGravcomp;
  const double* armature = loads && loads->anyArmature ? loads->armature.data() : nullptr;
  auto isPrescribed = [&](size_t li) { return prescribedJoint(model, prescribed, li); };

  // Pass 1, root to leaves: velocities, velocity-product terms, rigid inertias and bias forces.
  for (int i = 0; i < n; ++i) {
    const size_t li = size_t(i);
    if (skipped(li)) continue;
    const JointModel& j = model.joints[li];
    if (j.alignedAxis >= 0) {
      axis_detail::withAxis(j.alignedAxis, [&]<int K>() {
        aba_axis::linkVelocity<K>(model, data, q, v, li, worldPoses);
        return 0;
      });
    } else {
      const Motion vJ = linkKinematics(model, data, q, v, i, worldPoses);
      const Motion& vi = data.v[li];
      // c_i = v_i × S_i q̇_i (c_J = 0 for these joints); a revolute S q̇ has no linear part.
      if (j.type == JointType::Revolute)
        data.c[li] = {vi.angular.cross(vJ.angular), vi.linear.cross(vJ.angular)};
      else
        data.c[li] = vi.cross(vJ);
    }
    const Motion& vi = data.v[li];
    data.IA[li] = model.inertiaBlocks[li];
    data.pA[li] = model.inertia[li].biasForce(vi);  // p_i = v ×* I v − f_ext
    if (worldPoses || model.linearDrag[li] > 0 || model.angularDrag[li] > 0 || model.viscousDrag[li] > 0)
      data.pA[li] -= linkExternalForce(model, data, loads, i);
  }

  // Pass 2, leaves to root: articulated inertias and bias forces. I^A_i becomes I^a_i in place
  // (only a prescribed joint reads I^A_i again in pass 3, and it passes I^A_i on unchanged).
  for (int i = n - 1; i >= 0; --i) {
    const size_t li = size_t(i);
    if (skipped(li)) continue;
    const JointModel& j = model.joints[li];
    const int p = model.parent[li];
    ArticulatedInertia& IA = data.IA[li];
    const Force& pA = data.pA[li];
    Force pa;
    if (isPrescribed(li)) {
      if (p < 0) continue;
      pa = pA + IA * (data.c[li] + jointVelocity(j, *qddPrescribed));  // p^a = p^A + I^A (c + S q̈)
    } else if (j.alignedAxis >= 0) {  // the same as nv == 1 below, on one column (aba_axis.h)
      axis_detail::withAxis(j.alignedAxis, [&]<int K>() {
        aba_axis::articulate<K>(model, data, tau, armature, li);
        return 0;
      });
      continue;
    } else if (j.nv == 1) {
      // U_i = I^A_i S_i: with S = (axis, 0) or (0, axis) only two of the four blocks act.
      const bool revolute = j.type == JointType::Revolute;
      const Force U = revolute ? Force{IA.A * j.axis, IA.B.transpose() * j.axis} : Force{IA.B * j.axis, IA.C * j.axis};
      double D = j.axis.dot(revolute ? U.angular : U.linear) + (armature ? armature[j.idx_v] : 0);  // D_i = S_iᵀ U_i
      if (model.anyArmature) D += model.armature[size_t(j.idx_v)];  // + the rotor's inertia
      const double invD = 1.0 / D;
      const double u = tau[j.idx_v] - j.axis.dot(revolute ? pA.angular : pA.linear);       // u_i = τ_i − S_iᵀ p^A_i
      data.U1[li] = U;
      data.invD1[li] = invD;
      data.u1[li] = u;
      if (p < 0) continue;
      IA.subtractRankOne(U, invD);                      // I^a = I^A − U D⁻¹ Uᵀ
      pa = pA + IA * data.c[li] + U * (u * invD);       // p^a = p^A + I^a c + U D⁻¹ u
    } else if (j.nv > 1) {
      if (aba_free_body::applies(model, armature, li) && aba_free_body::articulate(model, data, tau, li))
        continue;  // a lone free body: D⁻¹ = I⁻¹ in closed form (aba_free_body.h)
      // Spherical and free joints: the same formulas with an nv-column S, on fixed 6×6
      // matrices whose unused columns of U are zero and whose unused block of D is 1.
      const int k = j.nv;
      const Mat6 IAm = IA.matrix();
      Mat6& Um = data.Um[li];
      Um.setZero();
      Mat6 D = Mat6::Identity();
      for (int col = 0; col < k; ++col) Um.col(col) = IAm * subspaceColumn(j, col).vector();
      for (int col = 0; col < k; ++col)
        for (int row = 0; row < k; ++row) D(row, col) = subspaceColumn(j, row).vector().dot(Um.col(col));
      if (armature)
        for (int d = 0; d < k; ++d) D(d, d) += armature[j.idx_v + d];
      if (model.anyArmature)
        for (int d = 0; d < k; ++d) D(d, d) += model.armature[size_t(j.idx_v + d)];
      data.Dinv[li] = inverseOfPositiveDefinite(D);  // D = Sᵀ IA S (+ armature), padded with I
      Vec6& um = data.um[li];
      um.setZero();
      projectForce(j, pA, um);
      for (int row = 0; row < k; ++row) um[row] = tau[j.idx_v + row] - um[row];
      if (p < 0) continue;
      const Mat6 UDinv = Um * data.Dinv[li];
      IA = ArticulatedInertia::fromMatrix(IAm - UDinv * Um.transpose());
      const Vec6 correction = UDinv * um;
      pa = pA + IA * data.c[li] + Force{correction.head<3>(), correction.tail<3>()};
    } else {
      if (p < 0) continue;
      pa = pA + IA * data.c[li];  // a fixed joint passes the whole inertia on
    }
    addToParent(model, data, li, IA, data.IA[size_t(p)]);  // I^A_λ += Xᵀ I^a X
    data.pA[size_t(p)] += toParent(model, data, li, pa);  // p^A_λ += Xᵀ p^a
  }

  accelerations(model, data, prescribed, qddPrescribed, skipTree);
}

}  // namespace

void aba(const Model& model, Data& data, const Eigen::VectorXd& q, const Eigen::VectorXd& v,
         const Eigen::VectorXd& tau, const Loads* loads) {
  articulatedBodyPasses(model, data, q, v, tau, loads, nullptr, nullptr);
}

void abaSkippingTrees(const Model& model, Data& data, const Eigen::VectorXd& q, const Eigen::VectorXd& v,
                      const Eigen::VectorXd& tau, const Loads* loads, const std::vector<char>& skipTree) {
  articulatedBodyPasses(model, data, q, v, tau, loads, nullptr, nullptr, &skipTree);
}

void hybridDynamics(const Model& model, Data& data, const Eigen::VectorXd& q, const Eigen::VectorXd& v,
                    const Eigen::VectorXd& tau, const std::vector<char>& prescribedJoint,
                    const Eigen::VectorXd& qddPrescribed, const Loads* loads) {
  if (&tau != &data.tau) data.tau = tau;
  articulatedBodyPasses(model, data, q, v, tau, loads, &prescribedJoint, &qddPrescribed);
}

}  // namespace fw
