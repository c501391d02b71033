#pragma once
// Rows that act at a point between two links along a direction (contact normals and friction
// tangents, impulse joints): J q̇ = d · (v_B(p) − v_A(p)).
#include "constraints/constraint_row.h"
#include "model/data.h"

namespace fw {

// Fills row.a, row.b and row.inverseMass for an impulse λ·direction on link B at `point` and
// −λ·direction on link A (−1 = the world: no side). Both links on one tree give one combined
// side. Needs the articulated inertias of an aba() and the poses of forwardKinematics() at the
// current q. `scratch` holds at least the largest tree's nv.
void setPointRow(const Model& model, Data& data, int linkA, int linkB, const Vec3& point, const Vec3& direction,
                 ConstraintSet& set, ConstraintRow& row, double* scratch);

// The same with the impulse acting at a different point of each link: J q̇ = d · (v_B(pB) − v_A(pA))
// (a joint whose two points have drifted apart).
void setTwoPointRow(const Model& model, Data& data, int linkA, const Vec3& pointA, int linkB, const Vec3& pointB,
                    const Vec3& direction, ConstraintSet& set, ConstraintRow& row, double* scratch);

// An impulse λ pulling link A at pointA along directionA and link B at pointB along directionB
// (a string over pulleys): J q̇ = directionA · v_A(pA) + directionB · v_B(pB).
void setPullRow(const Model& model, Data& data, int linkA, const Vec3& pointA, const Vec3& directionA, int linkB,
                const Vec3& pointB, const Vec3& directionB, ConstraintSet& set, ConstraintRow& row, double* scratch);

// The same for a pure torque about `axis` (world): J q̇ = axis · (ω_B − ω_A).
void setAngularRow(const Model& model, Data& data, int linkA, int linkB, const Vec3& axis, ConstraintSet& set,
                   ConstraintRow& row, double* scratch);

}  // namespace fw
