#include "algorithms/aba.h"

#include "algorithms/external_forces.h"
#include "algorithms/forward_kinematics.h"

namespace fw {

namespace {

// ABA with optional prescribed joints: a prescribed joint passes its whole articulated inertia
// on, like a weld that moves with a known acceleration, and reports its effort in pass 3.
void articulatedBodyPasses(const Model& model, Data& data, const Eigen::VectorXd& q, const Eigen::VectorXd& v,
                           const Eigen::VectorXd& tau, const Loads* loads, const std::vector<char>* prescribed,
                           const Eigen::VectorXd* qddPrescribed) {
  const int n = model.nlinks;
  const bool worldPoses = loads && loads->anyExternal;  // X0 is only needed to take world forces in
  auto isPrescribed = [&](size_t li) { return prescribed && (*prescribed)[li] && model.joints[li].nv > 0; };

  // Pass 1, root to leaves: velocities, velocity-product terms, rigid inertias and bias forces.
  for (int i = 0; i < n; ++i) {
    const size_t li = size_t(i);
    const Motion vJ = linkKinematics(model, data, q, v, i, worldPoses);
    data.c[li] = data.v[li].cross(vJ);  // c_i = v_i × S_i q̇_i (c_J = 0 for these joints)
    const Inertia& I = model.inertia[li];
    data.IA[li] = model.inertiaBlocks[li];
    data.fext[li] = linkExternalForce(model, data, loads, i);
    data.pA[li] = data.v[li].crossForce(I * data.v[li]) - data.fext[li];  // p_i = v ×* I v − f_ext
  }

  // Pass 2, leaves to root: articulated inertias and bias forces.
  for (int i = n - 1; i >= 0; --i) {
    const size_t li = size_t(i);
    const JointModel& j = model.joints[li];
    const int p = model.parent[li];
    ArticulatedInertia& IA = data.IA[li];
    Force& pA = data.pA[li];
    ArticulatedInertia Ia;
    Force pa;
    if (isPrescribed(li)) {
      if (p < 0) continue;
      Ia = IA;  // p^a = p^A + I^A (c + S q̈), the known acceleration of the joint
      pa = pA + IA * (data.c[li] + jointVelocity(j, *qddPrescribed));
    } else if (j.nv == 1) {
      const Motion S = subspaceColumn(j, 0);
      // U_i = I^A_i S_i: with S = (axis, 0) or (0, axis) only two of the four blocks act.
      const Force U = j.type == JointType::Revolute ? Force{IA.A * j.axis, IA.B.transpose() * j.axis}
                                                    : Force{IA.B * j.axis, IA.C * j.axis};
      const double D = S.dot(U);              // D_i = S_iᵀ U_i
      data.U1[li] = U;
      data.invD1[li] = 1.0 / D;
      data.u1[li] = tau[j.idx_v] - S.dot(pA);  // u_i = τ_i − S_iᵀ p^A_i
      if (p < 0) continue;
      Ia = IA;
      Ia.subtractRankOne(U, data.invD1[li]);  // I^a = I^A − U D⁻¹ Uᵀ
      pa = pA + Ia * data.c[li] + U * (data.u1[li] * data.invD1[li]);  // p^a = p^A + I^a c + U D⁻¹ u
    } else if (j.nv > 1) {
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
      data.Dinv[li] = D.inverse();
      Vec6& um = data.um[li];
      um.setZero();
      projectForce(j, pA, um);
      for (int row = 0; row < k; ++row) um[row] = tau[j.idx_v + row] - um[row];
      if (p < 0) continue;
      const Mat6 UDinv = Um * data.Dinv[li];
      Ia = ArticulatedInertia::fromMatrix(IAm - UDinv * Um.transpose());
      const Vec6 correction = UDinv * um;
      pa = pA + Ia * data.c[li] + Force{correction.head<3>(), correction.tail<3>()};
    } else {
      if (p < 0) continue;
      Ia = IA;  // a fixed joint passes the whole inertia on
      pa = pA + Ia * data.c[li];
    }
    data.IA[size_t(p)] += Ia.expressedIn(data.Xup[li]);           // I^A_λ += Xᵀ I^a X
    data.pA[size_t(p)] += data.Xup[li].applyTranspose(pa);        // p^A_λ += Xᵀ p^a
  }

  // Pass 3, root to leaves: accelerations. The base accelerates at −g, which is gravity.
  const Motion aBase{Vec3::Zero(), -model.gravity};
  for (int i = 0; i < n; ++i) {
    const size_t li = size_t(i);
    const JointModel& j = model.joints[li];
    const int p = model.parent[li];
    const Motion aParent = data.Xup[li].apply(p < 0 ? aBase : data.a[size_t(p)]) + data.c[li];
    if (isPrescribed(li)) {
      // τ = Sᵀ (I^A a + p^A): the force the joint transmits.
      data.a[li] = aParent + jointVelocity(j, *qddPrescribed);
      for (int k = 0; k < j.nv; ++k) data.qdd[j.idx_v + k] = (*qddPrescribed)[j.idx_v + k];
      projectForce(j, data.IA[li] * data.a[li] + data.pA[li], data.tau.segment(j.idx_v, j.nv));
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

}  // namespace

void aba(const Model& model, Data& data, const Eigen::VectorXd& q, const Eigen::VectorXd& v,
         const Eigen::VectorXd& tau, const Loads* loads) {
  articulatedBodyPasses(model, data, q, v, tau, loads, nullptr, nullptr);
}

void hybridDynamics(const Model& model, Data& data, const Eigen::VectorXd& q, const Eigen::VectorXd& v,
                    const Eigen::VectorXd& tau, const std::vector<char>& prescribedJoint,
                    const Eigen::VectorXd& qddPrescribed, const Loads* loads) {
  if (&tau != &data.tau) data.tau = tau;
  articulatedBodyPasses(model, data, q, v, tau, loads, &prescribedJoint, &qddPrescribed);
}

}  // namespace fw
