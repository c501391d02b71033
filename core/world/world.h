#pragma once
// A running world: the immutable Model and what touches (colliders, limits, impulse joints), the
// stepping settings, the persistent state (WorldState: everything that decides the future) and
// the step's workspace. Built once per scene by scene_builder; a step is a list of stages
// (step_realtime.cpp) and allocates nothing once the contact count has peaked. What is drawn or
// asked of the model at the state (poses, body forces, H(q), Jacobians) is computed from a
// const World by world/queries.h.
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "collision/broad_phase.h"
#include "collision/collider.h"
#include "constraints/constraint_row.h"
#include "constraints/constraint_solver.h"
#include "constraints/envelope_ldlt.h"
#include "constraints/impulse_joint.h"
#include "constraints/joint_limit.h"
#include "constraints/joint_motor.h"
#include "integrators/integrator.h"
#include "model/data.h"
#include "model/loads.h"
#include "model/model.h"
#include "model/state.h"
#include "shapes/shape.h"
#include "shapes/shape_visual.h"
#include "shapes/material_mixing.h"
#include "world/energy_ledger.h"
#include "world/parts.h"
#include "world/step_workspace.h"
#include "world/world_state.h"

namespace fw {

// realtime: fixed dt, semi-implicit Euler, every constraint an impulse every step.
// accurate: RK4/RK45 between events; impacts and limit hits are located in time by bisection
// on the event function and resolved by impulses at that instant (Holck's time control).
enum class Stepping { Realtime, Accurate };

struct WorldSettings {
  double timestep = 1.0 / 240.0;
  IntegratorSettings integrator;
  Stepping stepping = Stepping::Realtime;
  SolverSettings solver;
  ImpulseJointSettings joints;  // impulse joints and loop closures (realtime stepping)
  double eventTolerance = 1e-9;  // accurate: m (rad) of overshoot at a located event
  double impactThreshold = 1e-4; // accurate: approach speeds below this do not bounce
  int maxEventsPerStep = 64;     // accurate: beyond this the step ends unlocated (counted)
  MaterialMixing mixing;         // how a pair combines its shapes' friction and restitution
};

// What the front end needs to draw a body: its name and shapes (in the body frame).
struct BodyVisual {
  std::string name;  // "articulation/link", or a free body's own name
  std::vector<Shape> shapes;
  std::vector<ShapeVisual> shapeVisuals;  // how each shape is drawn: one per shape, in order
};

// Everything of a scene that constrains motion besides the joints themselves.
struct WorldInteractions {
  std::vector<Collider> colliders;   // dynamic ones (link ≥ 0) and static ones (link −1)
  std::vector<char> selfCollision;   // per tree: may its links touch each other?
  std::vector<int> collisionFamily;  // per tree: trees of one family never touch (−1: none)
  // Filters: false, a pair passes when each group meets the other's mask; true, when either does
  // (MuJoCo's contype/conaffinity).
  bool eitherFilter = false;
  std::vector<std::pair<int, int>> excludedPairs;  // links (lower, higher) that never touch, sorted
  std::vector<ColliderPair> contactPairs;  // shapes that always touch, sorted
  std::vector<JointLimit> limits;
  std::vector<JointMotor> motors;
  std::vector<ImpulseJoint> impulseJoints;  // joints held by impulses, loop closures among them
  std::vector<Spring> springs;
  std::vector<IdealString> strings;  // realtime stepping
};

// What a saved state must share with the world it is restored into: the very scene (every
// parameter), or only its structure (the same bodies, joints, colliders and motors, while masses,
// sizes or materials may differ: the page carries the state over when a slider rebuilds the scene).
enum class StateMatch { SameScene, SameStructure };

class World {
 public:
  World(Model model, State initial, WorldSettings settings, std::vector<BodyVisual> visuals,
        WorldInteractions interactions = {});

  // Advances by exactly one timestep.
  void step();
  // Back to the initial state at t = 0; forces, contacts and drags are cleared.
  void reset();

  // A force at a world point on a body (link), held for every step until clearForces().
  void applyForce(int body, const Vec3& pointWorld, const Vec3& forceWorld);
  void clearForces();
  // The mouse spring (Radowitz's interactive manipulation): grab a point of a body, pull it
  // towards a target with a critically damped spring whose stiffness scales with the effective
  // mass at that point (from the articulated collision matrix), so every body follows alike.
  void startDrag(int body, const Vec3& pointWorld);
  void moveDrag(const Vec3& targetWorld) { state_.drag.target = targetWorld; }
  void endDrag() { state_.drag.body = -1; }
  bool dragging() const { return state_.drag.body >= 0; }
  Vec3 dragPointWorld() const;  // the grabbed point now
  const Vec3& dragForce() const { return state_.drag.force; }  // the spring's force in the last step
  const DragSpring& drag() const { return state_.drag; }

  // Joint efforts (τ, one per velocity coordinate), held until changed.
  Eigen::VectorXd& jointEfforts() { return state_.loads.tau; }
  const Loads& loads() const { return state_.loads; }
  // Motors, whose targets may be changed between steps.
  std::vector<JointMotor>& motors() { return state_.motors; }
  const std::vector<JointMotor>& motors() const { return state_.motors; }
  const std::vector<JointLimit>& limits() const { return interactions_.limits; }
  const std::vector<Collider>& colliders() const { return interactions_.colliders; }
  const std::vector<ImpulseJoint>& impulseJoints() const { return interactions_.impulseJoints; }
  // How far impulse joint k is from holding now: the larger of its points' distance (m) and
  // its axes' misalignment (rad).
  double impulseJointGap(int k) const;
  // Springs and strings, and what the last step held on each (tension, where it pulled).
  const std::vector<Spring>& springs() const { return interactions_.springs; }
  const std::vector<IdealString>& strings() const { return interactions_.strings; }
  const std::vector<PartForce>& springForces() const { return springForces_; }
  const std::vector<PartForce>& stringForces() const { return stringForces_; }
  // A string's path length now (m), with its ends and pulls at the current poses into `f`.
  double stringPath(const IdealString& s, PartForce& f) const;
  // The correction's iteration budget per step (down to 1: one pass, as under time pressure).
  void setJointIterations(int iterations) { state_.jointIterations = iterations < 1 ? 1 : iterations; }

  const Model& model() const { return model_; }
  const State& state() const { return state_.motion; }
  // Everything that decides the future (world_state.h), as saveState() writes it.
  const WorldState& persistentState() const { return state_; }
  const WorldSettings& settings() const { return settings_; }
  const IntegratorStats& stats() const { return state_.stats; }
  const StepStats& stepStats() const { return state_.stepStats; }
  const std::vector<BodyVisual>& visuals() const { return visuals_; }
  const std::vector<Contact>& contacts() const { return state_.contacts; }
  // Contacts of islands asleep, as they were when the island fell asleep.
  const std::vector<Contact>& sleepingContacts() const { return state_.sleepingContacts; }
  // The contacts to show: those of the last solve (a realtime step's, an accurate step's last
  // impact), then those of sleeping islands; world/queries.h draws them (contactPoints).
  const std::vector<Contact>& reportedContacts() const { return reported_; }
  // Has the world stepped since it was built, reset or restored? (Body forces need a step.)
  bool steppedSinceRestore() const { return steppedSinceRestore_; }
  double time() const { return state_.motion.t; }

  // World pose and velocity of one body's frame after the last step, reset or restore (the
  // kinematics the step left; world/queries.h turns them into the renderer's floats). The
  // velocity is the frame origin's, then the angular velocity, world coordinates.
  Vec3 bodyPosition(int body) const;
  Quat bodyOrientation(int body) const;
  void bodyVelocity(int body, Vec3& linear, Vec3& angular) const;

  double kineticEnergy();
  double potentialEnergy();  // of gravity
  double springEnergy() const;  // of the joints' springs and the scene's springs
  // Kinetic and potential energy now, and the ledger of work done and energy lost since it
  // started (world/energy_ledger.h): at t = 0, on reset, and when a state of another scene of the
  // same structure is adopted (an edit), from the energy then.
  EnergyReport energy();
  void startLedger();
  // Angular momentum about the world origin and linear momentum, world coordinates.
  Force momentum();

  // The whole state that decides the future (WorldState, world_state.h), as a blob. Restoring it
  // continues bitwise as the uninterrupted run.
  std::vector<uint8_t> saveState() const;
  // '' when restored; otherwise why not (another scene, a damaged or truncated blob), and the
  // world is unchanged.
  std::string restoreState(std::span<const uint8_t> blob, StateMatch match = StateMatch::SameScene);
  uint64_t modelHash() const { return modelHash_; }

  // The first joint (body index) whose position or velocity is NaN or infinite, or −1.
  int firstNonFiniteJoint() const;
  // '' while the world steps; otherwise why it stopped (it blew up, or RK45 could not advance):
  // step() then does nothing until reset().
  const std::string& stepError() const { return state_.stepError; }

  // Wakes the tree of a body (and lets its island wake through contacts).
  void wakeBody(int link);
  // Is this body asleep (not simulated until touched)?
  bool bodyAsleep(int link) const { return treeAsleep(treeOfLink(link)); }

 private:
  // The realtime step's stages, in order (step_realtime.cpp lists them).
  void stepRealtime();
  void wakeDrivenTrees();                   // sleeping.cpp: efforts wake what they act on
  void integrateVelocities(double h);       // step_integrate.cpp: q̇* = q̇ + h q̈, gyroscopic
  void findContacts(double margin, bool swept = false);  // step_collide.cpp: pairs → contacts
  void buildRows(const Eigen::VectorXd& velocityBefore, double h, bool withMotors);  // step_rows.cpp
  void solveRows(double h);                 // step_solve.cpp: impulses, restitution, push-out
  void correctJoints(double h);             // impulse_joints.cpp: before the positions move
  void integratePositions(double h);        // step_integrate.cpp: q⁺ = q ⊕ h (q̇⁺ + q̇ₚ)
  void finishStep();                        // step_realtime.cpp: time, prescribed joints, sleep
  // Time is counted, not summed: a step ends at t₀ + (n + 1)·h, so n steps of h from t = 0 end at
  // exactly n·h (t += h drifted: 1.9999999999998905 after 2,000 steps of 1 ms).
  double stepEndTime() const { return timeBase_ + double(stepsSinceBase_ + 1) * settings_.timestep; }
  void endStepAt(double endTime) {
    state_.motion.t = endTime;
    ++stepsSinceBase_;
  }
  void countTimeFrom(double t);             // step_realtime.cpp: after a reset or restore

  // The accurate step (accurate_step.cpp).
  void stepAccurate();
  void advanceSmooth(double dt);  // within what is left of the step's substep budget
  void holdSmoothLoads();         // the interval's resting rows and motor servos into the loads
  void releaseSmoothLoads();      // and out again
  bool stalled() const { return state_.stats.stalls > work_.stallsAtStepStart; }  // in this step()
  // In order of what the step must do about it: nothing, project, hold at the interval's end,
  // locate in time.
  enum class Violation { None, RestingDrift, SlowTouch, Impact };
  Violation violated(bool atEnd);
  bool slowTouch(const std::pair<int, int>& key) const;
  double approachSpeed(const Contact& c) const;
  double limitClosingSpeed(const JointLimit& limit) const;
  double restingSpeed() const;
  void markResting();
  void resolveImpacts(double restitutionThreshold);
  void projectRestingContacts();
  void prepareRestingRows(double dt);
  // Locating an impact in time (impact_location.cpp).
  bool locateImpact(double length);
  bool bisectImpact(double& lo, double& hi, double& depth, bool dense);
  void accelerationAt(const Eigen::VectorXd& q, const Eigen::VectorXd& v);
  void chartAcceleration(const Eigen::VectorXd& chart, const Eigen::VectorXd& rate, const Eigen::VectorXd& v,
                         const Eigen::VectorXd& a, Eigen::VectorXd& out);
  void buildDenseInterval(double length);
  void probeDense(double t);
  double limitOvershoot(const JointLimit& limit) const;

  // The realtime step's smooth dynamics at the current state into data_.qdd (efforts, prescribed
  // joints by hybrid dynamics), leaving ABA's articulated inertias.
  void evaluateDynamics();
  void applyImplicitGyroscopic(double h);
  void applyPrescribedMotion(double t);

  // Collision (step_collide.cpp).
  void updateColliders();
  void warmStartContacts();
  bool colliderResting(int collider) const;    // static, welded or asleep
  bool contactAsleep(const Contact& c) const;  // both sides resting
  int rowLink(const Collider& collider) const;  // its link, or −1 (held still) when asleep
  bool closingFast(const ColliderMotion& a, const ColliderMotion& b, const Vec3& normal) const;
  bool canCollide(int a, int b) const;
  const ColliderPair* contactPair(const Collider& a, const Collider& b) const;  // nullptr: none
  void setUpColliders();  // at construction: joinedLinks_, pruning, the per-step records

  // Rows (step_rows.cpp), each kind by its own builder.
  void addContactRows(const Eigen::VectorXd& velocityBefore);
  void addManifoldRows(size_t first, size_t end, const Eigen::VectorXd& velocityBefore);
  void addFrictionRows(size_t first, size_t end, int normalRow);
  void addLimitRows(const Eigen::VectorXd& velocityBefore, double h);
  void addConeLimitRow(const JointLimit& limit, const Eigen::VectorXd& velocityBefore, double h);
  void addJointFrictionRows(double h);
  void addMotorRows(const Eigen::VectorXd& velocityBefore, double h);
  void setCoordinateRow(int link, int impulseJoint, double sign, ConstraintRow& row, double* scratch);
  std::tuple<double, double, double> coordinateState(int link, int impulseJoint, const Eigen::VectorXd& velocityBefore);

  // Solve (step_solve.cpp).
  void storeImpulses();
  void reportContacts();  // reported_ from the contacts and the sleeping ones

  // Impulse joints (impulse_joints.cpp).
  LinkFrame linkFrame(int link) const;
  LinkFrame predictedLinkFrame(int link, const Eigen::VectorXd& u, double h);
  JointRowDirections appendJointRows(ConstraintSet& set, size_t k);
  void setUpJointSystem();
  void buildJointRows();
  void applyJointImpulses(const Eigen::VectorXd& lambda, Eigen::VectorXd& v, Eigen::VectorXd* also);
  void correctJointPositions(double h);
  void correctJointVelocities();

  // The energy ledger (energy_ledger.cpp).
  double appliedPower() const;
  double airDragPower() const;
  void ledgerImpulses(const Eigen::VectorXd& before, const Eigen::VectorXd& after);
  void ledgerSubstepImpulses(const Eigen::VectorXd& beforeRestitution, const Eigen::VectorXd& after);
  void bookImpulseWork(RowKind kind, double work);
  void ledgerRealtimeStep(double h);
  void ledgerInterval();

  // Springs (springs.cpp) and strings (string_rows.cpp).
  Vec3 pointVelocity(int link, const Vec3& local) const;
  void applySprings(bool hold);
  double heldSpringPower(double& damping) const;
  double damperPower() const;
  double sceneSpringEnergy() const;
  void addStringRows(const Eigen::VectorXd& velocityBefore, double h);
  void readStringTensions(double h);

  // The mouse spring (drag_spring.cpp).
  void applyDragSpring();
  void tuneDragSpring(const Vec3& pointWorld);

  void refreshKinematics();
  void checkStepHealth();
  void fingerprintModel();  // world_fingerprint.cpp: modelHash_, structureHash_

  // Sleeping (sleeping.cpp).
  bool treeAsleep(int tree) const;
  bool anyTreeAwake() const;  // a tree that can move and is not asleep
  int treeOfLink(int link) const;  // −1 for static and welded links
  void wakeTree(int tree);
  void updateSleep();
  void wakePushedTrees();

  // What the world is: fixed once built.
  Model model_;
  State initial_;
  std::vector<JointMotor> initialMotors_;
  WorldSettings settings_;
  std::vector<BodyVisual> visuals_;
  WorldInteractions interactions_;  // (its motors move into state_.motors)
  bool hasInteractions_ = false;    // anything besides the smooth dynamics to solve
  std::vector<char> prescribed_;       // per link: moved along a prescribed trajectory
  std::vector<int> gyroscopicLinks_;   // free or ball-jointed links with no children (step_integrate.cpp)
  std::vector<Vec3> linearPoint_;      // per link: the body point a free joint's realtime step moves
  std::vector<char> neverSleeps_;      // per tree
  std::vector<std::pair<int, int>> joinedLinks_;  // links (lower, higher) joined by an impulse joint, sorted
  uint64_t modelHash_ = 0, structureHash_ = 0;

  // What decides its future (saved and restored as a whole), and what follows from it.
  WorldState state_;
  Data data_;                       // the kinematics and dynamics of the state, for the step
  BroadPhase broadPhase_;           // its pairs of last step seed the next search
  std::vector<Contact> reported_;   // the contacts to draw (reportedContacts)
  std::vector<PartForce> springForces_, stringForces_;  // per spring, string: the last step's
  std::vector<Force> savedExternal_;  // the user's loads while the springs' are held over a step
  bool steppedSinceRestore_ = false;
  // The time's count (stepEndTime): not saved, since a state saved between steps at t = n·h gives
  // n back (countTimeFrom); any other time (adopted from a scene of another time step) is t₀.
  double timeBase_ = 0;
  long long stepsSinceBase_ = 0;

  // The step's scratch.
  StepWorkspace work_;
};

// The RK45 memory between the world's state and the integrator's Data: swapped in before an
// advance() and back after it (constant time, no copies).
void exchangeIntegratorMemory(Data& data, IntegratorMemory& memory);

}  // namespace fw
