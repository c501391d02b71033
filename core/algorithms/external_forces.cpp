#include "algorithms/external_forces.h"

#include "algorithms/forward_kinematics.h"

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
  const double kv = model.linearDrag[li], kw = model.angularDrag[li], b = model.viscousDrag[li];
  if (kv > 0 || kw > 0 || b > 0) {
    const Motion& v = data.v[li];
    const Vec3& c = model.inertia[li].com;
    // Drag on the centre of mass: −k_v v|v| − b v there (moment c × f about the origin), −k_ω ω.
    const Vec3 vCom = v.linear + v.angular.cross(c);
    const Vec3 drag = -(kv * vCom.norm() + b) * vCom;
    f.linear += drag;
    f.angular += c.cross(drag) - kw * v.angular;
  }
  return f;
}

void jointEfforts(const Model& model, Data& data, const Eigen::VectorXd& q, const Eigen::VectorXd& v,
                  const Loads& loads) {
  // Damping over the coordinates in one flat loop, then the springs of 1-DoF joints: each
  // coordinate's effort takes the same two subtractions in the same order as joint by joint.
  const double* damping = model.damping.data();
  for (Eigen::Index dof = 0; dof < model.nv; ++dof) data.tau[dof] = loads.tau[dof] - damping[dof] * v[dof];
  for (const JointModel& j : model.joints) {
    if (j.nv != 1) continue;
    const size_t dof = size_t(j.idx_v);
    if (model.springStiffness[dof] != 0)
      data.tau[j.idx_v] -= model.springStiffness[dof] * (q[j.idx_q] - model.springRest[dof]);
  }
  if (loads.servos.empty()) return;
  servoEfforts(data, q, v, loads);
  data.tau += data.servoTau;
}

namespace {

// τ += Jᵀ f for the world force f at the world point p of `link`: Sᵢᵀ (X0ᵢ* f) on its path to the root.
void addPointEffort(const Model& model, Data& data, int link, const Vec3& p, const Vec3& f) {
  const Force wrench{p.cross(f), f};
  for (int i = link; i >= 0; i = model.parent[size_t(i)]) {
    const JointModel& j = model.joints[size_t(i)];
    if (j.nv == 0) continue;
    Vec6 projected;
    projectForce(j, data.X0[size_t(i)].apply(wrench), projected);
    for (int k = 0; k < j.nv; ++k) data.tau[j.idx_v + k] += projected[k];
  }
}

}  // namespace

void springEfforts(const Model& model, Data& data, const Eigen::VectorXd& q, const Eigen::VectorXd& v, const Loads& loads) {
  forwardKinematics(model, data, q, v);
  // A point's world position and velocity (data.v is in link coordinates, X0.E takes world to link).
  const auto at = [&](int link, const Vec3& local, Vec3& velocity) {
    if (link < 0) {
      velocity.setZero();
      return local;
    }
    const Transform& X = data.X0[size_t(link)];
    const Motion& m = data.v[size_t(link)];
    velocity = X.E.transpose() * (m.linear + m.angular.cross(local));
    return Vec3(X.E.transpose() * local + X.r);
  };
  for (const PointSpring& s : loads.springs) {
    Vec3 vA, vB;
    const Vec3 pA = at(s.linkA, s.pointA, vA), pB = at(s.linkB, s.pointB, vB);
    const Vec3 delta = pB - pA;
    const double d = delta.norm();
    if (!(d > 1e-12)) continue;  // no direction, no force
    const Vec3 u = delta / d;
    const double tension = s.stiffness * (d - s.restLength) + s.damping * u.dot(vB - vA);
    if (s.linkA >= 0) addPointEffort(model, data, s.linkA, pA, tension * u);
    if (s.linkB >= 0) addPointEffort(model, data, s.linkB, pB, -tension * u);
  }
}

void servoEfforts(Data& data, const Eigen::VectorXd& q, const Eigen::VectorXd& v, const Loads& loads) {
  data.servoTau.setZero();
  for (const Servo& s : loads.servos) data.servoTau[s.idx_v] += s.effort(q[s.idx_q], v[s.idx_v]);
}

}  // namespace fw
