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
  keepStageEfforts(data, loads, 0);
  data.dq.setZero();
  chartVelocity(model, data.q0, data.dq, V[0], K[0]);
  const double c[3] = {0.5 * h, 0.5 * h, h};
  const Eigen::Index nv = model.nv;
  for (int s = 1; s < 4; ++s) {
    // Θₛ = c K and q̇ₛ = q̇₀ + c q̈ in one pass over the coordinates (each entry the same
    // arithmetic as the vector expressions; n is small and one loop beats several).
    const double cs = c[s - 1];
    for (Eigen::Index i = 0; i < nv; ++i) {
      data.dq[i] = cs * K[s - 1][i];
      V[s][i] = data.v0[i] + cs * A[s - 1][i];
    }
    retract(model, data.q0, data.dq, data.qStage);
    evaluateAcceleration(model, data, loads, data.qStage, V[s], settings, stats);
    A[s] = data.qdd;
    keepStageEfforts(data, loads, s);
    chartVelocity(model, data.qStage, data.dq, V[s], K[s]);
  }
  // The weights h/6 (1, 2, 2, 1) on the stages' chart rates, accelerations, velocities and
  // squared velocities, in one pass: each sum ((x₀ + 2x₁) + 2x₂) + x₃ as the vector expressions.
  const double w = h / 6;
  auto weighted = [](double x0, double x1, double x2, double x3) { return x0 + 2 * x1 + 2 * x2 + x3; };
  for (Eigen::Index i = 0; i < nv; ++i) {
    data.dq[i] = weighted(K[0][i], K[1][i], K[2][i], K[3][i]) * w;
    state.v[i] = data.v0[i] + w * weighted(A[0][i], A[1][i], A[2][i], A[3][i]);
    data.velocityIntegral[i] = w * weighted(V[0][i], V[1][i], V[2][i], V[3][i]);
    data.speedSquaredIntegral[i] =
        w * weighted(V[0][i] * V[0][i], V[1][i] * V[1][i], V[2][i] * V[2][i], V[3][i] * V[3][i]);
  }
  retract(model, data.q0, data.dq, state.q);
  clearStageEfforts(data);
  if (!loads.servos.empty() || loads.constraints)
    for (int s = 0; s < 4; ++s) addStageEfforts(data, loads, s, (s == 0 || s == 3 ? h / 6 : h / 3));
  state.t += h;
  ++stats.accepted;
}

}  // namespace fw
