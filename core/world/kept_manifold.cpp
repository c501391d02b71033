#include "world/kept_manifold.h"

#include <cmath>

namespace fw {

bool keepsManifold(ShapeType a, ShapeType b) {
  const auto flat = [](ShapeType t) {
    return t == ShapeType::Box || t == ShapeType::ConvexHull || t == ShapeType::Plane;
  };
  return flat(a) && flat(b);
}

// The point is midway between the surfaces (manifold.h), so its surface points are half the
// separation either side of it along the normal.
void recordContactAnchors(Contact& c, const ShapePose& a, const ShapePose& b) {
  const Vec3 onA = c.point - 0.5 * c.separation * c.normal, onB = c.point + 0.5 * c.separation * c.normal;
  c.localA = a.rotation.transpose() * (onA - a.position);
  c.localB = b.rotation.transpose() * (onB - b.position);
  // Normalized: a state restored with a quaternion off unit length (q may be anything a run
  // can reach) must not save anchors that its own restore refuses.
  c.normalInA = (a.rotation.transpose() * c.normal).normalized();
  c.foundSeparation = c.separation;
  c.foundTurn = Quat(Mat3(a.rotation.transpose() * b.rotation)).normalized();
}

// Each anchor follows its body rigidly and the normal follows A; the gap between the two anchors
// along the normal is the separation now, exact for the anchors and first order in the relative
// turn for the normal. The relative turn since the manifold was found is the angle θ between the
// two relative rotations, |q_found · q_now| = cos(θ/2); what is left of each gap beyond the
// separation found along the normal is how far the pair moved at that point. With both small,
// no other feature can have come within reach by more than the tolerances.
bool keepManifold(const Contact* first, const Contact* last, const ShapePose& a, const ShapePose& b, double reach,
                  std::vector<Contact>& out) {
  const std::ptrdiff_t count = last - first;
  if (count < 1 || count > 4) return false;
  const Quat turn(Mat3(a.rotation.transpose() * b.rotation));
  if (!(std::abs(turn.dot(first->foundTurn)) >= std::cos(0.5 * kManifoldTurn))) return false;  // NaN: not kept
  const Vec3 n = a.rotation * first->normalInA;
  const size_t start = out.size();
  for (const Contact* c = first; c != last; ++c) {
    const Vec3 onA = a.rotation * c->localA + a.position, onB = b.rotation * c->localB + b.position;
    const Vec3 gap = onB - onA;
    const double separation = n.dot(gap);
    if (!((gap - c->foundSeparation * n).squaredNorm() <= kManifoldDrift * kManifoldDrift && separation <= reach)) {
      out.resize(start);  // shrinks: allocates nothing
      return false;
    }
    Contact& now = out.emplace_back(*c);
    now.normal = n;
    now.separation = separation;
    now.point = 0.5 * (onA + onB);
    now.normalImpulse = 0, now.frictionImpulse.setZero(), now.twistImpulse = 0;  // the warm start sets them
  }
  return true;
}

}  // namespace fw
