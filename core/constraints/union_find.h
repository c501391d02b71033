#pragma once
// Islands of trees as a union–find (disjoint-set forest, with path halving): the substepped
// solve's islands joined by rows, and sleeping's joined by the impulses that passed.
#include <vector>

namespace fw {

inline int findRoot(std::vector<int>& parent, int i) {
  while (parent[size_t(i)] != i) i = parent[size_t(i)] = parent[size_t(parent[size_t(i)])];
  return i;
}

}  // namespace fw
