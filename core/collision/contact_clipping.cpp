#include "collision/contact_clipping.h"

#include <cmath>

namespace fw {
namespace {

struct ClipVertex {
  Vec3 position;
  uint32_t id;
  uint32_t edgeOut;  // which line the edge to the next vertex lies on: incident edge i or 64 + side j
};

constexpr uint32_t kSideOrigin = 64;

uint32_t crossingId(uint32_t edge, uint32_t side) { return 0x2000u | ((edge & 0x7f) << 6) | (side & 0x3f); }

// Outward normal of the reference polygon's side j: (edge direction) × (face normal).
Vec3 sideNormal(const ContactFeature& ref, int j) {
  const Vec3& a = ref.vertices[j];
  const Vec3& b = ref.vertices[(j + 1) % ref.count];
  return (b - a).cross(ref.normal);
}

// The incident polygon cut by every side plane of the reference polygon (Sutherland–Hodgman).
int clipPolygon(const ContactFeature& ref, const ContactFeature& inc, ClipVertex* result) {
  ClipVertex bufferA[kMaxClipVertices], bufferB[kMaxClipVertices];
  ClipVertex* input = bufferA;
  ClipVertex* output = bufferB;
  int count = inc.count;
  for (int i = 0; i < count; ++i) input[i] = {inc.vertices[i], uint32_t(i), uint32_t(i)};
  for (int j = 0; j < ref.count && count > 0; ++j) {
    const Vec3 n = sideNormal(ref, j);
    const double offset = n.dot(ref.vertices[j]);
    int outCount = 0;
    for (int i = 0; i < count; ++i) {
      const ClipVertex& a = input[i];
      const ClipVertex& b = input[(i + 1) % count];
      const double da = n.dot(a.position) - offset, db = n.dot(b.position) - offset;
      const bool aInside = da <= 0, bInside = db <= 0;
      if (aInside && outCount < kMaxClipVertices) output[outCount++] = a;
      if (aInside != bInside && outCount < kMaxClipVertices) {
        const double t = da / (da - db);
        output[outCount++] = {a.position + t * (b.position - a.position), crossingId(a.edgeOut, uint32_t(j)),
                              aInside ? kSideOrigin + uint32_t(j) : a.edgeOut};
      }
    }
    count = outCount;
    ClipVertex* swap = input;
    input = output;
    output = swap;
  }
  for (int i = 0; i < count; ++i) result[i] = input[i];
  return count;
}

// A segment cut by the side planes (Liang–Barsky): two polygon passes would duplicate points.
int clipSegment(const ContactFeature& ref, const ContactFeature& inc, ClipVertex* result) {
  const Vec3 p = inc.vertices[0], d = inc.vertices[1] - inc.vertices[0];
  double t0 = 0, t1 = 1;
  uint32_t id0 = 0, id1 = 1;
  for (int j = 0; j < ref.count; ++j) {
    const Vec3 n = sideNormal(ref, j);
    const double start = n.dot(p - ref.vertices[j]), rate = n.dot(d);
    if (std::abs(rate) < 1e-300) {
      if (start > 0) return 0;
      continue;
    }
    const double t = -start / rate;
    if (rate > 0) {  // leaving through side j
      if (t < t1) t1 = t, id1 = crossingId(0, uint32_t(j));
    } else if (t > t0) {
      t0 = t, id0 = crossingId(0, uint32_t(j));
    }
    if (t0 > t1) return 0;
  }
  result[0] = {p + t0 * d, id0, 0};
  result[1] = {p + t1 * d, id1, 0};
  return t1 - t0 > 1e-12 ? 2 : 1;
}

}  // namespace

int clipFeatures(const ContactFeature& reference, const ContactFeature& incident, double incidentRadius,
                 double margin, ContactCandidate* out) {
  if (reference.count < 3 || incident.count < 1) return 0;
  ClipVertex clipped[kMaxClipVertices];
  const int count = incident.count == 2 ? clipSegment(reference, incident, clipped)
                                        : clipPolygon(reference, incident, clipped);
  const Vec3& n = reference.normal;
  const double planeOffset = n.dot(reference.vertices[0]);
  int kept = 0;
  for (int i = 0; i < count; ++i) {
    // The incident surface lies `incidentRadius` below its core towards the reference face.
    const Vec3 onIncident = clipped[i].position - incidentRadius * n;
    const double separation = n.dot(onIncident) - planeOffset;
    if (separation > margin) continue;
    out[kept++] = {onIncident - 0.5 * separation * n, separation, clipped[i].id};
  }
  return kept;
}

void reduceToManifold(const ContactCandidate* c, int count, const Vec3& normal, Manifold& manifold) {
  manifold.normal = normal;
  if (count <= 4) {
    for (int i = 0; i < count; ++i) manifold.points[i] = {c[i].position, c[i].separation, c[i].feature};
    manifold.count = count;
    return;
  }
  auto inPlane = [&](const Vec3& v) { return Vec3(v - v.dot(normal) * normal); };
  auto signedArea = [&](const Vec3& a, const Vec3& b, const Vec3& q) { return (b - a).cross(q - a).dot(normal); };
  int chosen[4] = {0, 0, 0, -1};  // (NaN positions win no comparison: the first point stands in)
  for (int i = 1; i < count; ++i)
    if (c[i].separation < c[chosen[0]].separation) chosen[0] = i;
  const Vec3 p1 = c[chosen[0]].position;
  double best = -1;
  for (int i = 0; i < count; ++i) {
    const double d = inPlane(c[i].position - p1).squaredNorm();
    if (d > best) best = d, chosen[1] = i;
  }
  const Vec3 p2 = c[chosen[1]].position;
  best = -1;
  for (int i = 0; i < count; ++i) {
    const double area = std::abs(signedArea(p1, p2, c[i].position));
    if (area > best) best = area, chosen[2] = i;
  }
  const Vec3 p3 = c[chosen[2]].position;
  const double orientation = signedArea(p1, p2, p3) >= 0 ? 1.0 : -1.0;
  best = 0;
  for (int i = 0; i < count; ++i) {
    // Area the point adds outside each edge of the triangle.
    const Vec3& q = c[i].position;
    const double added = std::max(0.0, -orientation * signedArea(p1, p2, q)) +
                         std::max(0.0, -orientation * signedArea(p2, p3, q)) +
                         std::max(0.0, -orientation * signedArea(p3, p1, q));
    if (added > best) best = added, chosen[3] = i;
  }
  int n = 0;
  for (int k = 0; k < 4; ++k) {
    if (chosen[k] < 0) continue;
    bool duplicate = false;
    for (int m = 0; m < k; ++m) duplicate |= chosen[m] == chosen[k];
    if (duplicate) continue;
    const ContactCandidate& p = c[chosen[k]];
    manifold.points[n++] = {p.position, p.separation, p.feature};
  }
  manifold.count = n;
}

}  // namespace fw
