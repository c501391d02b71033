// The substepped solve (Box2D v3's soft step, Catto 2024) over the packed rows of sweep_rows.h,
// island by island: within an island, the same relaxations in the same order and with the same
// arithmetic as constraint_solver.cpp makes on whole ConstraintRows.
#include <algorithm>
#include <cmath>
#include <numeric>

#include "constraints/constraint_solver.h"
#include "constraints/friction_cone.h"
#include "constraints/row_products.h"
#include "constraints/union_find.h"

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

double velocityOf(const double* pool, const SweepSides& row, const double* v) {
  double s = 0;
  if (row.a.velocity >= 0) s += packedSideVelocity(pool, row.a, v);
  if (row.b.velocity >= 0) s += packedSideVelocity(pool, row.b, v);
  return s;
}

void applyImpulse(const double* pool, const SweepSides& row, double impulse, double* v) {
  if (row.a.velocity >= 0) applyPackedSide(pool, row.a, impulse, v);
  if (row.b.velocity >= 0) applyPackedSide(pool, row.b, impulse, v);
}

// Each row's island (trees joined by rows; rows with no moving side make one of their own),
// numbered in the order the rows first meet them, and every row's place: island by island, in
// the rows' order within each, normals and friction apart.
void placeByIsland(const Model& model, ConstraintSet& set) {
  SweepRows& sweep = set.sweep;
  const int trees = model.treeCount();
  sweep.treeParent.resize(size_t(trees));
  std::iota(sweep.treeParent.begin(), sweep.treeParent.end(), 0);
  for (const ConstraintRow& row : set.rows)
    if (row.a.tree >= 0 && row.b.tree >= 0)
      sweep.treeParent[size_t(findRoot(sweep.treeParent, row.a.tree))] = findRoot(sweep.treeParent, row.b.tree);
  sweep.islandOfRoot.assign(size_t(trees) + 1, -1);  // the last: rows with no moving side
  sweep.islands.clear();
  sweep.rowIsland.resize(set.rows.size());
  for (size_t r = 0; r < set.rows.size(); ++r) {
    const ConstraintRow& row = set.rows[r];
    const int tree = row.a.tree >= 0 ? row.a.tree : row.b.tree;
    int& island = sweep.islandOfRoot[tree >= 0 ? size_t(findRoot(sweep.treeParent, tree)) : size_t(trees)];
    if (island < 0) island = int(sweep.islands.size()), sweep.islands.emplace_back();
    sweep.rowIsland[r] = island;
    SweepIsland& counts = sweep.islands[size_t(island)];  // counts for now, in the End fields
    ++(isFrictionRow(row) ? counts.frictionEnd : counts.normalEnd);
  }
  int normals = 0, friction = 0;
  for (SweepIsland& island : sweep.islands) {
    const int n = island.normalEnd, f = island.frictionEnd;
    island.normalBegin = island.normalEnd = normals;  // the Ends are cursors while placing
    island.frictionBegin = island.frictionEnd = friction;
    normals += n, friction += f;
  }
  sweep.place.resize(set.rows.size());
  for (size_t r = 0; r < set.rows.size(); ++r) {
    SweepIsland& island = sweep.islands[size_t(sweep.rowIsland[r])];
    sweep.place[r] = isFrictionRow(set.rows[r]) ? -1 - island.frictionEnd++ : island.normalEnd++;
  }
  sweep.normals.resize(size_t(normals));
  sweep.friction.resize(size_t(friction));
}

// The packed rows of `set`, island by island, with the rows' impulses divided by n (per substep).
void packRows(const Model& model, ConstraintSet& set, int n) {
  placeByIsland(model, set);
  SweepNormalRows& normals = set.sweep.normals;
  SweepFrictionRows& friction = set.sweep.friction;
  for (size_t r = 0; r < set.rows.size(); ++r) {
    const ConstraintRow& row = set.rows[r];
    const int place = set.sweep.place[r];
    const SweepSides sides{sweepSide(model, row.a), sweepSide(model, row.b)};
    if (place >= 0) {
      const size_t k = size_t(place);
      normals.sides[k] = sides;
      const bool unilateral = row.kind == RowKind::ContactNormal || row.kind == RowKind::JointLimit;
      normals.bounds[k] = {row.inverseMass, row.lower, row.upper, row.softness, row.target, row.separation, unilateral};
      normals.impulse[k] = row.impulse / n;
      normals.separation[k] = row.separation;
      normals.row[k] = int(r);
    } else {
      const size_t k = size_t(-1 - place);
      friction.sides[k] = sides;
      friction.inverseMass[k] = row.inverseMass;
      friction.impulse[k] = row.impulse / n;
      friction.friction[k] = row.friction;
      friction.normalFirst[k] = set.sweep.place[size_t(row.normalRow)];
      friction.normalCount[k] = row.normalCount;
      friction.twist[k] = row.kind == RowKind::ContactTwist;
      friction.row[k] = int(r);
    }
  }
}

// The impulses back onto the rows, × n (per step again).
void unpackImpulses(ConstraintSet& set, int n) {
  const SweepRows& sweep = set.sweep;
  for (size_t k = 0; k < sweep.normals.size(); ++k) set.rows[size_t(sweep.normals.row[k])].impulse = sweep.normals.impulse[k] * n;
  for (size_t k = 0; k < sweep.friction.size(); ++k) set.rows[size_t(sweep.friction.row[k])].impulse = sweep.friction.impulse[k] * n;
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

// One substep's sweeps over an island's packed rows, on velocities v; `pushing` relaxes
// penetrating unilateral rows softly towards pushing their depth beyond the slop out, else rigidly.
// It holds the arrays' data pointers, which do not move while the solve runs.
class Sweeper {
 public:
  Sweeper(ConstraintSet& set, double* v, double hs, const Softness& softness, const SolverSettings& settings)
      : pool_(set.pool.data()), v_(v), hs_(hs), softness_(softness), settings_(settings) {
    SweepNormalRows& n = set.sweep.normals;
    SweepFrictionRows& f = set.sweep.friction;
    normal_ = {n.sides.data(), n.bounds.data(), n.impulse.data()};
    friction_ = {f.sides.data(), f.inverseMass.data(), f.impulse.data(), f.friction.data(), f.normalFirst.data(),
                 f.normalCount.data(), f.twist.data()};
  }

  // The island's non-friction rows once, then its friction anchors with the normal impulses just
  // found (Bullet's order). Returns the largest velocity change made, m/s (rad/s).
  double sweep(const SweepIsland& island, bool pushing) {
    double largest = 0;
    for (size_t k = size_t(island.normalBegin); k < size_t(island.normalEnd); ++k) {
      const SweepBounds& c = normal_.bounds[k];
      if (!(c.inverseMass > 0)) continue;
      largest = std::max(largest, pushing && c.unilateral && c.gap <= 0 ? push(k, c) : relax(k, c));
    }
    return std::max(largest, relaxFriction(island));
  }

 private:
  // The impulse of the row with `sides` goes from `old` to `next`: the velocity change on v,
  // and its size.
  double change(const SweepSides& sides, double old, double next, double inverseMass) {
    if (next == old) return 0;
    applyImpulse(pool_, sides, next - old, v_);
    return std::abs(next - old) * inverseMass;
  }

  // A speculative row (gap > 0) may close it within the substep; a touching one may not approach.
  double relax(size_t k, const SweepBounds& c) {
    const double target = c.unilateral && c.gap > 0 ? -c.gap / hs_ : c.target;
    const double velocity = velocityOf(pool_, normal_.sides[k], v_);
    const double old = normal_.impulse[k];
    const double unclamped = old - (velocity - target + c.softness * old) / (c.inverseMass + c.softness);
    const double next = normal_.impulse[k] = std::clamp(unclamped, c.lower, c.upper);
    return change(normal_.sides[k], old, next, c.inverseMass);
  }

  double push(size_t k, const SweepBounds& c) {
    const double depth = std::max(-c.gap - settings_.linearSlop, 0.0);
    const double target = std::min(softness_.biasRate * depth, settings_.maxCorrectionVelocity);
    const double inverseMass = c.inverseMass;
    const double old = normal_.impulse[k];
    const double velocity = velocityOf(pool_, normal_.sides[k], v_);
    const double next = normal_.impulse[k] = std::max(old - softness_.massScale * (velocity - target) / inverseMass, 0.0);
    return change(normal_.sides[k], old, next, inverseMass);
  }

  // μ times the manifold's whole normal impulse. The normal impulses stay put while the friction
  // rows relax, so a manifold's sum is taken once per sweep and shared by its tangents and twist.
  double bound(size_t k) {
    const int first = friction_.normalFirst[k];
    if (first != summedFirst_) {
      summedFirst_ = first;
      summedNormal_ = 0;
      for (int i = 0; i < friction_.normalCount[k]; ++i) summedNormal_ += normal_.impulse[first + i];
    }
    return friction_.friction[k] * summedNormal_;
  }

  double relaxTwist(size_t k) {
    const double limit = bound(k), inverseMass = friction_.inverseMass[k];
    const double old = friction_.impulse[k];
    const double velocity = velocityOf(pool_, friction_.sides[k], v_);
    const double next = friction_.impulse[k] = std::clamp(old - velocity / inverseMass, -limit, limit);
    return change(friction_.sides[k], old, next, inverseMass);
  }

  // The two tangents together: each relaxed, then projected (friction_cone.h).
  void relaxPair(size_t k1, size_t k2) {
    const double limit = bound(k1);
    const double old1 = friction_.impulse[k1], old2 = friction_.impulse[k2];
    double l1 = old1 - velocityOf(pool_, friction_.sides[k1], v_) / friction_.inverseMass[k1];
    double l2 = old2 - velocityOf(pool_, friction_.sides[k2], v_) / friction_.inverseMass[k2];
    projectOntoFrictionBound(l1, l2, limit, settings_.cone);
    friction_.impulse[k1] = l1, friction_.impulse[k2] = l2;
    if (l1 != old1) applyImpulse(pool_, friction_.sides[k1], l1 - old1, v_);
    if (l2 != old2) applyImpulse(pool_, friction_.sides[k2], l2 - old2, v_);
  }

  double relaxFriction(const SweepIsland& island) {
    double largest = 0;
    summedFirst_ = -1;
    const size_t end = size_t(island.frictionEnd);
    for (size_t k = size_t(island.frictionBegin); k < end; ++k) {
      if (friction_.twist[k]) {
        if (friction_.inverseMass[k] > 0) largest = std::max(largest, relaxTwist(k));
      } else if (secondTangentRow(k) < end) {
        const size_t k2 = secondTangentRow(k);
        const double before1 = friction_.impulse[k], before2 = friction_.impulse[k2];
        if (friction_.inverseMass[k] > 0 && friction_.inverseMass[k2] > 0) relaxPair(k, k2);
        largest = std::max({largest, std::abs(friction_.impulse[k] - before1) * friction_.inverseMass[k],
                            std::abs(friction_.impulse[k2] - before2) * friction_.inverseMass[k2]});
        k = k2;
      }
    }
    return largest;
  }

  struct NormalView {
    const SweepSides* sides;
    const SweepBounds* bounds;
    double* impulse;
  };
  struct FrictionView {
    const SweepSides* sides;
    const double* inverseMass;
    double* impulse;
    const double* friction;
    const int* normalFirst;
    const int* normalCount;
    const uint8_t* twist;
  };

  const double* pool_;
  NormalView normal_{};
  FrictionView friction_{};
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
  const SweepRows& sweep = set.sweep;
  for (const int place : sweep.place) {
    if (place >= 0) {
      const double impulse = sweep.normals.impulse[size_t(place)];
      if (impulse != 0) applyImpulse(pool, sweep.normals.sides[size_t(place)], impulse, v);
    } else {
      const double impulse = sweep.friction.impulse[size_t(-1 - place)];
      if (impulse != 0) applyImpulse(pool, sweep.friction.sides[size_t(-1 - place)], impulse, v);
    }
  }
}

// The separations follow the displacement to first order: s + J Δq.
void updateGaps(const ConstraintSet& set, SweepNormalRows& normals, const double* displacement) {
  for (size_t k = 0; k < normals.size(); ++k)
    if (normals.bounds[k].unilateral)
      normals.bounds[k].gap = normals.separation[k] + velocityOf(set.pool.data(), normals.sides[k], displacement);
}

// set.work += each row's λ J (q̇ before + q̇ now)/2 over the substep; set.speed = J q̇ now.
template <class Rows>
void bookWork(ConstraintSet& set, const Rows& rows, const double* v) {
  for (size_t k = 0; k < rows.size(); ++k) {
    const size_t r = size_t(rows.row[k]);
    const double speed = velocityOf(set.pool.data(), rows.sides[k], v);
    set.work[r] += 0.5 * rows.impulse[k] * (set.speed[r] + speed);
    set.speed[r] = speed;
  }
}

template <class Rows>
void startSpeeds(ConstraintSet& set, const Rows& rows, const double* v) {
  for (size_t k = 0; k < rows.size(); ++k) set.speed[size_t(rows.row[k])] = velocityOf(set.pool.data(), rows.sides[k], v);
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
    for (const SweepIsland& island : set.sweep.islands)
      for (int sweep = 0; sweep < sweeps; ++sweep)
        if (sweeper.sweep(island, true) < settings.convergence) break;
    displacement.noalias() += hs * v;
    updateGaps(set, set.sweep.normals, displacement.data());
    // Relax once (Box2D v3's choice): one sweep without the bias takes the push's velocity out;
    // what it leaves, the next substep's sweeps start from. The pyramid at 1/60 s stands within
    // a millimetre of where it stood with as many relaxing sweeps as pushing ones.
    for (const SweepIsland& island : set.sweep.islands) sweeper.sweep(island, false);
    bookWork(set, set.sweep.normals, v.data());
    bookWork(set, set.sweep.friction, v.data());
    meanVelocity.noalias() += v / n;
  }
  meanVelocity.noalias() -= v / (2.0 * n);
  unpackImpulses(set, n);
}

}  // namespace fw
