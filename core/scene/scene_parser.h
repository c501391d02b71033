#pragma once
// Scene JSON (docs/scene-format.md, public/schema/scene.schema.json) → SceneDescription.
#include <string_view>

#include "scene/json_cursor.h"
#include "scene/scene.h"

namespace fw {

// Parses and validates a whole scene. Throws SceneError naming the JSON path of the first
// problem, or "line L, column C" for text that is not JSON.
SceneDescription parseScene(std::string_view jsonText);

}  // namespace fw
