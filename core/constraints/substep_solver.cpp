// The substepped solve (Box2D v3's soft step, Catto 2024) over the packed rows of sweep_rows.h:
// the same relaxations, in the same order and with the same arithmetic, as constraint_solver.cpp
// does on whole ConstraintRows.
#include <algorithm>
#include <cmath>

#include "constraints/constraint_solver.h"
#include "constraints/friction_cone.h"
#include "constraints/row_products.h"

namespace fw {
namespace {

SweepSide sweepSide(const Model& model, const RowSide& side) {
  if (side.tree < 0) return {};
  return {model.treeFirstV[size_t(side.tree)], side.offset, side.size};
}

// J·x on one side; a free body's side (6 coordinates) as one fixed-size product.
double packedSideVelocity(const double* pool, const SweepSide& side, const double* v) {
  const double* J = pool + side.offset;
  const double* x = v + side.velocity;
  if (side.size == 6) return dot6(J, x);
  double s = 0;
  for (int k = 0; k < side.size; ++k) s += J[k] * x[k];
  return s;
}

// x += W λ on one side.
void applyPackedSide(const double* pool, const SweepSide& side, double impulse, double* v) {
  const double* W = pool + side.offset + side.size;
  double* out = v + side.velocity;
  if (side.size == 6) {
    addScaled6(out, W, impulse);
    return;
  }
  for (int k = 0; k < side.size; ++k) out[k] += W[k] * impulse;
}

template <class Row>
double velocityOf(const double* pool, const Row& row, const double* v) {
  double s = 0;
  if (row.a.velocity >= 0) s += packedSideVelocity(pool, row.a, v);
  if (row.b.velocity >= 0) s += packedSideVelocity(pool, row.b, v);
  return s;
}

template <class Row>
void applyImpulse(const double* pool, const Row& row, double impulse, double* v) {
  if (row.a.velocity >= 0) applyPackedSide(pool, row.a, impulse, v);
  if (row.b.velocity >= 0) applyPackedSide(pool, row.b, impulse, v);
}

// The packed rows of `set`, in sweep order, with the rows' impulses divided by n (per substep).
void packRows(const Model& model, ConstraintSet& set, int n) {
  SweepRows& sweep = set.sweep;
  sweep.normals.clear();
  sweep.friction.clear();
  sweep.place.resize(set.rows.size());
  for (size_t r = 0; r < set.rows.size(); ++r) {
    const ConstraintRow& row = set.rows[r];
    if (row.kind == RowKind::ContactFriction || row.kind == RowKind::ContactTwist) continue;
    sweep.place[r] = int(sweep.normals.size());
    SweepRow& packed = sweep.normals.emplace_back();
    packed.a = sweepSide(model, row.a), packed.b = sweepSide(model, row.b);
    packed.inverseMass = row.inverseMass;
    packed.impulse = row.impulse / n;
    packed.lower = row.lower, packed.upper = row.upper;
    packed.softness = row.softness;
    packed.target = row.target;
    packed.gap = row.separation;
    packed.row = int(r);
    packed.unilateral = row.kind == RowKind::ContactNormal || row.kind == RowKind::JointLimit;
  }
  for (size_t r = 0; r < set.rows.size(); ++r) {
    const ConstraintRow& row = set.rows[r];
    if (row.kind != RowKind::ContactFriction && row.kind != RowKind::ContactTwist) continue;
    sweep.place[r] = -1 - int(sweep.friction.size());
    SweepFrictionRow& packed = sweep.friction.emplace_back();
    packed.a = sweepSide(model, row.a), packed.b = sweepSide(model, row.b);
    packed.inverseMass = row.inverseMass;
    packed.impulse = row.impulse / n;
    packed.friction = row.friction;
    packed.normalFirst = sweep.place[size_t(row.normalRow)];
    packed.normalCount = row.normalCount;
    packed.row = int(r);
    packed.twist = row.kind == RowKind::ContactTwist;
  }
}

// The impulses back onto the rows, × n (per step again).
void unpackImpulses(ConstraintSet& set, int n) {
  for (const SweepRow& packed : set.sweep.normals) set.rows[size_t(packed.row)].impulse = packed.impulse * n;
  for (const SweepFrictionRow& packed : set.sweep.friction) set.rows[size_t(packed.row)].impulse = packed.impulse * n;
}

// Catto's soft contact ("Solver2D", 2024; Box2D v3) for a substep hs: a spring of `hertz` with
// damping ratio zeta pushes a penetration out at biasRate × depth, with the row's mass scaled.
// Box2D's third term, which relaxes the accumulated impulse, is left out: it lets a loaded
// contact sag in proportion to its load (3.7 cm over a ten-box stack at 30 Hz).
struct Softness {
  double biasRate, massScale;
};

Softness soft(double hertz, double zeta, double hs) {
  const double omega = 2 * M_PI * hertz;
  const double a1 = 2 * zeta + hs * omega, a2 = hs * omega * a1;
  return {omega / a1, a2 / (1 + a2)};
}

// One substep's sweeps over the packed rows, on velocities v; `pushing` relaxes penetrating
// unilateral rows softly towards pushing their depth beyond the slop out, else rigidly.
class Sweeper {
 public:
  Sweeper(ConstraintSet& set, double* v, double hs, const Softness& softness, const SolverSettings& settings)
      : pool_(set.pool.data()), sweep_(set.sweep), v_(v), hs_(hs), softness_(softness), settings_(settings) {}

  // Every non-friction row once, then the friction anchors with the normal impulses just found
  // (Bullet's order). Returns the largest velocity change made, m/s (rad/s).
  double sweep(bool pushing) {
    double largest = 0;
    for (SweepRow& row : sweep_.normals) {
      if (!(row.inverseMass > 0)) continue;
      largest = std::max(largest, pushing && row.unilateral && row.gap <= 0 ? push(row) : relax(row));
    }
    return std::max(largest, relaxFriction());
  }

 private:
  // A speculative row (gap > 0) may close it within the substep; a touching one may not approach.
  double relax(SweepRow& row) {
    const double target = row.unilateral && row.gap > 0 ? -row.gap / hs_ : row.target;
    const double velocity = velocityOf(pool_, row, v_);
    const double old = row.impulse;
    const double unclamped = old - (velocity - target + row.softness * old) / (row.inverseMass + row.softness);
    row.impulse = std::clamp(unclamped, row.lower, row.upper);
    if (row.impulse == old) return 0;
    applyImpulse(pool_, row, row.impulse - old, v_);
    return std::abs(row.impulse - old) * row.inverseMass;
  }

  double push(SweepRow& row) {
    const double depth = std::max(-row.gap - settings_.linearSlop, 0.0);
    const double target = std::min(softness_.biasRate * depth, settings_.maxCorrectionVelocity);
    const double old = row.impulse;
    row.impulse = std::max(old - softness_.massScale * (velocityOf(pool_, row, v_) - target) / row.inverseMass, 0.0);
    if (row.impulse == old) return 0;
    applyImpulse(pool_, row, row.impulse - old, v_);
    return std::abs(row.impulse - old) * row.inverseMass;
  }

  // μ times the manifold's whole normal impulse. The normal impulses stay put while the friction
  // rows relax, so a manifold's sum is taken once per sweep and shared by its tangents and twist.
  double bound(const SweepFrictionRow& row) {
    if (row.normalFirst != summedFirst_) {
      summedFirst_ = row.normalFirst;
      summedNormal_ = 0;
      for (int k = 0; k < row.normalCount; ++k) summedNormal_ += sweep_.normals[size_t(row.normalFirst + k)].impulse;
    }
    return row.friction * summedNormal_;
  }

  double relaxTwist(SweepFrictionRow& row) {
    const double limit = bound(row);
    const double old = row.impulse;
    row.impulse = std::clamp(old - velocityOf(pool_, row, v_) / row.inverseMass, -limit, limit);
    if (row.impulse == old) return 0;
    applyImpulse(pool_, row, row.impulse - old, v_);
    return std::abs(row.impulse - old) * row.inverseMass;
  }

  // The two tangents together: each relaxed, then projected (friction_cone.h).
  void relaxPair(SweepFrictionRow& t1, SweepFrictionRow& t2) {
    const double limit = bound(t1);
    const double old1 = t1.impulse, old2 = t2.impulse;
    double l1 = old1 - velocityOf(pool_, t1, v_) / t1.inverseMass;
    double l2 = old2 - velocityOf(pool_, t2, v_) / t2.inverseMass;
    projectOntoFrictionBound(l1, l2, limit, settings_.cone);
    t1.impulse = l1, t2.impulse = l2;
    if (l1 != old1) applyImpulse(pool_, t1, l1 - old1, v_);
    if (l2 != old2) applyImpulse(pool_, t2, l2 - old2, v_);
  }

  double relaxFriction() {
    double largest = 0;
    summedFirst_ = -1;
    std::vector<SweepFrictionRow>& rows = sweep_.friction;
    for (size_t r = 0; r < rows.size(); ++r) {
      SweepFrictionRow& row = rows[r];
      if (row.twist) {
        if (row.inverseMass > 0) largest = std::max(largest, relaxTwist(row));
      } else if (secondTangentRow(r) < rows.size()) {
        SweepFrictionRow& t2 = rows[secondTangentRow(r)];
        const double before1 = row.impulse, before2 = t2.impulse;
        if (row.inverseMass > 0 && t2.inverseMass > 0) relaxPair(row, t2);
        largest = std::max({largest, std::abs(row.impulse - before1) * row.inverseMass,
                            std::abs(t2.impulse - before2) * t2.inverseMass});
        r = secondTangentRow(r);
      }
    }
    return largest;
  }

  const double* pool_;
  SweepRows& sweep_;
  double* v_;
  double hs_;
  Softness softness_;
  const SolverSettings& settings_;
  int summedFirst_ = -1;  // the manifold whose normal impulses summedNormal_ holds
  double summedNormal_ = 0;
};

// Every packed row's impulse applied to v, in the rows' order (as warmStart: the sums on a
// body's velocity come out bitwise the same).
void warmStartPacked(const ConstraintSet& set, double* v) {
  const double* pool = set.pool.data();
  for (const int place : set.sweep.place) {
    if (place >= 0) {
      const SweepRow& row = set.sweep.normals[size_t(place)];
      if (row.impulse != 0) applyImpulse(pool, row, row.impulse, v);
    } else {
      const SweepFrictionRow& row = set.sweep.friction[size_t(-1 - place)];
      if (row.impulse != 0) applyImpulse(pool, row, row.impulse, v);
    }
  }
}

// set.work += each row's λ J (q̇ before + q̇ now)/2 over the substep; set.speed = J q̇ now.
template <class Row>
void bookWork(ConstraintSet& set, const std::vector<Row>& rows, const double* v) {
  for (const Row& row : rows) {
    const size_t r = size_t(row.row);
    const double speed = velocityOf(set.pool.data(), row, v);
    set.work[r] += 0.5 * row.impulse * (set.speed[r] + speed);
    set.speed[r] = speed;
  }
}

template <class Row>
void startSpeeds(ConstraintSet& set, const std::vector<Row>& rows, const double* v) {
  for (const Row& row : rows) set.speed[size_t(row.row)] = velocityOf(set.pool.data(), row, v);
}

}  // namespace

void solveSubsteps(const Model& model, ConstraintSet& set, const Eigen::VectorXd& smoothChange, Eigen::VectorXd& v,
                   Eigen::VectorXd& displacement, Eigen::VectorXd& meanVelocity, double h, int n,
                   const SolverSettings& settings) {
  const double hs = h / n;
  const int sweeps = std::max(1, settings.velocityIterations / n);
  // Box2D's contact spring: 30 Hz, or a quarter of the substep rate if that is lower.
  const Softness softness = soft(std::min(30.0, 0.25 / hs), 10.0, hs);
  packRows(model, set, n);
  Sweeper sweeper(set, v.data(), hs, softness, settings);
  v.noalias() -= smoothChange;
  displacement.setZero();
  // Σₖ (q̇ₖ₋₁ + q̇ₖ)/2n = (q̇₀ − q̇ₙ)/2n + Σₖ q̇ₖ/n, with the relaxed q̇ₖ (not the pushed ones
  // that move q: the push's velocity is relaxed away and changes no kinetic energy).
  meanVelocity = v / (2.0 * n);
  set.work.assign(set.rows.size(), 0.0);
  set.speed.resize(set.rows.size());
  startSpeeds(set, set.sweep.normals, v.data());
  startSpeeds(set, set.sweep.friction, v.data());
  for (int substep = 0; substep < n; ++substep) {
    v.noalias() += smoothChange / n;
    warmStartPacked(set, v.data());
    for (int sweep = 0; sweep < sweeps; ++sweep)
      if (sweeper.sweep(true) < settings.convergence) break;
    displacement.noalias() += hs * v;
    // The separations follow the displacement to first order: s + J Δq.
    for (SweepRow& row : set.sweep.normals)
      if (row.unilateral)
        row.gap = set.rows[size_t(row.row)].separation + velocityOf(set.pool.data(), row, displacement.data());
    // Relax once (Box2D v3's choice): one sweep without the bias takes the push's velocity out;
    // what it leaves, the next substep's sweeps start from. The pyramid at 1/60 s stands within
    // a millimetre of where it stood with as many relaxing sweeps as pushing ones.
    sweeper.sweep(false);
    bookWork(set, set.sweep.normals, v.data());
    bookWork(set, set.sweep.friction, v.data());
    meanVelocity.noalias() += v / n;
  }
  meanVelocity.noalias() -= v / (2.0 * n);
  unpackImpulses(set, n);
}

}  // namespace fw
