#include "algorithms/impulse_response.h"

namespace fw {

namespace {

// With q̇ = 0, gravity off and τ = 0, ABA's passes 2–3 turn a force f on link k into H⁻¹ Jᵀ f;
// an impulse is the same arithmetic. Only the path from k to the root carries a bias, so pass 2
// walks that path alone; pass 3 sweeps the links once. On entry data.pA holds −f at k (zero
// elsewhere) and data.u1 / data.um the generalised impulse on k's own coordinates (zero
// elsewhere): u = impulse − Sᵀ p^A.
void propagateImpulse(const Model& model, Data& data, int link, Eigen::VectorXd& dqd) {
  for (int i = link; i >= 0; i = model.parent[size_t(i)]) {
    const size_t li = size_t(i);
    const JointModel& j = model.joints[li];
    const Force& pA = data.pA[li];
    Force pa = pA;  // p^a = p^A + U D⁻¹ u
    if (j.nv == 1) {
      data.u1[li] -= subspaceColumn(j, 0).dot(pA);
      pa += data.U1[li] * (data.u1[li] * data.invD1[li]);
    } else if (j.nv > 1) {
      Vec6 StpA = Vec6::Zero();
      projectForce(j, pA, StpA);
      data.um[li] -= StpA;
      const Vec6 correction = data.Um[li] * (data.Dinv[li] * data.um[li]);
      pa += Force{correction.head<3>(), correction.tail<3>()};
    }
    const int p = model.parent[li];
    if (p >= 0) data.pA[size_t(p)] += data.Xup[li].applyTranspose(pa);
  }
  // Pass 3: Δq̇ = D⁻¹(u − Uᵀ Δa'), Δv = Δa' + S Δq̇, from the root outwards.
  for (int i = 0; i < model.nlinks; ++i) {
    const size_t li = size_t(i);
    const JointModel& j = model.joints[li];
    const int p = model.parent[li];
    const Motion aParent = p < 0 ? Motion::Zero() : data.Xup[li].apply(data.a[size_t(p)]);
    if (j.nv == 1) {
      const double d = data.invD1[li] * (data.u1[li] - aParent.dot(data.U1[li]));
      dqd[j.idx_v] = d;
      data.a[li] = aParent + subspaceColumn(j, 0) * d;
    } else if (j.nv > 1) {
      const Vec6 d = data.Dinv[li] * (data.um[li] - data.Um[li].transpose() * aParent.vector());
      for (int k = 0; k < j.nv; ++k) dqd[j.idx_v + k] = d[k];
      data.a[li] = aParent + jointVelocity(j, dqd);
    } else {
      data.a[li] = aParent;
    }
  }
}

void clearImpulseSeeds(const Model& model, Data& data) {
  for (int i = 0; i < model.nlinks; ++i) {
    data.pA[size_t(i)] = Force::Zero();
    data.um[size_t(i)].setZero();
    data.u1[size_t(i)] = 0;
  }
}

}  // namespace

void impulseResponse(const Model& model, Data& data, int link, const Force& impulseWorld, Eigen::VectorXd& dqd) {
  clearImpulseSeeds(model, data);
  data.pA[size_t(link)] = data.X0[size_t(link)].apply(impulseWorld) * -1.0;  // p^A = −f_ext
  propagateImpulse(model, data, link, dqd);
}

void jointImpulseResponse(const Model& model, Data& data, int link, int coordinate, Eigen::VectorXd& dqd) {
  clearImpulseSeeds(model, data);
  const JointModel& j = model.joints[size_t(link)];
  if (j.nv == 1) data.u1[size_t(link)] = 1;
  else data.um[size_t(link)][coordinate - j.idx_v] = 1;
  propagateImpulse(model, data, link, dqd);
}

Mat3 collisionMatrix(const Model& model, Data& data, int link, const Vec3& pointWorld, Eigen::VectorXd& dqd) {
  Mat3 K;
  const Transform& X = data.X0[size_t(link)];
  const Vec3 pointLink = X.E * (pointWorld - X.r);
  for (int axis = 0; axis < 3; ++axis) {
    const Vec3 e = Vec3::Unit(axis);
    impulseResponse(model, data, link, Force{pointWorld.cross(e), e}, dqd);
    const Motion& dv = data.a[size_t(link)];  // the link's velocity change, link coordinates
    K.col(axis) = X.E.transpose() * (dv.linear + dv.angular.cross(pointLink));
  }
  return K;
}

}  // namespace fw
