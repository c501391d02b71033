#pragma once
// Rigid-body spatial inertia stored as mass, centre of mass c and rotational inertia about
// the centre (RBDA eq. 2.63): I = [[Ic + m c× c×ᵀ, m c×], [m c×ᵀ, m 1]], never formed as 6×6.
#include "spatial/transform.h"

namespace fw {

struct Inertia {
  double mass = 0;
  Vec3 com = Vec3::Zero();
  Mat3 inertiaAboutCom = Mat3::Zero();

  Inertia() = default;
  Inertia(double m, const Vec3& c, const Mat3& Ic) : mass(m), com(c), inertiaAboutCom(Ic) {}

  // I v: f = m (v − c × ω) is the momentum of the centre; n = Ic ω + c × f.
  Force operator*(const Motion& v) const {
    const Vec3 f = mass * (v.linear - com.cross(v.angular));
    return {inertiaAboutCom * v.angular + com.cross(f), f};
  }

  // v ×* I v, the body's bias force (RBDA Table 7.1's p without external forces), about the centre
  // of mass: with f = m (v − c × ω) the centre's momentum it is (ω × Ic ω + c × (ω × f), ω × f).
  // From I v = (Ic ω + c × f, f): v ×* I v = (ω × (Ic ω + c × f) + v × f, ω × f), where
  // v × f = (c × ω) × f (the centre's velocity v − c × ω is parallel to f) and the Jacobi identity
  // gives ω × (c × f) + (c × ω) × f = c × (ω × f): four cross products instead of five.
  Force biasForce(const Motion& v) const {
    const Vec3 f = mass * (v.linear - com.cross(v.angular));
    const Vec3 wxf = v.angular.cross(f);
    return {v.angular.cross(inertiaAboutCom * v.angular) + com.cross(wxf), wxf};
  }

  // Xᵀ I X for X from A to B (this inertia is in B): the same body seen in A (RBDA eq. 2.66).
  Inertia expressedIn(const Transform& X) const {
    const Mat3 Et = X.E.transpose();
    return {mass, Et * com + X.r, Et * inertiaAboutCom * X.E};
  }

  // Two rigid bodies welded together (masses add, parallel-axis theorem about the new centre).
  Inertia operator+(const Inertia& o) const {
    const double m = mass + o.mass;
    if (m <= 0) return {};
    const Vec3 c = (mass * com + o.mass * o.com) / m;
    const Vec3 d1 = com - c, d2 = o.com - c;
    const Mat3 shift1 = mass * (d1.squaredNorm() * Mat3::Identity() - d1 * d1.transpose());
    const Mat3 shift2 = o.mass * (d2.squaredNorm() * Mat3::Identity() - d2 * d2.transpose());
    return {m, c, inertiaAboutCom + o.inertiaAboutCom + shift1 + shift2};
  }

  // Rotational inertia about the frame origin: Ic + m c×c×ᵀ.
  Mat3 inertiaAboutOrigin() const {
    return inertiaAboutCom + mass * (com.squaredNorm() * Mat3::Identity() - com * com.transpose());
  }

  Mat6 matrix() const {  // for tests and diagnostics only
    Mat6 M;
    const Mat3 cx = skew(com);
    M << inertiaAboutOrigin(), mass * cx, mass * cx.transpose(), mass * Mat3::Identity();
    return M;
  }
};

}  // namespace fw
