#pragma once
// Accurate stepping's dense output over one interval: where the state is at any time between the
// interval's start and its end, from the two end states and their derivatives, so that locating
// an impact in time probes positions without integrating the dynamics again (impact_location.cpp).
#include <Eigen/Core>

#include "model/model.h"

namespace fw {

struct DenseInterval {
  double length = 0;           // the interval's duration T
  Eigen::VectorXd qEnd, vEnd;  // the state at its end (the start is StepWorkspace::eventStart)
  Eigen::VectorXd accStart, accEnd;            // q̈ at both ends (ABA)
  Eigen::VectorXd chartEnd;                    // Δ(T): the end's chart displacement from the start
  Eigen::VectorXd rateStart, rateEnd;          // Δ̇ at both ends
  Eigen::VectorXd chartAccStart, chartAccEnd;  // Δ̈ at both ends
  Eigen::VectorXd chart, chartShifted, rateShifted, vShifted, qShifted;  // scratch

  void resize(const Model& model, const Eigen::VectorXd& q) {
    const Eigen::VectorXd zero = Eigen::VectorXd::Zero(model.nv);
    qEnd = qShifted = q;
    vEnd = accStart = accEnd = chartEnd = rateStart = rateEnd = chartAccStart = chartAccEnd = zero;
    chart = chartShifted = rateShifted = vShifted = zero;
  }
};

}  // namespace fw
