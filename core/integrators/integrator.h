#pragma once
// Time integration of (q, q̇) over one step of the world, by the scene's chosen method.
#include "algorithms/forward_dynamics.h"
#include "model/data.h"
#include "model/loads.h"
#include "model/state.h"

namespace fw {

enum class IntegratorKind { SemiImplicitEuler, RK4, RK45 };

struct IntegratorSettings {
  IntegratorKind kind = IntegratorKind::SemiImplicitEuler;
  DynamicsAlgorithm dynamics = DynamicsAlgorithm::ABA;
  // RK45 (Dormand–Prince) error control, per coordinate: |e| ≤ abs + rel·|y|.
  double absoluteTolerance = 1e-8;
  double relativeTolerance = 1e-8;
  double minStep = 1e-9;
  double maxStep = 0;  // 0: the whole step
};

struct IntegratorStats {
  long steps = 0;                  // calls of advance
  long accepted = 0;               // substeps accepted (one per step for fixed-step methods)
  long rejected = 0;               // RK45 substeps retried with a smaller step
  long derivativeEvaluations = 0;  // forward-dynamics evaluations
  long minStepHits = 0;            // RK45 substeps accepted at minStep although too inaccurate
  long stalls = 0;                 // RK45 calls that gave up short of the step's end (their budget)
};

// The most RK45 substeps, accepted or rejected, one world step may take over all its intervals
// (an accurate step advances once per event and once per bisection of each): past it the call
// returns short of the step's end and counts a stall, so an impossible tolerance or a stiff world
// reports instead of spinning.
inline constexpr long kMaxSubsteps = 20000;

// Advances state by exactly dt with the loads held constant; RK45 gives up (a stall) after
// maxSubsteps substeps. Fixed-step methods take one and ignore it.
void advance(const Model& model, Data& data, const Loads& loads, State& state, double dt,
             const IntegratorSettings& settings, IntegratorStats& stats, long maxSubsteps = kMaxSubsteps);

}  // namespace fw
