// Symplectic (semi-implicit) Euler: q̇ₙ₊₁ = q̇ₙ + h q̈(qₙ, q̇ₙ), qₙ₊₁ = qₙ ⊕ h q̇ₙ₊₁. First order, but
// its energy error stays bounded instead of drifting, which is what a real-time scene needs.
// (Worlds with contacts, limits, friction or motors step in world/step_realtime.cpp instead,
// with impulses between the velocity and the position update.)
#include "algorithms/aba.h"
#include "integrators/steppers.h"
#include "model/configuration.h"

namespace fw {

void semiImplicitEulerStep(const Model& model, Data& data, const Loads& loads, State& state, double dt,
                           const IntegratorSettings& settings, IntegratorStats& stats) {
  evaluateAcceleration(model, data, loads, state.q, state.v, settings, stats);
  state.v.noalias() += dt * data.qdd;
  data.dq.noalias() = dt * state.v;
  data.velocityIntegral = data.dq;
  data.speedSquaredIntegral = dt * state.v.cwiseAbs2();
  clearStageEfforts(data);
  if (loads.constraints) data.constraintWork = data.constraintTau.dot(data.dq);
  if (!loads.servos.empty()) {  // their efforts at the step's start, held over it
    data.servoImpulse = dt * data.servoTau;
    data.servoWork = data.servoTau.dot(data.dq);
  }
  data.q0 = state.q;
  integrateConfiguration(model, data.q0, data.dq, state.q);
  state.t += dt;
  ++stats.accepted;
}

}  // namespace fw
