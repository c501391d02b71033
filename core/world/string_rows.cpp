// Ideal strings (parts.h) as unilateral rows of the realtime step: the path pointA → via… →
// pointB may not grow past the string's length. The row's impulse λ ≥ 0 pulls A along the
// path's first segment and B along its last (an ideal pulley turns the pull without loss), so
// J q̇ = u_A · v_A + u_B · v_B = −(rate of the path's length), and the row's separation is
// length − path, exactly a contact's: speculative while slack, pushed back by the split impulse
// when overstretched, and an inelastic impact when it jerks taut.
#include <algorithm>
#include <cmath>

#include "constraints/point_row.h"
#include "world/world.h"

namespace fw {
namespace {

constexpr double kShortestSegment = 1e-12;  // m: shorter, the segment has no direction

}  // namespace

// The path's length now; fills the held points and unit pulls of `f` (zero where an end segment
// has no direction: an end sits on its pulley point).
double World::stringPath(const IdealString& s, PartForce& f) const {
  f.endA = linkFrame(s.linkA).point(s.pointA);
  f.endB = linkFrame(s.linkB).point(s.pointB);
  const Vec3& first = s.via.empty() ? f.endB : s.via.front();
  const Vec3& last = s.via.empty() ? f.endA : s.via.back();
  const Vec3 toFirst = first - f.endA, toLast = last - f.endB;
  double path = toFirst.norm();
  for (size_t i = 1; i < s.via.size(); ++i) path += (s.via[i] - s.via[i - 1]).norm();
  if (!s.via.empty()) path += toLast.norm();
  const bool directed = toFirst.norm() > kShortestSegment && toLast.norm() > kShortestSegment;
  f.directionA = directed ? Vec3(toFirst.normalized()) : Vec3::Zero();
  f.directionB = directed ? Vec3(toLast.normalized()) : Vec3::Zero();
  return path;
}

void World::addStringRows(const Eigen::VectorXd& velocityBefore, double h) {
  ConstraintSet& rows = work_.rows;
  for (size_t k = 0; k < interactions_.strings.size(); ++k) {
    const IdealString& s = interactions_.strings[k];
    PartForce& f = stringForces_[k];
    f.row = -1;
    f.tension = 0;
    const double separation = s.length - stringPath(s, f);
    if (f.directionA.isZero(0)) continue;
    const size_t poolBefore = rows.pool.size();
    rows.rows.emplace_back();
    ConstraintRow& row = rows.rows.back();
    row.kind = RowKind::JointLimit;
    setPullRow(model_, data_, s.linkA, f.endA, f.directionA, s.linkB, f.endB, f.directionB, rows, row, work_.scratch.data());
    // Slack beyond what this step can take up: no row (as a limit out of reach).
    const double rate = rowVelocity(model_, rows, row, state_.motion.v);
    if (row.inverseMass <= 0 || separation > settings_.solver.linearSlop + h * std::max(-rate, 0.0)) {
      rows.rows.pop_back();
      rows.pool.resize(poolBefore);
      continue;
    }
    row.separation = separation;
    row.restitution = 0;
    row.approachVelocity = rowVelocity(model_, rows, row, velocityBefore);
    f.row = int(rows.rows.size() - 1);
  }
}

// The strings' tensions: each row's impulse over the step.
void World::readStringTensions(double h) {
  for (PartForce& f : stringForces_)
    f.tension = f.row >= 0 && size_t(f.row) < work_.rows.rows.size() ? work_.rows.rows[size_t(f.row)].impulse / h : 0.0;
}

}  // namespace fw
