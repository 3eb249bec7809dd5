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

/// Reads a background from a scene file: objects with "role": "ground" make the ground, "fixture"
/// (the default) the fixtures, "parked_car" (with "model" and "color") parked cars; the
/// "background" block gives the extent, the drivable region and the obstacle footprints.
Background loadBackgroundSceneFile(const std::string& path);

/// A generated background from a recipe file: {"generate": {"type": "kitti-residential",
/// "seed": 7, "density": {"vegetation": 1.5, "furniture": 1, "people": 2, "parked_cars": 1}}}
/// (docs/backgrounds.md). The file's path is the background's id.
Background loadBackgroundRecipe(const std::string& path, const std::vector<CarModelSpec>& models);

/// A generated background id (urban-03, TYPE:SEED), or the path of a JSON file: a recipe (with a
/// "generate" block) or a saved scene file.
Background backgroundById(const std::string& id, const std::vector<CarModelSpec>& models);

}  // namespace blindspot
