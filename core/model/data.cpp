#include "model/data.h"

namespace fw {

Data::Data(const Model& model, bool withMassMatrix) {
  const size_t n = size_t(model.nlinks);
  Xup.resize(n);
  XupAxis.resize(n);
  jointSinCos.resize(n);
  X0.resize(n);
  v.resize(n);
  a.resize(n);
  c.resize(n);
  f.resize(n);
  fext.resize(n);
  IA.resize(n);
  pA.resize(n);
  U1.resize(n);
  invD1.resize(n);
  u1.resize(n);
  Um.resize(n);
  Dinv.resize(n);
  um.resize(n);
  Ic.resize(n);

  // λ over velocity coordinates: the previous coordinate of the same joint, else the last
  // coordinate of the nearest ancestor that has any.
  parentDof.assign(size_t(model.nv), -1);
  for (int i = 0; i < model.nlinks; ++i) {
    const JointModel& j = model.joints[size_t(i)];
    int ancestorDof = -1;
    for (int p = model.parent[size_t(i)]; p >= 0; p = model.parent[size_t(p)]) {
      const JointModel& pj = model.joints[size_t(p)];
      if (pj.nv > 0) {
        ancestorDof = pj.idx_v + pj.nv - 1;
        break;
      }
    }
    for (int k = 0; k < j.nv; ++k) parentDof[size_t(j.idx_v + k)] = k == 0 ? ancestorDof : j.idx_v + k - 1;
  }

  if (withMassMatrix) H = Eigen::MatrixXd::Zero(model.nv, model.nv);
  tau = Eigen::VectorXd::Zero(model.nv);
  qdd = Eigen::VectorXd::Zero(model.nv);
  bias = Eigen::VectorXd::Zero(model.nv);
  q0 = qStage = Eigen::VectorXd::Zero(model.nq);
  dq = vStage = errorV = errorQ = v0 = Eigen::VectorXd::Zero(model.nv);
  velocityIntegral = speedSquaredIntegral = servoTau = servoImpulse = Eigen::VectorXd::Zero(model.nv);
  stageServo.assign(7, Eigen::VectorXd::Zero(model.nv));
  constraintTau = Eigen::VectorXd::Zero(model.nv);
  stageConstraint.assign(7, Eigen::VectorXd::Zero(model.nv));
  stageV.assign(7, Eigen::VectorXd::Zero(model.nv));
  stageA.assign(7, Eigen::VectorXd::Zero(model.nv));
  stageK.assign(7, Eigen::VectorXd::Zero(model.nv));
  fsalQ = Eigen::VectorXd::Zero(model.nq);
  fsalV = fsalTau = fsalA = Eigen::VectorXd::Zero(model.nv);
}

}  // namespace fw
