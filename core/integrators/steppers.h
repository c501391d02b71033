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

// The servos' efforts of the evaluation just made, kept as stage s's.
inline void keepServoStage(Data& data, const Loads& loads, int s) {
  if (!loads.servos.empty()) data.stageServo[size_t(s)] = data.servoTau;
}

// Stage s's share of the servos' impulse and work, at weight w = h·bₛ (the stage velocity's own).
inline void addServoStage(Data& data, int s, double w) {
  data.servoImpulse.noalias() += w * data.stageServo[size_t(s)];
  data.servoWork += w * data.stageServo[size_t(s)].dot(data.stageV[size_t(s)]);
}

}  // namespace fw
