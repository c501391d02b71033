#pragma once
// What is asked of a world between steps, as free functions over a const World: the renderer's
// float buffers (poses, velocities, contacts, body forces) and the model's quantities at the
// state now (H(q), inverse and forward dynamics, gravity torques, a point's Jacobian, a link's
// pose). The model queries run on a QueryWorkspace of the caller's (a Data of their own and the
// results), so asking never disturbs what the next step starts from.
#include <vector>

#include "model/data.h"
#include "world/buffer_layouts.generated.h"
#include "world/world.h"

namespace fw {

// Scratch and results of the queries below, for one model (the world it was made for).
struct QueryWorkspace {
  explicit QueryWorkspace(const Model& model) : data(model, true) {}
  Data data;
  Eigen::VectorXd result;
  Eigen::MatrixXd jacobian;
  std::vector<Vec3> contactForce;  // bodyForces: per body
  std::vector<float> poses, velocities;  // bodyForces: the bodies now, reused every call
};

// Floats per body and per contact point in the buffers below.
inline constexpr int kPoseFloats = layout::Pose::kStride;
inline constexpr int kVelocityFloats = layout::Velocity::kStride;
inline constexpr int kContactFloats = layout::Contact::kStride;
inline constexpr int kBodyForceFloats = layout::BodyForce::kStride;

// Pose of every body after the last step, reset or restore: x, y, z, qx, qy, qz, qw per body.
void bodyPoses(const World& world, std::vector<float>& out);
std::vector<float> bodyPoses(const World& world);
// Velocity of every body likewise, world coordinates: the velocity of the body frame's origin
// (x, y, z), then the angular velocity (x, y, z), per body.
void bodyVelocities(const World& world, std::vector<float>& out);
std::vector<float> bodyVelocities(const World& world);
// Contacts for debug drawing, kContactFloats per point: World::reportedContacts().
void contactPoints(const World& world, std::vector<float>& out);
std::vector<float> contactPoints(const World& world);

// Per body, kBodyForceFloats floats, world frame: centre of mass, its velocity, its acceleration
// over the last step, then the forces: net (m a), gravity, contacts, joint (from the parent
// body), applied (the mouse spring, applied forces); then the body's kinetic energy and mass.
// The acceleration is measured against the poses and velocities one step back (bodyPoses and
// bodyVelocities taken before the last step); zero acceleration and contact forces until the
// first step after a reset or restore.
void bodyForces(const World& world, const std::vector<float>& previousPoses, const std::vector<float>& previousVelocities,
                QueryWorkspace& workspace, std::vector<float>& out);

// Springs, then strings (part_queries.cpp): layout::Part records, their ends at the poses now.
void partStates(const World& world, std::vector<double>& out);

// The model at the current state (also when q was written since the last step): H(q); the
// efforts that give q̈ now (the joints' own damping and springs included, so forwardDynamics(τ)
// inverts it); the q̈ that efforts τ give now (without the contacts); RNEA(q, 0, 0), the efforts
// that hold gravity; the 6 × nv Jacobian of a point fixed on a link, world frame, rows (ω, ṗ).
// Results live in the workspace until its next query.
const Eigen::MatrixXd& massMatrix(const World& world, QueryWorkspace& workspace);
const Eigen::VectorXd& inverseDynamics(const World& world, const Eigen::VectorXd& qdd, QueryWorkspace& workspace);
const Eigen::VectorXd& forwardDynamics(const World& world, const Eigen::VectorXd& tau, QueryWorkspace& workspace);
const Eigen::VectorXd& gravityTorques(const World& world, QueryWorkspace& workspace);
const Eigen::MatrixXd& pointJacobian(const World& world, int link, const Vec3& pointLocal, QueryWorkspace& workspace);
// A link frame's pose at the state now.
Vec3 linkPositionNow(const World& world, int link, Quat& orientation, QueryWorkspace& workspace);

}  // namespace fw
