// Classical fourth-order Runge–Kutta, on the configuration manifold as Runge–Kutta–Munthe-Kaas
// (Munthe-Kaas 1998): stage configurations are q ⊕ Θᵢ with Θᵢ = h Σ aᵢⱼ Kⱼ in chart coordinates,
// Kⱼ the chart rate of stage j's velocity (configuration.h). Quaternions stay unit and the
// method keeps its fourth order on rotations too.
#include "integrators/steppers.h"
#include "model/configuration.h"

namespace fw {

void rk4Step(const Model& model, Data& data, const Loads& loads, State& state, double h,
             const IntegratorSettings& settings, IntegratorStats& stats) {
  auto& V = data.stageV;  // stage velocities q̇ᵢ
  auto& A = data.stageA;  // stage accelerations q̈ᵢ
  auto& K = data.stageK;  // stage chart rates
  data.q0 = state.q;
  data.v0 = state.v;

  V[0] = data.v0;
  evaluateAcceleration(model, data, loads, data.q0, V[0], settings, stats);
  A[0] = data.qdd;
  keepServoStage(data, loads, 0);
  data.dq.setZero();
  chartVelocity(model, data.q0, data.dq, V[0], K[0]);
  const double c[3] = {0.5 * h, 0.5 * h, h};
  for (int s = 1; s < 4; ++s) {
    data.dq.noalias() = c[s - 1] * K[s - 1];
    retract(model, data.q0, data.dq, data.qStage);
    V[s] = data.v0;
    V[s].noalias() += c[s - 1] * A[s - 1];
    evaluateAcceleration(model, data, loads, data.qStage, V[s], settings, stats);
    A[s] = data.qdd;
    keepServoStage(data, loads, s);
    chartVelocity(model, data.qStage, data.dq, V[s], K[s]);
  }
  data.dq = K[0] + 2 * K[1] + 2 * K[2] + K[3];
  data.dq *= h / 6;
  retract(model, data.q0, data.dq, state.q);
  state.v = data.v0;
  state.v.noalias() += (h / 6) * (A[0] + 2 * A[1] + 2 * A[2] + A[3]);
  data.velocityIntegral = (h / 6) * (V[0] + 2 * V[1] + 2 * V[2] + V[3]);
  data.speedSquaredIntegral = (h / 6) * (V[0].cwiseAbs2() + 2 * V[1].cwiseAbs2() + 2 * V[2].cwiseAbs2() + V[3].cwiseAbs2());
  data.servoImpulse.setZero();
  data.servoWork = 0;
  if (!loads.servos.empty())
    for (int s = 0; s < 4; ++s) addServoStage(data, s, (s == 0 || s == 3 ? h / 6 : h / 3));
  state.t += h;
  ++stats.accepted;
}

}  // namespace fw
