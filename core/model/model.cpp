#include "model/model.h"

#include <cassert>
#include <cmath>

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
  for (int k = 0; k < 3; ++k) {
    if (std::abs(std::abs(j.axis[k]) - 1) < 1e-15) {
      j.axisIndex = k;
      j.axisSign = j.axis[k] > 0 ? 1 : -1;
      j.axis = j.axisSign * Vec3::Unit(k);  // exactly
    }
  }
  m.nq += j.nq;
  m.nv += j.nv;
  m.parent.push_back(spec.parent);
  m.root.push_back(spec.parent < 0 ? m.nlinks : m.root[size_t(spec.parent)]);
  m.placementRotates.push_back(spec.placement.E != Mat3::Identity());
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
    m.prescribed.push_back(spec.prescribed ? 1 : 0);
  }
  m.anyPrescribed = m.anyPrescribed || (spec.prescribed && j.nv > 0);
  return m.nlinks++;
}

}  // namespace fw
