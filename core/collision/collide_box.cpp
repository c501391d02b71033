// Box against box by the separating-axis test (Gottschalk's OBB test: 3 + 3 face normals and
// 9 edge cross products, Ericson §4.4.1), then, for a face axis, the incident face clipped
// against the reference face (Sutherland–Hodgman, as in ODE's dBoxBox and Bullet) and reduced
// to four points; for an edge axis, the closest points of the two edges. When the boxes are
// apart the largest axis separation can underestimate the distance (vertex–vertex closest
// features), so the exact distance over vertex–box and edge–edge pairs decides.
#include <cmath>
#include <limits>

#include "collision/closest_points.h"
#include "collision/contact_clipping.h"
#include "collision/pair_routines.h"
#include "collision/support_features.h"

namespace fw {
namespace {

struct BoxInWorld {
  Mat3 R;
  Vec3 c, h;
  Vec3 corner(int i) const {
    return R * Vec3((i & 1) ? h.x() : -h.x(), (i & 2) ? h.y() : -h.y(), (i & 4) ? h.z() : -h.z()) + c;
  }
  // Edge e = 4·axis + corner bits of the two other axes; endpoints in world.
  void edge(int e, Vec3& p, Vec3& q) const {
    const int axis = e / 4, u = (axis + 1) % 3, v = (axis + 2) % 3;
    Vec3 local;
    local[u] = (e & 1) ? h[u] : -h[u];
    local[v] = (e & 2) ? h[v] : -h[v];
    local[axis] = -h[axis];
    p = R * local + c;
    local[axis] = h[axis];
    q = R * local + c;
  }
};

// Largest separation of the two boxes' projections on each kind of axis (Gottschalk's test),
// axes pointing from A to B.
struct SeparatingAxis {
  double separation = -std::numeric_limits<double>::infinity();
  Vec3 axis = Vec3::UnitZ();  // world, unit
  int index = -1;             // face: 0–2 of A, 3–5 of B; edge: 3·i + j for A's axis i, B's j
};

struct ExactDistance {
  double distance = std::numeric_limits<double>::infinity();
  Vec3 onA, onB;
  uint32_t feature = 0;
};

// Distance of disjoint boxes: the closest pair is always a vertex against the other box or an
// edge against an edge, each computed exactly.
ExactDistance distanceOfBoxes(const BoxInWorld& a, const BoxInWorld& b) {
  ExactDistance best;
  auto consider = [&best](const Vec3& onA, const Vec3& onB, uint32_t feature) {
    const double d = (onB - onA).norm();
    if (d < best.distance) best = {d, onA, onB, feature};
  };
  for (int i = 0; i < 8; ++i) {
    const Vec3 vb = b.corner(i);
    consider(a.R * closestPointOnBox(a.R.transpose() * (vb - a.c), a.h) + a.c, vb, 0x100u | uint32_t(i));
    const Vec3 va = a.corner(i);
    consider(va, b.R * closestPointOnBox(b.R.transpose() * (va - b.c), b.h) + b.c, 0x200u | uint32_t(i));
  }
  for (int i = 0; i < 12; ++i) {
    Vec3 pa, qa;
    a.edge(i, pa, qa);
    for (int j = 0; j < 12; ++j) {
      Vec3 pb, qb;
      b.edge(j, pb, qb);
      const SegmentClosestPoints s = closestPointsOfSegments(pa, qa, pb, qb);
      consider(s.onFirst, s.onSecond, 0x400u | uint32_t(i) << 4 | uint32_t(j));
    }
  }
  return best;
}

// The edge of a box that supports it furthest along the world direction, as an edge id.
int supportEdge(const BoxInWorld& box, int axis, const Vec3& direction) {
  const Vec3 local = box.R.transpose() * direction;
  const int u = (axis + 1) % 3, v = (axis + 2) % 3;
  return 4 * axis + (local[u] > 0 ? 1 : 0) + (local[v] > 0 ? 2 : 0);
}

}  // namespace

void collideBoxes(const Shape& shapeA, const ShapePose& poseA, const Shape& shapeB, const ShapePose& poseB,
                  double margin, Manifold& out) {
  const BoxInWorld a{poseA.rotation, poseA.position, 0.5 * shapeA.size};
  const BoxInWorld b{poseB.rotation, poseB.position, 0.5 * shapeB.size};
  // B in A's frame: C = RAᵀ RB, t = RAᵀ (cB − cA).
  const Mat3 C = a.R.transpose() * b.R;
  const Mat3 absC = C.cwiseAbs();
  const Vec3 t = a.R.transpose() * (b.c - a.c);

  SeparatingAxis faceA, faceB, edge;
  for (int i = 0; i < 3; ++i) {
    const double s = std::abs(t[i]) - (a.h[i] + absC.row(i).dot(b.h));
    if (s > faceA.separation) faceA = {s, (t[i] >= 0 ? 1.0 : -1.0) * a.R.col(i), i};
  }
  for (int j = 0; j < 3; ++j) {
    const double tj = t.dot(C.col(j));
    const double s = std::abs(tj) - (absC.col(j).dot(a.h) + b.h[j]);
    if (s > faceB.separation) faceB = {s, (tj >= 0 ? 1.0 : -1.0) * b.R.col(j), 3 + j};
  }
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) {
      const Vec3 L = Vec3::Unit(i).cross(C.col(j));  // in A's frame
      const double length = L.norm();
      if (length < 1e-6) continue;  // parallel edges: the face axes already cover this direction
      const double rA = a.h.dot(L.cwiseAbs());
      const double rB = b.h.dot((C.transpose() * L).cwiseAbs());
      const double tL = t.dot(L);
      const double s = (std::abs(tL) - rA - rB) / length;
      if (s > edge.separation) edge = {s, (tL >= 0 ? 1.0 : -1.0) * (a.R * L) / length, 3 * i + j};
    }
  }
  // Faces win near-ties (Box2D's relative slop): steadier manifolds for resting boxes.
  const double tolerance = 1e-5 * (a.h.maxCoeff() + b.h.maxCoeff());
  const bool referenceIsB = faceB.separation > faceA.separation + tolerance;
  const SeparatingAxis& face = referenceIsB ? faceB : faceA;
  // An edge pair whose axis lies within 0.2 rad of the face normal is two faces meeting askew:
  // tilted boxes coming down corner over corner (a falling stack) have such an axis barely
  // ahead of the face's, and its single point let the upper box pivot into the lower one. Such
  // an edge must beat the face by 5 % and a thousandth of the boxes' size (Gregorius, "Robust
  // contact creation", GDC 2015, prefers faces the same way), so the face's manifold may report
  // up to that much more penetration than the least; any other edge axis wins on the exact
  // comparison.
  const bool askew = std::abs(edge.axis.dot(face.axis)) > std::cos(0.2);
  const double edgeTolerance =
      askew ? 0.05 * std::abs(face.separation) + 1e-3 * (a.h.maxCoeff() + b.h.maxCoeff()) : tolerance;
  const bool useEdge = edge.separation > face.separation + edgeTolerance;
  const SeparatingAxis& best = useEdge ? edge : face;
  // Every separation NaN (poses that overflowed): no axis was found, so there is no contact.
  if (best.index < 0 || best.separation > margin) return;

  if (best.separation > 0) {
    const ExactDistance exact = distanceOfBoxes(a, b);
    if (exact.distance > margin) return;
    if (exact.distance > best.separation + tolerance) {
      // No axis realises the distance (vertex–vertex or vertex–edge): one point, true normal.
      setSinglePoint(out, (exact.onB - exact.onA) / exact.distance, exact.onA, exact.onB, exact.distance,
                     0x80000000u | exact.feature);
      return;
    }
  }

  if (useEdge) {
    const int i = edge.index / 3, j = edge.index % 3;
    const int edgeA = supportEdge(a, i, edge.axis), edgeB = supportEdge(b, j, -edge.axis);
    Vec3 pa, qa, pb, qb;
    a.edge(edgeA, pa, qa);
    b.edge(edgeB, pb, qb);
    const SegmentClosestPoints s = closestPointsOfSegments(pa, qa, pb, qb);
    setSinglePoint(out, edge.axis, s.onFirst, s.onSecond, edge.separation,
                   0x40000000u | uint32_t(edgeA) << 4 | uint32_t(edgeB));
    return;
  }

  // Reference face: the face of the winning box facing the other; incident face: the other
  // box's face most opposed to it.
  const BoxInWorld& ref = referenceIsB ? b : a;
  const BoxInWorld& inc = referenceIsB ? a : b;
  const Vec3 refNormal = referenceIsB ? Vec3(-face.axis) : face.axis;  // out of the reference box
  const int axis = face.index % 3;
  const double sign = refNormal.dot(ref.R.col(axis)) >= 0 ? 1.0 : -1.0;
  const ContactFeature reference = boxFace(ref.h, {ref.R, ref.c}, axis, sign);
  const ContactFeature incident = boxSupportFace(inc.h, {inc.R, inc.c}, -refNormal);
  ContactCandidate candidates[kMaxClipVertices];
  int count = clipFeatures(reference, incident, 0, margin, candidates);
  for (int k = 0; k < count; ++k)
    candidates[k].feature = makeFeatureId(reference.face, incident.face, referenceIsB, candidates[k].feature);
  reduceToManifold(candidates, count, referenceIsB ? Vec3(-reference.normal) : reference.normal, out);
}

}  // namespace fw
