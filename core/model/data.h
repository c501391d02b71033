#pragma once
// The workspace of every algorithm, sized once from the Model: nothing in a step allocates.
#include <vector>

#include "model/model.h"
#include "spatial/axis_transform.h"

namespace fw {

// cos and sin of one joint angle, as last evaluated (algorithms/aligned_joint.h); cos 0 = 1 and
// sin 0 = 0 exactly, so the initial entry is already a true one.
struct SinCos {
  double angle = 0, c = 1, s = 0;
};

struct Data {
  // The dense joint-space inertia H (nv × nv) is only needed by crba; a world of many free
  // bodies stepped by ABA should not pay nv² memory for it.
  explicit Data(const Model& model, bool withMassMatrix = true);

  // Kinematics (forward_kinematics, and the first pass of aba/rnea).
  std::vector<Transform> Xup;  // parent link frame → link frame, X_J(q) X_T
  std::vector<AxisTransform> XupAxis;  // the same X_up for joints with an alignedAxis
  std::vector<SinCos> jointSinCos;     // their angle's cos and sin, reused at the same angle
  std::vector<Transform> X0;   // world → link frame; the link's world pose is (X0.E)ᵀ, X0.r
  std::vector<Motion> v;       // link velocity, link coordinates
  std::vector<Motion> a;       // link acceleration (with −gravity at the base)
  std::vector<Motion> c;       // velocity-product acceleration v × S q̇
  std::vector<Force> f;        // rnea: force transmitted across the joint
  std::vector<Force> fext;     // external + drag force on the link, link coordinates

  // ABA (RBDA Table 7.1).
  std::vector<ArticulatedInertia> IA;
  std::vector<Force> pA;
  std::vector<Force> U1;  // 1-DoF joints: U = IA S
  std::vector<double> invD1;
  std::vector<double> u1;
  std::vector<Mat6> Um;    // multi-DoF joints: IA S (first nv columns)
  std::vector<Mat6> Dinv;  // (Sᵀ IA S)⁻¹ (top-left nv × nv)
  std::vector<Vec6> um;    // τ − Sᵀ pA

  // CRBA (RBDA Table 6.2) and the sparse LᵀDL factorisation (RBDA §6.5).
  std::vector<Inertia> Ic;        // composite inertia of the subtree
  std::vector<int> parentDof;     // λ(i) over velocity coordinates, −1 at a root
  Eigen::MatrixXd H;              // joint-space inertia, then its factor in place
  Eigen::VectorXd tau;            // joint efforts of the current evaluation
  Eigen::VectorXd qdd;            // result of forward dynamics
  Eigen::VectorXd bias;           // C(q, q̇) + gravity − external (crba path)

  // Integrator scratch.
  Eigen::VectorXd q0, qStage, dq;
  std::vector<Eigen::VectorXd> stageV, stageA;  // up to 7 Runge–Kutta stages: q̇ᵢ, q̈ᵢ
  std::vector<Eigen::VectorXd> stageK;          // and the chart rates of q̇ᵢ (configuration.h)
  Eigen::VectorXd vStage, errorV, errorQ, v0;
  // ∫ q̇ dt and ∫ q̇∘q̇ dt over the last advance, by the method's own quadrature: the work of efforts
  // held over it is τ · ∫ q̇ dt, what damping took Σ dᵢ ∫ q̇ᵢ² dt (world/energy_ledger.cpp).
  Eigen::VectorXd velocityIntegral, speedSquaredIntegral;
  // The servos (loads.servos): their part of tau in the current evaluation, at each stage, and
  // over the last advance ∫ τ dt and the work ∫ τ · q̇ dt, by the same quadrature.
  Eigen::VectorXd servoTau, servoImpulse;
  std::vector<Eigen::VectorXd> stageServo;
  double servoWork = 0;
  // The stage constraints (loads.constraints): their effort Jᵀλ in the current evaluation, at
  // each stage, and their work ∫ Jᵀλ · q̇ dt over the last advance, by the same quadrature.
  Eigen::VectorXd constraintTau;
  std::vector<Eigen::VectorXd> stageConstraint;
  double constraintWork = 0;
  double adaptiveStep = 0;  // RK45: last accepted substep, to start the next call
  // RK45 first-same-as-last across calls: the acceleration at the state a call ended in, valid
  // for the next call only if it starts from that very state with the same efforts.
  bool fsalReady = false;
  Eigen::VectorXd fsalQ, fsalV, fsalTau, fsalA;
};

}  // namespace fw
