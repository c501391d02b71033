// The world's contact pipeline: colliders follow their links, the broad phase pairs them, the
// narrow phase makes manifolds, and every contact point, limit, joint friction and motor
// becomes solver rows (constraints/). Last step's impulses warm-start the persistent points.
#include <algorithm>
#include <cmath>
#include <tuple>

#include "algorithms/forward_kinematics.h"
#include "collision/narrow_phase.h"
#include "constraints/joint_row.h"
#include "constraints/point_row.h"

#include "world/world.h"

namespace fw {

bool contactOrder(const Contact& a, const Contact& b) {
  if (a.colliderA != b.colliderA) return a.colliderA < b.colliderA;
  if (a.colliderB != b.colliderB) return a.colliderB < b.colliderB;
  return a.feature < b.feature;
}

namespace {

// Two tangents completing the normal to a right-handed frame, chosen the same way every step.
void tangents(const Vec3& n, Vec3& t1, Vec3& t2) {
  t1 = std::abs(n.x()) < 0.57 ? Vec3::UnitX().cross(n) : Vec3::UnitY().cross(n);
  t1.normalize();
  t2 = n.cross(t1);
}

}  // namespace

// Poses and bounds from the kinematics in data_ (positions and velocities). A moving collider's
// bounds also cover how far it can travel in one step — |v| h + |ω| r h at its velocity now, plus
// what gravity adds over the step — so that a fast body finds what it is about to hit as a
// speculative contact (Catto, "Speculative contacts", 2013; Box2D v3, Rapier) instead of
// tunnelling into it: a box falling from 5 m moves 0.17 m per 1/60 s step, far past the fixed
// margin.
void World::updateColliders() {
  const double margin = settings_.solver.speculativeMargin;
  const double h = settings_.timestep, fall = model_.gravity.norm() * h * h;
  for (Collider& c : interactions_.colliders) {
    const Mat3 local = c.shape.orientation.normalized().toRotationMatrix();
    c.sweep = c.turn = 0;
    c.velocity.setZero();
    if (c.link < 0) {
      c.pose.rotation = local;
      c.pose.position = c.shape.position;
    } else {
      const Mat3 R = linkRotation(data_, c.link);
      c.pose.rotation = R * local;
      c.pose.position = R * c.shape.position + linkPosition(data_, c.link);
    }
    c.aabb = shapeAabb(c.shape, c.pose);
    if (c.link >= 0 && model_.treeNv(model_.treeOf[size_t(c.link)]) > 0 && c.shape.type != ShapeType::Plane) {
      const Motion& v = data_.v[size_t(c.link)];  // link coordinates
      const Mat3 R = linkRotation(data_, c.link);
      const Vec3 centre = 0.5 * (c.aabb.upper + c.aabb.lower);
      const Vec3 arm = R.transpose() * (centre - linkPosition(data_, c.link));
      c.velocity = R * (v.linear + v.angular.cross(arm));
      c.turn = h * v.angular.norm() * 0.5 * (c.aabb.upper - c.aabb.lower).norm();
      c.sweep = h * c.velocity.norm() + c.turn + fall;
    }
    c.aabb.lower.array() -= std::max(margin, c.sweep);
    c.aabb.upper.array() += std::max(margin, c.sweep);
  }
}

bool World::canCollide(int a, int b) const {
  const Collider& ca = interactions_.colliders[size_t(a)];
  const Collider& cb = interactions_.colliders[size_t(b)];
  const auto immovable = [this](int link) { return link < 0 || model_.treeNv(model_.treeOf[size_t(link)]) == 0; };
  if (immovable(ca.link) && immovable(cb.link)) return false;  // static pairs never move
  if (ca.link == cb.link) return false;
  if (!(ca.shape.collisionGroup & cb.shape.collisionMask) || !(cb.shape.collisionGroup & ca.shape.collisionMask))
    return false;
  if (ca.link >= 0 && cb.link >= 0) {
    const int tree = model_.treeOf[size_t(ca.link)];
    if (tree == model_.treeOf[size_t(cb.link)]) {
      // Links joined by a joint always overlap near it: never a contact.
      if (model_.parent[size_t(ca.link)] == cb.link || model_.parent[size_t(cb.link)] == ca.link) return false;
      if (!interactions_.selfCollision[size_t(tree)]) return false;
    } else {
      const int family = interactions_.collisionFamily[size_t(tree)];
      if (family >= 0 && family == interactions_.collisionFamily[size_t(model_.treeOf[size_t(cb.link)])]) return false;
    }
  }
  if (ca.shape.type == ShapeType::Plane && cb.shape.type == ShapeType::Plane) return false;
  for (const ImpulseJoint& j : interactions_.impulseJoints)  // joined by an impulse joint
    if ((j.linkA == ca.link && j.linkB == cb.link) || (j.linkA == cb.link && j.linkB == ca.link)) return false;
  return true;
}

void World::findContacts(double margin, bool swept) {
  std::swap(contacts_, previousContacts_);
  contacts_.clear();
  // A sleeper woken by a touch needs its own resting contacts (the ground under it) in this very
  // step, so the search runs again until nothing more wakes.
  for (bool woke = true; woke;) {
    woke = false;
    contacts_.clear();
    broadPhase_.findPairs(interactions_.colliders,
                          [&](int a, int b) { return canCollide(a, b) && !(colliderResting(a) && colliderResting(b)); }, pairs_);
    Manifold manifold;
    for (const auto& [a, b] : pairs_) {
      const Collider& ca = interactions_.colliders[size_t(a)];
      const Collider& cb = interactions_.colliders[size_t(b)];
      // How far the two can close in on each other this step: their relative motion, not each
      // one's (boxes settling together keep the fixed margin, and the pile its row count).
      const double h = settings_.timestep;
      const double closing = h * (ca.velocity - cb.velocity).norm() + ca.turn + cb.turn + model_.gravity.norm() * h * h;
      const double reach = swept ? std::max(margin, closing) : margin;
      if (!collide(ca.shape, ca.pose, cb.shape, cb.pose, reach, manifold)) continue;
      // An awake body reaching a sleeping one wakes it (the filter let no pair of two resting
      // sides through, so one side here is awake).
      for (const int tree : {treeOfLink(ca.link), treeOfLink(cb.link)}) {
        if (!treeAsleep(tree)) continue;
        wakeTree(tree);
        woke = true;
      }
      for (int k = 0; k < manifold.count; ++k) {
        Contact c;
        c.colliderA = a, c.colliderB = b;
        c.feature = manifold.points[k].feature;
        c.point = manifold.points[k].position;
        c.normal = manifold.normal;
        c.separation = manifold.points[k].separation;
        contacts_.push_back(c);
      }
    }
  }
  std::sort(contacts_.begin(), contacts_.end(), contactOrder);
  // Warm start: a point with the same pair and features as last step starts from its impulses.
  if (settings_.solver.warmStarting) {
    for (Contact& c : contacts_) {
      auto it = std::lower_bound(previousContacts_.begin(), previousContacts_.end(), c, contactOrder);
      if (it != previousContacts_.end() && it->colliderA == c.colliderA && it->colliderB == c.colliderB &&
          it->feature == c.feature) {
        c.normalImpulse = it->normalImpulse;
        c.frictionImpulse = it->frictionImpulse - it->frictionImpulse.dot(c.normal) * c.normal;
        c.twistImpulse = it->twistImpulse;
      }
    }
  }
  stepStats_.contacts = int(contacts_.size());
}

// A row on a 1-DoF joint's own coordinate, times sign: the joint's velocity coordinate for a
// reduced joint, the relative turn or slide of the two links for an impulse joint.
void World::setCoordinateRow(int link, int impulseJoint, double sign, ConstraintRow& row, double* scratch) {
  if (impulseJoint < 0) {
    Vec6 direction = Vec6::Zero();
    direction[0] = sign;
    setJointRow(model_, data_, link, direction, rows_, row, scratch);
    return;
  }
  const ImpulseJoint& joint = interactions_.impulseJoints[size_t(impulseJoint)];
  const LinkFrame A = linkFrame(joint.linkA), B = linkFrame(joint.linkB);
  const Vec3 axis = sign * jointAxisWorld(joint, A);
  if (joint.type == ImpulseJointType::Slider)
    setTwoPointRow(model_, data_, joint.linkA, A.point(joint.anchorA), joint.linkB, B.point(joint.anchorB), axis, rows_,
                   row, scratch);
  else
    setAngularRow(model_, data_, joint.linkA, joint.linkB, axis, rows_, row, scratch);
}

// (q, q̇, q̇ before the step's forces) of a 1-DoF joint, reduced or impulse.
std::tuple<double, double, double> World::coordinateState(int link, int impulseJoint,
                                                          const Eigen::VectorXd& velocityBefore) {
  if (impulseJoint < 0) {
    const JointModel& j = model_.joints[size_t(link)];
    return {state_.q[j.idx_q], state_.v[j.idx_v], velocityBefore[j.idx_v]};
  }
  const ImpulseJoint& joint = interactions_.impulseJoints[size_t(impulseJoint)];
  const double q = jointCoordinate(joint, linkFrame(joint.linkA), linkFrame(joint.linkB));
  // The rates from a scratch row (J only; its pool entries are dropped again).
  ConstraintSet& set = rows_;
  const size_t rowsBefore = set.rows.size(), poolBefore = set.pool.size();
  set.rows.emplace_back();
  setCoordinateRow(link, impulseJoint, 1.0, set.rows.back(), scratch_.data());
  const double qd = rowVelocity(model_, set, set.rows.back(), state_.v);
  const double qdBefore = rowVelocity(model_, set, set.rows.back(), velocityBefore);
  set.rows.resize(rowsBefore);
  set.pool.resize(poolBefore);
  return {q, qd, qdBefore};
}

void World::buildRows(const Eigen::VectorXd& velocityBefore, double h, bool withMotors) {
  rows_.clear();
  double* scratch = scratch_.data();
  const SolverSettings& solver = settings_.solver;

  // One manifold at a time (contacts_ is sorted by pair): a normal row per point, then one
  // friction anchor at the points' centroid (two tangents and a twist).
  for (size_t first = 0; first < contacts_.size();) {
    size_t end = first + 1;
    while (end < contacts_.size() && contacts_[end].colliderA == contacts_[first].colliderA &&
           contacts_[end].colliderB == contacts_[first].colliderB)
      ++end;
    const Contact& lead = contacts_[first];
    const Collider& ca = interactions_.colliders[size_t(lead.colliderA)];
    const Collider& cb = interactions_.colliders[size_t(lead.colliderB)];
    const double mu = mixFriction(ca.shape.friction, cb.shape.friction);
    const double e = mixRestitution(ca.shape.restitution, cb.shape.restitution);

    const int normalRow = int(rows_.rows.size());
    Vec3 centroid = Vec3::Zero();
    for (size_t i = first; i < end; ++i) {
      const Contact& c = contacts_[i];
      centroid += c.point;
      rows_.rows.emplace_back();
      ConstraintRow& normal = rows_.rows.back();
      normal.kind = RowKind::ContactNormal;
      normal.contact = int(i);
      setPointRow(model_, data_, ca.link, cb.link, c.point, c.normal, rows_, normal, scratch);
      normal.separation = c.separation;
      normal.restitution = e;
      normal.approachVelocity = rowVelocity(model_, rows_, normal, velocityBefore);
      normal.impulse = c.normalImpulse;
    }
    const int count = int(end - first);
    centroid /= double(count);
    const Vec3& n = lead.normal;
    if (mu > 0) {
      Vec3 t[2];
      tangents(n, t[0], t[1]);
      for (int k = 0; k < 2; ++k) {
        rows_.rows.emplace_back();
        ConstraintRow& row = rows_.rows.back();
        row.kind = RowKind::ContactFriction;
        row.contact = int(first);
        setPointRow(model_, data_, ca.link, cb.link, centroid, t[k], rows_, row, scratch);
        row.lower = -kUnbounded;
        row.normalRow = normalRow, row.normalCount = count;
        row.friction = mu;
        row.impulse = lead.frictionImpulse.dot(t[k]);
      }
      // Twist: friction against turning about the normal, with the patch's mean radius as arm.
      double radius = 0;
      for (size_t i = first; i < end; ++i) radius += (contacts_[i].point - centroid).norm();
      radius /= double(count);
      if (count >= 2 && radius > 1e-6) {
        rows_.rows.emplace_back();
        ConstraintRow& row = rows_.rows.back();
        row.kind = RowKind::ContactTwist;
        row.contact = int(first);
        setAngularRow(model_, data_, ca.link, cb.link, n, rows_, row, scratch);
        row.lower = row.upper = 0;  // set from the normal impulses while solving
        row.normalRow = normalRow, row.normalCount = count;
        row.friction = mu * radius;
        row.impulse = lead.twistImpulse;
      }
    }
    first = end;
  }

  // Limits: a row only when the limit is within reach of this step.
  auto addLimitRow = [&](const JointLimit& limit, double sign, double separation, double approach) {
    rows_.rows.emplace_back();
    ConstraintRow& row = rows_.rows.back();
    row.kind = RowKind::JointLimit;
    setCoordinateRow(limit.link, limit.impulseJoint, sign, row, scratch);
    row.separation = separation;
    row.restitution = limit.restitution;
    row.approachVelocity = approach;
  };
  for (const JointLimit& limit : interactions_.limits) {
    const JointModel& j = model_.joints[size_t(limit.link)];
    if (limit.cone) {
      // The child's z axis a = R ez (joint frame) may lean at most coneAngle from ez; the lean
      // grows at the rate n·ω with n = (ez × a)/|ez × a| (joint frame), i.e. (Rᵀ n)·ω_child.
      const Mat3 R = quaternionAt(state_.q, j.idx_q).toRotationMatrix();
      const Vec3 a = R.col(2);
      const double angle = std::acos(std::clamp(a.z(), -1.0, 1.0));
      const Vec3 axis = Vec3::UnitZ().cross(a);
      if (axis.norm() < 1e-9) continue;
      const Vec3 nChild = R.transpose() * axis.normalized();
      const double separation = limit.coneAngle - angle;
      Vec6 direction = Vec6::Zero();
      direction.head<3>() = -nChild;
      const double rate = -nChild.dot(state_.v.segment<3>(j.idx_v));
      if (separation > solver.linearSlop + h * std::abs(rate) + 1e-3) continue;
      rows_.rows.emplace_back();
      ConstraintRow& row = rows_.rows.back();
      row.kind = RowKind::JointLimit;
      setJointRow(model_, data_, limit.link, direction, rows_, row, scratch);
      row.separation = separation;
      row.restitution = limit.restitution;
      row.approachVelocity = -nChild.dot(velocityBefore.segment<3>(j.idx_v));
      continue;
    }
    const auto [q, qd, qdBefore] = coordinateState(limit.link, limit.impulseJoint, velocityBefore);
    for (int side = 0; side < 2; ++side) {
      const double sign = side == 0 ? 1.0 : -1.0;  // lower: q̇ ≥ …; upper: −q̇ ≥ …
      const double separation = side == 0 ? q - limit.lower : limit.upper - q;
      if (separation > solver.linearSlop + h * std::abs(qd)) continue;
      addLimitRow(limit, sign, separation, sign * qdBefore);
    }
  }

  // Bounded Coulomb joint friction: q̇ → 0 with |λ| ≤ F h.
  for (int link = 0; link < model_.nlinks; ++link) {
    const JointModel& j = model_.joints[size_t(link)];
    for (int k = 0; k < j.nv; ++k) {
      const double bound = model_.coulombFriction[size_t(j.idx_v + k)] * h;
      if (bound <= 0) continue;
      Vec6 direction = Vec6::Zero();
      direction[k] = 1;
      rows_.rows.emplace_back();
      ConstraintRow& row = rows_.rows.back();
      row.kind = RowKind::JointFriction;
      setJointRow(model_, data_, link, direction, rows_, row, scratch);
      row.lower = -bound, row.upper = bound;
    }
  }

  if (withMotors) {
    for (size_t index = 0; index < interactions_.motors.size(); ++index) {
      const JointMotor& m = interactions_.motors[index];
      if (m.mode == MotorMode::Prescribed) continue;
      // (Before the row is added: reading an impulse joint's coordinate uses a scratch row.)
      const double q = m.mode == MotorMode::Position ? std::get<0>(coordinateState(m.link, m.impulseJoint, velocityBefore)) : 0;
      rows_.rows.emplace_back();
      ConstraintRow& row = rows_.rows.back();
      row.kind = RowKind::Motor;
      row.motor = int(index);
      setCoordinateRow(m.link, m.impulseJoint, 1.0, row, scratch);
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
          rows_.rows.pop_back();
          continue;
        }
        row.softness = 1.0 / (h * denominator);
        row.target = (k * (m.targetPosition - q) + c * m.targetVelocity) / denominator;
      }
    }
  }
  for (size_t k = 0; k < interactions_.impulseJoints.size(); ++k) appendJointRows(rows_, k);
  stepStats_.rows = int(rows_.rows.size());
}

void World::storeImpulses() {
  for (ConstraintRow& row : rows_.rows) {
    if (row.contact < 0) continue;
    Contact& c = contacts_[size_t(row.contact)];
    if (row.kind == RowKind::ContactNormal) {
      c.normalImpulse = row.impulse;
      c.frictionImpulse.setZero();
      c.twistImpulse = 0;
    }
  }
  for (const ConstraintRow& row : rows_.rows)
    if (row.kind == RowKind::ContactTwist) contacts_[size_t(row.contact)].twistImpulse = row.impulse;
  // Friction impulses as world vectors, so next step's tangents can differ.
  for (size_t r = 0; r < rows_.rows.size(); ++r) {
    const ConstraintRow& row = rows_.rows[r];
    if (row.kind != RowKind::ContactFriction) continue;
    Contact& c = contacts_[size_t(row.contact)];
    Vec3 t[2];
    tangents(c.normal, t[0], t[1]);
    c.frictionImpulse = row.impulse * t[0] + rows_.rows[r + 1].impulse * t[1];
    ++r;
  }
  for (const ConstraintRow& row : rows_.rows)
    if (row.motor >= 0) interactions_.motors[size_t(row.motor)].effort = row.impulse / settings_.timestep;
  reportContacts();
}

void World::reportContacts() {
  contactBuffer_.clear();
  const auto report = [this](const Contact& c) {
    for (int k = 0; k < 3; ++k) contactBuffer_.push_back(float(c.point[k]));
    for (int k = 0; k < 3; ++k) contactBuffer_.push_back(float(c.normal[k]));
    contactBuffer_.push_back(float(c.normalImpulse));
    contactBuffer_.push_back(float(c.separation));
  };
  for (const Contact& c : contacts_) report(c);
  // A sleeper woken in this step's search has its contacts in contacts_ again.
  for (const Contact& c : sleepingContacts_)
    if (contactAsleep(c)) report(c);
}

// A side that cannot move this step: static, welded, or asleep. Two of them never meet.
bool World::colliderResting(int collider) const {
  const int tree = treeOfLink(interactions_.colliders[size_t(collider)].link);
  return tree < 0 || asleep_[size_t(tree)];
}

bool World::contactAsleep(const Contact& c) const { return colliderResting(c.colliderA) && colliderResting(c.colliderB); }

}  // namespace fw
