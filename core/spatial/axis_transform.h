#pragma once
// A Plücker transform whose rotation turns about one coordinate axis e_k: X_up of a revolute
// joint about ±e_k placed without rotation, the common case (RBDA ch. 10: frames in which the
// joint transform is a rotation about one axis make every product with it cheap). E = R_k(θ)ᵀ
// mixes only the two other coordinates: E v costs 4 multiplications instead of 9, and the
// rotation part of the congruence Xᵀ Iᴬ X 40 instead of 144. It pays most in wasm, where Eigen
// runs scalar (docs/performance.md).
#include "spatial/articulated_inertia.h"

namespace fw {

namespace axis_detail {

// E v for E = R_K(θ)ᵀ (Back = false) or Eᵀ v (Back = true); I, J are the coordinates it mixes.
template <int K, bool Back>
Vec3 rotate(const Vec3& v, double c, double s) {
  constexpr int I = (K + 1) % 3, J = (K + 2) % 3;
  const double sg = Back ? -s : s;
  Vec3 out;
  out[I] = c * v[I] + sg * v[J];
  out[J] = c * v[J] - sg * v[I];
  out[K] = v[K];
  return out;
}

// R M Rᵀ for R = R_K(θ) and a symmetric M, with the double angle: 8 multiplications.
template <int K>
Mat3 rotateSymmetricBack(const Mat3& M, double c, double s) {
  constexpr int I = (K + 1) % 3, J = (K + 2) % 3;
  const double c2 = c * c - s * s, s2 = 2 * c * s;
  const double mean = 0.5 * (M(I, I) + M(J, J)), half = 0.5 * (M(I, I) - M(J, J)), b = M(I, J);
  Mat3 out;
  out(I, I) = mean + half * c2 - b * s2;
  out(J, J) = mean - half * c2 + b * s2;
  out(I, J) = out(J, I) = half * s2 + b * c2;
  out(I, K) = out(K, I) = c * M(I, K) - s * M(J, K);
  out(J, K) = out(K, J) = s * M(I, K) + c * M(J, K);
  out(K, K) = M(K, K);
  return out;
}

// R M Rᵀ for a general M: rows I and J mix, then columns I and J.
template <int K>
Mat3 rotateBlockBack(const Mat3& M, double c, double s) {
  constexpr int I = (K + 1) % 3, J = (K + 2) % 3;
  Mat3 out;
  for (int col = 0; col < 3; ++col) {
    out(I, col) = c * M(I, col) - s * M(J, col);
    out(J, col) = s * M(I, col) + c * M(J, col);
    out(K, col) = M(K, col);
  }
  for (int row = 0; row < 3; ++row) {
    const double ti = out(row, I), tj = out(row, J);
    out(row, I) = c * ti - s * tj;
    out(row, J) = s * ti + c * tj;
  }
  return out;
}

template <int K>
void addExpressedIn(const ArticulatedInertia& IA, double c, double s, const Vec3& r, ArticulatedInertia& out) {
  ArticulatedInertia::addShifted(rotateSymmetricBack<K>(IA.A, c, s), rotateBlockBack<K>(IA.B, c, s),
                                 rotateSymmetricBack<K>(IA.C, c, s), r, out);
}

// Calls f.operator()<K>() with the axis as a constant, so each product is compiled for it.
template <typename F>
auto withAxis(int k, F&& f) {
  switch (k) {
    case 0: return f.template operator()<0>();
    case 1: return f.template operator()<1>();
    default: return f.template operator()<2>();
  }
}

}  // namespace axis_detail

struct AxisTransform {
  int k = 2;              // the rotation axis
  double c = 1, s = 0;    // cos θ, sin θ of R_k(θ) = Eᵀ (child coordinates → parent coordinates)
  Vec3 r = Vec3::Zero();  // child origin in parent coordinates

  AxisTransform() = default;
  AxisTransform(int axis, double angle, const Vec3& translation)
      : k(axis), c(std::cos(angle)), s(std::sin(angle)), r(translation) {}
  static AxisTransform fromCosSin(int axis, double cosine, double sine, const Vec3& translation) {
    AxisTransform X;
    X.k = axis, X.c = cosine, X.s = sine, X.r = translation;
    return X;
  }

  // E v (parent → child coordinates) and Eᵀ v (child → parent).
  Vec3 rotate(const Vec3& v) const {
    return axis_detail::withAxis(k, [&]<int K>() { return axis_detail::rotate<K, false>(v, c, s); });
  }
  Vec3 rotateBack(const Vec3& v) const {
    return axis_detail::withAxis(k, [&]<int K>() { return axis_detail::rotate<K, true>(v, c, s); });
  }

  Motion apply(const Motion& m) const {
    return axis_detail::withAxis(k, [&]<int K>() { return applyAbout<K>(m); });
  }
  Force applyTranspose(const Force& f) const {
    return axis_detail::withAxis(k, [&]<int K>() { return applyTransposeAbout<K>(f); });
  }

  // Xᵀ IA X added to out (ArticulatedInertia::addExpressedIn for this kind of transform).
  void addExpressedIn(const ArticulatedInertia& IA, ArticulatedInertia& out) const {
    axis_detail::withAxis(k, [&]<int K>() { addExpressedInAbout<K>(IA, out); return 0; });
  }

  // The same products for a caller that already knows the axis (K == k): a loop over links that
  // switches on the axis once per link inlines them all (algorithms/aba_axis.h).
  template <int K>
  Motion applyAbout(const Motion& m) const {
    return {axis_detail::rotate<K, false>(m.angular, c, s),
            axis_detail::rotate<K, false>(m.linear - r.cross(m.angular), c, s)};
  }
  template <int K>
  Force applyTransposeAbout(const Force& f) const {
    const Vec3 fA = axis_detail::rotate<K, true>(f.linear, c, s);
    return {axis_detail::rotate<K, true>(f.angular, c, s) + r.cross(fA), fA};
  }
  template <int K>
  void addExpressedInAbout(const ArticulatedInertia& IA, ArticulatedInertia& out) const {
    axis_detail::addExpressedIn<K>(IA, c, s, r, out);
  }

  Transform transform() const {
    return axis_detail::withAxis(k, [&]<int K>() {
      constexpr int I = (K + 1) % 3, J = (K + 2) % 3;
      Mat3 E;
      E(K, K) = 1, E(I, I) = c, E(J, J) = c, E(I, J) = s, E(J, I) = -s;
      E(K, I) = E(K, J) = E(I, K) = E(J, K) = 0;
      return Transform(E, r);
    });
  }
};

}  // namespace fw
