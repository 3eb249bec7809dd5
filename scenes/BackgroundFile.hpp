#pragma once
// Saves a background as a scene file (docs/scene-file.md): scene.json plus OBJ meshes with JSON
// sidecars, one per distinct mesh. `blindspot scan DIR/scene.json` reads it back, and a user can
// edit it, or write one like it by hand.
#include <string>
#include <vector>

#include "scenes/Background.hpp"

namespace blindspot {

void saveBackgroundSceneFile(const Background& background, const std::vector<CarModelSpec>& models,
                             const std::string& dir);

}  // namespace blindspot
