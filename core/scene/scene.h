#pragma once
// A scene as plain data, after parsing and validation (docs/scene-format.md). Building a World
// from it is scene_builder's job; this file knows nothing of the dynamics. A field the scene
// leaves out takes the schema's default (scene_defaults.generated.h, from scene.schema.json).
#include <Eigen/Core>
#include <Eigen/Geometry>
#include <optional>
#include <string>
#include <vector>

#include "constraints/constraint_solver.h"
#include "constraints/impulse_joint.h"
#include "constraints/joint_limit.h"
#include "constraints/joint_motor.h"
#include "model/joint_type.h"
#include "scene/scene_defaults.generated.h"
#include "shapes/material_mixing.h"
#include "shapes/shape.h"
#include "shapes/shape_visual.h"

namespace fw {

inline constexpr const char* kSceneFormat = "featherweight-scene";
inline constexpr int kSceneVersion = 1;

// Input limits (docs/security.md). Besides these, every number lies within ±kMaxSceneNumber.
inline constexpr int kMaxJsonDepth = 64;          // nesting of objects and arrays
inline constexpr double kMinTimestep = 1e-6;      // s
inline constexpr double kMaxTimestep = 0.1;       // s
inline constexpr double kMaxGravity = 1000;       // m/s², 100 g
inline constexpr double kMinTolerance = 1e-14;    // RK45: tighter cannot be met in double precision
inline constexpr double kMaxShapeExtent = 1e5;    // m: sizes, radii, hull points, positions of shapes
// The sections the core keeps opaque, "meta" (what the page shows) and "controller" (JavaScript
// the page and the library run): each is checked only to be an object within this many bytes of
// JSON text, room for the schema's 256 KiB controller source and its parameters.
inline constexpr size_t kMaxMetaBytes = 256 * 1024;
inline constexpr size_t kMaxControllerBytes = 320 * 1024;
// Work per load and per step (docs/security.md): bodies and links of a scene, its constraints,
// and the multiply-adds of one fill and factorisation of the impulse joints' correction system.
inline constexpr size_t kMaxBodies = 10000;
inline constexpr size_t kMaxConstraints = 1000;
inline constexpr size_t kMaxContactExclusions = 10000;
inline constexpr size_t kMaxContactPairs = 10000;
inline constexpr double kMaxJointSystemWork = 1e6;

struct Pose {
  Eigen::Vector3d position{0, 0, 0};
  Eigen::Quaterniond orientation = Eigen::Quaterniond::Identity();
};

// Explicit mass properties; when a link or body has none they come from its shapes.
struct Inertial {
  double mass = 0;
  Eigen::Vector3d centerOfMass{0, 0, 0};
  Eigen::Matrix3d inertiaAboutCom = Eigen::Matrix3d::Zero();
};

// The joint of a link to its parent (to the world for a root link); every JointType but universal.
struct JointDescription {
  JointType type = JointType::Fixed;
  Eigen::Vector3d axis{0, 0, 1};  // unit, revolute and prismatic
  Pose origin;                   // joint frame in the parent link frame (the world for a root link)
  // Initial state. 1-DoF: position[0], velocity[0]. Spherical: orientation, angular velocity
  // in the joint frame. Free: pose and (angular, linear) velocity in the joint frame.
  double position = scene_defaults::kJointPosition;
  double velocity = scene_defaults::kJointRevoluteVelocity;
  Pose initialPose;
  Eigen::Vector3d angularVelocity{0, 0, 0};
  Eigen::Vector3d linearVelocity{0, 0, 0};
  double damping = scene_defaults::kJointDamping;    // N·m·s/rad or N·s/m
  double armature = scene_defaults::kJointArmature;  // rotor inertia per coordinate, kg·m² or kg
  double friction = scene_defaults::kJointFriction;  // bound of the Coulomb friction effort, N·m or N
  double springStiffness = 0;                         // no spring
  double springRest = scene_defaults::kJointSpringRest;
  std::optional<JointLimit> limits;  // .link is filled in by the builder
  std::optional<JointMotor> motor;   // likewise
};

struct LinkDescription {
  std::string name;
  std::string path;  // JSON Pointer of the link (or body) in the scene, for messages
  int parent = -1;  // index in the articulation's links, −1 for the root
  JointDescription joint;
  std::optional<Inertial> inertial;
  std::vector<Shape> shapes;
  std::vector<ShapeVisual> shapeVisuals;  // how each shape is drawn, one per shape
  double linearDrag = scene_defaults::kDragLinear;    // Wawrzyński: f = −k v|v|
  double angularDrag = scene_defaults::kDragAngular;  // n = −k ω
  double viscousDrag = scene_defaults::kDragViscous;  // f = −b v
  bool ownDrag = false;  // gave "drag": world.drag does not apply
  double gravcomp = scene_defaults::kLinkGravcomp;    // fraction of the weight cancelled at the centre of mass
};

struct ArticulationDescription {
  std::string name;
  std::vector<LinkDescription> links;  // parents before children
  bool isFreeBody = false;             // came from "bodies": one link named like the body
  bool isStatic = false;               // a static body: one link welded to the world
  bool selfCollision = false;          // may non-adjacent links of this articulation touch?
  bool impulseJoints = false;          // "joints": "impulse": free bodies held by impulse joints
};

// A joint held by impulses between any two bodies or links (a loop closure, a Bender joint).
struct ConstraintDescription {
  std::string path;  // JSON Pointer, for messages
  std::string name;
  JointType type = JointType::Spherical;  // every JointType but free
  std::string a, b;  // body names, "articulation/link", or "world"
  std::optional<Eigen::Vector3d> anchor;          // world point at the initial configuration
  std::optional<Eigen::Vector3d> pointA, pointB;  // or a point in each body's frame
  Eigen::Vector3d axis{0, 0, 1};   // world, at the initial configuration
  Eigen::Vector3d axis2{1, 0, 0};  // universal: the axis on b
};

// A linear spring-damper between a point on each of two bodies (scene_parts.cpp).
struct SpringDescription {
  std::string path;  // JSON Pointer, for messages
  std::string name;
  std::string a, b;  // body names, "articulation/link", or "world"
  Eigen::Vector3d pointA{0, 0, 0}, pointB{0, 0, 0};  // in a's and b's frames (the world's for "world")
  std::optional<double> restLength;                  // m; none: the initial distance
  double stiffness = 0;                              // N/m
  double damping = scene_defaults::kSpringDamping;  // N·s/m
};

// An ideal string: inextensible, unilateral, over fixed pulley points.
struct StringDescription {
  std::string path;
  std::string name;
  std::string a, b;
  Eigen::Vector3d pointA{0, 0, 0}, pointB{0, 0, 0};
  std::optional<double> length;       // m; none: the initial path length
  std::vector<Eigen::Vector3d> via;  // world points
};

// A rope with mass: built into `segments` capsule bodies joined by spherical impulse joints.
struct RopeDescription {
  std::string path;
  std::string name;
  std::string a, b;  // b empty: the rope hangs from a
  Eigen::Vector3d pointA{0, 0, 0}, pointB{0, 0, 0};
  double length = 1, mass = 1, radius = 0.01;
  int segments = 2;
  Shape capsule;  // the segments' shape (material, friction, colour), its size set when built
  ShapeVisual visual;
};

// Two bodies or links whose shapes never touch (MuJoCo's <contact><exclude>).
struct ExclusionDescription {
  std::string path;  // JSON Pointer, for messages
  std::string a, b;  // body names or "articulation/link"
};

// Two shapes that always touch, whatever the filters (MuJoCo's <contact><pair>).
struct ContactPairDescription {
  std::string path;  // JSON Pointer, for messages
  std::string a, b;  // body names or "articulation/link"
  int shapeA = 0, shapeB = 0;  // indices in those bodies' shapes
  double friction = -1;        // < 0: the shapes' friction, mixed
};

struct WorldDescription {
  Eigen::Vector3d gravity{scene_defaults::kWorldGravity.data()};
  double timestep = scene_defaults::kWorldTimestep;
  std::string integrator{scene_defaults::kWorldIntegrator};  // semi-implicit-euler | rk4 | rk45
  std::string dynamics{scene_defaults::kWorldDynamics};      // aba | crba
  double absoluteTolerance = scene_defaults::kWorldToleranceAbsolute;
  double relativeTolerance = scene_defaults::kWorldToleranceRelative;
  double minStep = scene_defaults::kWorldMinStep;
  double maxStep = 0;  // 0: the timestep
  std::string stepping;  // "realtime" | "accurate"; default from the integrator
  std::string collisionFilter{scene_defaults::kWorldCollisionFilter};  // each | either (MuJoCo's rule)
  double linearDrag = 0, angularDrag = 0, viscousDrag = 0;  // world.drag: links without their own
  MaterialMixing mixing;        // how a pair combines its shapes' friction and restitution
  SolverSettings solver;        // the parser fills in every field (the solver's own defaults are
  ImpulseJointSettings joints;  // for worlds built without a scene)
};

// The initial view: drawn by the page, no part of the physics.
struct Camera {
  Eigen::Vector3d position{scene_defaults::kCameraPosition.data()};
  Eigen::Vector3d target{scene_defaults::kCameraTarget.data()};
  double fov = scene_defaults::kCameraFov;  // vertical, degrees
};

struct SceneDescription {
  WorldDescription world;
  // Free rigid bodies become one-link articulations with a free joint, so this one list holds
  // everything that moves.
  std::vector<ArticulationDescription> articulations;
  std::vector<ConstraintDescription> constraints;
  std::vector<ExclusionDescription> contactExclusions;
  std::vector<ContactPairDescription> contactPairs;
  std::vector<SpringDescription> springs;
  std::vector<StringDescription> strings;
  std::vector<RopeDescription> ropes;  // expanded into bodies and constraints by the builder
  Camera camera;
};

}  // namespace fw
