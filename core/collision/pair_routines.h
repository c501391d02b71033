#pragma once
// The narrow phase's pair routines, one per ordered pair of shape types (Plane < Sphere <
// Capsule < Box < the rest); collide() swaps the arguments of the other order and flips the
// normal. Each writes out.normal (from a to b) and out.count points within `margin`; out.count
// is 0 on entry.
#include "collision/manifold.h"
#include "shapes/shape.h"

namespace fw {

// collide_plane.cpp
void collidePlaneSphere(const Shape& a, const ShapePose& poseA, const Shape& b, const ShapePose& poseB,
                        double margin, Manifold& out);
void collidePlaneCapsule(const Shape& a, const ShapePose& poseA, const Shape& b, const ShapePose& poseB,
                         double margin, Manifold& out);
void collidePlaneBox(const Shape& a, const ShapePose& poseA, const Shape& b, const ShapePose& poseB,
                     double margin, Manifold& out);
void collidePlaneCylinder(const Shape& a, const ShapePose& poseA, const Shape& b, const ShapePose& poseB,
                          double margin, Manifold& out);
void collidePlaneConvexHull(const Shape& a, const ShapePose& poseA, const Shape& b, const ShapePose& poseB,
                            double margin, Manifold& out);
// collide_sphere.cpp
void collideSpheres(const Shape& a, const ShapePose& poseA, const Shape& b, const ShapePose& poseB,
                    double margin, Manifold& out);
void collideSphereCapsule(const Shape& a, const ShapePose& poseA, const Shape& b, const ShapePose& poseB,
                          double margin, Manifold& out);
void collideSphereBox(const Shape& a, const ShapePose& poseA, const Shape& b, const ShapePose& poseB,
                      double margin, Manifold& out);
// collide_capsule.cpp
void collideCapsules(const Shape& a, const ShapePose& poseA, const Shape& b, const ShapePose& poseB,
                     double margin, Manifold& out);
void collideCapsuleBox(const Shape& a, const ShapePose& poseA, const Shape& b, const ShapePose& poseB,
                       double margin, Manifold& out);
// collide_box.cpp
void collideBoxes(const Shape& a, const ShapePose& poseA, const Shape& b, const ShapePose& poseB,
                  double margin, Manifold& out);
// collide_convex.cpp: GJK/EPA and feature clipping, any other pair
void collideConvex(const Shape& a, const ShapePose& poseA, const Shape& b, const ShapePose& poseB,
                   double margin, Manifold& out);

// Writes a single contact point from the two closest (or deepest) surface points.
inline void setSinglePoint(Manifold& out, const Vec3& normal, const Vec3& onA, const Vec3& onB, double separation,
                           uint32_t feature = 0) {
  out.normal = normal;
  out.points[0] = {0.5 * (onA + onB), separation, feature};
  out.count = 1;
}

}  // namespace fw
