#include "sweep/run/SweepConfig.hpp"

#include <algorithm>
#include <cmath>

#include "core/base/Hash.hpp"
#include "core/geometry/Material.hpp"
#include "core/lidar/LidarSpec.hpp"
#include "scenes/CarModel.hpp"
#include "scenes/PaintColor.hpp"
#include "scenes/RealBackground.hpp"
#include "sweep/space/SamplerChoice.hpp"

namespace blindspot {

Catalogue catalogueOf(const std::vector<CarModelSpec>& models) {
    Catalogue c;
    for (const auto& m : models) c.car_models.push_back(m.name);
    for (const auto& p : paintColors()) c.colors.push_back(p.name);
    c.lidar_presets = lidarPresetNames();
    return c;
}

SweepConfig loadSweepConfig(const std::string& path, const Catalogue& catalogue,
                            const DimensionRegistry& registry) {
    return sweepConfigFromJson(readJsonFile(path), path, catalogue, registry);
}

SweepConfig sweepConfigFromJson(const nlohmann::json& json, const std::string& file,
                                const Catalogue& catalogue, const DimensionRegistry& registry) {
    const JsonObject j(json, file, "");
    SweepConfig config;
    config.dimensions = registry;
    config.source = json;
    config.name = j.string("name");
    config.description = j.string("description", "");
    config.sampler =
        j.has("sampler") ? samplerConfigFromJson(j.object("sampler")) : SamplerConfig{};
    config.space = modificationSpaceFromJson(j.object("dimensions"), catalogue, registry);
    for (const auto& d : config.space.dimensions)
        for (const auto& v : d.values)
            if (const auto* id = std::get_if<std::string>(&v); id && isRealBackground(*id))
                config.real_frame_hashes.emplace(
                    *id, realFrameHash(*id, ErrorSource::file(file, d.json_path)));
    config.lidar = j.string("lidar", config.lidar);
    if (j.has("lidar_effects")) config.effects = lidarEffectsFromJson(j.object("lidar_effects"));
    if (j.has("scoring")) {
        const JsonObject scoring = j.object("scoring");
        const auto& labels = scoring.raw("ignore_labels");
        if (!labels.is_array()) scoring.fail("ignore_labels", "an array of palette names or ids");
        for (const auto& l : labels) {
            const int id = l.is_string()            ? paletteIdFromName(l.get<std::string>())
                           : l.is_number_unsigned() ? int(l.get<unsigned>())
                                                    : -1;
            if (id < 0 || id > 65535)
                scoring.fail("ignore_labels",
                             "palette names (e.g. \"weather\") or ids, got " + l.dump());
            config.ignore_labels.push_back(std::uint16_t(id));
        }
        scoring.rejectUnknownKeys();
    }
    if (j.has("drive")) {
        const JsonObject drive = j.object("drive");
        config.drive_frames = drive.integerIn("frames", 5, 1, 100);
        config.drive_motion = drive.string("motion", config.drive_motion);
        if (config.drive_motion != "none" && config.drive_motion != "ego" &&
            config.drive_motion != "ego+traffic")
            drive.fail("motion", "\"none\", \"ego\" or \"ego+traffic\"");
        drive.rejectUnknownKeys();
    }
    if (j.has("real_backgrounds")) {
        const JsonObject real = j.object("real_backgrounds");
        config.keep_colliding = real.boolean("keep_colliding", false);
        real.rejectUnknownKeys();
    }
    for (const auto& d : config.space.dimensions)
        if (d.name.rfind("drive_", 0) == 0 && config.drive_frames == 0)
            j.fail("dimensions/" + d.name, "a \"drive\" block that makes each sample a drive");
    bool known = false;
    for (const auto& p : catalogue.lidar_presets) known = known || p == config.lidar;
    if (!known) j.fail("lidar", "unknown LiDAR preset \"" + config.lidar + "\"");
    j.rejectUnknownKeys();
    try {
        makeSampler(config.space, config.sampler);  // checks the space suits the sampler
    } catch (const ConfigError& e) {
        throw e.within(ErrorSource::file(file));
    }
    return config;
}

LidarEffects lidarEffectsFromJson(const JsonObject& j) {
    LidarEffects e;
    e.paper_mode = j.boolean("paper_mode", e.paper_mode);
    e.range_10pct_m = j.number("range_10pct_m", e.range_10pct_m);
    if (!(e.range_10pct_m > 0)) j.fail("range_10pct_m", "a range > 0 in metres");
    e.fog_backscatter = j.boolean("fog_backscatter", e.fog_backscatter);
    e.precipitation_returns = j.boolean("precipitation_returns", e.precipitation_returns);
    e.beam_divergence_rad = j.number("beam_divergence_rad", e.beam_divergence_rad);
    if (!(e.beam_divergence_rad > 0 && e.beam_divergence_rad < 0.1))
        j.fail("beam_divergence_rad", "a full angle in (0, 0.1) radians");
    e.range_noise_m = j.number("range_noise_m", e.range_noise_m);
    if (!(e.range_noise_m >= 0)) j.fail("range_noise_m", "a standard deviation >= 0 in metres");
    e.dropout = j.number("dropout", e.dropout);
    if (!(e.dropout >= 0 && e.dropout <= 1)) j.fail("dropout", "a probability in [0, 1]");
    if (j.has("missing_beams"))
        for (double row : j.numbers("missing_beams")) {
            if (row < 0 || row != std::floor(row))
                j.fail("missing_beams", "row indices >= 0 (0 = the top beam)");
            e.missing_beams.push_back(int(row));
        }
    j.rejectUnknownKeys();
    return e;
}

nlohmann::json lidarEffectsToJson(const LidarEffects& e) {
    return {{"paper_mode", e.paper_mode},
            {"range_10pct_m", e.range_10pct_m},
            {"fog_backscatter", e.fog_backscatter},
            {"precipitation_returns", e.precipitation_returns},
            {"beam_divergence_rad", e.beam_divergence_rad},
            {"range_noise_m", e.range_noise_m},
            {"dropout", e.dropout},
            {"missing_beams", e.missing_beams}};
}

Scenario scenarioFor(const SweepConfig& config, const Sample& sample, bool lidar_view) {
    Scenario s = scenarioOf(sample, config.dimensions);
    const auto& names = sample.names;
    if (std::find(names.begin(), names.end(), "lidar") == names.end())
        s.sensor.lidar = config.lidar;
    s.drive.frames = config.drive_frames;
    s.drive.motion = config.drive_motion;
    if (lidar_view && config.effects.paper_mode)
        for (auto& car : s.cars) car.color = "white";
    return s;
}

std::string lidarSpecHashIn(const SweepConfig& config, const Sample& sample) {
    const Scenario s = scenarioFor(config, sample, true);
    return hex64(fnv1a64(lidarSpecToJson(loadLidarSpec(s.sensor.lidar)).dump()));
}

std::string sceneIdIn(const SweepConfig& config, const Sample& sample) {
    return sceneIdIn(config, sample, lidarSpecHashIn(config, sample));
}

std::string sceneIdIn(const SweepConfig& config, const Sample& sample,
                      const std::string& lidar_spec_hash) {
    std::string text = sceneId(sample, config.dimensions) + "\n" + lidar_spec_hash;
    // A recorded background's bytes: a re-recorded frame never reuses a cached scan or a row.
    for (std::size_t i = 0; i < sample.names.size(); ++i)
        if (const auto* id = std::get_if<std::string>(&sample.values[i]))
            if (const auto it = config.real_frame_hashes.find(*id);
                it != config.real_frame_hashes.end())
                text += "\nframe " + it->second;
    if (!config.effects.paper_mode) text += "\n" + lidarEffectsToJson(config.effects).dump();
    if (config.drive_frames > 0)
        text += "\ndrive " + std::to_string(config.drive_frames) + " " + config.drive_motion;
    return hex64(fnv1a64(text));
}

}  // namespace blindspot
