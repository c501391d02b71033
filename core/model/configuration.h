#pragma once
// Moving along the configuration manifold: 1-DoF coordinates add, quaternions of spherical
// joints turn by the exponential map of the body angular displacement, free joints follow the
// SE(3) exponential of the body twist. Quaternions stay unit.
#include "model/model.h"

namespace fw {

// qOut = q ⊕ dv, dv a tangent displacement (velocity × time, nv entries). qOut may not alias q.
void integrateConfiguration(const Model& model, const Eigen::VectorXd& q, const Eigen::VectorXd& dv,
                            Eigen::VectorXd& qOut);

// Runge–Kutta–Munthe-Kaas charts, for the higher-order integrators: a chart displacement dq
// (nv entries) moves 1-DoF joints by dq, turns quaternions by R ← R exp(Θ) with Θ the joint's
// rotation part, and moves a free joint's position by its translation part given in the
// PARENT frame. Stage increments add linearly in these coordinates.
void retract(const Model& model, const Eigen::VectorXd& q, const Eigen::VectorXd& dq, Eigen::VectorXd& qOut);
// The same for one joint's entries.
void retractJoint(const JointModel& j, const Eigen::VectorXd& q, const Eigen::VectorXd& dq, Eigen::VectorXd& qOut);
// The rate of the chart coordinates at a stage: Θ̇ = J_r(Θ)⁻¹ ω for rotations (the inverse right
// Jacobian of SO(3) at the stage's rotation displacement Θ), ṗ = R v for free positions, q̇
// for 1-DoF joints. qStage is the stage configuration, theta its chart displacement.
void chartVelocity(const Model& model, const Eigen::VectorXd& qStage, const Eigen::VectorXd& theta,
                   const Eigen::VectorXd& v, Eigen::VectorXd& out);

// The chart displacement that retract(q0, ·) takes to q1 (its inverse): 1-DoF differences, free
// positions' difference in the parent frame, Θ = log(R0ᵀ R1) for rotations (the shorter way).
void chartDisplacement(const Model& model, const Eigen::VectorXd& q0, const Eigen::VectorXd& q1, Eigen::VectorXd& out);

// exp of a rotation vector φ as a unit quaternion.
Quat quaternionExp(const Vec3& phi);

// Rescales every quaternion of q to unit length.
void normalizeConfiguration(const Model& model, Eigen::VectorXd& q);

}  // namespace fw
