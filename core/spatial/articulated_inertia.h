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

  // IA − U Uᵀ / d for one degree of freedom (RBDA eq. 7.40 with U = IA S, d = Sᵀ U). A and C
  // stay symmetric, so only their upper triangles are computed.
  void subtractRankOne(const Force& U, double invD) {
    const Vec3 ua = invD * U.angular, ul = invD * U.linear;
    for (int c = 0; c < 3; ++c) {
      for (int r = 0; r <= c; ++r) {
        A(r, c) -= ua[r] * U.angular[c], A(c, r) = A(r, c);
        C(r, c) -= ul[r] * U.linear[c], C(c, r) = C(r, c);
      }
    }
    B.noalias() -= ua * U.linear.transpose();
  }

  // Xᵀ IA X for X from A (parent) to B (this inertia's frame), on blocks: rotate, then shift by
  // r×: A' = EᵀAE, B' = EᵀBE, C' = EᵀCE, then addShifted. Added to `out`, which is where ABA
  // wants it (the parent's inertia), without a temporary.
  void addExpressedIn(const Transform& X, ArticulatedInertia& out) const {
    Mat3 Br;
    Br.noalias() = X.E.transpose() * (B * X.E);
    addShifted(congruenceSymmetric(A, X.E), Br, congruenceSymmetric(C, X.E), X.r, out);
  }

  // out += the inertia with rotated blocks (A', B', C') seen from a frame whose origin is at −r:
  // Aₙ = A' + r×B'ᵀ − B'r× − r×C'r×, Bₙ = B' + r×C', Cₙ = C' (RBDA eq. 2.66 on blocks). Products
  // with r× are cross products column by column (6 multiplications, not 9).
  static void addShifted(const Mat3& Ar, const Mat3& Br, const Mat3& Cr, const Vec3& r, ArticulatedInertia& out) {
    const Mat3 rxC = crossColumns(r, Cr);               // r×C'
    const Mat3 rxBt = crossColumns(r, Br.transpose());  // r×B'ᵀ
    out.C += Cr;
    out.B += Br + rxC;
    // −r×C'r× = r×(r×C')ᵀ, symmetric like A'.
    out.A += Ar + rxBt + rxBt.transpose() + crossColumns(r, rxC.transpose());
  }

  ArticulatedInertia expressedIn(const Transform& X) const {
    ArticulatedInertia out;
    addExpressedIn(X, out);
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
