#pragma once
// The scene's ropes, springs and strings, for the builder (scene_builder.cpp). Internal to core/scene.
#include <functional>
#include <map>
#include <string>

#include "scene/json_cursor.h"
#include "scene/scene.h"
#include "world/world.h"

namespace fw {

// The scene with every rope built into its segments: free capsule bodies "<rope>/<i>", spherical
// constraints between neighbours and to the ends, and contact exclusions between joined bodies.
// `bodyAt` gives a body's (or link's) world frame at the initial state, by name.
SceneDescription withRopesBuilt(const SceneDescription& scene, const std::function<LinkFrame(const std::string&)>& frameOf);

// Springs and strings between the world's bodies, their default lengths from the initial state.
void addSpringsAndStrings(const SceneDescription& scene, const Model& model, const State& initial,
                          const std::map<std::string, int>& bodyNamed, bool accurate, WorldInteractions& interactions);

}  // namespace fw
