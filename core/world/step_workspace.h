#pragma once
// What a step works in and throws away: vectors reused every step, sized when the world is built
// (or on the step that first needs more room: rows and contacts grow to their peak and stay), so
// a step allocates nothing. Nothing here outlives a step in a way that decides the future; the
// persistent state is WorldState (world_state.h).
#include <utility>
#include <vector>

#include "collision/collider.h"
#include "constraints/constraint_row.h"
#include "constraints/envelope_ldlt.h"
#include "constraints/impulse_joint.h"
#include "constraints/stage_rows.h"
#include "model/model.h"
#include "model/state.h"
#include "world/dense_interval.h"
#include "world/world_state.h"

namespace fw {

// An impulse joint's rows in the joint system (impulse_joints.cpp).
struct JointBlock {
  JointRowDirections directions;
  int first = 0;  // its first row in StepWorkspace::jointRows (and in jointSystem)
};

struct StepWorkspace {
  // Collision: per collider (World::colliders' order) where it is and how it moves, and its
  // bounds, as the last refresh left them (world/step_collide.cpp); the broad phase's candidate
  // pairs, last step's contacts (warm start).
  std::vector<ColliderMotion> colliderMotion;
  std::vector<Aabb> colliderBounds;
  std::vector<std::pair<int, int>> pairs;
  std::vector<Contact> previousContacts;

  // The solver's rows and the velocities around them.
  ConstraintSet rows;
  Eigen::VectorXd velocityBefore;  // q̇ at the step's start
  Eigen::VectorXd smoothVelocity;  // q̇ after the smooth update, before the impulses
  Eigen::VectorXd pseudoVelocity;  // the split impulse's push-out (or the substeps' displacement)
  Eigen::VectorXd scratch;         // a tree's worth (and at least nv) of doubles for row building
  Eigen::VectorXd ledgerVelocity;  // the energy ledger's q̇⁻ + q̇⁺
  // The substepped solve: the step's smooth velocity change (given out per substep; then the
  // velocity before the rebounds), the substeps' trapezoid-mean velocity, whether this step was
  // substepped, and the rows' impulses before the rebounds (for the ledger).
  Eigen::VectorXd smoothChange, meanVelocity;
  bool substepped = false;
  std::vector<double> restitutionStart;

  // Impulse joints.
  ConstraintSet jointRows;
  std::vector<JointBlock> jointBlocks;
  EnvelopeLdlt jointSystem;         // K = J H⁻¹ Jᵀ of every joint row, factored
  Eigen::VectorXd jointRight;       // per joint row: the right-hand side, then λ
  Eigen::VectorXd jointTarget;      // per joint row: the error to leave at t + h (torn joints)
  Eigen::VectorXd predictionVelocity, qPredicted, dqPredicted;
  std::vector<int> path;            // a link's path from its root

  // Prescribed motion: the prescribed accelerations (hybrid dynamics).
  Eigen::VectorXd qddPrescribed;

  // Accurate stepping: the interval being searched for its first event.
  State eventStart;                   // the state at its start
  long substepsAtStepStart = 0;       // the step's substep budget (kMaxSubsteps) counts from here
  long stallsAtStepStart = 0;         // RK45 gave up in this step if stats.stalls passed it
  std::vector<double> limitBaseline;  // each limit's overshoot at its start
  std::vector<Contact> contactBaseline;  // the contacts at its start
  std::vector<char> pairResting;      // per baseline contact: its pair rests
  std::vector<char> limitResting;     // per limit: it rests at the start
  // The resting contacts' and limits' rows of the interval (in `rows`), solved at every stage
  // of its integration, and whether any is held.
  StageRows restingRows;
  bool restingHeld = false;
  double intervalLength = 0;          // how long the interval is (to its first event or the step's end)
  double impactOvershoot = 0;         // the deepest impact's overshoot at the last violated()
  // At the interval's end: pairs of colliders (limits as (−1, index)) that touched slowly, and
  // those that touched fast.
  std::vector<std::pair<int, int>> slowTouches, fastTouches;
  DenseInterval dense;                // the interval's dense output, for locating its impact

  // Sleeping: the islands' union–find and their slow-times, per tree, the normal impulse each
  // sleeping tree took in the step's solve, and the trees the step's contact search woke.
  std::vector<int> islandParent;
  std::vector<double> islandTimer, impulseTaken;
  std::vector<char> struck;

  StepWorkspace(const Model& model, const State& initial, size_t limits) {
    const Eigen::Index nv = model.nv;
    int largestTree = 0;
    for (int t = 0; t < model.treeCount(); ++t) largestTree = std::max(largestTree, model.treeNv(t));
    velocityBefore = smoothVelocity = pseudoVelocity = ledgerVelocity = Eigen::VectorXd::Zero(nv);
    smoothChange = meanVelocity = Eigen::VectorXd::Zero(nv);
    scratch = Eigen::VectorXd::Zero(std::max<Eigen::Index>(largestTree, nv));
    predictionVelocity = dqPredicted = Eigen::VectorXd::Zero(nv);
    qPredicted = initial.q;
    path.reserve(size_t(model.nlinks));
    qddPrescribed = Eigen::VectorXd::Zero(nv);
    eventStart = initial;
    dense.resize(model, initial.q);
    limitBaseline.assign(limits, 0.0);
    islandParent.assign(size_t(model.treeCount()), 0);
    islandTimer.assign(size_t(model.treeCount()), 0.0);
    impulseTaken.assign(size_t(model.treeCount()), 0.0);
    struck.assign(size_t(model.treeCount()), 0);
  }
};

}  // namespace fw
