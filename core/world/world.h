#pragma once
// A running world: the immutable Model, its preallocated Data, the state, the loads for the
// next step, what touches (colliders, limits, motors) and the stepping settings. Built once per
// scene by scene_builder; a step allocates nothing once the contact count has peaked.
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
#include "world/energy_ledger.h"

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
};

// What the front end needs to draw a body: its name and shapes (in the body frame).
struct BodyVisual {
  std::string name;  // "articulation/link", or a free body's own name
  std::vector<Shape> shapes;
};

// Everything of a scene that constrains motion besides the joints themselves.
struct WorldInteractions {
  std::vector<Collider> colliders;   // dynamic ones (link ≥ 0) and static ones (link −1)
  std::vector<char> selfCollision;   // per tree: may its links touch each other?
  std::vector<int> collisionFamily;  // per tree: trees of one family never touch (−1: none)
  std::vector<JointLimit> limits;
  std::vector<JointMotor> motors;
  std::vector<ImpulseJoint> impulseJoints;  // joints held by impulses, loop closures among them
};

// One contact point of the last step, for the solver's warm start and for display.
struct Contact {
  int colliderA = -1, colliderB = -1;
  uint32_t feature = 0;
  Vec3 point = Vec3::Zero();
  Vec3 normal = Vec3::UnitZ();  // from A to B
  double separation = 0;
  double normalImpulse = 0;
  Vec3 frictionImpulse = Vec3::Zero();  // world; the manifold's friction anchor, on its first point
  double twistImpulse = 0;              // likewise, about the normal
};

// What a saved state must share with the world it is restored into: the very scene (every
// parameter), or only its structure (the same bodies, joints, colliders and motors, while masses,
// sizes or materials may differ: the page carries the state over when a slider rebuilds the scene).
enum class StateMatch { SameScene, SameStructure };

// The order contacts are kept in: by pair, then feature (for warm starting by binary search).
bool contactOrder(const Contact& a, const Contact& b);

struct StepStats {
  int contacts = 0;          // contact points of the last step
  int rows = 0;              // solver rows of the last step
  long events = 0;           // accurate: located impacts and limit hits, in total
  long unlocatedEvents = 0;  // accurate: steps that ran out of maxEventsPerStep
  long jointCorrections = 0; // impulse joints: correction impulses applied, in total
  double jointGap = 0;       // impulse joints: the largest predicted gap of the last pass
};

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
  void moveDrag(const Vec3& targetWorld) { drag_.target = targetWorld; }
  void endDrag() { drag_.body = -1; }
  bool dragging() const { return drag_.body >= 0; }
  Vec3 dragPointWorld() const;           // the grabbed point now
  const Vec3& dragForce() const { return drag_.force; }  // the spring's force in the last step

  // Joint efforts (τ, one per velocity coordinate), held until changed.
  Eigen::VectorXd& jointEfforts() { return loads_.tau; }
  // Motors, whose targets may be changed between steps.
  std::vector<JointMotor>& motors() { return interactions_.motors; }
  const std::vector<JointLimit>& limits() const { return interactions_.limits; }
  const std::vector<Collider>& colliders() const { return interactions_.colliders; }
  const std::vector<ImpulseJoint>& impulseJoints() const { return interactions_.impulseJoints; }
  // How far impulse joint k is from holding now: the larger of its points' distance (m) and
  // its axes' misalignment (rad).
  double impulseJointGap(int k) const;
  // The correction's iteration budget per step (down to 1: one pass, as under time pressure).
  void setJointIterations(int iterations) { settings_.joints.iterations = iterations < 1 ? 1 : iterations; }

  const Model& model() const { return model_; }
  const State& state() const { return state_; }
  const WorldSettings& settings() const { return settings_; }
  const IntegratorStats& stats() const { return stats_; }
  const StepStats& stepStats() const { return stepStats_; }
  const std::vector<BodyVisual>& visuals() const { return visuals_; }
  const std::vector<Contact>& contacts() const { return contacts_; }
  double time() const { return state_.t; }

  // Pose of every body after the last step or reset: x, y, z, qx, qy, qz, qw per body (float,
  // for the renderer), one contiguous buffer.
  const std::vector<float>& poses() const { return poses_; }
  // Velocity of every body after the last step or reset, world coordinates: the velocity of the
  // body frame's origin (x, y, z), then the angular velocity (x, y, z), per body (float).
  const std::vector<float>& velocities() const { return velocities_; }
  // Contacts for debug drawing: per point x, y, z, nx, ny, nz, normal impulse (N·s), separation
  // (m). The last step's contacts(), then those of sleeping islands as they were when the island
  // fell asleep (not solved while it sleeps, but still there); reportedContactCount() points.
  const std::vector<float>& contactBuffer() const { return contactBuffer_; }
  int reportedContactCount() const { return int(contactBuffer_.size() / 8); }
  // World pose of one body's frame.
  Vec3 bodyPosition(int body) const;
  Quat bodyOrientation(int body) const;

  // Per body, kBodyForceFloats floats (body_forces.cpp), world frame: centre of mass, its velocity,
  // its acceleration over the last step, then the forces: net (m a), gravity, contacts, joint (from
  // the parent body), applied (the mouse spring, applied forces); then the body's kinetic energy
  // and mass. Zero acceleration and contact forces until the first step after a reset or restore.
  static constexpr int kBodyForceFloats = 26;
  const std::vector<float>& bodyForces();

  double kineticEnergy();
  double potentialEnergy();  // of gravity
  double springEnergy() const;  // of the joints' springs
  // Kinetic and potential energy now, and the ledger of work done and energy lost since it
  // started (world/energy_ledger.h): at t = 0, on reset, and when a state of another scene of the
  // same structure is adopted (an edit), from the energy then.
  EnergyReport energy();
  void startLedger();
  // Angular momentum about the world origin and linear momentum, world coordinates.
  Force momentum();

  // The model at the current state (model_queries.cpp), on a Data of their own: H(q); the efforts
  // that give q̈ now (the joints' own damping and springs included, so forwardDynamics(τ) inverts
  // it); the q̈ that efforts τ give now (without the contacts); RNEA(q, 0, 0), the efforts that
  // hold gravity; the 6 × nv Jacobian of a point fixed on a link, world frame, rows (ω, ṗ). All at
  // the state as it is now, also when q was written since the last step.
  const Eigen::MatrixXd& massMatrix();
  const Eigen::VectorXd& inverseDynamics(const Eigen::VectorXd& qdd);
  const Eigen::VectorXd& forwardDynamics(const Eigen::VectorXd& tau);
  const Eigen::VectorXd& gravityTorques();
  const Eigen::MatrixXd& pointJacobian(int link, const Vec3& pointLocal);
  // A link frame's pose at the state now (q written since the last step included).
  Vec3 linkPositionNow(int link, Quat& orientation);

  // The whole state that decides the future (world_state.cpp): time, q, q̇, efforts and forces,
  // motors, the drag spring, contacts with their warm-start impulses, sleep, the integrator's
  // step size and FSAL stage, counters. Restoring it continues bitwise as the uninterrupted run.
  std::vector<uint8_t> saveState() const;
  // '' when restored; otherwise why not (another scene, a damaged or truncated blob), and the
  // world is unchanged.
  std::string restoreState(std::span<const uint8_t> blob, StateMatch match = StateMatch::SameScene);
  uint64_t modelHash() const { return modelHash_; }

  // The first joint (body index) whose position or velocity is NaN or infinite, or −1.
  int firstNonFiniteJoint() const;
  // '' while the world steps; otherwise why it stopped (it blew up, or RK45 could not advance):
  // step() then does nothing until reset().
  const std::string& stepError() const { return stepError_; }

 private:
  // stepping/
  void stepRealtime();
  void stepAccurate();
  // The smooth dynamics at the current state into data_.qdd (efforts, motors' feedback in
  // accurate mode, prescribed joints by hybrid dynamics), leaving ABA's articulated inertias.
  void evaluateDynamics();
  void applyImplicitGyroscopic(double h);  // realtime_step.cpp
  void applyPrescribedMotion(double t);
  void advanceSmooth(double dt);  // within what is left of the step's substep budget
  bool stalled() const { return stats_.stalls > stallsAtStepStart_; }  // in this step()
  // accurate: what the end of an interval finds (accurate_step.cpp)
  enum class Violation { None, RestingDrift, Impact };
  Violation violated();
  double approachSpeed(const Contact& c) const;
  void markResting();
  void resolveImpacts();
  void projectRestingContacts();
  void computeRestingEfforts(double dt);
  double limitOvershoot(const JointLimit& limit) const;

  // contacts
  void updateColliders();
  // Contacts closer than margin (swept: plus how far the pair can move this step, realtime).
  void findContacts(double margin, bool swept = false);
  void buildRows(const Eigen::VectorXd& velocityBefore, double h, bool withMotors);
  void setCoordinateRow(int link, int impulseJoint, double sign, ConstraintRow& row, double* scratch);
  std::tuple<double, double, double> coordinateState(int link, int impulseJoint, const Eigen::VectorXd& velocityBefore);
  void storeImpulses();
  void reportContacts();  // contactBuffer_ from contacts_ and the sleeping ones
  bool colliderResting(int collider) const;     // static, welded or asleep
  bool contactAsleep(const Contact& c) const;  // both sides resting
  bool canCollide(int a, int b) const;

  // impulse_joints.cpp
  struct JointBlock {
    JointRowDirections directions;
    int first = 0;  // its rows in jointRows_ (and in jointSystem_)
  };
  LinkFrame linkFrame(int link) const;
  LinkFrame predictedLinkFrame(int link, const Eigen::VectorXd& u, double h);
  JointRowDirections appendJointRows(ConstraintSet& set, size_t k);
  void setUpJointSystem();
  void buildJointRows();
  void applyJointImpulses(const Eigen::VectorXd& lambda, Eigen::VectorXd& v, Eigen::VectorXd* also);
  void correctJointPositions(double h);
  void correctJointVelocities();

  // energy_ledger.cpp
  double appliedPower() const;
  double airDragPower() const;
  void ledgerImpulses(const Eigen::VectorXd& before, const Eigen::VectorXd& after);
  void ledgerSubstepImpulses(const Eigen::VectorXd& beforeRestitution, const Eigen::VectorXd& after);
  void bookImpulseWork(RowKind kind, double work);
  void ledgerRealtimeStep(double h);
  void ledgerInterval();

  void refreshKinematics();
  void fingerprintModel();  // world_state.cpp: modelHash_, structureHash_
  void applyDragSpring();
  void tuneDragSpring(const Vec3& pointWorld);
  void pruneColliders();

  // sleeping.cpp
  bool treeAsleep(int tree) const;
  int treeOfLink(int link) const;  // −1 for static and welded links
  void wakeTree(int tree);
  void updateSleep();

 public:
  // Wakes the tree of a body (and lets its island wake through contacts).
  void wakeBody(int link);
  // Is this body asleep (not simulated until touched)?
  bool bodyAsleep(int link) const { return treeAsleep(treeOfLink(link)); }

 private:

  struct DragSpring {
    int body = -1;
    Vec3 localPoint = Vec3::Zero();
    Vec3 target = Vec3::Zero();
    double stiffness = 0, damping = 0, maxForce = 0;
    double mass = 0;  // of the grabbed body's tree
    Vec3 force = Vec3::Zero();
  };

  Model model_;
  Data data_;
  State initial_;
  State state_;
  Loads loads_;
  WorldSettings settings_;
  IntegratorStats stats_;
  StepStats stepStats_;
  std::vector<BodyVisual> visuals_;
  WorldInteractions interactions_;
  std::vector<JointMotor> initialMotors_;
  std::vector<float> poses_;
  std::vector<float> velocities_;
  DragSpring drag_;
  EnergyLedger ledger_;
  std::vector<float> previousPoses_, previousVelocities_, bodyForces_;  // body_forces.cpp
  std::vector<Vec3> contactForce_;
  bool steppedSinceRestore_ = false;
  // model_queries.cpp
  Data& queryData();
  std::unique_ptr<Data> queryData_;
  Eigen::VectorXd queryResult_;
  Eigen::MatrixXd queryJacobian_;
  Eigen::VectorXd smoothVelocity_, ledgerVelocity_;  // q̇ before a step's impulses; scratch
  std::string stepError_;
  uint64_t modelHash_ = 0, structureHash_ = 0;
  void checkStepHealth();

  // Contact pipeline and solver workspace, sized as the world grows, reused every step.
  BroadPhase broadPhase_;
  std::vector<std::pair<int, int>> pairs_;
  std::vector<Contact> contacts_, previousContacts_;
  std::vector<Contact> sleepingContacts_;  // of islands asleep, kept for the report only
  std::vector<float> contactBuffer_;
  ConstraintSet rows_;
  Eigen::VectorXd velocityBefore_, pseudoVelocity_, scratch_;
  // The substepped solve: the step's smooth velocity change (given out per substep; then the
  // velocity before the rebounds), the substeps' trapezoid-mean velocity, whether this step was
  // substepped, and the rows' impulses before the rebounds (for the ledger).
  Eigen::VectorXd smoothChange_, meanVelocity_;
  bool substepped_ = false;
  std::vector<double> restitutionStart_;
  // Impulse joints' workspace.
  ConstraintSet jointRows_;
  std::vector<JointBlock> jointBlocks_;
  EnvelopeLdlt jointSystem_;                // K = J H⁻¹ Jᵀ of every joint row, factored
  Eigen::VectorXd jointRight_;              // per joint row: the right-hand side, then λ
  Eigen::VectorXd jointTarget_;             // per joint row: the error to leave at t + h (torn joints)
  Eigen::VectorXd predictionVelocity_, qPredicted_, dqPredicted_;
  std::vector<int> path_;
  std::vector<char> prescribed_;
  std::vector<int> gyroscopicLinks_;  // free or ball-jointed links with no children (realtime_step.cpp)
  std::vector<Vec3> linearPoint_;     // per link: the body point a free joint's realtime step moves (realtime_step.cpp)
  Eigen::VectorXd qddPrescribed_;
  State eventStart_;  // accurate: the state at the start of the interval being searched
  long substepsAtStepStart_ = 0;  // accurate: the step's substep budget (kMaxSubsteps) counts from here
  long stallsAtStepStart_ = 0;    // step(): RK45 gave up in this step if stats_.stalls passed it
  std::vector<double> limitBaseline_;  // accurate: each limit's overshoot at that start
  std::vector<Contact> contactBaseline_;  // accurate: the contacts at that start
  std::vector<char> pairResting_;         // accurate: per baseline contact, its pair rests
  std::vector<char> limitResting_;        // accurate: per limit, it rests at that start
  Eigen::VectorXd restingEffort_;      // accurate: resting-contact efforts of the interval
  // Sleeping, per tree.
  std::vector<char> asleep_, neverSleeps_;
  std::vector<double> sleepTimer_, islandTimer_;
  std::vector<int> islandParent_;
};

}  // namespace fw
