#pragma once
// The immutable description of every articulated body of a world, as ONE forest: each link has
// one joint to its parent (−1 = the world) and every parent index is smaller than its child's.
// A free rigid body is a one-link tree with a free joint. Algorithms read it, never change it.
#include <string>
#include <vector>

#include "model/joint.h"
#include "spatial/articulated_inertia.h"

namespace fw {

struct Model {
  int nlinks = 0;
  int nq = 0;
  int nv = 0;
  Vec3 gravity{0, 0, -9.81};

  // Per link.
  std::vector<int> parent;
  std::vector<JointModel> joints;
  std::vector<Transform> jointPlacement;  // X_T: parent link frame → joint frame at q = 0
  std::vector<Inertia> inertia;           // in the link frame
  std::vector<ArticulatedInertia> inertiaBlocks;  // the same as 6×6 blocks, ABA's starting point
  std::vector<std::string> linkNames;
  std::vector<double> linearDrag;   // force −k v|v| at the centre of mass (Wawrzyński)
  std::vector<double> angularDrag;  // torque −k ω
  std::vector<double> viscousDrag;  // force −b v at the centre of mass (Stokes)
  // Gravity compensation (MuJoCo's gravcomp): a force −gravcomp·m·g at the centre of mass, a
  // passive force every algorithm takes with the link's external force (external_forces.cpp);
  // anyGravcomp is false when every one is 0, and then the world poses are not needed for it.
  std::vector<double> gravcomp;
  bool anyGravcomp = false;

  // Trees (articulations) of the forest. A tree's links, and its velocity coordinates, are
  // contiguous, so whatever touches one tree works on a segment: [firstLink, endLink),
  // [firstV, endV). A free body is a tree of one link. (Should links of trees interleave, the
  // "tree" is the smallest contiguous block holding them: still correct, only larger.)
  std::vector<int> treeOf;  // per link
  std::vector<int> treeFirstLink, treeEndLink, treeFirstV, treeEndV;
  int treeCount() const { return int(treeFirstLink.size()); }
  int treeNv(int tree) const { return treeEndV[size_t(tree)] - treeFirstV[size_t(tree)]; }
  // The mass of a tree's links, kg (only its own, should another tree's links interleave).
  double treeMass(int tree) const {
    double mass = 0;
    for (int link = treeFirstLink[size_t(tree)]; link < treeEndLink[size_t(tree)]; ++link)
      if (treeOf[size_t(link)] == tree) mass += inertia[size_t(link)].mass;
    return mass;
  }

  // Per velocity coordinate.
  std::vector<double> damping;          // τ = −d q̇
  std::vector<double> springStiffness;  // τ = −k (q − rest), 1-DoF joints
  std::vector<double> springRest;
  std::vector<double> coulombFriction;  // bound of the friction effort, 0 = none (a solver row, world/step_rows.cpp)
  // Rotor inertia (MuJoCo's armature): added to the joint-space inertia's diagonal, H_ii + a_i, by
  // aba, crba, rnea and the kinetic energy; anyArmature is false when every a_i is 0, and then
  // no algorithm touches it (the results are those of a model without it, bit for bit).
  std::vector<double> armature;
  bool anyArmature = false;

  // Identity poses: zeros and unit quaternions.
  Eigen::VectorXd neutralConfiguration() const;
};

}  // namespace fw
