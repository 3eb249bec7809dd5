#include "sweep/DatasetGenerator.hpp"

#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <mutex>
#include <sstream>
#include <thread>

#include "core/AtomicFile.hpp"
#include "core/Error.hpp"
#include "core/Hash.hpp"
#include "core/Material.hpp"
#include "core/ScanIo.hpp"
#include "scenes/SceneAssembly.hpp"

namespace blindspot {

namespace fs = std::filesystem;

namespace {

void checkOptions(const GenerateOptions& o) {
    if (o.backgrounds.empty())
        throw ConfigError("--backgrounds", "", "expected at least one background id");
    for (const auto& id : o.backgrounds)
        if (!isBackgroundId(id))
            throw ConfigError("--backgrounds", "", "unknown background \"" + id + "\"");
    if (o.scans < 1) throw ConfigError("--scans", "", "must be >= 1");
    if (o.cars_min < 0 || o.cars_max < o.cars_min)
        throw ConfigError("--cars", "", "expected MIN..MAX with 0 <= MIN <= MAX");
    if (o.sequence.size() != 2 || o.sequence.find_first_not_of("0123456789") != std::string::npos)
        throw ConfigError("--sequence", "", "expected two digits, like 00");
}

}  // namespace

GenerateSummary generateDataset(const GenerateOptions& o) {
    checkOptions(o);
    const auto start = std::chrono::steady_clock::now();
    const LidarSpec lidar = loadLidarSpec(o.lidar);
    const auto models = loadCarModels(defaultCarModelDir());
    const fs::path sequence = fs::path(o.output) / "sequences" / o.sequence;
    fs::create_directories(sequence / "velodyne");
    fs::create_directories(sequence / "labels");

    std::vector<std::string> poses(std::size_t(o.scans));
    std::atomic<int> next{0};
    std::atomic<std::size_t> points{0}, car_points{0};
    std::exception_ptr error;
    std::mutex error_mutex;
    auto work = [&] {
        SceneAssembler assembler(models, lidar, SensorMounting{}, EgoVehicle{}, 1);
        for (int i = next++; i < o.scans; i = next++) {
            try {
                const std::string seed_text = std::to_string(o.seed) + "/" + std::to_string(i);
                Rng rng(fnv1a64(seed_text));
                ScenarioSample sample;
                sample.background =
                    o.backgrounds[std::size_t(rng.index(int(o.backgrounds.size())))];
                const int count = o.cars_min + rng.index(o.cars_max - o.cars_min + 1);
                addTrafficCars(sample, count, assembler.background(sample.background), models, rng,
                               o.traffic);
                const AssembledScene scene = assembler.assemble(sample);
                const ScanGrid scan = castScan(*scene.geometry, lidar, scene.world_from_sensor,
                                               CastOptions{o.jobs > 1 ? 1 : 0});
                const PointList list = validPoints(scan);
                const std::string name = kittiFrameName(i);
                writeFileAtomic((sequence / "velodyne" / (name + ".bin")).string(),
                                encodeKittiBin(list));
                writeFileAtomic((sequence / "labels" / (name + ".label")).string(),
                                encodeSemanticKittiLabel(list));
                poses[std::size_t(i)] = kittiPoseLine(scan.world_from_sensor);
                points += list.size();
                std::size_t cars = 0;
                for (auto l : list.label) cars += l == label::kVehicle;
                car_points += cars;
            } catch (...) {
                std::lock_guard<std::mutex> lock(error_mutex);
                if (!error) error = std::current_exception();
                next = o.scans;
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
    const nlohmann::json record = {{"backgrounds", o.backgrounds},    {"scans", o.scans},
                                   {"sequence", o.sequence},          {"seed", o.seed},
                                   {"lidar", lidarSpecToJson(lidar)}, {"cars_min", o.cars_min},
                                   {"cars_max", o.cars_max}};
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
