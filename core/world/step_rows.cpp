// The rows stage: every contact point, limit within reach, joint friction, motor and impulse
// joint becomes solver rows (constraints/), each kind by a builder of its own, in this order:
//   per manifold: its normal rows, then its friction anchor (two tangents, a twist);
//   limits, joint friction, motors, impulse joints.
// Last step's impulses (kept on the contacts and the motors) start the rows warm.
#include <algorithm>
#include <cmath>
#include <tuple>

#include "constraints/joint_row.h"
#include "constraints/point_row.h"
#include "world/world.h"

namespace fw {

void World::buildRows(const Eigen::VectorXd& velocityBefore, double h, bool withMotors) {
  work_.rows.clear();
  addContactRows(velocityBefore);
  addLimitRows(velocityBefore, h);
  addJointFrictionRows(h);
  if (withMotors) addMotorRows(velocityBefore, h);
  for (size_t k = 0; k < interactions_.impulseJoints.size(); ++k) appendJointRows(work_.rows, k);
  if (withMotors) addStringRows(velocityBefore, h);  // (realtime only)
  state_.stepStats.rows = int(work_.rows.rows.size());
}

// One manifold at a time (the contacts are sorted by pair).
void World::addContactRows(const Eigen::VectorXd& velocityBefore) {
  const std::vector<Contact>& contacts = state_.contacts;
  for (size_t first = 0; first < contacts.size();) {
    size_t end = first + 1;
    while (end < contacts.size() && contacts[end].colliderA == contacts[first].colliderA &&
           contacts[end].colliderB == contacts[first].colliderB)
      ++end;
    addManifoldRows(first, end, velocityBefore);
    first = end;
  }
}

// A normal row per point of contacts [first, end), one pair, then its friction anchor.
void World::addManifoldRows(size_t first, size_t end, const Eigen::VectorXd& velocityBefore) {
  ConstraintSet& rows = work_.rows;
  const Contact& lead = state_.contacts[first];
  const Collider& ca = interactions_.colliders[size_t(lead.colliderA)];
  const Collider& cb = interactions_.colliders[size_t(lead.colliderB)];
  const double e = mixCoefficients(settings_.mixing.restitution, ca.shape.restitution, cb.shape.restitution);
  const int normalRow = int(rows.rows.size());
  for (size_t i = first; i < end; ++i) {
    const Contact& c = state_.contacts[i];
    rows.rows.emplace_back();
    ConstraintRow& normal = rows.rows.back();
    normal.kind = RowKind::ContactNormal;
    normal.contact = int(i);
    setPointRow(model_, data_, rowLink(ca), rowLink(cb), c.point, c.normal, rows, normal, work_.scratch.data());
    normal.separation = c.separation;
    normal.restitution = e;
    normal.approachVelocity = rowVelocity(model_, rows, normal, velocityBefore);
    normal.impulse = c.normalImpulse;
  }
  addFrictionRows(first, end, normalRow);
}

// The manifold's friction anchor at the centroid of its points (patch friction): a pair of
// tangent rows (appendFrictionPair: the second right after the first) bounded by the Coulomb
// cone of the normal rows [normalRow, normalRow + count), and a twist row about the normal.
void World::addFrictionRows(size_t first, size_t end, int normalRow) {
  ConstraintSet& rows = work_.rows;
  const std::vector<Contact>& contacts = state_.contacts;
  const Contact& lead = contacts[first];
  const Collider& ca = interactions_.colliders[size_t(lead.colliderA)];
  const Collider& cb = interactions_.colliders[size_t(lead.colliderB)];
  const ColliderPair* pair = contactPair(ca, cb);
  const double mu = pair && pair->friction >= 0 ? pair->friction
                                                : mixCoefficients(settings_.mixing.friction, ca.shape.friction, cb.shape.friction);
  double* scratch = work_.scratch.data();
  Vec3 centroid = Vec3::Zero();
  for (size_t i = first; i < end; ++i) centroid += contacts[i].point;
  const int count = int(end - first);
  centroid /= double(count);
  const Vec3& n = lead.normal;
  if (!(mu > 0)) return;
  Vec3 t[2];
  contactTangents(n, t[0], t[1]);
  const auto [firstTangent, secondTangent] = appendFrictionPair(rows);
  for (const size_t r : {firstTangent, secondTangent}) {
    const int k = r == firstTangent ? 0 : 1;
    ConstraintRow& row = rows.rows[r];
    row.kind = RowKind::ContactFriction;
    row.contact = int(first);
    setPointRow(model_, data_, rowLink(ca), rowLink(cb), centroid, t[k], rows, row, scratch);
    row.lower = -kUnbounded;
    row.normalRow = normalRow, row.normalCount = count;
    row.friction = mu;
    row.impulse = lead.frictionImpulse.dot(t[k]);
  }
  // Twist: friction against turning about the normal, with the patch's mean radius as arm.
  double radius = 0;
  for (size_t i = first; i < end; ++i) radius += (contacts[i].point - centroid).norm();
  radius /= double(count);
  if (count >= 2 && radius > 1e-6) {
    rows.rows.emplace_back();
    ConstraintRow& row = rows.rows.back();
    row.kind = RowKind::ContactTwist;
    row.contact = int(first);
    setAngularRow(model_, data_, rowLink(ca), rowLink(cb), n, rows, row, scratch);
    row.lower = row.upper = 0;  // set from the normal impulses while solving
    row.normalRow = normalRow, row.normalCount = count;
    row.friction = mu * radius;
    row.impulse = lead.twistImpulse;
  }
}

// Limits: a row only when the limit is within reach of this step.
void World::addLimitRows(const Eigen::VectorXd& velocityBefore, double h) {
  const SolverSettings& solver = settings_.solver;
  for (const JointLimit& limit : interactions_.limits) {
    if (limit.cone) {
      addConeLimitRow(limit, velocityBefore, h);
      continue;
    }
    const auto [q, qd, qdBefore] = coordinateState(limit.link, limit.impulseJoint, velocityBefore);
    for (int side = 0; side < 2; ++side) {
      const double sign = side == 0 ? 1.0 : -1.0;  // lower: q̇ ≥ …; upper: −q̇ ≥ …
      const double separation = side == 0 ? q - limit.lower : limit.upper - q;
      if (separation > solver.linearSlop + h * std::abs(qd)) continue;
      work_.rows.rows.emplace_back();
      ConstraintRow& row = work_.rows.rows.back();
      row.kind = RowKind::JointLimit;
      setCoordinateRow(limit.link, limit.impulseJoint, sign, row, work_.scratch.data());
      row.separation = separation;
      row.restitution = limit.restitution;
      row.approachVelocity = sign * qdBefore;
    }
  }
}

// A ball joint's cone: the child's z axis a = R ez (joint frame) may lean at most coneAngle from
// ez; the lean grows at the rate n·ω with n = (ez × a)/|ez × a| (joint frame), i.e. (Rᵀ n)·ω_child.
void World::addConeLimitRow(const JointLimit& limit, const Eigen::VectorXd& velocityBefore, double h) {
  const JointModel& j = model_.joints[size_t(limit.link)];
  const Mat3 R = quaternionAt(state_.motion.q, j.idx_q).toRotationMatrix();
  const Vec3 a = R.col(2);
  const double angle = std::acos(std::clamp(a.z(), -1.0, 1.0));
  const Vec3 axis = Vec3::UnitZ().cross(a);
  if (axis.norm() < 1e-9) return;
  const Vec3 nChild = R.transpose() * axis.normalized();
  const double separation = limit.coneAngle - angle;
  Vec6 direction = Vec6::Zero();
  direction.head<3>() = -nChild;
  const double rate = -nChild.dot(state_.motion.v.segment<3>(j.idx_v));
  if (separation > settings_.solver.linearSlop + h * std::abs(rate) + 1e-3) return;
  work_.rows.rows.emplace_back();
  ConstraintRow& row = work_.rows.rows.back();
  row.kind = RowKind::JointLimit;
  setJointRow(model_, data_, limit.link, direction, work_.rows, row, work_.scratch.data());
  row.separation = separation;
  row.restitution = limit.restitution;
  row.approachVelocity = -nChild.dot(velocityBefore.segment<3>(j.idx_v));
}

// Bounded Coulomb joint friction: q̇ → 0 with |λ| ≤ F h.
void World::addJointFrictionRows(double h) {
  for (int link = 0; link < model_.nlinks; ++link) {
    const JointModel& j = model_.joints[size_t(link)];
    for (int k = 0; k < j.nv; ++k) {
      const double bound = model_.coulombFriction[size_t(j.idx_v + k)] * h;
      if (bound <= 0) continue;
      Vec6 direction = Vec6::Zero();
      direction[k] = 1;
      work_.rows.rows.emplace_back();
      ConstraintRow& row = work_.rows.rows.back();
      row.kind = RowKind::JointFriction;
      setJointRow(model_, data_, link, direction, work_.rows, row, work_.scratch.data());
      row.lower = -bound, row.upper = bound;
    }
  }
}

// Velocity and position motors (prescribed ones move by hybrid dynamics instead).
void World::addMotorRows(const Eigen::VectorXd& velocityBefore, double h) {
  ConstraintSet& rows = work_.rows;
  for (size_t index = 0; index < state_.motors.size(); ++index) {
    const JointMotor& m = state_.motors[index];
    if (m.mode == MotorMode::Prescribed) continue;
    // (Before the row is added: reading an impulse joint's coordinate uses a scratch row.)
    const double q = m.mode == MotorMode::Position ? std::get<0>(coordinateState(m.link, m.impulseJoint, velocityBefore)) : 0;
    rows.rows.emplace_back();
    ConstraintRow& row = rows.rows.back();
    row.kind = RowKind::Motor;
    row.motor = int(index);
    setCoordinateRow(m.link, m.impulseJoint, 1.0, row, work_.scratch.data());
    const double bound = m.maxEffort > 0 ? m.maxEffort * h : kUnbounded;
    row.lower = -bound, row.upper = bound;
    if (m.mode == MotorMode::Velocity) {
      row.target = m.targetVelocity;
    } else {
      // Implicit PD (Catto's soft constraint): the effort k(q* − q_{n+1}) + c(q̇* − q̇_{n+1})
      // over the step, solved for the end-of-step state, so any gain is stable.
      const double k = m.stiffness, c = m.damping;
      const double denominator = h * k + c;
      if (denominator <= 0) {
        rows.rows.pop_back();
        continue;
      }
      row.softness = 1.0 / (h * denominator);
      row.target = (k * (m.targetPosition - q) + c * m.targetVelocity) / denominator;
    }
  }
}

// A row on a 1-DoF joint's own coordinate, times sign: the joint's velocity coordinate for a
// reduced joint, the relative turn or slide of the two links for an impulse joint.
void World::setCoordinateRow(int link, int impulseJoint, double sign, ConstraintRow& row, double* scratch) {
  if (impulseJoint < 0) {
    Vec6 direction = Vec6::Zero();
    direction[0] = sign;
    setJointRow(model_, data_, link, direction, work_.rows, row, scratch);
    return;
  }
  const ImpulseJoint& joint = interactions_.impulseJoints[size_t(impulseJoint)];
  const LinkFrame A = linkFrame(joint.linkA), B = linkFrame(joint.linkB);
  const Vec3 axis = sign * jointAxisWorld(joint, A);
  if (joint.type == JointType::Prismatic)
    setTwoPointRow(model_, data_, joint.linkA, A.point(joint.anchorA), joint.linkB, B.point(joint.anchorB), axis, work_.rows,
                   row, scratch);
  else
    setAngularRow(model_, data_, joint.linkA, joint.linkB, axis, work_.rows, row, scratch);
}

// (q, q̇, q̇ before the step's forces) of a 1-DoF joint, reduced or impulse.
std::tuple<double, double, double> World::coordinateState(int link, int impulseJoint,
                                                          const Eigen::VectorXd& velocityBefore) {
  if (impulseJoint < 0) {
    const JointModel& j = model_.joints[size_t(link)];
    return {state_.motion.q[j.idx_q], state_.motion.v[j.idx_v], velocityBefore[j.idx_v]};
  }
  const ImpulseJoint& joint = interactions_.impulseJoints[size_t(impulseJoint)];
  const double q = jointCoordinate(joint, linkFrame(joint.linkA), linkFrame(joint.linkB));
  // The rates from a scratch row (J only; its pool entries are dropped again).
  ConstraintSet& set = work_.rows;
  const size_t rowsBefore = set.rows.size(), poolBefore = set.pool.size();
  set.rows.emplace_back();
  setCoordinateRow(link, impulseJoint, 1.0, set.rows.back(), work_.scratch.data());
  const double qd = rowVelocity(model_, set, set.rows.back(), state_.motion.v);
  const double qdBefore = rowVelocity(model_, set, set.rows.back(), velocityBefore);
  set.rows.resize(rowsBefore);
  set.pool.resize(poolBefore);
  return {q, qd, qdBefore};
}

}  // namespace fw
