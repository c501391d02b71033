// Classical fourth-order Runge–Kutta on the configuration manifold: every stage configuration
// is q ⊕ (h Σ aᵢⱼ q̇ⱼ), so quaternions stay on the unit sphere.
#include "integrators/steppers.h"
#include "model/configuration.h"

namespace fw {

void rk4Step(const Model& model, Data& data, const Loads& loads, State& state, double h,
             const IntegratorSettings& settings, IntegratorStats& stats) {
  auto& V = data.stageV;  // stage velocities q̇ᵢ
  auto& A = data.stageA;  // stage accelerations q̈ᵢ
  data.q0 = state.q;
  data.v0 = state.v;

  V[0] = data.v0;
  evaluateAcceleration(model, data, loads, data.q0, V[0], settings, stats);
  A[0] = data.qdd;
  const double c[3] = {0.5 * h, 0.5 * h, h};
  for (int s = 1; s < 4; ++s) {
    data.dq.noalias() = c[s - 1] * V[s - 1];
    integrateConfiguration(model, data.q0, data.dq, data.qStage);
    V[s] = data.v0;
    V[s].noalias() += c[s - 1] * A[s - 1];
    evaluateAcceleration(model, data, loads, data.qStage, V[s], settings, stats);
    A[s] = data.qdd;
  }
  data.dq = V[0] + 2 * V[1] + 2 * V[2] + V[3];
  data.dq *= h / 6;
  integrateConfiguration(model, data.q0, data.dq, state.q);
  state.v = data.v0;
  state.v.noalias() += (h / 6) * (A[0] + 2 * A[1] + 2 * A[2] + A[3]);
  state.t += h;
  ++stats.accepted;
}

}  // namespace fw
