#pragma once
// A friction anchor's two tangent impulses, relaxed each on its own, brought back within what
// Coulomb's law allows: onto the disc of radius `bound` = μ λ_n (cone), or each into ±bound
// (pyramid). Shared by the one-pass and the substepped solves.
#include <algorithm>
#include <cmath>

namespace fw {

inline void projectOntoFrictionBound(double& l1, double& l2, double bound, bool cone) {
  if (cone) {
    const double squared = l1 * l1 + l2 * l2;  // (not std::hypot: impulses are far from overflow, and its care for it is slow)
    if (squared > bound * bound) {
      const double scale = squared > 0 ? bound / std::sqrt(squared) : 0;
      l1 *= scale, l2 *= scale;
    }
  } else {
    l1 = std::clamp(l1, -bound, bound);
    l2 = std::clamp(l2, -bound, bound);
  }
}

}  // namespace fw
