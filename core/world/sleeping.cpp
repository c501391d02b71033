// Sleeping (Radowitz's auto-disable; Box2D's islands): trees that have all moved slower than a
// threshold for a while, together with everything they press on, stop being simulated until an
// awake body pushes them, the mouse grabs them, or a force is applied to them. A sleeping tree
// keeps q̇ = 0 and its q; its contacts with static geometry and other sleepers are not even
// looked for, which is what makes a settled pile cheap.
// Islands are joined by the contacts that carried an impulse in the step's solve, not by every
// contact found: a speculative contact within the margin exchanges nothing, and a ball spinning
// about its contact normal beside a pile (no twist friction at one point; it spins on) would
// otherwise keep the whole pile awake through it. Likewise a sleeper is not woken by a body
// merely within reach: the solve holds it still like static geometry (rowLink), and it wakes
// when the impulses it took would have moved it noticeably. A body striking it (closing faster
// than the sleep speed) wakes it before the solve, so the two exchange momentum
// (step_collide.cpp).
#include <numeric>

#include "constraints/union_find.h"
#include "world/world.h"

namespace fw {

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

bool World::anyTreeAwake() const {
  for (int t = 0; t < model_.treeCount(); ++t)
    if (model_.treeNv(t) > 0 && !state_.asleep[size_t(t)]) return true;
  return false;
}

// Sleepers the step's solve pushed on: each wakes when the normal impulses it took, on its
// tree's whole mass, make a tenth of the sleep speed or more (a body resting on it, an impact).
// What moves it less would let it fall asleep again where it is.
void World::wakePushedTrees() {
  const double wakeSpeed = 0.1 * settings_.solver.sleepVelocity;
  std::fill(work_.impulseTaken.begin(), work_.impulseTaken.end(), 0.0);
  bool any = false;
  for (const Contact& c : state_.contacts) {
    if (!(c.normalImpulse > 0)) continue;
    for (const int tree : {treeOfLink(interactions_.colliders[size_t(c.colliderA)].link),
                           treeOfLink(interactions_.colliders[size_t(c.colliderB)].link)})
      if (treeAsleep(tree)) work_.impulseTaken[size_t(tree)] += c.normalImpulse, any = true;
  }
  if (!any) return;
  for (int t = 0; t < model_.treeCount(); ++t)
    if (work_.impulseTaken[size_t(t)] > 0 && work_.impulseTaken[size_t(t)] >= wakeSpeed * model_.treeMass(t)) wakeTree(t);
}

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
  wakePushedTrees();
  for (int t = 0; t < trees; ++t) {
    if (state_.asleep[size_t(t)] || model_.treeNv(t) == 0) continue;
    const int first = model_.treeFirstV[size_t(t)];
    const double fastest = state_.motion.v.segment(first, model_.treeNv(t)).cwiseAbs().maxCoeff();
    state_.sleepTimer[size_t(t)] = (fastest < s.sleepVelocity && !neverSleeps_[size_t(t)]) ? state_.sleepTimer[size_t(t)] + h : 0;
  }
  std::iota(work_.islandParent.begin(), work_.islandParent.end(), 0);
  for (const Contact& c : state_.contacts) {
    if (!(c.normalImpulse > 0)) continue;  // nothing passed between the two
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
