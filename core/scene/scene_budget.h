#pragma once
// Budgets of a parsed scene (docs/security.md): how many bodies and constraints, and no
// constraint given twice. Each refusal names the JSON path of the first thing over the budget.
#include "scene/scene.h"

namespace fw {

void checkSceneBudgets(const SceneDescription& scene);

}  // namespace fw
