#pragma once
// ABA's three per-link steps (RBDA Table 7.1) for a revolute joint about ±e_K placed without
// rotation (JointModel::alignedAxis), with the axis a compile-time constant. There S = σ (e_K, 0)
// with σ = ±1, so S q̇ adds to one coordinate of v, U = I^A S is a column of I^A and D = Sᵀ U
// one of its diagonal entries, c = v × S q̇ has no K components, and every product with X_up is
// the AxisTransform's, inlined. Joint-specific steps like these are what Pinocchio's ABA
// visitors and Featherstone's efficient implementations do; the general path (aba.cpp) goes
// through 6-vector products with S and a switch on the axis in every product.
//
// The arithmetic is the general path's with its products by the zero entries of S and c left
// out: a sum that loses a term x·0 is the same number. Only addToParent sums differently (the
// symmetric blocks once, the shift in two products), so the paths agree to the last bits.
#include "algorithms/aligned_joint.h"

namespace fw::aba_axis {

// a × (w e_K): the cross product with a multiple of a coordinate axis, 2 multiplications.
template <int K>
Vec3 crossAxis(const Vec3& a, double w) {
  constexpr int I = (K + 1) % 3, J = (K + 2) % 3;
  Vec3 out;
  out[I] = a[J] * w;
  out[J] = -(a[I] * w);
  out[K] = 0;
  return out;
}

// I^A c for a c whose K components are zero (c = v × S q̇): 24 multiplications instead of 36.
template <int K>
Force timesAxisFree(const ArticulatedInertia& IA, const Motion& c) {
  constexpr int I = (K + 1) % 3, J = (K + 2) % 3;
  Force f;
  for (int r = 0; r < 3; ++r) {
    f.angular[r] = (IA.A(r, I) * c.angular[I] + IA.A(r, J) * c.angular[J]) +
                   (IA.B(r, I) * c.linear[I] + IA.B(r, J) * c.linear[J]);
    f.linear[r] = (IA.B(I, r) * c.angular[I] + IA.B(J, r) * c.angular[J]) +
                  (IA.C(r, I) * c.linear[I] + IA.C(r, J) * c.linear[J]);
  }
  return f;
}

// r × x for a general placement offset r, and for one along a coordinate axis, r = ρ e_M (the
// common case: a link offset along the previous link): 2 multiplications instead of 6, the
// same numbers (the general product's other terms are products by zero).
struct GeneralOffset {
  const Vec3& r;
  Vec3 cross(const Vec3& x) const { return r.cross(x); }
};
template <int M>
struct OffsetAlong {
  double rho;
  Vec3 cross(const Vec3& x) const {
    constexpr int P = (M + 1) % 3, Q = (M + 2) % 3;
    Vec3 out;
    out[P] = -(rho * x[Q]);
    out[Q] = rho * x[P];
    out[M] = 0;
    return out;
  }
};

// parent += X_upᵀ I^a X_up, fused: the blocks rotated about e_K (axis_detail), then shifted by r
// (RBDA eq. 2.66 on blocks: Aₙ = A' + r×B'ᵀ − B'r× − r×C'r×, Bₙ = B' + r×C', Cₙ = C'), with
// only the upper triangles of the symmetric A and C computed. Aₙ = A' + N + Nᵀ with
// N = r×(B' + ½ r×C')ᵀ, since r×(r×C')ᵀ = −r×C'r× is symmetric: two products r×M where
// the three-product form takes three.
template <int K, typename Offset>
void addToParent(const AxisTransform& X, const Offset& offset, const ArticulatedInertia& I,
                 ArticulatedInertia& parent) {
  const Mat3 Ar = axis_detail::rotateSymmetricBack<K>(I.A, X.c, X.s);
  const Mat3 Br = axis_detail::rotateBlockBack<K>(I.B, X.c, X.s);
  const Mat3 Cr = axis_detail::rotateSymmetricBack<K>(I.C, X.c, X.s);
  // Entry by entry into scalars, not 3×3 expressions: the compiler then keeps the temporaries in
  // registers instead of storing and reloading whole matrices.
  double P[3][3], N[3][3];
  for (int c = 0; c < 3; ++c) {
    const Vec3 rxC = offset.cross(Vec3(Cr(0, c), Cr(1, c), Cr(2, c)));
    for (int k = 0; k < 3; ++k) {
      parent.B(k, c) += Br(k, c) + rxC[k];
      P[k][c] = Br(k, c) + 0.5 * rxC[k];
    }
  }
  for (int c = 0; c < 3; ++c) {
    const Vec3 n = offset.cross(Vec3(P[c][0], P[c][1], P[c][2]));
    for (int k = 0; k < 3; ++k) N[k][c] = n[k];
  }
  for (int c = 0; c < 3; ++c) {
    for (int k = 0; k <= c; ++k) {
      parent.A(k, c) += Ar(k, c) + (N[k][c] + N[c][k]);
      parent.C(k, c) += Cr(k, c);
      parent.A(c, k) = parent.A(k, c);
      parent.C(c, k) = parent.C(k, c);
    }
  }
}

template <int K>
void addToParent(const AxisTransform& X, const ArticulatedInertia& I, ArticulatedInertia& parent) {
  const Vec3& r = X.r;
  if (r[0] == 0 && r[1] == 0)
    addToParent<K>(X, OffsetAlong<2>{r[2]}, I, parent);
  else if (r[0] == 0 && r[2] == 0)
    addToParent<K>(X, OffsetAlong<1>{r[1]}, I, parent);
  else if (r[1] == 0 && r[2] == 0)
    addToParent<K>(X, OffsetAlong<0>{r[0]}, I, parent);
  else
    addToParent<K>(X, GeneralOffset{r}, I, parent);
}

// Pass 1: X_up, v_i = X_up v_λ + S q̇ (RBDA eq. 5.7) and c_i = v_i × S q̇; the general X_up
// (data.Xup) and the world pose X0 only when world poses are wanted.
template <int K>
void linkVelocity(const Model& model, Data& data, const Eigen::VectorXd& q, const Eigen::VectorXd& v, size_t li,
                  bool worldPoses) {
  const JointModel& j = model.joints[li];
  const int p = model.parent[li];
  AxisTransform& X = data.XupAxis[li];
  X = alignedJointTransform<false>(model, data, q, li);
  const double w = j.axisSign * v[j.idx_v];  // S q̇ = w (e_K, 0)
  Motion vi = p < 0 ? Motion::Zero() : X.applyAbout<K>(data.v[size_t(p)]);
  vi.angular[K] += w;
  data.v[li] = vi;
  data.c[li] = {crossAxis<K>(vi.angular, w), crossAxis<K>(vi.linear, w)};
  if (worldPoses) {
    data.Xup[li] = X.transform();
    data.X0[li] = p < 0 ? data.Xup[li] : data.Xup[li] * data.X0[size_t(p)];
  }
}

// Pass 2: U = I^A S, D = Sᵀ U (+ armature, as aba.cpp), u = τ − Sᵀ p^A; then, below the root,
// I^a = I^A − U D⁻¹ Uᵀ and p^a = p^A + I^a c + U D⁻¹ u added to the parent in its coordinates.
template <int K>
void articulate(const Model& model, Data& data, const Eigen::VectorXd& tau, const double* armature, size_t li) {
  const JointModel& j = model.joints[li];
  const int p = model.parent[li];
  const double sg = j.axisSign;
  ArticulatedInertia& IA = data.IA[li];
  const Force& pA = data.pA[li];
  const Force U{sg * IA.A.col(K), sg * IA.B.row(K).transpose()};
  double D = sg * U.angular[K] + (armature ? armature[j.idx_v] : 0);
  if (model.anyArmature) D += model.armature[size_t(j.idx_v)];
  const double invD = 1.0 / D;
  const double u = tau[j.idx_v] - sg * pA.angular[K];
  data.U1[li] = U;
  data.invD1[li] = invD;
  data.u1[li] = u;
  if (p < 0) return;
  IA.subtractRankOne(U, invD);
  const Force pa = pA + timesAxisFree<K>(IA, data.c[li]) + U * (u * invD);
  const AxisTransform& X = data.XupAxis[li];
  addToParent<K>(X, IA, data.IA[size_t(p)]);
  data.pA[size_t(p)] += X.applyTransposeAbout<K>(pa);
}

// Pass 3: a' = X_up a_λ + c, q̈ = D⁻¹ (u − Uᵀ a'), a = a' + S q̈.
template <int K>
void accelerate(const Model& model, Data& data, size_t li, const Motion& aParent) {
  const JointModel& j = model.joints[li];
  Motion a = data.XupAxis[li].applyAbout<K>(aParent) + data.c[li];
  const double qdd = data.invD1[li] * (data.u1[li] - a.dot(data.U1[li]));
  data.qdd[j.idx_v] = qdd;
  a.angular[K] += j.axisSign * qdd;
  data.a[li] = a;
}

}  // namespace fw::aba_axis
