#pragma once
// Convex hulls of point clouds, built once when a scene loads.
#include <memory>
#include <string>
#include <vector>

#include "shapes/shape.h"

namespace fw {

// The hull of `points` (shape frame), coplanar faces merged into polygons; nullptr with a
// message in *error when there are fewer than 4 points or they are (nearly) all in one plane.
std::shared_ptr<const ConvexHullData> buildConvexHull(const std::vector<Eigen::Vector3d>& points, std::string* error);

}  // namespace fw

