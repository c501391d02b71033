// Locating an impact in time. The interval [0, T] from work_.eventStart ends violated; bisection
// finds the first instant an impact is at most a few event tolerances deep. Probing by
// integrating again from the interval's start costs an integration of the dynamics per probe (four
// evaluations of ABA for RK4, six or more for RK45); probing the interval's dense output costs
// forward kinematics and the collision queries only. The dense output is a Hermite interpolant on
// the configuration manifold: in the Runge–Kutta–Munthe-Kaas chart at the start (configuration.h),
// q(t) = q₀ ⊕ Δ(t) with Δ quintic, matching Δ, Δ̇, Δ̈ at both ends (Hairer, Nørsett & Wanner,
// Solving ODEs I, §II.6: Hermite dense output), and q̇(t) cubic, matching q̇, q̈ at both ends. Its
// error is O(T⁶), far below an event tolerance over a step, and it is the same for RK4 and RK45
// (RK45's own interpolant would serve each substep only). The final state stays the integrator's:
// once bracketed, the interval is integrated once to the located time, and that state is checked
// again; where it disagrees with the interpolant the search goes on by integration, as before.
#include "integrators/steppers.h"
#include "model/configuration.h"
#include "world/world.h"

namespace fw {
namespace {

constexpr int kBisections = 60;
// A located impact may be this many event tolerances deep: resolveImpacts finds contacts that
// deep and projects them out, so bisecting closer to one tolerance only costs integrations.
constexpr double kLocatedDepth = 10;
// ... or when it is known to this fraction of a step: closing at 100 m/s over a 1/60 s step,
// that is 2e-9 m. (A contact that changes feature can appear at a depth that no bisection
// shrinks: this ends its search.)
constexpr double kLocatedTime = 1e-9;
// The time step of the central differences for Δ̈, as a fraction of the interval: its error
// (ε² T² Δ⃛) and its round-off (10⁻¹⁶ Δ̇ / ε T) both move a position by far less than 10⁻¹² m.
constexpr double kDifferenceStep = 1e-4;

}  // namespace

// q̈ at (q, q̇) under the interval's loads and resting rows, into data_.qdd, counted as the
// integrator counts.
void World::accelerationAt(const Eigen::VectorXd& q, const Eigen::VectorXd& v) {
  holdSmoothLoads();
  forwardDynamics(model_, data_, q, v, state_.loads, settings_.integrator.dynamics);
  if (state_.loads.constraints) state_.loads.constraints->constrain(v, data_.qdd, data_.constraintTau);
  ++state_.stats.derivativeEvaluations;
  releaseSmoothLoads();
}

// Δ̈ where the chart displacement is `chart`, its rate `rate`, q̇ = v and q̈ = a: the central
// difference of the chart rate (chartVelocity) along the motion, which carries the inverse right
// Jacobian's change for rotations and the frame's turn for free positions.
void World::chartAcceleration(const Eigen::VectorXd& chart, const Eigen::VectorXd& rate,
                              const Eigen::VectorXd& v, const Eigen::VectorXd& a,
                              Eigen::VectorXd& out) {
  DenseInterval& d = work_.dense;
  const Eigen::VectorXd& q0 = work_.eventStart.q;
  const double eps = kDifferenceStep * d.length;
  for (const double sign : {1.0, -1.0}) {
    d.chartShifted = chart + (sign * eps) * rate;
    d.vShifted = v + (sign * eps) * a;
    retract(model_, q0, d.chartShifted, d.qShifted);
    chartVelocity(model_, d.qShifted, d.chartShifted, d.vShifted, d.rateShifted);
    if (sign > 0)
      out = d.rateShifted;
    else
      out -= d.rateShifted;
  }
  out /= 2 * eps;
}

// The dense output of the interval just integrated (state_.motion at its end, length T).
void World::buildDenseInterval(double length) {
  DenseInterval& d = work_.dense;
  const State& start = work_.eventStart;
  d.length = length;
  d.qEnd = state_.motion.q;
  d.vEnd = state_.motion.v;
  accelerationAt(start.q, start.v);
  d.accStart = data_.qdd;
  accelerationAt(d.qEnd, d.vEnd);
  d.accEnd = data_.qdd;
  d.qShifted = start.q;  // (the coordinates no chart moves keep their values)
  chartDisplacement(model_, start.q, d.qEnd, d.chartEnd);
  d.chart.setZero();
  chartVelocity(model_, start.q, d.chart, start.v, d.rateStart);
  chartVelocity(model_, d.qEnd, d.chartEnd, d.vEnd, d.rateEnd);
  chartAcceleration(d.chart, d.rateStart, start.v, d.accStart, d.chartAccStart);
  chartAcceleration(d.chartEnd, d.rateEnd, d.vEnd, d.accEnd, d.chartAccEnd);
}

// state_.motion at time t into the interval, from the dense output (quintic Hermite basis for
// Δ, cubic for q̇, in u = t/T).
void World::probeDense(double t) {
  const DenseInterval& d = work_.dense;
  const State& start = work_.eventStart;
  const double T = d.length, u = t / T, u2 = u * u, u3 = u2 * u, u4 = u3 * u, u5 = u4 * u;
  const double rate0 = T * (u - 6 * u3 + 8 * u4 - 3 * u5),
               acc0 = T * T * (0.5 * u2 - 1.5 * u3 + 1.5 * u4 - 0.5 * u5);
  const double end = 10 * u3 - 15 * u4 + 6 * u5, rate1 = T * (-4 * u3 + 7 * u4 - 3 * u5);
  const double acc1 = T * T * (0.5 * u3 - u4 + 0.5 * u5);
  work_.dense.chart.noalias() =
      rate0 * d.rateStart + acc0 * d.chartAccStart + end * d.chartEnd + rate1 * d.rateEnd;
  work_.dense.chart.noalias() += acc1 * d.chartAccEnd;
  state_.motion.q = start.q;
  retract(model_, start.q, d.chart, state_.motion.q);
  const double v0 = 2 * u3 - 3 * u2 + 1, a0 = T * (u3 - 2 * u2 + u), v1 = 3 * u2 - 2 * u3,
               a1 = T * (u3 - u2);
  state_.motion.v.noalias() = v0 * start.v + a0 * d.accStart + v1 * d.vEnd + a1 * d.accEnd;
  state_.motion.t = start.t + t;
}

// Bisection of [lo, hi] (lo not violated, hi violated by an impact depth deep) until the impact is
// located; the state is left at hi (by a last integration if the last probe was at lo). Probes are
// the dense output's or integrations from the interval's start. False if the integrator stalled.
bool World::bisectImpact(double& lo, double& hi, double& depth, bool dense) {
  const double located = kLocatedDepth * settings_.eventTolerance, h = settings_.timestep;
  bool atHi = true;
  for (int it = 0; it < kBisections && hi - lo > kLocatedTime * h && depth > located; ++it) {
    const double mid = 0.5 * (lo + hi);
    if (dense) {
      probeDense(mid);
    } else {
      state_.motion = work_.eventStart;
      advanceSmooth(mid);
      if (stalled()) return false;
    }
    atHi = violated(false) == Violation::Impact;
    (atHi ? hi : lo) = mid;
    if (atHi) depth = work_.impactOvershoot;
  }
  if (!atHi || dense) {
    state_.motion = work_.eventStart;
    advanceSmooth(hi);
    if (stalled()) return false;
  }
  return true;
}

// The first impact of the interval [0, length] that ended violated (work_.impactOvershoot deep):
// the state is left where it is located, integrated. False if the integrator stalled.
bool World::locateImpact(double length) {
  const double located = kLocatedDepth * settings_.eventTolerance;
  const double endDepth = work_.impactOvershoot;
  double lo = 0, hi = length, depth = endDepth;
  buildDenseInterval(length);
  if (!bisectImpact(lo, hi, depth, true)) return false;
  // The integrated state at hi is what the impact is resolved at: it must show the impact the
  // dense output did, and no more than the located depth deeper (an integration to hi and the
  // interpolant of the integration to T differ by the integrator's error, as two probes of a
  // bisection by integration do).
  const Violation exact = violated(false);
  const double exactDepth = work_.impactOvershoot;
  if (exact == Violation::Impact && exactDepth <= depth + located) return true;
  if (exact == Violation::Impact) {
    lo = 0, depth = exactDepth;  // deeper than the dense output had it: the impact is before hi
  } else {
    lo = hi, hi = length, depth = endDepth;  // not yet: after hi
  }
  return bisectImpact(lo, hi, depth, false);
}

}  // namespace fw
