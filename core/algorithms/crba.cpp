#include "algorithms/crba.h"

#include "algorithms/forward_kinematics.h"
#include "algorithms/rnea.h"

namespace fw {

void crba(const Model& model, Data& data, const Eigen::VectorXd& q) {
  for (int i = 0; i < model.nlinks; ++i) {
    const size_t li = size_t(i);
    updateLinkTransform(model, data, q, li);
    data.Ic[li] = model.inertia[li];
  }
  // Composite inertias, leaves to root: I^c_λ += X_iᵀ I^c_i X_i.
  for (int i = model.nlinks - 1; i >= 0; --i) {
    const int p = model.parent[size_t(i)];
    if (p >= 0) data.Ic[size_t(p)] = data.Ic[size_t(p)] + data.Ic[size_t(i)].expressedIn(data.Xup[size_t(i)]);
  }
  data.H.setZero();
  for (int i = 0; i < model.nlinks; ++i) {
    const JointModel& ji = model.joints[size_t(i)];
    for (int k = 0; k < ji.nv; ++k) {
      const int col = ji.idx_v + k;
      Force F = data.Ic[size_t(i)] * subspaceColumn(ji, k);  // F = I^c_i S_i
      for (int row = 0; row < ji.nv; ++row) data.H(ji.idx_v + row, col) = subspaceColumn(ji, row).dot(F);
      // Carry F to each ancestor: H_ji = S_jᵀ F, F = X_jᵀ F.
      for (int j = i; model.parent[size_t(j)] >= 0;) {
        F = data.Xup[size_t(j)].applyTranspose(F);
        j = model.parent[size_t(j)];
        const JointModel& jj = model.joints[size_t(j)];
        for (int row = 0; row < jj.nv; ++row) {
          const double h = subspaceColumn(jj, row).dot(F);
          data.H(jj.idx_v + row, col) = h;
          data.H(col, jj.idx_v + row) = h;
        }
      }
    }
  }
  if (model.anyArmature)  // H_ii + a_i: the rotors' inertia
    for (int k = 0; k < model.nv; ++k) data.H(k, k) += model.armature[size_t(k)];
}

void ltdlFactor(const Data& data, Eigen::MatrixXd& H) {
  const std::vector<int>& lambda = data.parentDof;
  for (int k = int(H.rows()) - 1; k >= 0; --k) {
    for (int i = lambda[size_t(k)]; i >= 0; i = lambda[size_t(i)]) {
      const double a = H(k, i) / H(k, k);
      for (int j = i; j >= 0; j = lambda[size_t(j)]) H(i, j) -= a * H(k, j);
      H(k, i) = a;
    }
  }
}

void ltdlSolve(const Data& data, const Eigen::MatrixXd& L, Eigen::VectorXd& x) {
  const std::vector<int>& lambda = data.parentDof;
  const int n = int(L.rows());
  for (int i = n - 1; i >= 0; --i)  // Lᵀ y = b
    for (int j = lambda[size_t(i)]; j >= 0; j = lambda[size_t(j)]) x[j] -= L(i, j) * x[i];
  for (int i = 0; i < n; ++i) x[i] /= L(i, i);  // D z = y
  for (int i = 0; i < n; ++i)  // L x = z
    for (int j = lambda[size_t(i)]; j >= 0; j = lambda[size_t(j)]) x[i] -= L(i, j) * x[j];
}

void crbaForwardDynamics(const Model& model, Data& data, const Eigen::VectorXd& q, const Eigen::VectorXd& v,
                         const Eigen::VectorXd& tau, const Loads* loads) {
  data.qdd.setZero();
  data.bias = tau;  // keep the caller's efforts: rnea overwrites data.tau
  rnea(model, data, q, v, data.qdd, loads);  // C = RNEA(q, q̇, 0)
  data.qdd = data.bias - data.tau;
  data.tau = data.bias;
  crba(model, data, q);
  if (loads && loads->anyArmature) data.H.diagonal() += loads->armature;
  ltdlFactor(data, data.H);
  ltdlSolve(data, data.H, data.qdd);
}

}  // namespace fw
