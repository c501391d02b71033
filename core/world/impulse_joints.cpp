// Impulse-based joints (Bender, Finkenzeller & Schmitt 2005–2007), inside the realtime step:
//   position correction (at t, rows at q):    predict where each joint's points and axes are at
//     t + h if the bodies move with the velocities they have now, then apply the impulse that
//     makes the prediction meet, λ = K⁻¹ (−error / h); joint after joint until every predicted
//     error is below D_max or the iteration budget is spent.
//   velocity correction (at t + h, rows at q⁺): λ = K⁻¹ (−J q̇) until the joints' relative
//     velocities vanish too.
// K = J H⁻¹ Jᵀ is the joint's k×k block of the collision matrix, from the same articulated
// impulse response as contacts, so a joint may join any two links: loops close over trees.
#include "algorithms/forward_kinematics.h"
#include "model/configuration.h"
#include "constraints/point_row.h"
#include "world/world.h"

namespace fw {
namespace {

double dot(const double* a, const double* b, int n) {
  double s = 0;
  for (int k = 0; k < n; ++k) s += a[k] * b[k];
  return s;
}

// J_i H⁻¹ J_jᵀ: row i's Jacobian against row j's response, tree by tree.
double coupling(const ConstraintSet& set, const ConstraintRow& i, const ConstraintRow& j) {
  double sum = 0;
  for (const RowSide* si : {&i.a, &i.b}) {
    if (si->tree < 0) continue;
    for (const RowSide* sj : {&j.a, &j.b})
      if (sj->tree == si->tree) sum += dot(set.jacobian(*si), set.response(*sj), si->size);
  }
  return sum;
}

}  // namespace

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
  path_.clear();
  for (int i = link; i >= 0; i = model_.parent[size_t(i)]) path_.push_back(i);
  Transform X0;
  for (auto it = path_.rbegin(); it != path_.rend(); ++it) {
    const size_t i = size_t(*it);
    const JointModel& j = model_.joints[i];
    for (int k = 0; k < j.nv; ++k) dqPredicted_[j.idx_v + k] = h * u[j.idx_v + k];
    if (j.type == JointType::Free)
      dqPredicted_.segment<3>(j.idx_v + 3) = quaternionAt(state_.q, j.idx_q + 3) * Vec3(dqPredicted_.segment<3>(j.idx_v + 3));
    retractJoint(j, state_.q, dqPredicted_, qPredicted_);
    const Transform Xup = jointTransformFrom(j, model_.jointPlacement[i], qPredicted_);
    X0 = it == path_.rbegin() ? Xup : Xup * X0;
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
      setAngularRow(model_, data_, joint.linkA, joint.linkB, d, set, row, scratch_.data());
    else
      setTwoPointRow(model_, data_, joint.linkA, pA, joint.linkB, pB, d, set, row, scratch_.data());
  }
  return directions;
}

// Every joint's rows into jointRows_, with each joint's K⁻¹.
void World::buildJointRows() {
  jointRows_.clear();
  for (size_t k = 0; k < interactions_.impulseJoints.size(); ++k) {
    JointBlock& block = jointBlocks_[k];
    block.first = int(jointRows_.rows.size());
    block.directions = appendJointRows(jointRows_, k);
    const int n = block.directions.count;
    Mat6 K = Mat6::Identity();
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j)
        K(i, j) = coupling(jointRows_, jointRows_.rows[size_t(block.first + i)], jointRows_.rows[size_t(block.first + j)]);
    block.inverseK = K.ldlt().solve(Mat6::Identity());
  }
}

// Applies the joint's row impulses λ to v (and to `also`, if given).
void World::applyJointImpulse(const JointBlock& block, const Vec6& lambda, Eigen::VectorXd& v, Eigen::VectorXd* also) {
  for (int r = 0; r < block.directions.count; ++r) {
    const ConstraintRow& row = jointRows_.rows[size_t(block.first + r)];
    applyRowImpulse(model_, jointRows_, row, lambda[r], v);
    if (also) applyRowImpulse(model_, jointRows_, row, lambda[r], *also);
  }
}

void World::correctJointPositions(double h) {
  const ImpulseJointSettings& s = settings_.joints;
  predictionVelocity_ = state_.v + pseudoVelocity_;  // what the step will move q by
  for (int iteration = 0; iteration < s.iterations; ++iteration) {
    double worst = 0;
    for (size_t k = 0; k < interactions_.impulseJoints.size(); ++k) {
      const ImpulseJoint& joint = interactions_.impulseJoints[k];
      const JointBlock& block = jointBlocks_[k];
      const LinkFrame A = predictedLinkFrame(joint.linkA, predictionVelocity_, h);
      const LinkFrame B = predictedLinkFrame(joint.linkB, predictionVelocity_, h);
      const double gap = jointGap(joint, A, B);
      worst = std::max(worst, gap);
      if (gap <= 0.5 * s.tolerance) continue;
      Vec6 error = Vec6::Zero();
      jointError(joint, block.directions, A, B, error.data());
      // A torn joint closes at maxSpeed at most: reassembly without a violent snap.
      const double scale = std::min(1.0, s.maxSpeed * h / error.head(block.directions.count).cwiseAbs().maxCoeff());
      const Vec6 lambda = block.inverseK * (error * (-scale / h));
      applyJointImpulse(block, lambda, state_.v, &predictionVelocity_);
      ++stepStats_.jointCorrections;
    }
    stepStats_.jointGap = worst;  // before this pass's corrections
    if (worst <= s.tolerance) break;
  }
}

// At the new q: the joints' relative velocities along their rows to zero.
void World::correctJointVelocities() {
  forwardKinematics(model_, data_, state_.q, state_.v);
  buildJointRows();
  const ImpulseJointSettings& s = settings_.joints;
  for (int iteration = 0; iteration < s.iterations; ++iteration) {
    double worst = 0;
    for (const JointBlock& block : jointBlocks_) {
      Vec6 velocity = Vec6::Zero();
      for (int r = 0; r < block.directions.count; ++r)
        velocity[r] = rowVelocity(model_, jointRows_, jointRows_.rows[size_t(block.first + r)], state_.v);
      const double largest = velocity.cwiseAbs().maxCoeff();
      worst = std::max(worst, largest);
      if (largest <= 1e-12) continue;
      applyJointImpulse(block, block.inverseK * -velocity, state_.v, nullptr);
    }
    if (worst <= s.tolerance * 1e-3) break;
  }
}

double World::impulseJointGap(int k) const {
  const ImpulseJoint& joint = interactions_.impulseJoints[size_t(k)];
  return jointGap(joint, linkFrame(joint.linkA), linkFrame(joint.linkB));
}

}  // namespace fw
