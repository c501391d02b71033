#pragma once
// X_up of a revolute joint about ±e_k placed without rotation (JointModel::alignedAxis), with
// cos θ and sin θ taken from Data::jointSinCos, the last angle θ₀ whose sine and cosine were
// evaluated exactly, where it can:
//  - at θ₀ itself, they are reused: RK4's first stage evaluates the dynamics at the configuration
//    the previous step's forward kinematics (the poses the page reads) just evaluated;
//  - near it (|θ − θ₀| ≤ 1/32 rad: RK4's later stages, δ = θ − θ₀ a fraction of a step's
//    turn), by the angle-addition formulas on sin δ and 1 − cos δ from their Taylor series,
//    cos θ = cos θ₀ − (cos θ₀ (1 − cos δ) + sin θ₀ sin δ), sin θ likewise: a small correction
//    to an exact value, within 2ε of std::cos and std::sin, at a fraction of a library call.
//    Such values are not kept, so no error builds up from one to the next.
// The memo is keyed on the angle's bits, not on who last wrote q: whatever changes q (a restored
// state, a scene edit, a drag, a setter) changes the key, and a hit returns the very numbers
// std::cos and std::sin gave (−0.0 and +0.0 differ in bits, as sin does on them). Forward
// kinematics always evaluates exactly (Exact = true): the poses the page reads, and the memo.
#include <cmath>
#include <cstdint>
#include <cstring>

#include "model/data.h"

namespace fw {

// A double's bits (std::bit_cast is missing from Emscripten 3.1.6's libc++).
inline std::uint64_t bitsOf(double x) {
  std::uint64_t bits;
  std::memcpy(&bits, &x, sizeof bits);
  return bits;
}

// sin δ and 1 − cos δ for |δ| ≤ 1/32: Taylor series to δ⁷ and δ⁸, whose next terms are below
// 1e-18 of the sums.
inline void smallAngleSinVersine(double d, double& sine, double& versine) {
  const double d2 = d * d;
  sine = d * (1 - d2 * (1.0 / 6) * (1 - d2 * (1.0 / 20) * (1 - d2 * (1.0 / 42))));
  versine = d2 * 0.5 * (1 - d2 * (1.0 / 12) * (1 - d2 * (1.0 / 30) * (1 - d2 * (1.0 / 56))));
}

template <bool Exact>
AxisTransform alignedJointTransform(const Model& model, Data& data, const Eigen::VectorXd& q, size_t li) {
  const JointModel& j = model.joints[li];
  const Vec3& r = model.jointPlacement[li].r;
  const double angle = j.axisSign * q[j.idx_q];
  SinCos& memo = data.jointSinCos[li];
  if (bitsOf(angle) == bitsOf(memo.angle))
    return AxisTransform::fromCosSin(j.alignedAxis, memo.c, memo.s, r);
  if (!Exact) {
    const double delta = angle - memo.angle;
    if (std::abs(delta) <= 1.0 / 32) {  // (false for a NaN)
      double sd, vd;
      smallAngleSinVersine(delta, sd, vd);
      return AxisTransform::fromCosSin(j.alignedAxis, memo.c - (memo.c * vd + memo.s * sd),
                                       memo.s + (memo.c * sd - memo.s * vd), r);
    }
  }
  memo.angle = angle;
  memo.c = std::cos(angle);
  memo.s = std::sin(angle);
  return AxisTransform::fromCosSin(j.alignedAxis, memo.c, memo.s, r);
}

}  // namespace fw
