#pragma once
// The individual methods behind advance(); each advances state by dt.
#include "integrators/integrator.h"

namespace fw {

void semiImplicitEulerStep(const Model&, Data&, const Loads&, State&, double dt, const IntegratorSettings&,
                           IntegratorStats&);
void rk4Step(const Model&, Data&, const Loads&, State&, double dt, const IntegratorSettings&, IntegratorStats&);
void rk45Advance(const Model&, Data&, const Loads&, State&, double dt, const IntegratorSettings&,
                 IntegratorStats&, long maxSubsteps);

// q̈(q, q̇) into data.qdd, counted.
inline void evaluateAcceleration(const Model& model, Data& data, const Loads& loads, const Eigen::VectorXd& q,
                                 const Eigen::VectorXd& v, const IntegratorSettings& settings,
                                 IntegratorStats& stats) {
  forwardDynamics(model, data, q, v, loads, settings.dynamics);
  ++stats.derivativeEvaluations;
}

}  // namespace fw
