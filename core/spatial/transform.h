#pragma once
// Plücker transform from frame A to frame B, stored as rotation E (A coordinates → B
// coordinates) and r, the position of B's origin in A coordinates: RBDA's plx(E, r), eq. 2.24.
#include "spatial/motion.h"

namespace fw {

struct Transform {
  Mat3 E = Mat3::Identity();
  Vec3 r = Vec3::Zero();

  Transform() = default;
  Transform(const Mat3& rotation, const Vec3& translation) : E(rotation), r(translation) {}
  static Transform Identity() { return {}; }

  // X m = (E ω, E (v − r × ω))
  Motion apply(const Motion& m) const { return {E * m.angular, E * (m.linear - r.cross(m.angular))}; }
  // X* f = (E (n − r × f), E f)
  Force apply(const Force& f) const { return {E * (f.angular - r.cross(f.linear)), E * f.linear}; }
  // X⁻¹ m: B motion back to A.
  Motion applyInverse(const Motion& m) const {
    const Vec3 w = E.transpose() * m.angular;
    return {w, E.transpose() * m.linear + r.cross(w)};
  }
  // Xᵀ f: B force back to A (the transpose of the motion transform acts on forces this way).
  Force applyTranspose(const Force& f) const {
    const Vec3 fA = E.transpose() * f.linear;
    return {E.transpose() * f.angular + r.cross(fA), fA};
  }
  // (this ∘ other): first `other` (A → B), then this (B → C).
  Transform operator*(const Transform& other) const {
    return {E * other.E, other.r + other.E.transpose() * r};
  }
  Transform inverse() const { return {E.transpose(), -(E * r)}; }

  // Frame B's pose in A: orientation Eᵀ (B axes in A coordinates) and origin r.
  Mat3 rotation() const { return E.transpose(); }
  const Vec3& translation() const { return r; }
};

}  // namespace fw
