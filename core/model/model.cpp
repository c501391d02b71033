#include "model/model.h"

#include <cassert>
#include <algorithm>

#include "model/model_builder.h"

namespace fw {

Eigen::VectorXd Model::neutralConfiguration() const {
  Eigen::VectorXd q = Eigen::VectorXd::Zero(nq);
  for (const JointModel& j : joints) {
    if (j.type == JointType::Spherical) q[j.idx_q] = 1;
    if (j.type == JointType::Free) q[j.idx_q + 3] = 1;
  }
  return q;
}

int ModelBuilder::addLink(const LinkSpec& spec) {
  Model& m = model_;
  assert(spec.parent < m.nlinks);
  // Trees stay contiguous: a child joins the newest tree, a root starts a new one.
  if (spec.parent < 0) {
    m.treeFirstLink.push_back(m.nlinks);
    m.treeFirstV.push_back(m.nv);
    m.treeEndLink.push_back(m.nlinks);
    m.treeEndV.push_back(m.nv);
  } else if (const int block = m.treeOf[size_t(spec.parent)]; block != m.treeCount() - 1) {
    // A child of an earlier tree after another root: its block absorbs every later one, so
    // blocks stay contiguous (the trees inside still do not interact).
    for (int& t : m.treeOf) t = std::min(t, block);
    m.treeEndLink[size_t(block)] = m.treeEndLink.back();
    m.treeEndV[size_t(block)] = m.treeEndV.back();
    for (auto* list : {&m.treeFirstLink, &m.treeEndLink, &m.treeFirstV, &m.treeEndV}) list->resize(size_t(block) + 1);
  }
  m.treeOf.push_back(m.treeCount() - 1);
  JointModel j;
  j.type = spec.type;
  j.axis = spec.axis.normalized();
  // Aligned only when the axis is exactly ±e_k: the recursions then take S = ±(e_k, 0).
  if (spec.type == JointType::Revolute && spec.placement.E == Mat3::Identity())
    for (int k = 0; k < 3; ++k)
      if (std::abs(j.axis[k]) == 1 && j.axis == j.axis[k] * Vec3::Unit(k)) j.alignedAxis = k, j.axisSign = j.axis[k];
  j.idx_q = m.nq;
  j.idx_v = m.nv;
  j.nq = configurationSize(spec.type);
  j.nv = velocitySize(spec.type);
  m.nq += j.nq;
  m.nv += j.nv;
  m.treeEndLink.back() = m.nlinks + 1;
  m.treeEndV.back() = m.nv;
  m.parent.push_back(spec.parent);
  m.joints.push_back(j);
  m.jointPlacement.push_back(spec.placement);
  m.inertia.push_back(spec.inertia);
  m.inertiaBlocks.emplace_back(spec.inertia);
  m.linkNames.push_back(spec.name);
  m.linearDrag.push_back(spec.linearDrag);
  m.angularDrag.push_back(spec.angularDrag);
  m.viscousDrag.push_back(spec.viscousDrag);
  m.gravcomp.push_back(spec.gravcomp);
  if (spec.gravcomp != 0) m.anyGravcomp = true;
  for (int k = 0; k < j.nv; ++k) {
    m.damping.push_back(spec.damping);
    m.springStiffness.push_back(j.nv == 1 ? spec.springStiffness : 0);
    m.springRest.push_back(j.nv == 1 ? spec.springRest : 0);
    m.coulombFriction.push_back(spec.coulombFriction);
    m.armature.push_back(spec.armature);
    if (spec.armature != 0) m.anyArmature = true;
  }
  return m.nlinks++;
}

}  // namespace fw
