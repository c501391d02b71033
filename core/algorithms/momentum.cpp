#include "algorithms/momentum.h"

#include "algorithms/forward_kinematics.h"

namespace fw {

Force spatialMomentum(const Model& model, Data& data, const Eigen::VectorXd& q, const Eigen::VectorXd& v) {
  forwardKinematics(model, data, q, v);
  Force h = Force::Zero();
  for (int i = 0; i < model.nlinks; ++i) {
    const size_t li = size_t(i);
    h += data.X0[li].applyTranspose(model.inertia[li] * data.v[li]);
  }
  return h;
}

Vec3 centerOfMass(const Model& model, Data& data, const Eigen::VectorXd& q) {
  forwardKinematics(model, data, q, Eigen::VectorXd::Zero(model.nv));
  double mass = 0;
  Vec3 sum = Vec3::Zero();
  for (int i = 0; i < model.nlinks; ++i) {
    const Inertia& I = model.inertia[size_t(i)];
    mass += I.mass;
    sum += I.mass * (linkRotation(data, i) * I.com + linkPosition(data, i));
  }
  return mass > 0 ? Vec3(sum / mass) : Vec3::Zero();
}

}  // namespace fw
