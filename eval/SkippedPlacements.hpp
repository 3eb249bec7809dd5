#pragma once
// Scenes on recorded backgrounds whose target was not placed (scenes/RealScene.hpp): it would
// have stood in real non-ground points. Such a scene scores no target; the report counts them per
// map cell and by the class they collided with, and names the recorded frames the run used.
#include <array>
#include <cstddef>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "eval/SceneResult.hpp"

namespace blindspot {

struct SkippedCell {
    nlohmann::json x, y;  ///< the cell's levels of the map's two dimensions
    std::size_t skipped = 0, scenes = 0;
};

struct SkippedPlacements {
    std::vector<std::string> real_frames;         ///< the recorded backgrounds in the run, sorted
    std::size_t scenes = 0;                       ///< scenes on them
    std::size_t skipped = 0;                      ///< of those, without a placed target
    std::map<std::string, std::size_t> by_class;  ///< "building": scenes it blocked most
    std::vector<SkippedCell> cells;               ///< cells with a skipped scene, in map order
};

/// Over `scenes`, per cell of the map dimensions `dims`. Empty (no real frames) for a procedural
/// run.
SkippedPlacements skippedPlacements(const std::vector<SceneResult>& scenes,
                                    const std::array<std::string, 2>& dims);
nlohmann::json toJson(const SkippedPlacements& s);

}  // namespace blindspot
