#include "sweep/SweepConfig.hpp"

#include "core/LidarSpec.hpp"
#include "scenes/CarModel.hpp"
#include "scenes/PaintColor.hpp"

namespace blindspot {

Catalogue defaultCatalogue() {
    Catalogue c;
    for (const auto& m : loadCarModels(defaultCarModelDir())) c.car_models.push_back(m.name);
    for (const auto& p : paintColors()) c.colors.push_back(p.name);
    c.lidar_presets = lidarPresetNames();
    return c;
}

SweepConfig loadSweepConfig(const std::string& path, const Catalogue& catalogue) {
    return sweepConfigFromJson(readJsonFile(path), path, catalogue);
}

SweepConfig sweepConfigFromJson(const nlohmann::json& json, const std::string& file,
                                const Catalogue& catalogue) {
    const JsonObject j(json, file, "");
    SweepConfig config;
    config.source = json;
    config.name = j.string("name");
    config.description = j.string("description", "");
    config.sampler =
        j.has("sampler") ? samplerConfigFromJson(j.object("sampler")) : SamplerConfig{};
    config.space = modificationSpaceFromJson(j.object("dimensions"), catalogue);
    config.lidar = j.string("lidar", config.lidar);
    bool known = false;
    for (const auto& p : catalogue.lidar_presets) known = known || p == config.lidar;
    if (!known) j.fail("lidar", "unknown LiDAR preset \"" + config.lidar + "\"");
    j.rejectUnknownKeys();
    return config;
}

}  // namespace blindspot
