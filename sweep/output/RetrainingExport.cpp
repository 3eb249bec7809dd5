#include "sweep/output/RetrainingExport.hpp"

#include <atomic>
#include <chrono>
#include <filesystem>
#include <sstream>

#include "core/base/AtomicFile.hpp"
#include "core/base/Error.hpp"
#include "core/base/Hash.hpp"
#include "core/base/ParallelFor.hpp"
#include "core/lidar/SensorDraw.hpp"
#include "core/scan/KittiSequence.hpp"
#include "core/scan/ScanIo.hpp"
#include "scenes/Background.hpp"
#include "scenes/BackgroundCatalogue.hpp"
#include "sweep/run/ScenarioScanner.hpp"
#include "sweep/run/SweepConfig.hpp"
#include "sweep/space/ModificationSpace.hpp"
#include "sweep/space/SamplerChoice.hpp"
#include "sweep/store/RunDirectory.hpp"
#include "sweep/store/RunResults.hpp"

namespace blindspot {
namespace {

namespace fs = std::filesystem;

// "urban-08" -> ("urban-", "08").
std::pair<std::string, std::string> splitNumber(const std::string& id) {
    const auto digits = id.find_last_not_of("0123456789");
    const std::size_t at = digits == std::string::npos ? 0 : digits + 1;
    return {id.substr(0, at), id.substr(at)};
}

}  // namespace

std::vector<std::string> expandBackgroundList(const std::string& text, const std::string& option) {
    std::vector<std::string> out;
    std::stringstream items(text);
    std::string item;
    while (std::getline(items, item, ',')) {
        const auto dots = item.find("..");
        if (dots == std::string::npos) {
            out.push_back(item);
            continue;
        }
        const auto [prefix_a, from] = splitNumber(item.substr(0, dots));
        const auto [prefix_b, to] = splitNumber(item.substr(dots + 2));
        if (from.empty() || to.empty() || prefix_a != prefix_b || std::stoi(from) > std::stoi(to))
            throw ConfigError(ErrorSource::file(option),
                              "expected a range like urban-08..urban-15, got \"" + item + "\"");
        for (int k = std::stoi(from); k <= std::stoi(to); ++k) {
            std::string number = std::to_string(k);
            if (number.size() < from.size()) number.insert(0, from.size() - number.size(), '0');
            out.push_back(prefix_a + number);
        }
    }
    if (out.empty())
        throw ConfigError(ErrorSource::file(option), "expected at least one background id");
    for (const auto& id : out)
        if (!isBackgroundId(id))
            throw ConfigError(ErrorSource::file(option), "unknown background \"" + id + "\"");
    return out;
}

namespace {

// What makes two exports the same set: written into OUT/.export-identity before anything else and
// kept, so that a re-run of the same set (after a kill at any moment, even after the manifest)
// redoes it, and any other export into the directory is refused.
std::string exportIdentity(const ExportOptions& o) {
    return nlohmann::json{{"run", fs::absolute(o.run_dir).string()},
                          {"selection", toJson(o.selection)},
                          {"backgrounds", o.backgrounds},
                          {"sequence", o.sequence},
                          {"label_set", labelSetName(o.label_set)},
                          {"randomize", o.randomize}}
        .dump();
}

}  // namespace

ExportSummary exportRetrainingSet(const ExportOptions& o) {
    const auto start = std::chrono::steady_clock::now();
    // Stale frames of an earlier export would be read by `train --retrain` as part of this set.
    // Only an export of the very same set is redone.
    const fs::path marker = fs::path(o.output) / ".export-identity";
    const std::string identity = exportIdentity(o);
    prepareOutputDirectory(o.output);  // first: a killed export's temporaries do not count
    if (!fs::is_empty(o.output) &&
        !(fs::exists(marker) && readFileBytes(marker.string()) == identity))
        throw ConfigError(ErrorSource::flag("-o"),
                          "a new or empty directory for the dataset (or an export of the same "
                          "selection); " +
                              o.output + " already holds files");
    writeFileAtomic(marker.string(), identity);
    const LoadedRun run = loadRun(o.run_dir);
    nlohmann::json source = run.info.config;
    source["dimensions"]["background"] = {{"values", o.backgrounds}};
    const SweepConfig config = sweepConfigFromJson(
        source, RunDirectory(o.run_dir).storePath() + "#run/config", catalogueOf(o.models));
    // An adaptive run's design depends on its scores; the selected cells are filled from the
    // space's grid instead (its own candidates).
    SamplerConfig design = config.sampler;
    if (design.type == "adaptive") design = SamplerConfig{"grid", 0, 0};
    std::vector<Sample> chosen;
    for (auto& s : drawSamples(config.space, design))
        if (o.selection.contains(s.toJson())) chosen.push_back(std::move(s));
    if (chosen.empty())
        throw ConfigError(ErrorSource::flag("--selection", "/cells"),
                          "cells that contain samples of the run's design (dimensions " +
                              o.selection.dims[0] + ", " + o.selection.dims[1] +
                              "); none of its samples falls in the " +
                              std::to_string(o.selection.cells.size()) + " selected cells");

    KittiSequenceWriter writer(o.output, o.sequence, chosen.size(), o.label_set);
    const int jobs = std::max(1, o.jobs);
    std::vector<std::unique_ptr<ScenarioScanner>> scanners(static_cast<std::size_t>(jobs));
    std::atomic<std::size_t> car_points{0};
    parallelFor(chosen.size(), jobs, [&](std::size_t i, int worker) {
        auto& scanner = scanners[std::size_t(worker)];
        if (!scanner) scanner = std::make_unique<ScenarioScanner>(o.models, config.effects);
        const std::string scene_id = sceneIdIn(config, chosen[i]);
        const Scenario scenario = scenarioFor(config, chosen[i], true);
        std::optional<SensorDraw> draw;
        if (o.randomize) {
            Rng rng(fnv1a64(scene_id + "/sensor"));
            // The sample's own sensor: a space may have a "lidar" dimension. Only with
            // --randomize, and a preset parse is small beside a scan.
            draw = drawSensor(loadLidarSpec(scenario.sensor.lidar), rng);
        }
        const ScannedScene s = scanner->scan(scenario, fnv1a64(scene_id), jobs > 1 ? 1 : 0, {},
                                             std::nullopt, draw ? &*draw : nullptr);
        car_points += writer.write(i, s.scan).car_points;
    });
    writer.finish();
    nlohmann::json frames = nlohmann::json::array();
    for (std::size_t i = 0; i < chosen.size(); ++i)
        frames.push_back({{"frame", kittiFrameName(i)},
                          {"scene_id", sceneIdIn(config, chosen[i])},
                          {"sample", chosen[i].toJson()}});
    const nlohmann::json manifest = {{"source_run", fs::absolute(o.run_dir).string()},
                                     {"source_config_hash", run.info.config_hash},
                                     {"source_checkpoint_hash", run.info.checkpoint_hash},
                                     {"backgrounds", o.backgrounds},
                                     {"selection", toJson(o.selection)},
                                     {"sequence", o.sequence},
                                     {"label_set", labelSetName(o.label_set)},
                                     {"randomize", o.randomize},
                                     {"lidar", lidarSpecToJson(lidarPreset(config.lidar))},
                                     {"tool_version", o.tool_version},
                                     {"frames", frames}};
    writeFileAtomic((fs::path(o.output) / "manifest.json").string(), manifest.dump(2) + "\n");
    ExportSummary summary;
    summary.scans = chosen.size();
    summary.cells = o.selection.cells.size();
    summary.car_points = car_points;
    summary.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return summary;
}

}  // namespace blindspot
