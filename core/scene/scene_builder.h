#pragma once
// SceneDescription → World: links become a forest Model, initial joint values become the
// initial State, shapes give mass properties where no inertial is given.
#include "scene/json_cursor.h"
#include "scene/scene.h"
#include "world/world.h"

namespace fw {

// Throws SceneError (with the link's JSON path) for a scene that parses but cannot move, such
// as a joint whose subtree has no inertia about its axis.
World buildWorld(const SceneDescription& scene);

}  // namespace fw
