// blindspot scan SCENE.json --lidar (PRESET|SPEC.json) -o DIR
#include <filesystem>
#include <iostream>
#include <memory>

#include "app/Commands.hpp"
#include "core/base/AtomicFile.hpp"
#include "core/lidar/SensorResponse.hpp"
#include "core/lidar/SensorReturns.hpp"
#include "core/scan/ScanIo.hpp"
#include "core/scan/ScanSummary.hpp"
#include "scenes/PrimitiveScene.hpp"

namespace blindspot::cli {
namespace {

struct ScanOptions {
    std::string scene_path;
    std::string lidar = "hdl64e";
    std::string out_dir;
    int threads = 0;
    std::uint64_t seed = 1;  ///< the LiDAR response's random drop and noise
};

void runScan(const ScanOptions& opt) {
    const LidarSpec spec = lidarFromFlag(opt.lidar, "--lidar");
    const PrimitiveScene scene = loadPrimitiveScene(opt.scene_path);
    ScanGrid scan = castScan(scene.geometry, spec, scene.worldFromSensor(spec.pitch_deg),
                             CastOptions{opt.threads});
    applySensorResponse(scan, spec.response, opt.seed);
    writeScanFiles(scan, opt.out_dir);
    nlohmann::json summary = scanSummaryJson(scan);
    summary["scene"] = opt.scene_path;
    writeFileAtomic((std::filesystem::path(opt.out_dir) / "scan.json").string(),
                    summary.dump(2) + "\n");
    std::cout << "scan: " << scan.rows() << " x " << scan.cols() << " cells, " << scan.validCount()
              << " returns -> " << opt.out_dir << "/scan.{bin,label,pcd,ply,json}\n";
}

}  // namespace

void setupScanCommand(CLI::App& app, const AppContext&) {
    auto opt = std::make_shared<ScanOptions>();
    CLI::App* cmd = app.add_subcommand("scan", "Ray-cast one labelled LiDAR scan of a scene file");
    cmd->add_option("scene", opt->scene_path, "Scene JSON (docs/scene-file.md)")->required();
    cmd->add_option("--lidar", opt->lidar, "LiDAR preset name or spec JSON file")
        ->capture_default_str();
    cmd->add_option("-o,--output", opt->out_dir, "Output directory")->required();
    cmd->add_option("--threads", opt->threads, "Ray-casting threads (0 = all cores)")
        ->check(CLI::NonNegativeNumber);
    cmd->add_option("--seed", opt->seed, "Seed of the LiDAR response's random drop and noise")
        ->capture_default_str();
    cmd->callback([opt] { runScan(*opt); });
}

}  // namespace blindspot::cli
