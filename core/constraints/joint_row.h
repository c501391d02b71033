#pragma once
// Rows on one joint's own coordinates (limits, joint friction, motors): J q̇ = dᵀ q̇_joint for a
// direction d over that joint's velocity coordinates (a unit vector picks one coordinate).
#include "constraints/constraint_row.h"
#include "model/data.h"

namespace fw {

// Fills row.a / row.b (one side) and row.inverseMass. Same prerequisites as setPointRow.
void setJointRow(const Model& model, Data& data, int link, const Vec6& direction, ConstraintSet& set,
                 ConstraintRow& row, double* scratch);

}  // namespace fw
