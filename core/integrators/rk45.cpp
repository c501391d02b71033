// Adaptive Dormand–Prince 5(4) (Dormand & Prince 1980; Hairer, Nørsett & Wanner, Solving ODEs I,
// §II.5): substeps inside one world step, each accepted when the embedded error estimate is
// within tolerance, the next size from the standard controller h·min(5, max(0.2, 0.9 err^(−1/5))).
// Stages combine chart rates at the substep's start (Runge–Kutta–Munthe-Kaas, as in rk4.cpp).
#include <algorithm>
#include <cmath>
#include <limits>

#include "algorithms/external_forces.h"
#include "integrators/steppers.h"
#include "model/configuration.h"

namespace fw {
namespace {

constexpr double kA[7][6] = {
    {},
    {1.0 / 5},
    {3.0 / 40, 9.0 / 40},
    {44.0 / 45, -56.0 / 15, 32.0 / 9},
    {19372.0 / 6561, -25360.0 / 2187, 64448.0 / 6561, -212.0 / 729},
    {9017.0 / 3168, -355.0 / 33, 46732.0 / 5247, 49.0 / 176, -5103.0 / 18656},
    {35.0 / 384, 0, 500.0 / 1113, 125.0 / 192, -2187.0 / 6784, 11.0 / 84}};
// Fifth-order weights are the last row of kA (FSAL); E = b5 − b4 gives the error estimate.
constexpr double kE[7] = {71.0 / 57600,      0, -71.0 / 16695, 71.0 / 1920, -17253.0 / 339200,
                          22.0 / 525,        -1.0 / 40};

// Scaled RMS norm of the error (position part in the tangent space, then velocity part).
double errorNorm(const Model& model, const Data& data, const State& state, const IntegratorSettings& s) {
  double sum = 0;
  for (const JointModel& j : model.joints) {
    for (int k = 0; k < j.nv; ++k) {
      const int i = j.idx_v + k;
      // Angles of multi-DoF joints and free positions have no single coordinate to compare
      // with: their scale is the absolute tolerance plus a relative one of order 1.
      const double qScale = j.nv == 1 ? std::max(std::abs(state.q[j.idx_q]), std::abs(data.q0[j.idx_q])) : 1.0;
      const double vScale = std::max(std::abs(state.v[i]), std::abs(data.v0[i]));
      const double eq = data.errorQ[i] / (s.absoluteTolerance + s.relativeTolerance * qScale);
      const double ev = data.errorV[i] / (s.absoluteTolerance + s.relativeTolerance * vScale);
      sum += eq * eq + ev * ev;
    }
  }
  return model.nv == 0 ? 0 : std::sqrt(sum / (2 * model.nv));
}

// Whether a call starting at `state` has the efforts the remembered acceleration was found with:
// the held ones and the servos' at (q, q̇) (left in data.servoTau).
bool sameEfforts(Data& data, const Loads& loads, const State& state) {
  if (loads.servos.empty()) return loads.tau == data.fsalTau;
  servoEfforts(data, state.q, state.v, loads);
  return loads.tau + data.servoTau == data.fsalTau;
}

}  // namespace

void rk45Advance(const Model& model, Data& data, const Loads& loads, State& state, double dt,
                 const IntegratorSettings& settings, IntegratorStats& stats, long maxSubsteps) {
  auto& V = data.stageV;
  auto& A = data.stageA;
  auto& K = data.stageK;
  const double tEnd = state.t + dt;
  const double maxStep = settings.maxStep > 0 ? std::min(settings.maxStep, dt) : dt;
  double h = data.adaptiveStep > 0 ? std::min(data.adaptiveStep, maxStep) : maxStep;
  // FSAL: the last stage of an accepted substep is the next first, within this call and, when
  // this call starts where the last one ended with the same efforts, across calls (six
  // evaluations a substep instead of seven).
  bool haveFirstStage = data.fsalReady && !loads.anyExternal && !loads.constraints && state.q == data.fsalQ &&
                        state.v == data.fsalV && sameEfforts(data, loads, state);
  if (haveFirstStage) {
    V[0] = state.v;
    A[0] = data.fsalA;
    keepStageEfforts(data, loads, 0);
    data.dq.setZero();
    chartVelocity(model, state.q, data.dq, V[0], K[0]);
  }
  long substeps = 0;
  data.velocityIntegral.setZero();
  data.speedSquaredIntegral.setZero();
  clearStageEfforts(data);

  while (state.t < tEnd) {
    if (++substeps > maxSubsteps) {
      ++stats.stalls;
      break;
    }
    // The smallest step that still moves t: minStep, but never below a few ulps of t.
    const double floorStep = std::max(settings.minStep, 8 * std::numeric_limits<double>::epsilon() * std::max(1.0, std::abs(state.t)));
    h = std::max(h, floorStep);
    const double remaining = tEnd - state.t;
    const bool last = h >= remaining * (1 - 1e-12);
    const double step = last ? remaining : h;
    data.q0 = state.q;
    data.v0 = state.v;
    if (!haveFirstStage) {
      V[0] = data.v0;
      evaluateAcceleration(model, data, loads, data.q0, V[0], settings, stats);
      A[0] = data.qdd;
      keepStageEfforts(data, loads, 0);
      data.dq.setZero();
      chartVelocity(model, data.q0, data.dq, V[0], K[0]);
    }
    for (int s = 1; s < 7; ++s) {
      data.dq.setZero();
      V[s] = data.v0;
      for (int k = 0; k < s; ++k) {
        if (kA[s][k] == 0) continue;
        data.dq.noalias() += (step * kA[s][k]) * K[k];
        V[s].noalias() += (step * kA[s][k]) * A[k];
      }
      retract(model, data.q0, data.dq, data.qStage);
      evaluateAcceleration(model, data, loads, data.qStage, V[s], settings, stats);
      A[s] = data.qdd;
      keepStageEfforts(data, loads, s);
      chartVelocity(model, data.qStage, data.dq, V[s], K[s]);
    }
    // Stage 7 sits at the fifth-order solution itself.
    state.q = data.qStage;
    state.v = V[6];
    data.errorQ.setZero();
    data.errorV.setZero();
    for (int k = 0; k < 7; ++k) {
      if (kE[k] == 0) continue;
      data.errorQ.noalias() += (step * kE[k]) * K[k];
      data.errorV.noalias() += (step * kE[k]) * A[k];
    }
    const double err = errorNorm(model, data, state, settings);
    if (!std::isfinite(err)) {  // the stages overflowed: no step size helps
      ++stats.stalls;
      break;
    }
    const double factor = err == 0 ? 5.0 : std::clamp(0.9 * std::pow(err, -0.2), 0.2, 5.0);
    const bool atMinimum = step <= floorStep;
    if (err <= 1 || atMinimum) {
      if (err > 1) ++stats.minStepHits;
      ++stats.accepted;
      // The fifth-order weights are stage 7's row (FSAL).
      for (int k = 0; k < 6; ++k) {
        if (kA[6][k] == 0) continue;
        data.velocityIntegral.noalias() += (step * kA[6][k]) * V[k];
        data.speedSquaredIntegral.noalias() += (step * kA[6][k]) * V[k].cwiseAbs2();
        addStageEfforts(data, loads, k, step * kA[6][k]);
      }
      state.t = last ? tEnd : state.t + step;
      // FSAL: the last stage is the next first, its chart rate taken afresh at zero displacement.
      V[0] = V[6];
      A[0] = A[6];
      if (!loads.servos.empty()) data.stageServo[0] = data.stageServo[6];
      if (loads.constraints) data.stageConstraint[0] = data.stageConstraint[6];
      data.dq.setZero();
      chartVelocity(model, state.q, data.dq, V[0], K[0]);
      haveFirstStage = true;
      // Remember the controller's choice, not a shortened final piece.
      if (!last || step == h) h = std::clamp(step * factor, floorStep, maxStep);
    } else {
      ++stats.rejected;
      state.q = data.q0;
      state.v = data.v0;
      haveFirstStage = true;  // the first stage of this substep is still valid
      h = std::max(step * factor, floorStep);
    }
  }
  // The acceleration at the end is A[0] only if the call reached its end on an accepted substep.
  // Stage constraints are rows of this call's (built at its interval's start): not carried over.
  data.fsalReady = haveFirstStage && state.t >= tEnd && !loads.constraints;
  normalizeConfiguration(model, state.q);
  if (data.fsalReady) {
    data.fsalQ = state.q;
    data.fsalV = state.v;
    data.fsalTau = loads.tau;
    if (!loads.servos.empty()) data.fsalTau += data.stageServo[0];
    data.fsalA = A[0];
  }
  data.adaptiveStep = h;
}

}  // namespace fw
