#include "shapes/mass_properties.h"

#include <numbers>

namespace fw {

const char* shapeTypeName(ShapeType type) {
  switch (type) {
    case ShapeType::Sphere: return "sphere";
    case ShapeType::Box: return "box";
    case ShapeType::Capsule: return "capsule";
    case ShapeType::Cylinder: return "cylinder";
    case ShapeType::ConvexHull: return "convex";
    case ShapeType::Plane: return "plane";
  }
  return "?";
}

namespace {
constexpr double kPi = std::numbers::pi;

// Diagonal inertia of the shape about its own centre, in the shape frame, per unit density.
Eigen::Vector3d principalInertiaPerDensity(const Shape& s) {
  const double r = s.radius, L = s.length;
  switch (s.type) {
    case ShapeType::Sphere: {
      const double m = 4.0 / 3.0 * kPi * r * r * r;
      return Eigen::Vector3d::Constant(0.4 * m * r * r);
    }
    case ShapeType::Box: {
      const double m = s.size.prod();
      const Eigen::Vector3d sq = s.size.cwiseAbs2();
      return m / 12.0 * Eigen::Vector3d(sq.y() + sq.z(), sq.x() + sq.z(), sq.x() + sq.y());
    }
    case ShapeType::Cylinder: {
      const double m = kPi * r * r * L;
      const double transverse = m * (3 * r * r + L * L) / 12.0;
      return {transverse, transverse, 0.5 * m * r * r};
    }
    case ShapeType::Capsule: {
      // Cylinder plus two hemispheres whose centres of mass sit 3r/8 beyond the cylinder ends.
      const double mc = kPi * r * r * L;
      const double mh = 2.0 / 3.0 * kPi * r * r * r;  // one hemisphere
      const double axial = 0.5 * mc * r * r + 2 * (0.4 * mh * r * r);
      const double hemisphereOffset = L / 2 + 3 * r / 8;
      const double hemisphereAboutOwnCom = 0.4 * mh * r * r - mh * (3 * r / 8) * (3 * r / 8);
      const double transverse = mc * (3 * r * r + L * L) / 12.0 +
                                2 * (hemisphereAboutOwnCom + mh * hemisphereOffset * hemisphereOffset);
      return {transverse, transverse, axial};
    }
    case ShapeType::ConvexHull:  // not diagonal in general: see hullMassPerDensity
    case ShapeType::Plane: return Eigen::Vector3d::Zero();
  }
  return Eigen::Vector3d::Zero();
}

// Volume, centroid and inertia about the centroid (unit density, shape frame) of a convex hull,
// summed over the tetrahedra joining an interior point to the fan triangles of every face. Each
// tetrahedron's second moment is det(A) A C Aᵀ with A its edge vectors and C the canonical
// tetrahedron's covariance (Blow and Binstock, "How to find the inertia tensor of a mesh", 2004).
struct HullMass {
  double volume = 0;
  Eigen::Vector3d centroid = Eigen::Vector3d::Zero();
  Eigen::Matrix3d inertia = Eigen::Matrix3d::Zero();
};

HullMass hullMassPerDensity(const ConvexHullData& hull) {
  Eigen::Vector3d origin = Eigen::Vector3d::Zero();
  for (const Eigen::Vector3d& v : hull.vertices) origin += v;
  origin /= double(hull.vertices.size());
  Eigen::Matrix3d canonical;
  canonical << 2, 1, 1, 1, 2, 1, 1, 1, 2;
  canonical /= 120.0;
  HullMass m;
  Eigen::Vector3d moment = Eigen::Vector3d::Zero();
  Eigen::Matrix3d covariance = Eigen::Matrix3d::Zero();  // about `origin`
  for (const std::vector<int>& face : hull.faces) {
    for (size_t i = 1; i + 1 < face.size(); ++i) {
      Eigen::Matrix3d A;
      A.col(0) = hull.vertices[size_t(face[0])] - origin;
      A.col(1) = hull.vertices[size_t(face[i])] - origin;
      A.col(2) = hull.vertices[size_t(face[i + 1])] - origin;
      const double det = A.determinant();  // 6 × the signed volume; positive for outward winding
      m.volume += det / 6;
      moment += det / 6 * (A.col(0) + A.col(1) + A.col(2)) / 4;
      covariance += det * A * canonical * A.transpose();
    }
  }
  if (m.volume <= 0) return m;
  const Eigen::Vector3d c = moment / m.volume;
  covariance -= m.volume * c * c.transpose();  // to the centroid
  m.centroid = origin + c;
  m.inertia = covariance.trace() * Eigen::Matrix3d::Identity() - covariance;
  return m;
}
}  // namespace

double volume(const Shape& s) {
  const double r = s.radius;
  switch (s.type) {
    case ShapeType::Sphere: return 4.0 / 3.0 * kPi * r * r * r;
    case ShapeType::Box: return s.size.prod();
    case ShapeType::Cylinder: return kPi * r * r * s.length;
    case ShapeType::Capsule: return kPi * r * r * s.length + 4.0 / 3.0 * kPi * r * r * r;
    case ShapeType::ConvexHull: return s.hull ? hullMassPerDensity(*s.hull).volume : 0;
    case ShapeType::Plane: return 0;
  }
  return 0;
}

MassProperties massProperties(const Shape& shape) {
  MassProperties p;
  const Eigen::Matrix3d R = shape.orientation.normalized().toRotationMatrix();
  if (shape.type == ShapeType::ConvexHull) {
    if (!shape.hull) return p;
    const HullMass h = hullMassPerDensity(*shape.hull);
    p.mass = shape.density * h.volume;
    p.centerOfMass = shape.position + R * h.centroid;
    p.inertiaAboutCom = R * (shape.density * h.inertia) * R.transpose();
    return p;
  }
  p.mass = shape.density * volume(shape);
  p.centerOfMass = shape.position;
  p.inertiaAboutCom =
      R * (shape.density * principalInertiaPerDensity(shape)).asDiagonal() * R.transpose();
  return p;
}

MassProperties combinedMassProperties(std::span<const Shape> shapes) {
  MassProperties total;
  for (const Shape& s : shapes) {
    const MassProperties p = massProperties(s);
    total.mass += p.mass;
    total.centerOfMass += p.mass * p.centerOfMass;
  }
  if (total.mass <= 0) return total;
  total.centerOfMass /= total.mass;
  for (const Shape& s : shapes) {
    const MassProperties p = massProperties(s);
    const Eigen::Vector3d d = p.centerOfMass - total.centerOfMass;
    // Parallel-axis theorem: I_c + m (|d|² 1 − d dᵀ).
    total.inertiaAboutCom += p.inertiaAboutCom +
                             p.mass * (d.squaredNorm() * Eigen::Matrix3d::Identity() - d * d.transpose());
  }
  return total;
}

}  // namespace fw
