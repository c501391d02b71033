// The model's quantities at the world's current state, for controllers and the library
// (issue 19): H(q), inverse and forward dynamics, gravity torques, a point's Jacobian. They run on
// a Data of their own (made on the first query, with the mass matrix), so asking never disturbs
// what the next step starts from.
#include "algorithms/aba.h"
#include "algorithms/crba.h"
#include "algorithms/external_forces.h"
#include "algorithms/forward_kinematics.h"
#include "algorithms/jacobian.h"
#include "algorithms/rnea.h"
#include "world/world.h"

namespace fw {

Data& World::queryData() {
  if (!queryData_) queryData_ = std::make_unique<Data>(model_, true);
  return *queryData_;
}

const Eigen::MatrixXd& World::massMatrix() {
  Data& data = queryData();
  crba(model_, data, state_.q);
  return data.H;
}

// τ = RNEA(q, q̇, q̈) + the joints' own damping and spring efforts, so that forwardDynamics(τ)
// gives q̈ back: the efforts the scene's joints need on top of what they exert themselves.
const Eigen::VectorXd& World::inverseDynamics(const Eigen::VectorXd& qdd) {
  Data& data = queryData();
  rnea(model_, data, state_.q, state_.v, qdd, &loads_);
  queryResult_ = data.tau;
  data.tau.setZero();
  Loads none(model_);
  fw::jointEfforts(model_, data, state_.q, state_.v, none);  // −D q̇ − K (q − rest)
  queryResult_ -= data.tau;
  return queryResult_;
}

const Eigen::VectorXd& World::forwardDynamics(const Eigen::VectorXd& tau) {
  Data& data = queryData();
  Loads loads = loads_;
  loads.tau = tau;
  loads.armature.setZero();  // the realtime step's implicit damping is the step's, not the model's
  loads.anyArmature = false;
  fw::jointEfforts(model_, data, state_.q, state_.v, loads);
  aba(model_, data, state_.q, state_.v, data.tau, &loads);
  queryResult_ = data.qdd;
  return queryResult_;
}

// The efforts that hold the model still where it is: RNEA with q̇ = q̈ = 0 (springs not included).
const Eigen::VectorXd& World::gravityTorques() {
  Data& data = queryData();
  const Eigen::VectorXd zero = Eigen::VectorXd::Zero(model_.nv);
  rnea(model_, data, state_.q, zero, zero, nullptr);
  queryResult_ = data.tau;
  return queryResult_;
}

Vec3 World::linkPositionNow(int link, Quat& orientation) {
  Data& data = queryData();
  forwardKinematics(model_, data, state_.q, state_.v);
  orientation = Quat(linkRotation(data, link));
  return linkPosition(data, link);
}

const Eigen::MatrixXd& World::pointJacobian(int link, const Vec3& pointLocal) {
  Data& data = queryData();
  forwardKinematics(model_, data, state_.q, state_.v);
  const Vec3 world = linkRotation(data, link) * pointLocal + linkPosition(data, link);
  queryJacobian_.setZero(6, model_.nv);
  fw::pointJacobian(model_, data, link, world, queryJacobian_);
  return queryJacobian_;
}

}  // namespace fw
