#pragma once
// Builds a Model link by link; the only way to make one.
#include "model/model.h"

namespace fw {

struct LinkSpec {
  std::string name;
  int parent = -1;  // an earlier link, or −1 for the world
  JointType type = JointType::Fixed;
  Vec3 axis = Vec3::UnitZ();
  Transform placement;  // parent link frame → joint frame
  Inertia inertia;
  double damping = 0;
  double springStiffness = 0;
  double springRest = 0;
  double coulombFriction = 0;
  double armature = 0;  // rotor inertia on each of the joint's velocity coordinates (kg·m² or kg)
  double linearDrag = 0;
  double angularDrag = 0;
  double viscousDrag = 0;
  double gravcomp = 0;  // fraction of the link's weight cancelled at its centre of mass
};

class ModelBuilder {
 public:
  // Returns the new link's index. The parent must already exist.
  int addLink(const LinkSpec& spec);
  Model build() const { return model_; }

 private:
  Model model_;
};

}  // namespace fw
