#pragma once
// The shape of the impulse joints' correction system K = J H⁻¹ Jᵀ (impulse_joints.cpp): which rows
// couple (two joints couple when they move a common tree), as an envelope, and what filling and
// factoring it costs. Every realtime step factors it once, so the builder refuses a scene whose
// system is too large (docs/security.md) instead of a step that never ends.
#include <vector>

#include "constraints/impulse_joint.h"
#include "model/model.h"

namespace fw {

// Per row of every joint in order, the lowest row it couples with (EnvelopeLdlt's pattern).
std::vector<int> jointSystemPattern(const Model& model, const std::vector<ImpulseJoint>& joints);

// Multiply-adds to fill and factor K once: per row, its envelope width squared (the factor) plus
// the width times the coordinates of the trees it moves (each coupling is a product over them).
struct JointSystemCost {
  double work = 0;
  int firstJointOver = -1;  // the joint with which the running total first passes `budget`, or −1
};
JointSystemCost jointSystemCost(const Model& model, const std::vector<ImpulseJoint>& joints, double budget);

}  // namespace fw
