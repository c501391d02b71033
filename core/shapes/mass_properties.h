#pragma once
// Mass properties of solid shapes of uniform density, and of several shapes together.
#include <span>

#include "shapes/shape.h"

namespace fw {

struct MassProperties {
  double mass = 0;
  Eigen::Vector3d centerOfMass{0, 0, 0};                       // in the body frame
  Eigen::Matrix3d inertiaAboutCom = Eigen::Matrix3d::Zero();  // in the body frame
};

double volume(const Shape& shape);

// Mass, centre and inertia of one shape, expressed in the body frame.
MassProperties massProperties(const Shape& shape);

// Shapes combined: masses add, inertias move to the common centre by the parallel-axis theorem.
MassProperties combinedMassProperties(std::span<const Shape> shapes);

}  // namespace fw
