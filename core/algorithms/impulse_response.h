#pragma once
// The articulated impulse response (Holck §3.6, after Mirtich; RBDA §11.x test impulses): a
// spatial impulse on one link changes every joint velocity by Δq̇ = H⁻¹ Jᵀ p, found in O(n) from
// the articulated inertias of the last aba() at the same q — no mass matrix is formed.
#include "model/data.h"

namespace fw {

// Δq̇ (nv entries, into dqd) for an impulse p on `link`, given in WORLD coordinates (moment
// about the world origin). Reuses data.IA, U, D of the last aba() and the link poses data.X0 of
// the last forwardKinematics(), both at the current q; uses data.pA, data.a as scratch (so call
// it after the step's dynamics, not in the middle).
void impulseResponse(const Model& model, Data& data, int link, const Force& impulseWorld, Eigen::VectorXd& dqd);

// The same, written only into the segment of `link`'s tree (Model::treeFirstV…treeEndV): the
// response never leaves the tree, and a world of many bodies should not pay for the others.
void impulseResponseInTree(const Model& model, Data& data, int link, const Force& impulseWorld, double* dqdTree);
void jointImpulseResponseInTree(const Model& model, Data& data, int link, int coordinate, double* dqdTree);
// A generalised impulse on all of `link`'s joint coordinates at once (first nv entries used).
void jointImpulseResponseInTree(const Model& model, Data& data, int link, const Vec6& generalizedImpulse,
                                double* dqdTree);

// Δq̇ = H⁻¹ e for a unit generalised impulse on one velocity coordinate of `link`'s joint
// (a column of the inverse joint-space inertia), in O(n). Same prerequisites as above.
void jointImpulseResponse(const Model& model, Data& data, int link, int coordinate, Eigen::VectorXd& dqd);

// The 3×3 collision matrix K of a point on a link (world coordinates): the point's velocity
// change per unit impulse applied there, Δu = K p. `dqd` is scratch of at least the tree's nv.
Mat3 collisionMatrix(const Model& model, Data& data, int link, const Vec3& pointWorld, Eigen::VectorXd& dqd);

}  // namespace fw
