#include "integrators/integrator.h"

#include "integrators/steppers.h"

namespace fw {

void advance(const Model& model, Data& data, const Loads& loads, State& state, double dt,
             const IntegratorSettings& settings, IntegratorStats& stats, long maxSubsteps) {
  switch (settings.kind) {
    case IntegratorKind::SemiImplicitEuler: semiImplicitEulerStep(model, data, loads, state, dt, settings, stats); break;
    case IntegratorKind::RK4: rk4Step(model, data, loads, state, dt, settings, stats); break;
    case IntegratorKind::RK45: rk45Advance(model, data, loads, state, dt, settings, stats, maxSubsteps); break;
  }
  ++stats.steps;
}

}  // namespace fw
