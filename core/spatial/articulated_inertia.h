#pragma once
// Articulated-body inertia (RBDA §7.2): a symmetric 6×6 kept as three 3×3 blocks,
// IA = [[A, B], [Bᵀ, C]] with A = Aᵀ (angular–angular), C = Cᵀ (linear–linear).
#include "spatial/inertia.h"

namespace fw {

struct ArticulatedInertia {
  Mat3 A = Mat3::Zero();
  Mat3 B = Mat3::Zero();
  Mat3 C = Mat3::Zero();

  ArticulatedInertia() = default;
  explicit ArticulatedInertia(const Inertia& I) {
    const Mat3 cx = skew(I.com);
    A = I.inertiaAboutOrigin();
    B = I.mass * cx;
    C = I.mass * Mat3::Identity();
  }

  Force operator*(const Motion& m) const {
    return {A * m.angular + B * m.linear, B.transpose() * m.angular + C * m.linear};
  }

  ArticulatedInertia& operator+=(const ArticulatedInertia& o) {
    A += o.A, B += o.B, C += o.C;
    return *this;
  }

  // IA − U Uᵀ / d for one degree of freedom (RBDA eq. 7.40 with U = IA S, d = Sᵀ U).
  void subtractRankOne(const Force& U, double invD) {
    A.noalias() -= invD * U.angular * U.angular.transpose();
    B.noalias() -= invD * U.angular * U.linear.transpose();
    C.noalias() -= invD * U.linear * U.linear.transpose();
  }

  // Xᵀ IA X for X from A (parent) to B (this inertia's frame), on blocks: rotate, then shift by
  // r×: A' = EᵀAE, B' = EᵀBE, C' = EᵀCE; Aₙ = A' + r×B'ᵀ − B'r× − r×C'r×, Bₙ = B' + r×C', Cₙ = C'.
  // Products with r× are cross products column by column (6 multiplications, not 9).
  ArticulatedInertia expressedIn(const Transform& X) const {
    const Mat3 Et = X.E.transpose();
    ArticulatedInertia out;
    out.C.noalias() = Et * (C * X.E);
    const Mat3 Br = Et * (B * X.E);
    const Mat3 rxC = crossColumns(X.r, out.C);                // r×C'
    const Mat3 rxBt = crossColumns(X.r, Br.transpose());      // r×B'ᵀ
    out.B = Br + rxC;
    out.A.noalias() = Et * (A * X.E);
    out.A += rxBt + rxBt.transpose() + crossColumns(X.r, rxC.transpose()).transpose();  // −r×C'r× = (r×(r×C')ᵀ)ᵀ
    return out;
  }

  Mat6 matrix() const {  // for tests and multi-DoF joints
    Mat6 M;
    M << A, B, B.transpose(), C;
    return M;
  }
  static ArticulatedInertia fromMatrix(const Mat6& M) {
    ArticulatedInertia I;
    I.A = M.topLeftCorner<3, 3>();
    I.B = M.topRightCorner<3, 3>();
    I.C = M.bottomRightCorner<3, 3>();
    return I;
  }
};

}  // namespace fw
