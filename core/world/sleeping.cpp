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

bool World::treeAsleep(int tree) const { return tree >= 0 && asleep_[size_t(tree)]; }

int World::treeOfLink(int link) const {
  if (link < 0) return -1;
  const int tree = model_.treeOf[size_t(link)];
  return model_.treeNv(tree) > 0 ? tree : -1;  // welded trees are static, not asleep
}

void World::wakeTree(int tree) {
  if (tree < 0) return;
  asleep_[size_t(tree)] = 0;
  sleepTimer_[size_t(tree)] = 0;
}

void World::wakeBody(int link) { wakeTree(treeOfLink(link)); }

// After a step: every tree's slow-time grows or resets; islands (trees joined by contacts) whose
// trees have all been slow for sleepTime fall asleep together.
void World::updateSleep() {
  const SolverSettings& s = settings_.solver;
  const double h = settings_.timestep;
  const int trees = model_.treeCount();
  for (int t = 0; t < trees; ++t) {
    if (asleep_[size_t(t)] || model_.treeNv(t) == 0) continue;
    const int first = model_.treeFirstV[size_t(t)];
    const double fastest = state_.v.segment(first, model_.treeNv(t)).cwiseAbs().maxCoeff();
    sleepTimer_[size_t(t)] = (fastest < s.sleepVelocity && !neverSleeps_[size_t(t)]) ? sleepTimer_[size_t(t)] + h : 0;
  }
  std::iota(islandParent_.begin(), islandParent_.end(), 0);
  for (const Contact& c : contacts_) {
    const int a = treeOfLink(interactions_.colliders[size_t(c.colliderA)].link);
    const int b = treeOfLink(interactions_.colliders[size_t(c.colliderB)].link);
    if (a >= 0 && b >= 0) islandParent_[size_t(findRoot(islandParent_, a))] = findRoot(islandParent_, b);
  }
  // An island stays awake while any of its trees is: its root's timer becomes the smallest.
  for (int t = 0; t < trees; ++t) islandTimer_[size_t(t)] = kUnbounded;
  for (int t = 0; t < trees; ++t) {
    if (model_.treeNv(t) == 0) continue;
    const int root = findRoot(islandParent_, t);
    const double timer = asleep_[size_t(t)] ? kUnbounded : sleepTimer_[size_t(t)];
    islandTimer_[size_t(root)] = std::min(islandTimer_[size_t(root)], timer);
  }
  // Islands woken during this step have their contacts found anew: drop the kept ones.
  std::erase_if(sleepingContacts_, [this](const Contact& c) { return !contactAsleep(c); });
  for (int t = 0; t < trees; ++t) {
    if (model_.treeNv(t) == 0 || asleep_[size_t(t)]) continue;
    if (islandTimer_[size_t(findRoot(islandParent_, t))] >= s.sleepTime) {
      asleep_[size_t(t)] = 1;
      state_.v.segment(model_.treeFirstV[size_t(t)], model_.treeNv(t)).setZero();
    }
  }
  // The contacts of sleeping islands are no longer looked for; keep them for the report (a box
  // asleep on a table still touches it).
  for (const Contact& c : contacts_)
    if (contactAsleep(c)) sleepingContacts_.push_back(c);
}

}  // namespace fw
