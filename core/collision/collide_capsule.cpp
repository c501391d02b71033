// Capsules as segments with a radius (Box2D's b2CollideCapsules, in 3D). Capsule/capsule: the
// closest points of the two segments, and for (nearly) parallel overlapping segments the two
// ends of the overlap so a capsule lying on another does not roll on one point. Capsule/box:
// the separating-axis test of the segment against the box (3 face normals, 3 segment × edge
// axes) when the segment enters the box, the exact segment–box distance otherwise; a segment
// lying along a box face is clipped to that face (two points).
#include <cmath>
#include <limits>

#include "collision/closest_points.h"
#include "collision/contact_clipping.h"
#include "collision/pair_routines.h"
#include "collision/support_features.h"

namespace fw {
namespace {

// Segments closer to parallel than this (cos 2.5°) get two contact points.
constexpr double kParallelCosine = 0.999;

struct Segment {
  Vec3 p, q;
};

Segment capsuleSegment(const Shape& capsule, const ShapePose& pose) {
  const Vec3 halfAxis = 0.5 * capsule.length * pose.rotation.col(2);
  return {pose.position - halfAxis, pose.position + halfAxis};
}

}  // namespace

void collideCapsules(const Shape& a, const ShapePose& poseA, const Shape& b, const ShapePose& poseB, double margin,
                     Manifold& out) {
  const Segment sa = capsuleSegment(a, poseA), sb = capsuleSegment(b, poseB);
  const double radii = a.radius + b.radius;
  const SegmentClosestPoints closest = closestPointsOfSegments(sa.p, sa.q, sb.p, sb.q);
  const Vec3 d = closest.onSecond - closest.onFirst;
  const double distance = d.norm();
  if (distance - radii > margin) return;
  const Vec3 ua = poseA.rotation.col(2), ub = poseB.rotation.col(2);
  Vec3 normal;
  if (distance > 1e-12) {
    normal = d / distance;
  } else {
    // Crossing cores: the common perpendicular, towards b's centre; any perpendicular if parallel.
    const Vec3 cross = ua.cross(ub);
    normal = cross.norm() > 1e-9 ? Vec3(cross.normalized()) : anyPerpendicular(ua);
    if (normal.dot(poseB.position - poseA.position) < 0) normal = -normal;
  }

  if (std::abs(ua.dot(ub)) > kParallelCosine && a.length > 0 && b.length > 0) {
    // The overlap of b's projection on a's segment, as parameters along a.
    const double tp = (sb.p - sa.p).dot(ua), tq = (sb.q - sa.p).dot(ua);
    const double lower = std::max(0.0, std::min(tp, tq)), upper = std::min(a.length, std::max(tp, tq));
    if (upper - lower > 1e-9 * a.length) {
      out.normal = normal;
      out.count = 0;
      const double ends[2] = {lower, upper};
      for (int k = 0; k < 2; ++k) {
        const Vec3 onA = sa.p + ends[k] * ua;
        const Vec3 onB = closestPointOnSegment(onA, sb.p, sb.q);
        const double separation = (onB - onA).dot(normal) - radii;
        if (separation > margin) continue;
        out.points[out.count++] = {0.5 * (onA + a.radius * normal + onB - b.radius * normal), separation, uint32_t(k)};
      }
      if (out.count > 0) return;
    }
  }
  setSinglePoint(out, normal, closest.onFirst + a.radius * normal, closest.onSecond - b.radius * normal,
                 distance - radii);
}

void collideCapsuleBox(const Shape& a, const ShapePose& poseA, const Shape& b, const ShapePose& poseB,
                       double margin, Manifold& out) {
  const Mat3& R = poseB.rotation;
  const Vec3 h = 0.5 * b.size;
  const Segment world = capsuleSegment(a, poseA);
  const Vec3 p = R.transpose() * (world.p - poseB.position), q = R.transpose() * (world.q - poseB.position);
  const Vec3 u = q - p;

  // Separating-axis test of the segment against the box, in the box frame.
  double best = -std::numeric_limits<double>::infinity();
  Vec3 bestAxis = Vec3::UnitZ();  // box frame, from the capsule to the box
  int bestEdgeAxis = -1;          // box axis k of the winning u × e_k, −1 for a face axis
  auto test = [&](const Vec3& L, int edgeAxis) {
    const double rBox = h.dot(L.cwiseAbs());
    const double lo = std::min(p.dot(L), q.dot(L)), hi = std::max(p.dot(L), q.dot(L));
    const double above = lo - rBox, below = -rBox - hi;  // segment beyond the +L or −L side
    const double s = std::max(above, below);
    // Faces win near-ties, as for box/box.
    if (s > best + (edgeAxis >= 0 ? 1e-9 : 0.0)) {
      best = s;
      bestAxis = above >= below ? Vec3(-L) : L;
      bestEdgeAxis = edgeAxis;
    }
  };
  for (int k = 0; k < 3; ++k) test(Vec3::Unit(k), -1);
  for (int k = 0; k < 3; ++k) {
    const Vec3 L = u.cross(Vec3::Unit(k));
    if (L.norm() > 1e-6 * u.norm() && L.norm() > 1e-12) test(L.normalized(), k);
  }
  if (best - a.radius > margin) return;

  Vec3 normal = R * bestAxis;  // world, capsule → box
  Vec3 onSegment, onBox;       // core points, box frame
  double separation = best - a.radius;
  uint32_t feature = 0;
  if (best > 0) {
    // Apart: the exact distance, over the segment ends against the box and the segment against
    // the box edges (the minimum of a convex distance along the segment is at an end or where
    // the segment passes an edge).
    double distance = std::numeric_limits<double>::infinity();
    auto consider = [&](const Vec3& s, const Vec3& onB, uint32_t id) {
      const double d = (onB - s).norm();
      if (d < distance) distance = d, onSegment = s, onBox = onB, feature = id;
    };
    consider(p, closestPointOnBox(p, h), 0x100);
    consider(q, closestPointOnBox(q, h), 0x101);
    for (int e = 0; e < 12; ++e) {
      const int axis = e / 4, i = (axis + 1) % 3, j = (axis + 2) % 3;
      Vec3 e0, e1;
      e0[i] = e1[i] = (e & 1) ? h[i] : -h[i];
      e0[j] = e1[j] = (e & 2) ? h[j] : -h[j];
      e0[axis] = -h[axis];
      e1[axis] = h[axis];
      const SegmentClosestPoints s = closestPointsOfSegments(p, q, e0, e1);
      consider(s.onFirst, s.onSecond, 0x200u | uint32_t(e));
    }
    separation = distance - a.radius;
    if (separation > margin) return;
    if (distance > 1e-12) normal = R * ((onBox - onSegment) / distance);
  } else if (bestEdgeAxis >= 0) {
    // The segment crosses an edge of the box: the box edge along axis k furthest towards the capsule.
    const int axis = bestEdgeAxis, i = (axis + 1) % 3, j = (axis + 2) % 3;
    Vec3 e0, e1;
    e0[i] = e1[i] = bestAxis[i] < 0 ? h[i] : -h[i];
    e0[j] = e1[j] = bestAxis[j] < 0 ? h[j] : -h[j];
    e0[axis] = -h[axis];
    e1[axis] = h[axis];
    const SegmentClosestPoints s = closestPointsOfSegments(p, q, e0, e1);
    onSegment = s.onFirst;
    onBox = s.onSecond;
    feature = 0x300u | uint32_t(axis * 4 + (bestAxis[i] < 0 ? 1 : 0) + (bestAxis[j] < 0 ? 2 : 0));
  }

  // Along a box face: the segment clipped to that face gives up to two points.
  const ContactFeature face = boxSupportFace(h, poseB, -normal);
  if (face.normal.dot(-normal) > 1 - 1e-9) {
    ContactFeature segment;
    segment.vertices[0] = world.p;
    segment.vertices[1] = world.q;
    segment.count = 2;
    ContactCandidate candidates[kMaxClipVertices];
    const int count = clipFeatures(face, segment, a.radius, margin, candidates);
    for (int k = 0; k < count; ++k) candidates[k].feature = makeFeatureId(face.face, 0, true, candidates[k].feature);
    if (count > 0) {
      reduceToManifold(candidates, count, -face.normal, out);
      return;
    }
  }
  if (best <= 0 && bestEdgeAxis < 0) {
    // Face axis without a clipped point (numerically at a face border): the deeper end.
    onSegment = p.dot(bestAxis) >= q.dot(bestAxis) ? p : q;
    onBox = onSegment + best * bestAxis;
  }
  setSinglePoint(out, normal, R * onSegment + poseB.position + a.radius * normal, R * onBox + poseB.position,
                 separation, feature);
}

}  // namespace fw
