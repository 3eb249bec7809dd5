#include "models/training/DatasetGenerator.hpp"

#include <atomic>
#include <chrono>
#include <filesystem>

#include "core/base/AtomicFile.hpp"
#include "core/base/Error.hpp"
#include "core/base/Hash.hpp"
#include "core/base/ParallelFor.hpp"
#include "core/lidar/SensorDraw.hpp"
#include "core/lidar/SensorReturns.hpp"
#include "core/scan/KittiSequence.hpp"
#include "core/scan/ScanIo.hpp"
#include "scenes/BackgroundCatalogue.hpp"
#include "scenes/SceneAssembly.hpp"

namespace blindspot {

namespace fs = std::filesystem;

namespace {

void checkOptions(const GenerateOptions& o) {
    if (o.models.empty())
        throw ConfigError(ErrorSource::value("/models"), "at least one car model");
    if (o.backgrounds.empty())
        throw ConfigError(ErrorSource::flag("--backgrounds"),
                          "expected at least one background id");
    for (const auto& id : o.backgrounds)
        if (!isBackgroundId(id))
            throw ConfigError(ErrorSource::flag("--backgrounds"),
                              "unknown background \"" + id + "\"");
    if (o.scans < 1) throw ConfigError(ErrorSource::flag("--scans"), "must be >= 1");
    if (o.cars_min < 0 || o.cars_max < o.cars_min)
        throw ConfigError(ErrorSource::flag("--cars"), "expected MIN..MAX with 0 <= MIN <= MAX");
    if (o.people_min < 0 || o.people_max < o.people_min)
        throw ConfigError(ErrorSource::flag("--people"), "expected MIN..MAX with 0 <= MIN <= MAX");
    if (o.sequence.size() != 2 || o.sequence.find_first_not_of("0123456789") != std::string::npos)
        throw ConfigError(ErrorSource::flag("--sequence"), "expected two digits, like 00");
}

}  // namespace

GenerateSummary generateDataset(const GenerateOptions& o) {
    checkOptions(o);
    const auto start = std::chrono::steady_clock::now();
    const LidarSpec lidar = loadLidarSpec(o.lidar);
    const auto& models = o.models;
    KittiSequenceWriter writer(o.output, o.sequence, std::size_t(o.scans), o.label_set);
    const int jobs = std::max(1, o.jobs);
    std::vector<std::unique_ptr<SceneAssembler>> assemblers(static_cast<std::size_t>(jobs));
    std::atomic<std::size_t> points{0}, car_points{0};
    parallelFor(std::size_t(o.scans), jobs, [&](std::size_t i, int worker) {
        auto& assembler = assemblers[std::size_t(worker)];
        if (!assembler)
            assembler =
                std::make_unique<SceneAssembler>(models, lidar, SensorMounting{}, EgoVehicle{}, 1);
        Rng rng(fnv1a64(std::to_string(o.seed) + "/" + std::to_string(i)));
        Scenario sample;
        sample.background = o.backgrounds[std::size_t(rng.index(int(o.backgrounds.size())))];
        const int count = o.cars_min + rng.index(o.cars_max - o.cars_min + 1);
        addTrafficCars(sample, count, assembler->background(sample.background), models, rng,
                       o.traffic);
        if (o.people_max > 0) {
            Rng people_rng(fnv1a64(std::to_string(o.seed) + "/" + std::to_string(i) + "/people"));
            const int people = o.people_min + people_rng.index(o.people_max - o.people_min + 1);
            addTrafficPeople(sample, people, assembler->background(sample.background), models,
                             people_rng, o.traffic);
        }
        const AssembledScene scene = assembler->assemble(sample);
        LidarSpec scan_lidar = lidar;
        Eigen::Isometry3d world_from_sensor = scene.world_from_sensor;
        if (o.randomize) {
            const SensorDraw draw = drawSensor(lidar, rng);
            scan_lidar.response = draw.response;
            world_from_sensor.rotate(draw.tilt);
        }
        ScanGrid scan =
            castScan(*scene.geometry, scan_lidar, world_from_sensor, CastOptions{jobs > 1 ? 1 : 0});
        applySensorResponse(scan, scan_lidar.response, rng.next());
        const FrameCounts counts = writer.write(i, scan);
        points += counts.points;
        car_points += counts.car_points;
    });
    writer.finish();
    std::vector<std::string> model_names;
    for (const auto& m : models) model_names.push_back(m.name);
    nlohmann::json record = {{"models", model_names},
                             {"traffic_x_m", {o.traffic.x_min_m, o.traffic.x_max_m}},
                             {"traffic_uniform_in_area", o.traffic.x_uniform_in_area},
                             {"backgrounds", o.backgrounds},
                             {"scans", o.scans},
                             {"sequence", o.sequence},
                             {"seed", o.seed},
                             {"lidar", lidarSpecToJson(lidar)},
                             {"cars_min", o.cars_min},
                             {"randomize", o.randomize},
                             {"label_set", labelSetName(o.label_set)},
                             {"cars_max", o.cars_max}};
    if (o.people_max > 0) record["people"] = {o.people_min, o.people_max};
    writeFileAtomic((fs::path(o.output) / "generate.json").string(), record.dump(2) + "\n");
    GenerateSummary summary;
    summary.scans = o.scans;
    summary.points = points;
    summary.car_points = car_points;
    summary.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return summary;
}

}  // namespace blindspot
