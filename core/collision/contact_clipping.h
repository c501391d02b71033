#pragma once
// Building a manifold from two touching features: clip the incident polygon (or segment)
// against the side planes of the reference face (Sutherland–Hodgman, as in Box2D and Bullet's
// box-box), then keep at most four points: the deepest and those spanning the largest area.
// Fixed-size arrays only: the narrow phase allocates nothing.
#include <cstdint>

#include "collision/manifold.h"

namespace fw {

constexpr int kMaxFeatureVertices = 48;                  // a feature polygon (hull face, cylinder cap)
constexpr int kMaxClipVertices = 2 * kMaxFeatureVertices;  // clipping adds at most one vertex per plane

struct ContactCandidate {
  Vec3 position;      // midway between the surfaces
  double separation;  // along the manifold normal
  uint32_t feature;
};

// A polygon or segment of one shape in world coordinates, with stable ids of the shape's
// features: `face` identifies the face (or cap, or edge), vertex i has id i.
struct ContactFeature {
  Vec3 vertices[kMaxFeatureVertices];
  int count = 0;            // 1 point, 2 segment, ≥ 3 polygon (counter-clockwise around `normal`)
  Vec3 normal = Vec3::UnitZ();  // outward unit normal of a polygon
  uint32_t face = 0;
};

// Points of the incident feature inside the reference polygon's side planes whose separation
// from the reference plane (minus `incidentRadius`, for rounded incident shapes) is at most
// `margin`. The reference normal points out of the reference shape towards the incident one.
// Point ids: incident vertex i → i; the crossing of incident edge/reference side e with
// reference side j → 0x2000 | e << 6 | j (e ≥ 64: side e − 64). Returns the count written to out (≤ kMaxClipVertices).
int clipFeatures(const ContactFeature& reference, const ContactFeature& incident, double incidentRadius,
                 double margin, ContactCandidate* out);

// Packs a point id with the ids of the two faces and which shape gave the reference face.
inline uint32_t makeFeatureId(uint32_t referenceFace, uint32_t incidentFace, bool referenceIsB, uint32_t point) {
  return (uint32_t(referenceIsB) << 31) | ((referenceFace & 0xff) << 22) | ((incidentFace & 0xff) << 14) |
         (point & 0x3fff);
}

// Keeps at most four of the candidates in `manifold`: the deepest, the one farthest from it,
// the one spanning the largest triangle with both, and the one adding most area to that
// triangle (Bullet's and Jolt's contact reduction). `normal` is the manifold normal.
void reduceToManifold(const ContactCandidate* candidates, int count, const Vec3& normal, Manifold& manifold);

}  // namespace fw
