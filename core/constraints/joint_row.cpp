#include "constraints/joint_row.h"

#include "algorithms/impulse_response.h"

namespace fw {

void setJointRow(const Model& model, Data& data, int link, const Vec6& direction, ConstraintSet& set,
                 ConstraintRow& row, double* scratch) {
  const JointModel& j = model.joints[size_t(link)];
  const int tree = model.treeOf[size_t(link)];
  const int firstV = model.treeFirstV[size_t(tree)];
  row.a = RowSide{};
  row.b = set.addSide(tree, model.treeNv(tree));
  double* J = set.jacobian(row.b);
  for (int k = 0; k < j.nv; ++k) J[j.idx_v - firstV + k] = direction[k];
  // W = H⁻¹ Jᵀ: the response to the generalised impulse d on this joint.
  jointImpulseResponseInTree(model, data, link, direction, scratch);
  double* W = set.response(row.b);
  row.inverseMass = 0;
  for (int k = 0; k < row.b.size; ++k) {
    W[k] = scratch[k];
    row.inverseMass += J[k] * W[k];
  }
}

}  // namespace fw
