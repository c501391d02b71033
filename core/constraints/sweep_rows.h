#pragma once
// The substepped solve's packed rows: what its sweeps read of each row, and nothing else.
//
// The solve relaxes every row some forty times a step (substeps × biased and relaxing sweeps),
// and a ConstraintRow carries every row kind's fields (restitution, approach velocity, the
// split-impulse pass's, contact and motor links): 144 bytes of which a sweep needs a third. The
// sweeps are bound by reading rows and their J and W, so they walk these compact records
// instead, in sweep order: the non-friction rows, then the friction anchors (two tangents and
// a twist per manifold), each side with its first velocity coordinate resolved once. The
// records are filled from the rows when the solve starts and their impulses copied back when
// it ends; the arithmetic and its order are the rows' own, so results are bitwise the same.
#include <vector>

namespace fw {

// A row side: its tree's first coordinate in q̇ (−1: a static side), J at pool[offset …
// offset + size) and W right after it.
struct SweepSide {
  int velocity = -1;
  int offset = 0;
  int size = 0;
};

// A contact normal or limit row (or any row but friction).
struct SweepRow {
  SweepSide a, b;
  double inverseMass = 0;
  double impulse = 0;  // per substep while the solve runs
  double lower = 0, upper = 0;
  double softness = 0;
  double target = 0;
  double gap = 0;  // the separation now, s + J Δq after the substeps so far
  int row = 0;     // its ConstraintRow
  bool unilateral = false;
};

// A tangent or twist row of a manifold's friction anchor, bounded by μ Σλ of the manifold's
// normal rows normals[normalFirst, normalFirst + normalCount).
struct SweepFrictionRow {
  SweepSide a, b;
  double inverseMass = 0;
  double impulse = 0;
  double friction = 0;  // μ for tangents, μ r for the twist
  int normalFirst = 0, normalCount = 0;
  int row = 0;
  bool twist = false;
};

// Cleared and refilled by each substepped solve; the vectors keep their capacity, so a step
// with no more rows than before allocates nothing.
struct SweepRows {
  std::vector<SweepRow> normals;
  std::vector<SweepFrictionRow> friction;
  // Per ConstraintRow: its place k in `normals`, or −1 − k for place k in `friction`.
  std::vector<int> place;
};

}  // namespace fw
