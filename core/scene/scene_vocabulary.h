#pragma once
// The scene's names of joint types. Every kind has one canonical name (revolute, prismatic,
// spherical, fixed, free, universal); hinge, slider and ball are accepted as their aliases
// wherever a scene names a joint type, a link's joint or a constraint alike.
#include <string_view>

#include "model/joint_type.h"

namespace fw {

struct JointTypeName {
  std::string_view name;
  JointType type;
};

// Canonical names first, one per type in the enum's order; then the aliases.
inline constexpr JointTypeName kJointTypeNames[] = {
    {"fixed", JointType::Fixed},         {"revolute", JointType::Revolute}, {"prismatic", JointType::Prismatic},
    {"spherical", JointType::Spherical}, {"free", JointType::Free},         {"universal", JointType::Universal},
    {"hinge", JointType::Revolute},      {"slider", JointType::Prismatic},  {"ball", JointType::Spherical},
};

// The canonical scene name of a joint type.
constexpr std::string_view sceneJointTypeName(JointType type) {
  for (const JointTypeName& n : kJointTypeNames)
    if (n.type == type) return n.name;
  return "?";
}

}  // namespace fw
