#include "algorithms/external_forces.h"

namespace fw {

Force linkExternalForce(const Model& model, const Data& data, const Loads* loads, int i) {
  const size_t li = size_t(i);
  Force f = loads && loads->anyExternal ? data.X0[li].apply(loads->externalWorld[li]) : Force::Zero();
  if (model.anyGravcomp && model.gravcomp[li] != 0) {
    // −gravcomp·m·g at the centre of mass, gravity taken into link coordinates by X0's rotation.
    const Inertia& I = model.inertia[li];
    const Vec3 lift = -model.gravcomp[li] * I.mass * (data.X0[li].E * model.gravity);
    f.linear += lift;
    f.angular += I.com.cross(lift);
  }
  const double kv = model.linearDrag[li], kw = model.angularDrag[li];
  if (kv > 0 || kw > 0) {
    const Motion& v = data.v[li];
    const Vec3& c = model.inertia[li].com;
    // Drag on the centre of mass: −k_v v|v| there (moment c × f about the origin), −k_ω ω.
    const Vec3 vCom = v.linear + v.angular.cross(c);
    const Vec3 drag = -kv * vCom.norm() * vCom;
    f.linear += drag;
    f.angular += c.cross(drag) - kw * v.angular;
  }
  return f;
}

void jointEfforts(const Model& model, Data& data, const Eigen::VectorXd& q, const Eigen::VectorXd& v,
                  const Loads& loads) {
  data.tau = loads.tau;
  for (const JointModel& j : model.joints) {
    for (int k = 0; k < j.nv; ++k) {
      const size_t dof = size_t(j.idx_v + k);
      data.tau[Eigen::Index(dof)] -= model.damping[dof] * v[j.idx_v + k];
      if (j.nv == 1 && model.springStiffness[dof] != 0)
        data.tau[Eigen::Index(dof)] -= model.springStiffness[dof] * (q[j.idx_q] - model.springRest[dof]);
    }
  }
  if (loads.servos.empty()) return;
  servoEfforts(data, q, v, loads);
  data.tau += data.servoTau;
}

void servoEfforts(Data& data, const Eigen::VectorXd& q, const Eigen::VectorXd& v, const Loads& loads) {
  data.servoTau.setZero();
  for (const Servo& s : loads.servos) data.servoTau[s.idx_v] += s.effort(q[s.idx_q], v[s.idx_v]);
}

}  // namespace fw
