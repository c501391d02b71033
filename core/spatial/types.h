#pragma once
// Fixed-size Eigen types for 3D quantities; nothing here ever touches the heap.
#include <Eigen/Core>
#include <Eigen/Geometry>

namespace fw {

using Vec3 = Eigen::Vector3d;
using Mat3 = Eigen::Matrix3d;
using Quat = Eigen::Quaterniond;
using Vec6 = Eigen::Matrix<double, 6, 1>;
using Mat6 = Eigen::Matrix<double, 6, 6>;

// [v]× such that skew(v) * w = v × w.
inline Mat3 skew(const Vec3& v) {
  Mat3 m;
  m << 0, -v.z(), v.y(), v.z(), 0, -v.x(), -v.y(), v.x(), 0;
  return m;
}

// r × M column by column, i.e. skew(r) * M without the zeros.
inline Mat3 crossColumns(const Vec3& r, const Mat3& M) {
  Mat3 out;
  out.col(0) = r.cross(M.col(0));
  out.col(1) = r.cross(M.col(1));
  out.col(2) = r.cross(M.col(2));
  return out;
}

// Eᵀ S E for a symmetric S: the product S E in full, then only the upper triangle of Eᵀ (S E).
inline Mat3 congruenceSymmetric(const Mat3& S, const Mat3& E) {
  Mat3 SE;
  SE.noalias() = S * E;
  Mat3 out;
  for (int c = 0; c < 3; ++c)
    for (int r = 0; r <= c; ++r) out(r, c) = out(c, r) = E.col(r).dot(SE.col(c));
  return out;
}

}  // namespace fw
