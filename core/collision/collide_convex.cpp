// Any pair without an exact routine (cylinders, convex hulls): GJK/EPA gives the normal and the
// signed distance, then the two shapes' features facing each other along that normal are
// clipped into a manifold of up to four points (Jolt's and Bullet's approach), so a cylinder
// standing on a box gets its whole cap, not one point.
#include "collision/gjk_epa.h"
#include "collision/pair_routines.h"
#include "collision/support_features.h"

namespace fw {

void collideConvex(const Shape& a, const ShapePose& poseA, const Shape& b, const ShapePose& poseB, double margin,
                   Manifold& out) {
  const ConvexDistance d = convexDistance(a, poseA, b, poseB);
  if (!d.valid || d.separation > margin) return;
  const Vec3& n = d.normal;  // from a to b
  const ContactFeature featureA = supportFeature(a, poseA, n);
  const ContactFeature featureB = supportFeature(b, poseB, -n);
  // The reference is the polygon whose face normal is closest to the contact normal.
  const double alignA = featureA.count >= 3 ? featureA.normal.dot(n) : -1;
  const double alignB = featureB.count >= 3 ? -featureB.normal.dot(n) : -1;
  // Only a face the normal (nearly) is gives a face contact; otherwise the closest features are
  // edges or vertices and GJK/EPA's single point is the manifold.
  if (std::max(alignA, alignB) > 0.99) {
    const bool referenceIsB = alignB > alignA;
    const ContactFeature& reference = referenceIsB ? featureB : featureA;
    const ContactFeature& incident = referenceIsB ? featureA : featureB;
    const double incidentRadius = coreRadius(referenceIsB ? a : b);
    ContactCandidate candidates[kMaxClipVertices];
    const int count = clipFeatures(reference, incident, incidentRadius, margin, candidates);
    if (count > 0) {
      for (int k = 0; k < count; ++k)
        candidates[k].feature = makeFeatureId(reference.face, incident.face, referenceIsB, candidates[k].feature);
      reduceToManifold(candidates, count, referenceIsB ? Vec3(-reference.normal) : reference.normal, out);
      return;
    }
  }
  setSinglePoint(out, n, d.onA, d.onB, d.separation);
}

}  // namespace fw
