#pragma once
// Spatial motion and force vectors (Featherstone, RBDA §2.2–2.4): motion m = (ω, v), force
// f = (n, f), both about the origin of the frame they are expressed in.
#include "spatial/types.h"

namespace fw {

struct Force {
  Vec3 angular = Vec3::Zero();  // moment n about the frame origin
  Vec3 linear = Vec3::Zero();   // force f

  static Force Zero() { return {}; }
  Force operator+(const Force& o) const { return {angular + o.angular, linear + o.linear}; }
  Force operator-(const Force& o) const { return {angular - o.angular, linear - o.linear}; }
  Force operator*(double s) const { return {angular * s, linear * s}; }
  Force& operator+=(const Force& o) { angular += o.angular, linear += o.linear; return *this; }
  Force& operator-=(const Force& o) { angular -= o.angular, linear -= o.linear; return *this; }
  Vec6 vector() const { return (Vec6() << angular, linear).finished(); }
};

struct Motion {
  Vec3 angular = Vec3::Zero();  // ω
  Vec3 linear = Vec3::Zero();   // velocity of the point at the frame origin

  static Motion Zero() { return {}; }
  Motion operator+(const Motion& o) const { return {angular + o.angular, linear + o.linear}; }
  Motion operator-(const Motion& o) const { return {angular - o.angular, linear - o.linear}; }
  Motion operator*(double s) const { return {angular * s, linear * s}; }
  Motion& operator+=(const Motion& o) { angular += o.angular, linear += o.linear; return *this; }

  // v × m (RBDA eq. 2.31): (ω × mω, ω × mv + v × mω).
  Motion cross(const Motion& m) const {
    return {angular.cross(m.angular), angular.cross(m.linear) + linear.cross(m.angular)};
  }
  // v ×* f (RBDA eq. 2.32): (ω × n + v × f, ω × f).
  Force crossForce(const Force& f) const {
    return {angular.cross(f.angular) + linear.cross(f.linear), angular.cross(f.linear)};
  }
  // Power m · f.
  double dot(const Force& f) const { return angular.dot(f.angular) + linear.dot(f.linear); }
  Vec6 vector() const { return (Vec6() << angular, linear).finished(); }
};

}  // namespace fw
