// Sleeping (Radowitz's auto-disable; Box2D's islands): trees that have all moved slower than a
// threshold for a while, together with everything they touch, stop being simulated until an
// awake body touches them, the mouse grabs them, or a force is applied to them. A sleeping tree
// keeps q̇ = 0 and its q; its contacts with static geometry and other sleepers are not even
// looked for, which is what makes a settled pile cheap.
#include <numeric>

#include "world/world.h"

namespace fw {
namespace {

int findRoot(std::vector<int>& parent, int i) {
  while (parent[size_t(i)] != i) i = parent[size_t(i)] = parent[size_t(parent[size_t(i)])];
  return i;
}

}  // namespace

bool World::treeAsleep(int tree) const { return tree >= 0 && state_.asleep[size_t(tree)]; }

int World::treeOfLink(int link) const {
  if (link < 0) return -1;
  const int tree = model_.treeOf[size_t(link)];
  return model_.treeNv(tree) > 0 ? tree : -1;  // welded trees are static, not asleep
}

void World::wakeTree(int tree) {
  if (tree < 0) return;
  state_.asleep[size_t(tree)] = 0;
  state_.sleepTimer[size_t(tree)] = 0;
}

void World::wakeBody(int link) { wakeTree(treeOfLink(link)); }

// Before a realtime step: efforts (the page's sliders, a controller) wake what they act on.
void World::wakeDrivenTrees() {
  for (int t = 0; t < model_.treeCount(); ++t)
    if (state_.asleep[size_t(t)] && !state_.loads.tau.segment(model_.treeFirstV[size_t(t)], model_.treeNv(t)).isZero(0))
      wakeTree(t);
}

// After a step: every tree's slow-time grows or resets; islands (trees joined by contacts) whose
// trees have all been slow for sleepTime fall asleep together.
void World::updateSleep() {
  const SolverSettings& s = settings_.solver;
  const double h = settings_.timestep;
  const int trees = model_.treeCount();
  for (int t = 0; t < trees; ++t) {
    if (state_.asleep[size_t(t)] || model_.treeNv(t) == 0) continue;
    const int first = model_.treeFirstV[size_t(t)];
    const double fastest = state_.motion.v.segment(first, model_.treeNv(t)).cwiseAbs().maxCoeff();
    state_.sleepTimer[size_t(t)] = (fastest < s.sleepVelocity && !neverSleeps_[size_t(t)]) ? state_.sleepTimer[size_t(t)] + h : 0;
  }
  std::iota(work_.islandParent.begin(), work_.islandParent.end(), 0);
  for (const Contact& c : state_.contacts) {
    const int a = treeOfLink(interactions_.colliders[size_t(c.colliderA)].link);
    const int b = treeOfLink(interactions_.colliders[size_t(c.colliderB)].link);
    if (a >= 0 && b >= 0) work_.islandParent[size_t(findRoot(work_.islandParent, a))] = findRoot(work_.islandParent, b);
  }
  // An island stays awake while any of its trees is: its root's timer becomes the smallest.
  for (int t = 0; t < trees; ++t) work_.islandTimer[size_t(t)] = kUnbounded;
  for (int t = 0; t < trees; ++t) {
    if (model_.treeNv(t) == 0) continue;
    const int root = findRoot(work_.islandParent, t);
    const double timer = state_.asleep[size_t(t)] ? kUnbounded : state_.sleepTimer[size_t(t)];
    work_.islandTimer[size_t(root)] = std::min(work_.islandTimer[size_t(root)], timer);
  }
  // Islands woken during this step have their contacts found anew: drop the kept ones.
  std::erase_if(state_.sleepingContacts, [this](const Contact& c) { return !contactAsleep(c); });
  for (int t = 0; t < trees; ++t) {
    if (model_.treeNv(t) == 0 || state_.asleep[size_t(t)]) continue;
    if (work_.islandTimer[size_t(findRoot(work_.islandParent, t))] >= s.sleepTime) {
      state_.asleep[size_t(t)] = 1;
      state_.motion.v.segment(model_.treeFirstV[size_t(t)], model_.treeNv(t)).setZero();
    }
  }
  // The contacts of sleeping islands are no longer looked for; keep them for the report (a box
  // asleep on a table still touches it).
  for (const Contact& c : state_.contacts)
    if (contactAsleep(c)) state_.sleepingContacts.push_back(c);
}

}  // namespace fw
