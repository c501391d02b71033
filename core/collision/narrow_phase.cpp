#include "collision/narrow_phase.h"

#include <algorithm>
#include <cmath>

#include "collision/pair_routines.h"

namespace fw {
namespace {

using PairRoutine = void (*)(const Shape&, const ShapePose&, const Shape&, const ShapePose&, double, Manifold&);

// Order in which a pair's arguments are passed to its routine: the routine for (a, b) exists for
// rank(a) ≤ rank(b) only.
int rank(ShapeType type) {
  switch (type) {
    case ShapeType::Plane: return 0;
    case ShapeType::Sphere: return 1;
    case ShapeType::Capsule: return 2;
    case ShapeType::Box: return 3;
    case ShapeType::Cylinder: return 4;
    case ShapeType::ConvexHull: return 5;
  }
  return 5;
}

// The routine for an ordered pair; nullptr for plane/plane (planes are static, never touch).
PairRoutine routineFor(ShapeType first, ShapeType second) {
  switch (first) {
    case ShapeType::Plane:
      switch (second) {
        case ShapeType::Sphere: return collidePlaneSphere;
        case ShapeType::Capsule: return collidePlaneCapsule;
        case ShapeType::Box: return collidePlaneBox;
        case ShapeType::Cylinder: return collidePlaneCylinder;
        case ShapeType::ConvexHull: return collidePlaneConvexHull;
        case ShapeType::Plane: return nullptr;
      }
      return nullptr;
    case ShapeType::Sphere:
      switch (second) {
        case ShapeType::Sphere: return collideSpheres;
        case ShapeType::Capsule: return collideSphereCapsule;
        case ShapeType::Box: return collideSphereBox;
        default: return collideConvex;
      }
    case ShapeType::Capsule:
      switch (second) {
        case ShapeType::Capsule: return collideCapsules;
        case ShapeType::Box: return collideCapsuleBox;
        default: return collideConvex;
      }
    case ShapeType::Box:
      return second == ShapeType::Box ? collideBoxes : collideConvex;
    default: return collideConvex;
  }
}

bool finitePose(const ShapePose& pose) { return pose.position.allFinite() && pose.rotation.allFinite(); }

}  // namespace

bool collide(const Shape& a, const ShapePose& poseA, const Shape& b, const ShapePose& poseB, double margin,
             Manifold& out) {
  out.count = 0;
  out.normal = Vec3::UnitZ();
  const bool swapped = rank(a.type) > rank(b.type);
  const Shape& first = swapped ? b : a;
  const Shape& second = swapped ? a : b;
  const PairRoutine routine = routineFor(first.type, second.type);
  if (routine == nullptr) return false;
  // A pose that is not finite (a state that blew up, a restored state holding NaN) touches
  // nothing: no routine's search may be led by NaN comparisons (and the step reports it).
  if (!finitePose(poseA) || !finitePose(poseB)) return false;
  if (swapped) {
    routine(first, poseB, second, poseA, margin, out);
    out.normal = -out.normal;  // the routine's normal points from b to a
  } else {
    routine(first, poseA, second, poseB, margin, out);
  }
  // Finite poses can still overflow inside a routine (positions near 1e308): no such contact.
  bool finite = out.normal.allFinite();
  for (int k = 0; k < out.count; ++k) finite = finite && out.points[k].position.allFinite() && std::isfinite(out.points[k].separation);
  if (!finite) out.count = 0;
  return out.count > 0;
}

Aabb shapeAabb(const Shape& shape, const ShapePose& pose) {
  const Mat3& R = pose.rotation;
  const Vec3& c = pose.position;
  Vec3 half = Vec3::Zero();
  switch (shape.type) {
    case ShapeType::Sphere: half.setConstant(shape.radius); break;
    case ShapeType::Box: half = R.cwiseAbs() * (0.5 * shape.size); break;
    case ShapeType::Capsule: half = (0.5 * shape.length) * R.col(2).cwiseAbs() + Vec3::Constant(shape.radius); break;
    case ShapeType::Cylinder: {
      // A disc of radius r with axis u reaches r·√(1 − u_i²) along world axis i.
      const Vec3 axis = R.col(2);
      for (int i = 0; i < 3; ++i)
        half[i] = 0.5 * shape.length * std::abs(axis[i]) + shape.radius * std::sqrt(std::max(0.0, 1 - axis[i] * axis[i]));
      break;
    }
    case ShapeType::ConvexHull: {
      if (!shape.hull || shape.hull->vertices.empty()) return {c, c};
      Aabb box{Vec3::Constant(1e300), Vec3::Constant(-1e300)};
      for (const Vec3& v : shape.hull->vertices) {
        const Vec3 w = R * v + c;
        box.lower = box.lower.cwiseMin(w);
        box.upper = box.upper.cwiseMax(w);
      }
      return box;
    }
    case ShapeType::Plane: {
      // Unbounded except, for a plane facing along a world axis, on its outer side.
      constexpr double kFar = 1e9;
      Aabb box{Vec3::Constant(-kFar), Vec3::Constant(kFar)};
      const Vec3 n = R.col(2);
      for (int i = 0; i < 3; ++i) {
        if (n[i] > 1 - 1e-12) box.upper[i] = c[i];
        if (n[i] < -1 + 1e-12) box.lower[i] = c[i];
      }
      return box;
    }
  }
  return {c - half, c + half};
}

}  // namespace fw
