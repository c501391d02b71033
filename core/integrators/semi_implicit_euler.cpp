// Symplectic (semi-implicit) Euler: q̇ₙ₊₁ = q̇ₙ + h q̈(qₙ, q̇ₙ), qₙ₊₁ = qₙ ⊕ h q̇ₙ₊₁. First order, but
// its energy error stays bounded instead of drifting, which is what a real-time scene needs.
// Joint friction enters as bounded impulses between the velocity and the position update.
#include "algorithms/aba.h"
#include "constraints/joint_friction.h"
#include "integrators/steppers.h"
#include "model/configuration.h"

namespace fw {

void semiImplicitEulerStep(const Model& model, Data& data, const Loads& loads, State& state, double dt,
                           const IntegratorSettings& settings, IntegratorStats& stats) {
  evaluateAcceleration(model, data, loads, state.q, state.v, settings, stats);
  state.v.noalias() += dt * data.qdd;
  if (!data.frictionCoordinate.empty()) {
    // Friction works on the new velocities before they move the bodies; it needs the
    // articulated inertias of q, which the CRBA path does not leave behind.
    if (settings.dynamics == DynamicsAlgorithm::CRBA) aba(model, data, state.q, state.v, data.tau, &loads);
    applyJointFriction(model, data, state.v, dt);
  }
  data.dq.noalias() = dt * state.v;
  data.q0 = state.q;
  integrateConfiguration(model, data.q0, data.dq, state.q);
  state.t += dt;
  ++stats.accepted;
}

}  // namespace fw
