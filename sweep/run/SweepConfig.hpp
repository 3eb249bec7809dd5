#pragma once
// The sweep configuration file (docs/sweep-config.md). Unknown keys are errors.
#include <map>
#include <string>

#include "core/lidar/LidarEffects.hpp"
#include "scenes/CarModel.hpp"
#include "sweep/space/ModificationSpace.hpp"
#include "sweep/space/Sampler.hpp"

namespace blindspot {

struct SweepConfig {
    /// What the dimensions are; the space below varies some of them.
    DimensionRegistry dimensions = defaultDimensions();
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
    /// "drive": {"frames": N, "motion": "ego"}: every sample is a short drive of N frames
    /// (docs/drive.md), scored per frame and summed per sample; 0 frames: still scenes.
    int drive_frames = 0;
    std::string drive_motion = "ego";
    nlohmann::json source;  ///< the config file as read, recorded with every run
    /// The content hash of every recorded frame the space names as a background
    /// (scenes/RealBackground.hpp), read once when the config is loaded: part of their scene ids.
    std::map<std::string, std::string> real_frame_hashes;
    /// "real_backgrounds": {"keep_colliding": true}: on a recorded background, place a target
    /// that stands in real non-ground points instead of skipping the scene's target.
    bool keep_colliding = false;
};

/// The names valid in a sweep: these car models, the paint colours and the LiDAR presets.
Catalogue catalogueOf(const std::vector<CarModelSpec>& models);
SweepConfig loadSweepConfig(const std::string& path, const Catalogue& catalogue,
                            const DimensionRegistry& registry = defaultDimensions());
/// The id of a sample's scene under this config: sceneId(sample) (world version and sample),
/// salted with the LiDAR spec it is cast with (lidarSpecHashIn) and with the LiDAR effects when
/// they are on: everything that changes the scan, so a shared scan cache cannot serve another
/// sensor's scans.
std::string sceneIdIn(const SweepConfig& config, const Sample& sample);
/// The same with the sample's lidarSpecHashIn already computed (a sweep records it too).
std::string sceneIdIn(const SweepConfig& config, const Sample& sample,
                      const std::string& lidar_spec_hash);
/// A hash (16 hex digits) of the content of the LiDAR spec the sample's scene is cast with, not of
/// its preset name or file path: a preset refitted or a spec file edited gives new scene ids.
/// Recorded with every cached scan. Throws ConfigError / FileError for an unreadable spec.
std::string lidarSpecHashIn(const SweepConfig& config, const Sample& sample);

/// The scenario a sample describes under this config: the registry's defaults, the sample's
/// values, and the config's "lidar" when the sample does not vary it. With `lidar_view` in paper
/// mode the target is painted white: colour reaches the camera only, as in the paper.
Scenario scenarioFor(const SweepConfig& config, const Sample& sample, bool lidar_view);

LidarEffects lidarEffectsFromJson(const JsonObject& json);
nlohmann::json lidarEffectsToJson(const LidarEffects& effects);

/// The same from parsed JSON (a run's recorded config); `file` names it in errors.
SweepConfig sweepConfigFromJson(const nlohmann::json& json, const std::string& file,
                                const Catalogue& catalogue,
                                const DimensionRegistry& registry = defaultDimensions());

}  // namespace blindspot
