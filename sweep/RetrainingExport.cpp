#include "sweep/RetrainingExport.hpp"

#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <mutex>
#include <sstream>
#include <thread>

#include "core/AtomicFile.hpp"
#include "core/Error.hpp"
#include "core/Material.hpp"
#include "core/ScanIo.hpp"
#include "scenes/Background.hpp"
#include "sweep/ModificationSpace.hpp"
#include "sweep/RunResults.hpp"
#include "sweep/SampleScanner.hpp"

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
            throw ConfigError(option, "",
                              "expected a range like urban-08..urban-15, got \"" + item + "\"");
        for (int k = std::stoi(from); k <= std::stoi(to); ++k) {
            std::string number = std::to_string(k);
            if (number.size() < from.size()) number.insert(0, from.size() - number.size(), '0');
            out.push_back(prefix_a + number);
        }
    }
    if (out.empty()) throw ConfigError(option, "", "expected at least one background id");
    for (const auto& id : out)
        if (!isBackgroundId(id)) throw ConfigError(option, "", "unknown background \"" + id + "\"");
    return out;
}

ExportSummary exportRetrainingSet(const ExportOptions& o) {
    const auto start = std::chrono::steady_clock::now();
    const LoadedRun run = loadRun(o.run_dir);
    nlohmann::json source = run.info.config;
    source["dimensions"]["background"] = {{"values", o.backgrounds}};
    const SweepConfig config =
        sweepConfigFromJson(source, o.run_dir + "/results.sqlite#run/config", defaultCatalogue());
    std::vector<Sample> chosen;
    for (auto& s : drawSamples(config.space, config.sampler))
        if (o.selection.contains(s.toJson())) chosen.push_back(std::move(s));
    if (chosen.empty())
        throw ConfigError("--selection", "/cells",
                          "cells that contain samples of the run's design (dimensions " +
                              o.selection.dims[0] + ", " + o.selection.dims[1] +
                              "); none of its samples falls in the " +
                              std::to_string(o.selection.cells.size()) + " selected cells");

    const fs::path sequence = fs::path(o.output) / "sequences" / o.sequence;
    fs::create_directories(sequence / "velodyne");
    fs::create_directories(sequence / "labels");
    const auto models = loadCarModels(defaultCarModelDir());
    std::vector<std::string> poses(chosen.size());
    std::atomic<std::size_t> next{0}, car_points{0};
    std::exception_ptr error;
    std::mutex error_mutex;
    auto work = [&] {
        SampleScanner scanner(config, models);
        for (std::size_t i = next++; i < chosen.size(); i = next++) {
            try {
                const ScannedSample s =
                    scanner.scan(chosen[i], sceneId(chosen[i]), o.jobs > 1 ? 1 : 0);
                const PointList list = validPoints(s.scan);
                writeFileAtomic((sequence / "velodyne" / (kittiFrameName(i) + ".bin")).string(),
                                encodeKittiBin(list));
                writeFileAtomic((sequence / "labels" / (kittiFrameName(i) + ".label")).string(),
                                encodeSemanticKittiLabel(list));
                poses[i] = kittiPoseLine(s.scan.world_from_sensor);
                std::size_t cars = 0;
                for (auto l : list.label) cars += l == label::kVehicle;
                car_points += cars;
            } catch (...) {
                std::lock_guard<std::mutex> lock(error_mutex);
                if (!error) error = std::current_exception();
                next = chosen.size();
            }
        }
    };
    std::vector<std::thread> pool;
    for (int t = 1; t < std::max(1, o.jobs); ++t) pool.emplace_back(work);
    work();
    for (auto& t : pool) t.join();
    if (error) std::rethrow_exception(error);

    std::string pose_text;
    for (const auto& p : poses) pose_text += p + "\n";
    writeFileAtomic((sequence / "poses.txt").string(), pose_text);
    nlohmann::json frames = nlohmann::json::array();
    for (std::size_t i = 0; i < chosen.size(); ++i)
        frames.push_back({{"frame", kittiFrameName(i)},
                          {"scene_id", sceneId(chosen[i])},
                          {"sample", chosen[i].toJson()}});
    const nlohmann::json manifest = {{"source_run", fs::absolute(o.run_dir).string()},
                                     {"source_config_hash", run.info.config_hash},
                                     {"source_checkpoint_hash", run.info.checkpoint_hash},
                                     {"backgrounds", o.backgrounds},
                                     {"selection", toJson(o.selection)},
                                     {"sequence", o.sequence},
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
