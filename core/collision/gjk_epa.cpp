#include "collision/gjk_epa.h"

#include <algorithm>
#include <cmath>

namespace fw {
namespace {

// A vertex of the Minkowski difference A − B, with the support points that made it.
struct MinkowskiPoint {
  Vec3 w, a, b;
};

MinkowskiPoint support(const Shape& a, const ShapePose& pa, const Shape& b, const ShapePose& pb, const Vec3& d) {
  const Vec3 sa = supportPoint(a, pa, d), sb = supportPoint(b, pb, -d);
  return {sa - sb, sa, sb};
}

// The simplex of GJK and the barycentric weights of its point closest to the origin.
struct Simplex {
  MinkowskiPoint p[4];
  double lambda[4] = {0, 0, 0, 0};
  int n = 0;

  void keep(std::initializer_list<int> indices, std::initializer_list<double> weights) {
    MinkowskiPoint kept[4];
    int k = 0;
    for (int i : indices) kept[k++] = p[i];
    k = 0;
    for (double w : weights) lambda[k++] = w;
    for (int i = 0; i < k; ++i) p[i] = kept[i];
    n = k;
  }
  Vec3 closest() const {
    Vec3 v = Vec3::Zero();
    for (int i = 0; i < n; ++i) v += lambda[i] * p[i].w;
    return v;
  }
};

// Reduces the segment [0, 1] to the feature closest to the origin.
void closestOnSegment(Simplex& s) {
  const Vec3 a = s.p[0].w, ab = s.p[1].w - a;
  const double t = -a.dot(ab) / std::max(ab.squaredNorm(), 1e-300);
  if (t <= 0) return s.keep({0}, {1});
  if (t >= 1) return s.keep({1}, {1});
  s.keep({0, 1}, {1 - t, t});
}

// Ericson's ClosestPtPointTriangle (§5.1.5) with the origin as the point, reducing the simplex.
void closestOnTriangle(Simplex& s, int i0 = 0, int i1 = 1, int i2 = 2) {
  const Vec3 a = s.p[i0].w, b = s.p[i1].w, c = s.p[i2].w;
  const Vec3 ab = b - a, ac = c - a, ap = -a;
  const double d1 = ab.dot(ap), d2 = ac.dot(ap);
  if (d1 <= 0 && d2 <= 0) return s.keep({i0}, {1});
  const Vec3 bp = -b;
  const double d3 = ab.dot(bp), d4 = ac.dot(bp);
  if (d3 >= 0 && d4 <= d3) return s.keep({i1}, {1});
  const double vc = d1 * d4 - d3 * d2;
  if (vc <= 0 && d1 >= 0 && d3 <= 0) {
    const double v = d1 / (d1 - d3);
    return s.keep({i0, i1}, {1 - v, v});
  }
  const Vec3 cp = -c;
  const double d5 = ab.dot(cp), d6 = ac.dot(cp);
  if (d6 >= 0 && d5 <= d6) return s.keep({i2}, {1});
  const double vb = d5 * d2 - d1 * d6;
  if (vb <= 0 && d2 >= 0 && d6 <= 0) {
    const double w = d2 / (d2 - d6);
    return s.keep({i0, i2}, {1 - w, w});
  }
  const double va = d3 * d6 - d5 * d4;
  if (va <= 0 && (d4 - d3) >= 0 && (d5 - d6) >= 0) {
    const double w = (d4 - d3) / ((d4 - d3) + (d5 - d6));
    return s.keep({i1, i2}, {1 - w, w});
  }
  const double denom = 1 / (va + vb + vc);
  const double v = vb * denom, w = vc * denom;
  s.keep({i0, i1, i2}, {1 - v - w, v, w});
}

// Tetrahedron: the origin inside (returns true) or the closest of the faces it lies outside of.
bool closestOnTetrahedron(Simplex& s) {
  const int faces[4][4] = {{0, 1, 2, 3}, {0, 3, 1, 2}, {0, 2, 3, 1}, {1, 3, 2, 0}};  // face, opposite
  Simplex best;
  double bestDistance = INFINITY;
  bool outsideAny = false;
  for (const auto& f : faces) {
    const Vec3 a = s.p[f[0]].w, b = s.p[f[1]].w, c = s.p[f[2]].w, d = s.p[f[3]].w;
    const Vec3 normal = (b - a).cross(c - a);
    const double originSide = -a.dot(normal), oppositeSide = (d - a).dot(normal);
    if (originSide * oppositeSide >= 0) continue;  // the origin is on the inner side of this face
    outsideAny = true;
    Simplex trial = s;
    closestOnTriangle(trial, f[0], f[1], f[2]);
    const double distance = trial.closest().squaredNorm();
    if (distance < bestDistance) bestDistance = distance, best = trial;
  }
  if (!outsideAny) return true;
  s = best;
  return false;
}

// EPA on a tetrahedron that encloses the origin: the face of A − B closest to the origin gives the
// penetration normal (from A to B: minus the face normal) and depth, barycentric weights the points.
constexpr int kMaxEpaVertices = 64, kMaxEpaFaces = 128;

struct EpaFace {
  int v[3];
  Vec3 normal;  // outward, unit
  double distance;
};

bool expandPolytope(const Shape& a, const ShapePose& pa, const Shape& b, const ShapePose& pb, const Simplex& start,
                    ConvexDistance& out) {
  MinkowskiPoint vertices[kMaxEpaVertices];
  EpaFace faces[kMaxEpaFaces];
  int vertexCount = 4, faceCount = 0;
  for (int i = 0; i < 4; ++i) vertices[i] = start.p[i];
  // Faces are turned outwards from a point inside the polytope, not from the origin: touching
  // shapes (a cap resting on a cap) put the origin on a face, where the sign of its distance is
  // rounding and would turn that face inwards.
  const Vec3 inside = 0.25 * (start.p[0].w + start.p[1].w + start.p[2].w + start.p[3].w);
  auto addFace = [&](int i, int j, int k) {
    if (faceCount == kMaxEpaFaces) return false;
    Vec3 n = (vertices[j].w - vertices[i].w).cross(vertices[k].w - vertices[i].w);
    const double length = n.norm();
    if (length < 1e-300) return true;  // degenerate sliver: leave it out
    n /= length;
    if (n.dot(vertices[i].w - inside) < 0) {  // wound inwards: turn it round
      n = -n;
      std::swap(j, k);
    }
    faces[faceCount++] = {{i, j, k}, n, n.dot(vertices[i].w)};
    return true;
  };
  addFace(0, 1, 2), addFace(0, 3, 1), addFace(0, 2, 3), addFace(1, 3, 2);
  for (int iteration = 0; iteration < 64; ++iteration) {
    int closest = 0;
    for (int f = 1; f < faceCount; ++f)
      if (faces[f].distance < faces[closest].distance) closest = f;
    const EpaFace face = faces[closest];
    const MinkowskiPoint w = support(a, pa, b, pb, face.normal);
    const double reach = w.w.dot(face.normal);
    const bool converged = reach - face.distance <= 1e-10 * std::max(1.0, face.distance) ||
                           vertexCount == kMaxEpaVertices;
    if (converged) {
      // The origin's projection on the face, in barycentric coordinates of its corners.
      const Vec3 p = face.distance * face.normal;
      const Vec3 a0 = vertices[face.v[0]].w, b0 = vertices[face.v[1]].w, c0 = vertices[face.v[2]].w;
      const Vec3 v0 = b0 - a0, v1 = c0 - a0, v2 = p - a0;
      const double d00 = v0.dot(v0), d01 = v0.dot(v1), d11 = v1.dot(v1), d20 = v2.dot(v0), d21 = v2.dot(v1);
      const double denom = d00 * d11 - d01 * d01;
      const double v = denom != 0 ? (d11 * d20 - d01 * d21) / denom : 0, wgt = denom != 0 ? (d00 * d21 - d01 * d20) / denom : 0;
      const double u = 1 - v - wgt;
      out.onA = u * vertices[face.v[0]].a + v * vertices[face.v[1]].a + wgt * vertices[face.v[2]].a;
      out.onB = u * vertices[face.v[0]].b + v * vertices[face.v[1]].b + wgt * vertices[face.v[2]].b;
      // Moving B by distance·normal takes the origin out of A − B: the normal points from A to B.
      out.normal = face.normal;
      out.separation = -face.distance;
      return true;
    }
    // Remove every face the new point sees, keep their horizon, close it with new faces.
    const int newVertex = vertexCount;
    vertices[vertexCount++] = w;
    int horizon[kMaxEpaFaces * 3][2];
    int horizonCount = 0;
    for (int f = 0; f < faceCount;) {
      if (faces[f].normal.dot(w.w - vertices[faces[f].v[0]].w) > 0) {
        for (int e = 0; e < 3; ++e) {
          const int i = faces[f].v[e], j = faces[f].v[(e + 1) % 3];
          // An edge seen twice (in opposite directions) is inside the hole, not on the horizon.
          int found = -1;
          for (int h = 0; h < horizonCount; ++h)
            if (horizon[h][0] == j && horizon[h][1] == i) found = h;
          if (found >= 0) {
            horizon[found][0] = horizon[horizonCount - 1][0];
            horizon[found][1] = horizon[horizonCount - 1][1];
            --horizonCount;
          } else {
            horizon[horizonCount][0] = i, horizon[horizonCount][1] = j;
            ++horizonCount;
          }
        }
        faces[f] = faces[--faceCount];
      } else {
        ++f;
      }
    }
    for (int h = 0; h < horizonCount; ++h)
      if (!addFace(horizon[h][0], horizon[h][1], newVertex)) break;
    if (faceCount == 0) return false;
  }
  return false;
}

}  // namespace

double coreRadius(const Shape& shape) {
  return shape.type == ShapeType::Sphere || shape.type == ShapeType::Capsule ? shape.radius : 0;
}

Vec3 supportPoint(const Shape& shape, const ShapePose& pose, const Vec3& direction) {
  const Vec3 d = pose.rotation.transpose() * direction;
  Vec3 local = Vec3::Zero();
  switch (shape.type) {
    case ShapeType::Sphere:
    case ShapeType::Plane: break;
    case ShapeType::Capsule: local.z() = d.z() >= 0 ? 0.5 * shape.length : -0.5 * shape.length; break;
    case ShapeType::Box:
      for (int i = 0; i < 3; ++i) local[i] = d[i] >= 0 ? 0.5 * shape.size[i] : -0.5 * shape.size[i];
      break;
    case ShapeType::Cylinder: {
      const double radial = std::hypot(d.x(), d.y());
      if (radial > 1e-12) local.head<2>() = shape.radius / radial * d.head<2>();
      else local.x() = shape.radius;
      local.z() = d.z() >= 0 ? 0.5 * shape.length : -0.5 * shape.length;
      break;
    }
    case ShapeType::ConvexHull: {
      double best = -INFINITY;
      for (const Vec3& v : shape.hull->vertices) {
        const double reach = v.dot(d);
        if (reach > best) best = reach, local = v;
      }
      break;
    }
  }
  return pose.rotation * local + pose.position;
}

ConvexDistance convexDistance(const Shape& a, const ShapePose& pa, const Shape& b, const ShapePose& pb) {
  ConvexDistance out;
  const double ra = coreRadius(a), rb = coreRadius(b);
  Simplex s;
  Vec3 d = pb.position - pa.position;
  if (d.squaredNorm() < 1e-24) d = Vec3::UnitX();
  s.p[0] = support(a, pa, b, pb, -d);
  s.lambda[0] = 1;
  s.n = 1;
  bool overlapping = false;
  for (int iteration = 0; iteration < 64; ++iteration) {
    const Vec3 v = s.closest();
    const double vv = v.squaredNorm();
    if (vv < 1e-24) {
      overlapping = true;
      break;
    }
    const MinkowskiPoint w = support(a, pa, b, pb, -v);
    // No progress towards the origin: v is the distance (Ericson's termination, §9.5.2).
    if (vv - v.dot(w.w) <= 1e-12 * vv || s.n == 4) break;
    bool duplicate = false;
    for (int i = 0; i < s.n; ++i) duplicate = duplicate || (s.p[i].w - w.w).squaredNorm() < 1e-24;
    if (duplicate) break;
    s.p[s.n++] = w;
    if (s.n == 2) closestOnSegment(s);
    else if (s.n == 3) closestOnTriangle(s);
    else if (closestOnTetrahedron(s)) {
      overlapping = true;
      break;
    }
  }
  if (!overlapping) {
    // Separated cores: witness points from the weights, then the radii.
    Vec3 onA = Vec3::Zero(), onB = Vec3::Zero();
    for (int i = 0; i < s.n; ++i) onA += s.lambda[i] * s.p[i].a, onB += s.lambda[i] * s.p[i].b;
    const Vec3 gap = onB - onA;
    const double distance = gap.norm();
    if (distance < 1e-12) {
      overlapping = true;
    } else {
      out.normal = gap / distance;
      out.onA = onA + ra * out.normal;
      out.onB = onB - rb * out.normal;
      out.separation = distance - ra - rb;
      out.valid = true;
      return out;
    }
  }
  // The cores overlap: grow the simplex to a tetrahedron around the origin, then EPA.
  const Vec3 axes[6] = {Vec3::UnitX(), -Vec3::UnitX(), Vec3::UnitY(), -Vec3::UnitY(), Vec3::UnitZ(), -Vec3::UnitZ()};
  for (int k = 0; s.n < 4 && k < 6; ++k) {
    const MinkowskiPoint w = support(a, pa, b, pb, axes[k]);
    bool independent = true;
    if (s.n == 1) independent = (w.w - s.p[0].w).squaredNorm() > 1e-18;
    if (s.n == 2) independent = (s.p[1].w - s.p[0].w).cross(w.w - s.p[0].w).squaredNorm() > 1e-18;
    if (s.n == 3)
      independent = std::abs((s.p[1].w - s.p[0].w).cross(s.p[2].w - s.p[0].w).dot(w.w - s.p[0].w)) > 1e-18;
    if (independent) s.p[s.n++] = w;
  }
  if (s.n < 4 || !expandPolytope(a, pa, b, pb, s, out)) return out;  // flat shapes: no answer
  out.onA += ra * out.normal;
  out.onB -= rb * out.normal;
  out.separation -= ra + rb;
  out.valid = true;
  return out;
}

}  // namespace fw
