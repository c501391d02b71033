#pragma once
// Persistent contact manifolds: a pair whose relative pose has barely changed since the narrow
// phase last found its points keeps those points (same features, same anchors on both bodies),
// with separations re-measured at the poses now, instead of running the narrow phase again
// (Bullet's persistent manifolds; Box2D v3 and Rapier keep manifolds the same way).
#include <vector>

#include "collision/manifold.h"
#include "shapes/shape.h"
#include "world/world_state.h"

namespace fw {

// How far (rad) B may have turned relative to A since the narrow phase found the manifold, and
// how far (m) each point's anchor on B may have moved relative to its anchor on A (sliding and
// the change of separation both). Together they bound the relative pose's change.
inline constexpr double kManifoldTurn = 1e-3;
inline constexpr double kManifoldDrift = 1e-3;

// Whether a pair may keep its manifold at all: both shapes flat-faced (box, convex hull, plane).
// Their points are vertices, edge points and face points fixed on their bodies, so a kept
// anchor is still where the narrow phase would put the point, and a kept separation differs from
// the narrow phase's only by the product of the (bounded) turn and slide. On a curved surface
// (sphere, capsule, a cylinder's side) the touching point moves over the surface as the body
// turns: a rolling ball's anchor rises off the plane by r(1 − cos φ), and its kept separation
// with it, while the narrow phase's stays (a ball rolling down an incline at 5/7 g sin θ sees
// that). Those pairs run their narrow phase, which is cheap, every step.
bool keepsManifold(ShapeType a, ShapeType b);

// Records where the narrow phase found a contact (Contact's local fields) from the poses it was
// found at.
void recordContactAnchors(Contact& c, const ShapePose& a, const ShapePose& b);

// The contacts [first, last) of one pair from the last step, re-projected onto the poses now and
// appended to out; false (out untouched) if the pair cannot keep them: none, B turned by more
// than kManifoldTurn relative to A, a point's anchors moved by more than kManifoldDrift, or a
// point now beyond reach.
bool keepManifold(const Contact* first, const Contact* last, const ShapePose& a, const ShapePose& b, double reach,
                  std::vector<Contact>& out);

}  // namespace fw
