#pragma once
// Closest points between points, segments and boxes (Ericson, Real-Time Collision Detection,
// §5.1.2, §5.1.9): the small exact queries the pair routines are built from.
#include <algorithm>
#include <cmath>

#include "spatial/types.h"

namespace fw {

// Closest point to p on the segment [a, b].
inline Vec3 closestPointOnSegment(const Vec3& p, const Vec3& a, const Vec3& b) {
  const Vec3 ab = b - a;
  const double lengthSquared = ab.squaredNorm();
  if (lengthSquared <= 0) return a;
  const double t = std::clamp((p - a).dot(ab) / lengthSquared, 0.0, 1.0);
  return a + t * ab;
}

struct SegmentClosestPoints {
  Vec3 onFirst, onSecond;
  double s = 0, t = 0;  // parameters in [0, 1] along each segment
};

// Closest points of segments [p1, q1] and [p2, q2] (Ericson §5.1.9, with his degenerate cases).
inline SegmentClosestPoints closestPointsOfSegments(const Vec3& p1, const Vec3& q1, const Vec3& p2, const Vec3& q2) {
  const Vec3 d1 = q1 - p1, d2 = q2 - p2, r = p1 - p2;
  const double a = d1.squaredNorm(), e = d2.squaredNorm(), f = d2.dot(r);
  constexpr double kTiny = 1e-300;
  double s = 0, t = 0;
  if (a <= kTiny && e <= kTiny) {
    s = t = 0;
  } else if (a <= kTiny) {
    t = std::clamp(f / e, 0.0, 1.0);
  } else {
    const double c = d1.dot(r);
    if (e <= kTiny) {
      s = std::clamp(-c / a, 0.0, 1.0);
    } else {
      const double b = d1.dot(d2), denom = a * e - b * b;
      // Parallel segments (denom 0): any s works, take 0 and let the clamping below fix t.
      s = denom > 1e-14 * a * e ? std::clamp((b * f - c * e) / denom, 0.0, 1.0) : 0.0;
      t = (b * s + f) / e;
      if (t < 0) {
        t = 0;
        s = std::clamp(-c / a, 0.0, 1.0);
      } else if (t > 1) {
        t = 1;
        s = std::clamp((b - c) / a, 0.0, 1.0);
      }
    }
  }
  return {p1 + s * d1, p2 + t * d2, s, t};
}

// Closest point to p (in the box frame) of a box centred at the origin with half extents h.
inline Vec3 closestPointOnBox(const Vec3& p, const Vec3& h) { return p.cwiseMax(-h).cwiseMin(h); }

// Some unit vector perpendicular to n (Hughes–Möller's choice of the smallest component).
inline Vec3 anyPerpendicular(const Vec3& n) {
  const Vec3 a = std::abs(n.x()) < 0.57735 ? Vec3::UnitX() : (std::abs(n.y()) < 0.57735 ? Vec3::UnitY() : Vec3::UnitZ());
  return n.cross(a).normalized();
}

}  // namespace fw
