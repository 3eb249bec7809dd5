#pragma once
// The sweep configuration file (docs/sweep-config.md). Unknown keys are errors.
#include <string>

#include "core/LidarEffects.hpp"
#include "sweep/ModificationSpace.hpp"
#include "sweep/Sampler.hpp"

namespace blindspot {

struct SweepConfig {
    std::string name;
    std::string description;
    SamplerConfig sampler;
    ModificationSpace space;
    std::string lidar = "hdl64e";  ///< default LiDAR when the space has no "lidar" dimension
    /// "lidar_effects": weather, paint and sensor effects on the scans; paper mode (the default)
    /// leaves colour, weather and time of day to the camera, as in the paper.
    LidarEffects effects;
    /// "scoring": {"ignore_labels": ["weather", ...]}: palette labels whose points are not scored
    /// (e.g. fog and rain returns); by default every return counts.
    std::vector<std::uint16_t> ignore_labels;
    bool ignored(std::uint16_t label) const {
        for (auto l : ignore_labels)
            if (l == label) return true;
        return false;
    }
    nlohmann::json source;  ///< the config file as read, recorded with every run
};

/// The names valid in a sweep: bundled car models, paint colours and LiDAR presets.
Catalogue defaultCatalogue();
SweepConfig loadSweepConfig(const std::string& path, const Catalogue& catalogue);
/// The id of a sample's scene under this config: sceneId(sample), salted with the LiDAR effects
/// when they are on (the same sample then gives a different scan).
std::string sceneIdIn(const SweepConfig& config, const Sample& sample);

LidarEffects lidarEffectsFromJson(const JsonObject& json);
nlohmann::json lidarEffectsToJson(const LidarEffects& effects);

/// The same from parsed JSON (a run's recorded config); `file` names it in errors.
SweepConfig sweepConfigFromJson(const nlohmann::json& json, const std::string& file,
                                const Catalogue& catalogue);

}  // namespace blindspot
