#include "algorithms/impulse_response.h"

#include "algorithms/forward_kinematics.h"

namespace fw {

namespace {

// With q̇ = 0, gravity off and τ = 0, ABA's passes 2–3 turn a force f on link k into H⁻¹ Jᵀ f;
// an impulse is the same arithmetic. Only the path from k to the root carries a bias, so pass 2
// walks that path alone; pass 3 sweeps the links once. On entry data.pA holds −f at k (zero
// elsewhere) and data.u1 / data.um the generalised impulse on k's own coordinates (zero
// elsewhere): u = impulse − Sᵀ p^A.
// dqd is the tree's segment of Δq̇: coordinate i of the tree at dqd[i − firstV].
void propagateImpulse(const Model& model, Data& data, int link, double* dqd) {
  for (int i = link; i >= 0; i = model.parent[size_t(i)]) {
    const size_t li = size_t(i);
    const JointModel& j = model.joints[li];
    const Force& pA = data.pA[li];
    const int p = model.parent[li];
    Force pa = pA;  // p^a = p^A + U D⁻¹ u, which only a parent reads
    if (j.nv == 1) {
      data.u1[li] -= subspaceColumn(j, 0).dot(pA);
      if (p >= 0) pa += data.U1[li] * (data.u1[li] * data.invD1[li]);
    } else if (j.nv > 1) {
      Vec6 StpA = Vec6::Zero();
      projectForce(j, pA, StpA);
      data.um[li] -= StpA;
      if (p >= 0) {
        const Vec6 correction = data.Um[li] * (data.Dinv[li] * data.um[li]);
        pa += Force{correction.head<3>(), correction.tail<3>()};
      }
    }
    if (p >= 0) data.pA[size_t(p)] += toParent(model, data, li, pa);
  }
  // Pass 3: Δq̇ = D⁻¹(u − Uᵀ Δa'), Δv = Δa' + S Δq̇, from the root outwards; other trees
  // do not move.
  const int tree = model.treeOf[size_t(link)];
  const int firstV = model.treeFirstV[size_t(tree)];
  for (int i = model.treeFirstLink[size_t(tree)]; i < model.treeEndLink[size_t(tree)]; ++i) {
    const size_t li = size_t(i);
    const JointModel& j = model.joints[li];
    const int p = model.parent[li];
    const Motion aParent = p < 0 ? Motion::Zero() : toLink(model, data, li, data.a[size_t(p)]);
    if (j.nv == 1) {
      const double d = data.invD1[li] * (data.u1[li] - aParent.dot(data.U1[li]));
      dqd[j.idx_v - firstV] = d;
      data.a[li] = aParent + subspaceColumn(j, 0) * d;
    } else if (j.nv > 1) {
      const Vec6 d = data.Dinv[li] * (data.um[li] - data.Um[li].transpose() * aParent.vector());
      Motion sd = Motion::Zero();
      for (int k = 0; k < j.nv; ++k) {
        dqd[j.idx_v - firstV + k] = d[k];
        sd += subspaceColumn(j, k) * d[k];
      }
      data.a[li] = aParent + sd;
    } else {
      data.a[li] = aParent;
    }
  }
}

void clearImpulseSeeds(const Model& model, Data& data, int link) {
  const int tree = model.treeOf[size_t(link)];
  for (int i = model.treeFirstLink[size_t(tree)]; i < model.treeEndLink[size_t(tree)]; ++i) {
    data.pA[size_t(i)] = Force::Zero();
    data.um[size_t(i)].setZero();
    data.u1[size_t(i)] = 0;
  }
}

}  // namespace

void impulseResponseInTree(const Model& model, Data& data, int link, const Force& impulseWorld, double* dqdTree) {
  clearImpulseSeeds(model, data, link);
  data.pA[size_t(link)] = data.X0[size_t(link)].apply(impulseWorld) * -1.0;  // p^A = −f_ext
  propagateImpulse(model, data, link, dqdTree);
}

void jointImpulseResponseInTree(const Model& model, Data& data, int link, const Vec6& generalizedImpulse,
                                double* dqdTree) {
  clearImpulseSeeds(model, data, link);
  const JointModel& j = model.joints[size_t(link)];
  if (j.nv == 1) data.u1[size_t(link)] = generalizedImpulse[0];
  else data.um[size_t(link)] = generalizedImpulse;
  propagateImpulse(model, data, link, dqdTree);
}

void jointImpulseResponseInTree(const Model& model, Data& data, int link, int coordinate, double* dqdTree) {
  Vec6 unit = Vec6::Zero();
  unit[coordinate - model.joints[size_t(link)].idx_v] = 1;
  jointImpulseResponseInTree(model, data, link, unit, dqdTree);
}

void impulseResponse(const Model& model, Data& data, int link, const Force& impulseWorld, Eigen::VectorXd& dqd) {
  dqd.setZero();
  const int tree = model.treeOf[size_t(link)];
  impulseResponseInTree(model, data, link, impulseWorld, dqd.data() + model.treeFirstV[size_t(tree)]);
}

void jointImpulseResponse(const Model& model, Data& data, int link, int coordinate, Eigen::VectorXd& dqd) {
  dqd.setZero();
  const int tree = model.treeOf[size_t(link)];
  jointImpulseResponseInTree(model, data, link, coordinate, dqd.data() + model.treeFirstV[size_t(tree)]);
}

Mat3 collisionMatrix(const Model& model, Data& data, int link, const Vec3& pointWorld, Eigen::VectorXd& dqd) {
  Mat3 K;
  const Transform& X = data.X0[size_t(link)];
  const Vec3 pointLink = X.E * (pointWorld - X.r);
  for (int axis = 0; axis < 3; ++axis) {
    const Vec3 e = Vec3::Unit(axis);
    impulseResponseInTree(model, data, link, Force{pointWorld.cross(e), e}, dqd.data());
    const Motion& dv = data.a[size_t(link)];  // the link's velocity change, link coordinates
    K.col(axis) = X.E.transpose() * (dv.linear + dv.angular.cross(pointLink));
  }
  return K;
}

}  // namespace fw
