#pragma once
// Motors on 1-DoF joints. `velocity` drives q̇ to a target with a bounded effort; `position` is
// a PD servo with a bounded effort (implicit in realtime stepping, so stiff gains stay stable; in
// accurate stepping both are efforts of the state at every Runge–Kutta stage, model/loads.h's
// Servo); `prescribed` moves the joint exactly along q(t) = offset + amplitude·sin(2π·frequency·t
// + phase) through hybrid dynamics and reports the effort that takes. Targets may change between
// steps.
#include <cmath>
#include <numbers>

namespace fw {

enum class MotorMode { Velocity, Position, Prescribed };

struct JointMotor {
  int link = 0;
  int impulseJoint = -1;   // ≥ 0: the limit/motor acts on that impulse joint (link is its child)
  MotorMode mode = MotorMode::Velocity;
  double targetVelocity = 0;   // velocity mode; position mode's feed-forward velocity
  double targetPosition = 0;   // position mode
  double stiffness = 0;        // position mode, N·m/rad or N/m
  double damping = 0;          // position mode, N·m·s/rad or N·s/m
  double maxEffort = 0;        // bound of |effort|, N·m or N (0: unbounded)
  // Prescribed trajectory.
  double offset = 0, amplitude = 0, frequency = 0, phase = 0;
  // Output: the effort the motor applied over the last step (accurate stepping: its mean over the
  // last smooth interval, the step unless an event split it).
  double effort = 0;

  double trajectoryPosition(double t) const { return offset + amplitude * std::sin(angular() * t + phase); }
  double trajectoryVelocity(double t) const { return amplitude * angular() * std::cos(angular() * t + phase); }
  double trajectoryAcceleration(double t) const {
    return -amplitude * angular() * angular() * std::sin(angular() * t + phase);
  }

 private:
  double angular() const { return 2 * std::numbers::pi * frequency; }
};

}  // namespace fw
