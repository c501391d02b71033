#pragma once
// Springs and strings between two points of bodies (or of the world): what a scene's "springs"
// and "strings" become (scene_builder), and what the last step left of them for drawing.
#include <string>
#include <vector>

#include "spatial/types.h"

namespace fw {

// A linear spring-damper (Hooke): tension T = k (d − L₀) + c ḋ along the line between its points,
// pulling them together when positive (world/springs.cpp).
struct Spring {
  std::string name;
  int linkA = -1, linkB = -1;  // −1: the world
  Vec3 pointA = Vec3::Zero(), pointB = Vec3::Zero();  // in the links' frames (the world's for −1)
  double restLength = 0, stiffness = 0, damping = 0;
};

// An ideal string (world/string_rows.cpp): inextensible and unilateral, its path from pointA
// over the fixed world points `via` to pointB at most `length` long.
struct IdealString {
  std::string name;
  int linkA = -1, linkB = -1;
  Vec3 pointA = Vec3::Zero(), pointB = Vec3::Zero();
  std::vector<Vec3> via;
  double length = 0;
};

// What a step held on a spring or string, for drawing and plots.
struct PartForce {
  double tension = 0;       // N, > 0 pulling; a string's: its impulse over the last step / h
  double dampingForce = 0;  // N, the damper's share of a spring's tension
  Vec3 endA = Vec3::Zero(), endB = Vec3::Zero();  // the world points where it was held (the step's start)
  Vec3 directionA = Vec3::Zero(), directionB = Vec3::Zero();  // unit pulls on A and on B
  int row = -1;             // a string's row in the step's rows, −1 if none (slack beyond reach)
};

}  // namespace fw
