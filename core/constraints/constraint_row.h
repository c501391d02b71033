#pragma once
// One row of the velocity-level impulse solver: contacts, contact friction, joint limits, joint
// friction and motors all become rows J q̇ ≥/= target with bounded impulses (Holck: collisions,
// resting contact and limits are all impulses; Catto's sequential impulses for the iteration).
//
// A row touches at most two trees of the forest. For each tree it stores its Jacobian segment J
// and its response W = H⁻¹ Jᵀ on that tree's velocity coordinates (Model::treeFirstV…), so an
// impulse λ changes q̇ by W λ on each side, in O(tree size) and without a mass matrix.
#include <cstdint>
#include <limits>
#include <utility>
#include <vector>

#include "constraints/sweep_rows.h"
#include "spatial/types.h"

namespace fw {

inline constexpr double kUnbounded = std::numeric_limits<double>::infinity();

struct RowSide {
  int tree = -1;   // −1: the side is static (world, a plane, a link of a welded tree)
  int offset = 0;  // J at pool[offset … offset + size), W right after it
  int size = 0;    // the tree's velocity coordinates
};

// Joint: a bilateral row of an impulse joint, solved with the rest so limits, motors and contacts
// see the joint hold (the exact, nonlinear correction follows in world/impulse_joints.cpp).
enum class RowKind : uint8_t { ContactNormal, ContactFriction, ContactTwist, JointLimit, JointFriction, Motor, Joint };

struct ConstraintRow {
  RowKind kind = RowKind::ContactNormal;
  RowSide a, b;
  double inverseMass = 0;  // J H⁻¹ Jᵀ: the row's velocity change per unit impulse
  double target = 0;       // the velocity J q̇ the row drives towards
  double lower = 0, upper = kUnbounded;  // bounds of the accumulated impulse
  double impulse = 0;                    // accumulated λ of this step
  // Soft rows (Catto, "Soft Constraints", GDC 2011): an implicit spring-damper instead of a
  // rigid row; λ = −(J q̇ − target + softness λ) / (inverseMass + softness).
  double softness = 0;
  // Unilateral rows (contacts, limits): distance to the surface or limit (< 0: penetrating),
  // J q̇ before the step's forces (for Newton's restitution law) and the coefficient e.
  double separation = 0;
  double approachVelocity = 0;
  double restitution = 0;
  double pseudoImpulse = 0;  // split impulse: the position pass's own accumulated impulse
  // Friction acts once per manifold, at the centroid of its points (patch friction, as PhysX): a
  // pair of tangent rows bounded jointly by μ Σλ_normal (the Coulomb cone) and a twist row about
  // the normal bounded by μ r Σλ_normal, after the manifold's normal rows
  // [normalRow, normalRow + normalCount). One anchor instead of one per point leaves the solver
  // no internal friction stresses to fight over, which is what lets stacks settle.
  int normalRow = -1;
  int normalCount = 1;
  double friction = 0;  // μ for tangents, μ r for the twist
  int contact = -1;  // the contact point this row belongs to, −1 if none
  int motor = -1;    // the motor this row belongs to, −1 if none
};

// Rows of one step and the Jacobian/response pool they point into. Cleared every step; its
// vectors keep their capacity, so a step with no more rows than before allocates nothing.
struct ConstraintSet {
  std::vector<ConstraintRow> rows;
  std::vector<double> pool;
  // The substepped solve only, per row: the work its impulses did over the substeps,
  // Σₖ λₖ J (q̇ₖ₋₁ + q̇ₖ)/2 (the energy ledger's), and J q̇ at the end of the last substep.
  std::vector<double> work, speed;
  SweepRows sweep;  // the substepped solve's packed copy of the rows (sweep_rows.h)

  void clear() {
    rows.clear();
    pool.clear();
  }
  // A side on `tree` with `size` coordinates: J and W zeroed.
  RowSide addSide(int tree, int size) {
    RowSide side{tree, int(pool.size()), size};
    pool.resize(pool.size() + size_t(2 * size));  // value-initialized: zeros
    return side;
  }
  double* jacobian(const RowSide& s) { return pool.data() + s.offset; }
  double* response(const RowSide& s) { return pool.data() + s.offset + s.size; }
  const double* jacobian(const RowSide& s) const { return pool.data() + s.offset; }
  const double* response(const RowSide& s) const { return pool.data() + s.offset + s.size; }
};

// A row of a manifold's friction anchor (tangent or twist), bounded by its normal rows' impulses.
inline bool isFrictionRow(const ConstraintRow& row) {
  return row.kind == RowKind::ContactFriction || row.kind == RowKind::ContactTwist;
}

// A manifold's friction anchor has two tangent rows, the second right after the first: the solver
// relaxes them as one (the Coulomb cone) and the world reads their impulses back as one vector.
inline size_t secondTangentRow(size_t firstTangentRow) { return firstTangentRow + 1; }

// Appends a manifold's two tangent rows together; returns their indices (first, second).
inline std::pair<size_t, size_t> appendFrictionPair(ConstraintSet& set) {
  const size_t first = set.rows.size();
  set.rows.emplace_back();
  set.rows.emplace_back();
  return {first, secondTangentRow(first)};
}

}  // namespace fw
