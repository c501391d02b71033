#include "model/model.h"

#include <cassert>

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
  assert(spec.parent < model_.nlinks);
  Model& m = model_;
  JointModel j;
  j.type = spec.type;
  j.axis = spec.axis.normalized();
  j.idx_q = m.nq;
  j.idx_v = m.nv;
  j.nq = configurationSize(spec.type);
  j.nv = velocitySize(spec.type);
  m.nq += j.nq;
  m.nv += j.nv;
  m.parent.push_back(spec.parent);
  m.joints.push_back(j);
  m.jointPlacement.push_back(spec.placement);
  m.inertia.push_back(spec.inertia);
  m.inertiaBlocks.emplace_back(spec.inertia);
  m.linkNames.push_back(spec.name);
  m.linearDrag.push_back(spec.linearDrag);
  m.angularDrag.push_back(spec.angularDrag);
  for (int k = 0; k < j.nv; ++k) {
    m.damping.push_back(spec.damping);
    m.springStiffness.push_back(j.nv == 1 ? spec.springStiffness : 0);
    m.springRest.push_back(j.nv == 1 ? spec.springRest : 0);
    m.coulombFriction.push_back(spec.coulombFriction);
  }
  return m.nlinks++;
}

}  // namespace fw
