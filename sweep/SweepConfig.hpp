#pragma once
// The sweep configuration file (docs/sweep-config.md). Unknown keys are errors.
#include <string>

#include "sweep/ModificationSpace.hpp"
#include "sweep/Sampler.hpp"

namespace blindspot {

struct SweepConfig {
    std::string name;
    std::string description;
    SamplerConfig sampler;
    ModificationSpace space;
    std::string lidar = "hdl64e";  ///< default LiDAR when the space has no "lidar" dimension
    nlohmann::json source;         ///< the config file as read, recorded with every run
};

/// The names valid in a sweep: bundled car models, paint colours and LiDAR presets.
Catalogue defaultCatalogue();
SweepConfig loadSweepConfig(const std::string& path, const Catalogue& catalogue);
/// The same from parsed JSON (a run's recorded config); `file` names it in errors.
SweepConfig sweepConfigFromJson(const nlohmann::json& json, const std::string& file,
                                const Catalogue& catalogue);

}  // namespace blindspot
