#pragma once
// The substepped solve's packed rows: what its passes read of each row, and nothing else, laid
// out island by island and field by field.
//
// The solve relaxes every row some twenty-five times a step, and a ConstraintRow carries every
// row kind's fields (restitution, approach velocity, the split-impulse pass's, contact and motor
// links): 144 bytes of which a sweep needs a third. The passes are bound by reading rows and
// their J and W, so they walk these records instead:
// - Island by island (Box2D's islands: trees joined by rows). Rows of different islands share no
//   coordinate, so each island is relaxed on its own, its rows contiguous, and stops sweeping
//   when it alone has converged: a settled island no longer sweeps because another still moves.
// - Within an island in the rows' order: the non-friction rows, then the friction anchors (two
//   tangents and a twist per manifold), so a one-island world relaxes exactly as before.
// - Structure of arrays: a field, or a group of fields always read together, per array. The warm
//   start, the gaps' update and the work's bookkeeping read only sides and impulses; the sweeps
//   read the rest too.
// The records are filled from the rows when the solve starts and their impulses copied back
// when it ends.
#include <cstdint>
#include <vector>

namespace fw {

// A row side: its tree's first coordinate in q̇ (−1: a static side), J at pool[offset …
// offset + size) and W right after it.
struct SweepSide {
  int velocity = -1;
  int offset = 0;
  int size = 0;
};

struct SweepSides {
  SweepSide a, b;
};

// What a sweep reads of a non-friction row besides its sides and impulse: its constants, and
// its gap (the separation now: s + J Δq after the substeps so far), which changes per substep.
struct SweepBounds {
  double inverseMass = 0;
  double lower = 0, upper = 0;
  double softness = 0;
  double target = 0;
  double gap = 0;
  bool unilateral = false;
};

// Contact normals and limits (and any other row but friction), a field per array.
struct SweepNormalRows {
  std::vector<SweepSides> sides;
  std::vector<SweepBounds> bounds;
  std::vector<double> impulse;     // per substep while the solve runs
  std::vector<double> separation;  // at the step's start
  std::vector<int> row;            // its ConstraintRow

  size_t size() const { return row.size(); }
  void resize(size_t n) {
    sides.resize(n), bounds.resize(n), impulse.resize(n), separation.resize(n), row.resize(n);
  }
};

// The tangent and twist rows of the manifolds' friction anchors; row k is bounded by μ Σλ of its
// manifold's normal rows [normalFirst[k], normalFirst[k] + normalCount[k]) of SweepNormalRows.
struct SweepFrictionRows {
  std::vector<SweepSides> sides;
  std::vector<double> inverseMass;
  std::vector<double> impulse;
  std::vector<double> friction;  // μ for tangents, μ r for the twist
  std::vector<int> normalFirst, normalCount;
  std::vector<uint8_t> twist;
  std::vector<int> row;

  size_t size() const { return row.size(); }
  void resize(size_t n) {
    sides.resize(n), inverseMass.resize(n), impulse.resize(n), friction.resize(n);
    normalFirst.resize(n), normalCount.resize(n), twist.resize(n), row.resize(n);
  }
};

// An island's rows: normals [normalBegin, normalEnd), friction [frictionBegin, frictionEnd).
struct SweepIsland {
  int normalBegin = 0, normalEnd = 0;
  int frictionBegin = 0, frictionEnd = 0;
};

// Refilled by each substepped solve; the vectors keep their capacity, so a step with no more
// rows than before allocates nothing.
struct SweepRows {
  SweepNormalRows normals;
  SweepFrictionRows friction;
  std::vector<SweepIsland> islands;
  // Per ConstraintRow: its place k in `normals`, or −1 − k for place k in `friction`.
  std::vector<int> place;
  // Scratch of the packing: the trees' union–find, each row's island, each island's row counts.
  std::vector<int> treeParent, rowIsland, islandOfRoot;
};

}  // namespace fw
