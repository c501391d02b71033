#include "collision/support_features.h"

#include <cmath>
#include <numbers>

namespace fw {

ContactFeature boxFace(const Vec3& h, const ShapePose& pose, int axis, double sign) {
  ContactFeature f;
  const int u = (axis + 1) % 3, v = (axis + 2) % 3;  // e_u × e_v = e_axis
  // Counter-clockwise about +e_axis; reversed for the face facing −e_axis.
  static constexpr double kCorners[4][2] = {{1, 1}, {-1, 1}, {-1, -1}, {1, -1}};
  for (int i = 0; i < 4; ++i) {
    const int k = sign > 0 ? i : 3 - i;
    Vec3 corner;
    corner[axis] = sign * h[axis];
    corner[u] = kCorners[k][0] * h[u];
    corner[v] = kCorners[k][1] * h[v];
    f.vertices[i] = pose.rotation * corner + pose.position;
  }
  f.count = 4;
  f.normal = sign * pose.rotation.col(axis);
  f.face = uint32_t(2 * axis + (sign < 0 ? 1 : 0));
  return f;
}

ContactFeature boxSupportFace(const Vec3& h, const ShapePose& pose, const Vec3& direction) {
  const Vec3 local = pose.rotation.transpose() * direction;
  int axis = 0;
  for (int i = 1; i < 3; ++i)
    if (std::abs(local[i]) > std::abs(local[axis])) axis = i;
  return boxFace(h, pose, axis, local[axis] >= 0 ? 1.0 : -1.0);
}

ContactFeature supportFeature(const Shape& shape, const ShapePose& pose, const Vec3& direction) {
  ContactFeature f;
  const Mat3& R = pose.rotation;
  const Vec3 local = R.transpose() * direction;
  switch (shape.type) {
    case ShapeType::Box: return boxSupportFace(0.5 * shape.size, pose, direction);
    case ShapeType::Sphere:
    case ShapeType::Plane:
      f.vertices[0] = pose.position;
      f.count = 1;
      return f;
    case ShapeType::Capsule:
      f.vertices[0] = pose.position - 0.5 * shape.length * R.col(2);
      f.vertices[1] = pose.position + 0.5 * shape.length * R.col(2);
      f.count = 2;
      return f;
    case ShapeType::Cylinder: {
      const double axial = local.z(), radial = std::hypot(local.x(), local.y());
      const double halfLength = 0.5 * shape.length;
      if (std::abs(axial) >= radial) {
        // The cap facing the direction, as a regular polygon inscribed in the rim.
        const double sign = axial >= 0 ? 1.0 : -1.0;
        for (int i = 0; i < kCylinderCapSides; ++i) {
          const int k = sign > 0 ? i : kCylinderCapSides - 1 - i;
          const double angle = 2 * std::numbers::pi * k / kCylinderCapSides;
          const Vec3 rim(shape.radius * std::cos(angle), shape.radius * std::sin(angle), sign * halfLength);
          f.vertices[i] = R * rim + pose.position;
        }
        f.count = kCylinderCapSides;
        f.normal = sign * R.col(2);
        f.face = sign > 0 ? 0 : 1;
        return f;
      }
      // The side line furthest along the direction.
      const Vec3 outward = (shape.radius / radial) * Vec3(local.x(), local.y(), 0);
      f.vertices[0] = R * (outward - Vec3(0, 0, halfLength)) + pose.position;
      f.vertices[1] = R * (outward + Vec3(0, 0, halfLength)) + pose.position;
      f.count = 2;
      f.face = 2;
      return f;
    }
    case ShapeType::ConvexHull: {
      if (!shape.hull || shape.hull->faces.empty()) break;
      const ConvexHullData& hull = *shape.hull;
      size_t best = 0;
      for (size_t i = 1; i < hull.faces.size(); ++i)
        if (hull.faceNormals[i].dot(local) > hull.faceNormals[best].dot(local)) best = i;
      const std::vector<int>& face = hull.faces[best];
      if (face.size() > size_t(kMaxFeatureVertices)) break;  // too large to clip: single point
      for (size_t i = 0; i < face.size(); ++i) f.vertices[i] = R * hull.vertices[size_t(face[i])] + pose.position;
      f.count = int(face.size());
      f.normal = R * hull.faceNormals[best];
      f.face = uint32_t(best);
      return f;
    }
  }
  f.count = 0;
  return f;
}

}  // namespace fw
