// Impulse-based joints (Bender, Finkenzeller & Schmitt 2005–2007), inside the realtime step:
//   position correction (at t, rows at q):    predict where each joint's points and axes are at
//     t + h if the bodies move with the velocities they have now, then apply the impulses that
//     make the predictions meet, λ = K⁻¹ (−error / h); again until every predicted error is
//     below D_max or the iteration budget is spent.
//   velocity correction (at t + h, rows at q⁺): λ = K⁻¹ (−J q̇), so the joints' relative
//     velocities vanish too.
// K = J H⁻¹ Jᵀ over all joint rows, from the same articulated impulse response as contacts, so a
// joint may join any two links: loops close over trees.
#include <algorithm>
#include <cmath>

#include "algorithms/forward_kinematics.h"
#include "model/configuration.h"
#include "constraints/constraint_solver.h"
#include "constraints/point_row.h"
#include "world/joint_system.h"
#include "world/world.h"

namespace fw {

LinkFrame World::linkFrame(int link) const {
  if (link < 0) return {};
  const Transform& X = data_.X0[size_t(link)];
  return {X.E.transpose(), X.r};
}

// The frame `link` will have once this step has moved q by h u: the realtime step's own update
// (retract, free joints' linear parts turned to the world by their rotation at q), along the
// path from the root, so the prediction is exactly where the step will put it.
LinkFrame World::predictedLinkFrame(int link, const Eigen::VectorXd& u, double h) {
  if (link < 0) return {};
  work_.path.clear();
  for (int i = link; i >= 0; i = model_.parent[size_t(i)]) work_.path.push_back(i);
  Transform X0;
  for (auto it = work_.path.rbegin(); it != work_.path.rend(); ++it) {
    const size_t i = size_t(*it);
    const JointModel& j = model_.joints[i];
    for (int k = 0; k < j.nv; ++k) work_.dqPredicted[j.idx_v + k] = h * u[j.idx_v + k];
    if (j.type == JointType::Free)
      work_.dqPredicted.segment<3>(j.idx_v + 3) = quaternionAt(state_.motion.q, j.idx_q + 3) * Vec3(work_.dqPredicted.segment<3>(j.idx_v + 3));
    retractJoint(j, state_.motion.q, work_.dqPredicted, work_.qPredicted);
    const Transform Xup = jointTransformFrom(j, model_.jointPlacement[i], work_.qPredicted);
    X0 = it == work_.path.rbegin() ? Xup : Xup * X0;
  }
  return {X0.E.transpose(), X0.r};
}

// The rows of joint k at the current q (data_.X0 and the articulated inertias must be of this
// q) appended to `set`; returns their directions.
JointRowDirections World::appendJointRows(ConstraintSet& set, size_t k) {
  const ImpulseJoint& joint = interactions_.impulseJoints[k];
  const LinkFrame A = linkFrame(joint.linkA), B = linkFrame(joint.linkB);
  const JointRowDirections directions = jointRowDirections(joint, A, B);
  const Vec3 pA = A.point(joint.anchorA), pB = B.point(joint.anchorB);
  for (int r = 0; r < directions.count; ++r) {
    set.rows.emplace_back();
    ConstraintRow& row = set.rows.back();
    row.kind = RowKind::Joint;
    row.lower = -kUnbounded;
    const Vec3& d = directions.direction[r];
    if (directions.angular[r])
      setAngularRow(model_, data_, joint.linkA, joint.linkB, d, set, row, work_.scratch.data());
    else
      setTwoPointRow(model_, data_, joint.linkA, pA, joint.linkB, pB, d, set, row, work_.scratch.data());
  }
  return directions;
}

std::vector<int> jointSystemPattern(const Model& model, const std::vector<ImpulseJoint>& joints) {
  const auto tree = [&](int link) { return link < 0 ? -1 : model.treeOf[size_t(link)]; };
  // A joint's rows couple back to the first joint that moves one of its trees.
  std::vector<int> firstRowOfTree(size_t(model.treeFirstV.size()), -1), first;
  for (const ImpulseJoint& joint : joints) {
    const int count = jointRowDirections(joint, LinkFrame{}, LinkFrame{}).count;  // depends on the type only
    int lowest = int(first.size());
    for (const int t : {tree(joint.linkA), tree(joint.linkB)})
      if (t >= 0 && firstRowOfTree[size_t(t)] >= 0) lowest = std::min(lowest, firstRowOfTree[size_t(t)]);
    for (const int t : {tree(joint.linkA), tree(joint.linkB)})
      if (t >= 0 && firstRowOfTree[size_t(t)] < 0) firstRowOfTree[size_t(t)] = int(first.size());
    for (int r = 0; r < count; ++r) first.push_back(lowest);
  }
  return first;
}

JointSystemCost jointSystemCost(const Model& model, const std::vector<ImpulseJoint>& joints, double budget) {
  const std::vector<int> first = jointSystemPattern(model, joints);
  const auto treeNv = [&](int link) { return link < 0 ? 0.0 : double(model.treeNv(model.treeOf[size_t(link)])); };
  JointSystemCost cost;
  size_t row = 0;
  for (size_t k = 0; k < joints.size(); ++k) {
    const int count = jointRowDirections(joints[k], LinkFrame{}, LinkFrame{}).count;
    const double moved = treeNv(joints[k].linkA) + treeNv(joints[k].linkB);
    for (int r = 0; r < count; ++r, ++row) {
      const double width = double(row) - first[row] + 1;
      cost.work += width * width + width * moved;
    }
    if (cost.firstJointOver < 0 && cost.work > budget) cost.firstJointOver = int(k);
  }
  return cost;
}

// The joint system's shape, fixed for the world: each joint's rows, and which rows couple, as the
// envelope of K.
void World::setUpJointSystem() {
  const std::vector<int> first = jointSystemPattern(model_, interactions_.impulseJoints);
  work_.jointBlocks.resize(interactions_.impulseJoints.size());
  for (size_t k = 0, row = 0; k < work_.jointBlocks.size(); ++k) {
    work_.jointBlocks[k].first = int(row);
    row += size_t(jointRowDirections(interactions_.impulseJoints[k], LinkFrame{}, LinkFrame{}).count);
  }
  work_.jointSystem.setPattern(first);
  work_.jointRight = Eigen::VectorXd::Zero(int(first.size()));
  work_.jointTarget = Eigen::VectorXd::Zero(int(first.size()));
}

// Every joint's rows at the current q into work_.jointRows, and K = J H⁻¹ Jᵀ over all of them, factored.
void World::buildJointRows() {
  work_.jointRows.clear();
  for (size_t k = 0; k < interactions_.impulseJoints.size(); ++k) work_.jointBlocks[k].directions = appendJointRows(work_.jointRows, k);
  for (int i = 0; i < work_.jointSystem.size(); ++i)
    for (int j = work_.jointSystem.first(i); j <= i; ++j)
      work_.jointSystem.lower(i, j) = rowCoupling(work_.jointRows, work_.jointRows.rows[size_t(i)], work_.jointRows.rows[size_t(j)]);
  work_.jointSystem.factorize();
}

// Applies the row impulses λ to v (and to `also`, if given).
void World::applyJointImpulses(const Eigen::VectorXd& lambda, Eigen::VectorXd& v, Eigen::VectorXd* also) {
  for (size_t r = 0; r < work_.jointRows.rows.size(); ++r) {
    applyRowImpulse(model_, work_.jointRows, work_.jointRows.rows[r], lambda[int(r)], v);
    if (also) applyRowImpulse(model_, work_.jointRows, work_.jointRows.rows[r], lambda[int(r)], *also);
  }
}

// Bender's iteration: predict every joint's error at t + h, apply at t the impulses that cancel
// it, predict again, until every prediction is within D_max of its target or the budget is
// spent. The joints are solved together (K λ = −(error − target) / h over all rows) rather than
// one after another: Gauss–Seidel needed about 1000 passes to bring a 50-body chain within
// 1e-6 m, this takes one or two. The target is 0, except that a torn joint (a gap wider than
// maxSpeed·h now) is only asked to close by maxSpeed·h this step: reassembly without a snap.
void World::correctJointPositions(double h) {
  const ImpulseJointSettings& s = settings_.joints;
  work_.predictionVelocity = state_.motion.v + work_.pseudoVelocity;  // what the step will move q by
  for (size_t k = 0; k < interactions_.impulseJoints.size(); ++k) {
    const ImpulseJoint& joint = interactions_.impulseJoints[k];
    const JointBlock& block = work_.jointBlocks[k];
    double* target = work_.jointTarget.data() + block.first;
    jointError(joint, block.directions, linkFrame(joint.linkA), linkFrame(joint.linkB), target);
    double largest = 0;
    for (int r = 0; r < block.directions.count; ++r) largest = std::max(largest, std::abs(target[r]));
    const double kept = largest > s.maxSpeed * h ? 1.0 - s.maxSpeed * h / largest : 0.0;
    for (int r = 0; r < block.directions.count; ++r) target[r] *= kept;
  }
  for (int iteration = 0; iteration < state_.jointIterations; ++iteration) {
    double worstGap = 0, worstResidual = 0;
    for (size_t k = 0; k < interactions_.impulseJoints.size(); ++k) {
      const ImpulseJoint& joint = interactions_.impulseJoints[k];
      const JointBlock& block = work_.jointBlocks[k];
      const LinkFrame A = predictedLinkFrame(joint.linkA, work_.predictionVelocity, h);
      const LinkFrame B = predictedLinkFrame(joint.linkB, work_.predictionVelocity, h);
      worstGap = std::max(worstGap, jointGap(joint, A, B));
      double* right = work_.jointRight.data() + block.first;
      jointError(joint, block.directions, A, B, right);
      double residual = 0;
      for (int r = 0; r < block.directions.count; ++r) {
        right[r] -= work_.jointTarget[block.first + r];
        residual += right[r] * right[r];
        right[r] *= -1.0 / h;
      }
      worstResidual = std::max(worstResidual, std::sqrt(residual));
    }
    state_.stepStats.jointGap = worstGap;  // before this pass's corrections
    if (worstResidual <= s.tolerance) break;
    work_.jointSystem.solve(work_.jointRight);
    applyJointImpulses(work_.jointRight, state_.motion.v, &work_.predictionVelocity);
    state_.stepStats.jointCorrections += long(interactions_.impulseJoints.size());
  }
}

// At the new q: the joints' relative velocities along their rows to zero, K λ = −J q̇ (linear, so
// one solve; a second only mops up round-off).
void World::correctJointVelocities() {
  forwardKinematics(model_, data_, state_.motion.q, state_.motion.v);
  buildJointRows();
  for (int pass = 0; pass < 2; ++pass) {
    double worst = 0;
    for (size_t r = 0; r < work_.jointRows.rows.size(); ++r) {
      work_.jointRight[int(r)] = -rowVelocity(model_, work_.jointRows, work_.jointRows.rows[r], state_.motion.v);
      worst = std::max(worst, std::abs(work_.jointRight[int(r)]));
    }
    if (worst <= settings_.joints.tolerance * 1e-3) break;
    work_.jointSystem.solve(work_.jointRight);
    applyJointImpulses(work_.jointRight, state_.motion.v, nullptr);
  }
}

// The realtime step's joint stage, before the positions move: the joint rows at q, then Bender's
// position correction (the velocity correction follows at q⁺, correctJointVelocities).
void World::correctJoints(double h) {
  buildJointRows();
  correctJointPositions(h);
}

double World::impulseJointGap(int k) const {
  const ImpulseJoint& joint = interactions_.impulseJoints[size_t(k)];
  return jointGap(joint, linkFrame(joint.linkA), linkFrame(joint.linkB));
}

}  // namespace fw
