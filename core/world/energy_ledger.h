#pragma once
// The energy ledger: where the mechanical energy of a world came from and went. Kinetic and
// potential energy are functions of the state; the ledger adds up, step by step, the work every
// non-conservative force did, so that
//   kinetic + potential + losses = initial + work in
// up to the integrator's own error, which is what `balance()` shows (PhET's energy bars).
//
// How each term is measured (world/energy_ledger.cpp):
// - impulses (contacts, limits, joint friction, motor rows): λ · J (q̇⁻ + q̇⁺)/2, the exact change
//   of kinetic energy an impulse makes (Σ over all rows = ½(q̇⁺ − q̇⁻)ᵀ H (q̇⁺ + q̇⁻)) at an
//   accurate step's impact; in a realtime step q̇⁻ is the step's starting velocity, so a contact
//   holding a resting body against the step's gravity kick does no work;
// - accurate stepping's smooth intervals: efforts held over them (joint efforts, resting
//   contacts) as τ · ∫ q̇ dt, motors (efforts of the state, evaluated at every stage) as
//   ∫ τ · q̇ dt and damping as Σ dᵢ ∫ q̇ᵢ² dt, with the integrator's own quadrature (as if
//   RK4/RK45 integrated ẇ = τ · q̇ beside the state);
// - realtime steps: efforts and implicit damping as force times the step's displacement h q̇⁺;
// - forces at points (the mouse spring, applied forces): in a realtime step, the generalized
//   force the step holds (taken at its start) times the step's mean velocity, the kinetic
//   energy it adds; in an accurate step, their power by the trapezoid rule over the step;
// - air drag: its power at the step's end.

namespace fw {

struct EnergyLedger {
  double initial = 0;      // kinetic + potential when the ledger started (t = 0, or an edit)
  double effortWork = 0;   // done by joint efforts (sliders, controllers)
  double motorWork = 0;    // done by motors
  double appliedWork = 0;  // done by the mouse spring and forces applied at points
  double contactLoss = 0;  // taken by contacts and limits: impacts, friction, resting contact
  double dampingLoss = 0;  // taken by joint damping, joint friction and air drag
};

struct EnergyReport {
  double kinetic = 0;
  double gravity = 0;  // potential energy of gravity (zero at the world origin)
  double spring = 0;   // potential energy of the joints' springs
  EnergyLedger ledger;

  double workIn() const { return ledger.effortWork + ledger.motorWork + ledger.appliedWork; }
  double losses() const { return ledger.contactLoss + ledger.dampingLoss; }
  // What the ledger cannot account for: the integrator's energy error (semi-implicit Euler's
  // O(h) wobble, RK4's O(h⁴) drift), position corrections and impulse joints' corrections.
  double balance() const { return kinetic + gravity + spring + losses() - ledger.initial - workIn(); }
};

}  // namespace fw
