#pragma once
// Model factories shared by the dynamics tests: random trees and the planar systems whose
// closed forms the physics reference gives (Z up; planar motion in the x–z plane about ±y).
#include <random>

#include "model/configuration.h"
#include "model/model_builder.h"

namespace fw::test {

// A physical inertia: a box's principal moments, turned at random, with an offset centre.
inline Inertia randomInertia(std::mt19937& rng) {
  std::uniform_real_distribution<double> size(0.1, 1.0), offset(-0.3, 0.3), mass(0.2, 3.0);
  const Vec3 d(size(rng), size(rng), size(rng));
  const double m = mass(rng);
  const Vec3 moments = m / 12 * Vec3(d.y() * d.y() + d.z() * d.z(), d.x() * d.x() + d.z() * d.z(),
                                     d.x() * d.x() + d.y() * d.y());
  const Mat3 R = Quat::UnitRandom().toRotationMatrix();
  return Inertia(m, Vec3(offset(rng), offset(rng), offset(rng)), R * moments.asDiagonal() * R.transpose());
}

inline Transform randomPlacement(std::mt19937& rng) {
  std::uniform_real_distribution<double> offset(-0.6, 0.6);
  return Transform(Quat::UnitRandom().toRotationMatrix(), Vec3(offset(rng), offset(rng), offset(rng)));
}

// A random forest of `links` links with every joint type; free joints only at roots.
inline Model randomTree(std::mt19937& rng, int links) {
  ModelBuilder builder;
  std::uniform_int_distribution<int> typePick(0, 9);
  for (int i = 0; i < links; ++i) {
    LinkSpec s;
    s.name = "link" + std::to_string(i);
    s.parent = i == 0 || typePick(rng) == 0 ? -1 : std::uniform_int_distribution<int>(0, i - 1)(rng);
    const int t = typePick(rng);
    s.type = t < 4 ? JointType::Revolute : t < 6 ? JointType::Prismatic : t < 8 ? JointType::Spherical
             : t < 9 ? JointType::Fixed : (s.parent < 0 ? JointType::Free : JointType::Revolute);
    s.axis = Vec3::Random().normalized();
    s.placement = randomPlacement(rng);
    // Half the revolute joints turn about ±x, ±y or ±z under an unrotated placement, the
    // algorithms' AxisTransform path (JointModel::alignedAxis).
    if (s.type == JointType::Revolute && typePick(rng) < 5) {
      s.axis = (typePick(rng) < 5 ? 1.0 : -1.0) * Vec3::Unit(typePick(rng) % 3);
      s.placement.E.setIdentity();
    }
    s.inertia = randomInertia(rng);
    builder.addLink(s);
  }
  return builder.build();
}

inline Eigen::VectorXd randomConfiguration(const Model& model, std::mt19937& rng) {
  std::uniform_real_distribution<double> u(-1.5, 1.5);
  Eigen::VectorXd dq = Eigen::VectorXd::NullaryExpr(model.nv, [&] { return u(rng); });
  Eigen::VectorXd q(model.nq);
  integrateConfiguration(model, model.neutralConfiguration(), dq, q);
  return q;
}

inline Eigen::VectorXd randomVector(int n, std::mt19937& rng, double scale = 1.0) {
  std::uniform_real_distribution<double> u(-scale, scale);
  return Eigen::VectorXd::NullaryExpr(n, [&] { return u(rng); });
}

// A point mass m at `com` of a link (no rotational inertia about the centre).
inline Inertia pointMass(double m, const Vec3& com) { return Inertia(m, com, Mat3::Zero()); }

// A uniform thin rod of mass m and length L along the link's +z from its origin.
inline Inertia rodAlongZ(double m, double L) {
  const double I = m * L * L / 12;
  return Inertia(m, Vec3(0, 0, L / 2), Vec3(I, I, 0).asDiagonal());
}

inline LinkSpec link(int parent, JointType type, const Vec3& axis, const Vec3& origin, const Inertia& inertia) {
  LinkSpec s;
  s.parent = parent;
  s.type = type;
  s.axis = axis;
  s.placement = Transform(Mat3::Identity(), origin);
  s.inertia = inertia;
  return s;
}

}  // namespace fw::test
