#pragma once
// The individual methods behind advance(); each advances state by dt.
#include "integrators/integrator.h"

namespace fw {

void semiImplicitEulerStep(const Model&, Data&, const Loads&, State&, double dt, const IntegratorSettings&,
                           IntegratorStats&);
void rk4Step(const Model&, Data&, const Loads&, State&, double dt, const IntegratorSettings&, IntegratorStats&);
void rk45Advance(const Model&, Data&, const Loads&, State&, double dt, const IntegratorSettings&,
                 IntegratorStats&, long maxSubsteps);

// q̈(q, q̇) into data.qdd, counted: forward dynamics, then the stage constraints if any (their
// response added to data.qdd, their effort into data.constraintTau).
inline void evaluateAcceleration(const Model& model, Data& data, const Loads& loads, const Eigen::VectorXd& q,
                                 const Eigen::VectorXd& v, const IntegratorSettings& settings,
                                 IntegratorStats& stats) {
  forwardDynamics(model, data, q, v, loads, settings.dynamics);
  if (loads.constraints) loads.constraints->constrain(v, data.qdd, data.constraintTau);
  ++stats.derivativeEvaluations;
}

// The servos' and the stage constraints' efforts of the evaluation just made, kept as stage s's.
inline void keepStageEfforts(Data& data, const Loads& loads, int s) {
  if (!loads.servos.empty()) data.stageServo[size_t(s)] = data.servoTau;
  if (loads.constraints) data.stageConstraint[size_t(s)] = data.constraintTau;
}

// Before an advance: no impulse or work yet.
inline void clearStageEfforts(Data& data) {
  data.servoImpulse.setZero();
  data.servoWork = 0;
  data.constraintWork = 0;
}

// Stage s's share of the servos' impulse and work and of the constraints' work, at weight
// w = h·bₛ (the stage velocity's own).
inline void addStageEfforts(Data& data, const Loads& loads, int s, double w) {
  if (!loads.servos.empty()) {
    data.servoImpulse.noalias() += w * data.stageServo[size_t(s)];
    data.servoWork += w * data.stageServo[size_t(s)].dot(data.stageV[size_t(s)]);
  }
  if (loads.constraints) data.constraintWork += w * data.stageConstraint[size_t(s)].dot(data.stageV[size_t(s)]);
}

}  // namespace fw
