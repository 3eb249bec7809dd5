// blindspot fidelity REAL... -o DIR [--backgrounds urban-02,...] [--scenes N] [--cars N]
//   [--lidar squeezeseg-front] [--physical]
// Real scans against simulated ones on label-free statistics (docs/fidelity.md): returns per row,
// intensity and range distributions, and a front view of each.
#include <filesystem>
#include <iostream>
#include <memory>

#include "app/Commands.hpp"
#include "core/AtomicFile.hpp"
#include "eval/ScanStatistics.hpp"
#include "models/RecordedScans.hpp"
#include "reports/EvaluationReport.hpp"
#include "reports/FidelityFigure.hpp"
#include "sweep/RetrainingExport.hpp"
#include "sweep/ScenarioScanner.hpp"

namespace blindspot::cli {
namespace {

namespace fs = std::filesystem;

struct FidelityArgs {
    std::vector<std::string> real;
    std::string output;
    std::string backgrounds = "urban-02";
    int scenes = 20;
    int cars = 8;
    std::string lidar = "squeezeseg-front";
    bool physical = false;
};

GridReturns returnsOf(const RecordedScan& s) {
    const std::size_t plane = s.image.grid.cellCount();
    GridReturns g{s.image.grid.rows, s.image.grid.cols, s.image.mask, {}, {}};
    g.intensity.assign(plane, 0.0f);
    g.range_m.assign(plane, 0.0f);
    for (std::size_t c = 0; c < s.image.channels.size(); ++c)
        for (std::size_t i = 0; i < plane; ++i) {
            if (s.image.channels[c] == InputChannel::kIntensity)
                g.intensity[i] = s.image.raw[c * plane + i];
            if (s.image.channels[c] == InputChannel::kRange)
                g.range_m[i] = s.image.raw[c * plane + i];
        }
    return g;
}

GridReturns returnsOf(const ScanGrid& scan) {
    GridReturns g{scan.rows(), scan.cols(), {}, scan.reflectivity, scan.range_m};
    for (std::size_t i = 0; i < scan.cellCount(); ++i) g.valid.push_back(scan.valid(i));
    return g;
}

void runFidelity(const FidelityArgs& a, const AppContext& context) {
    ScanStatistics real, sim;
    std::string real_front, sim_front;
    for (const auto& s : loadRecordedScans(a.real, squeezeSegCard(true))) {
        const GridReturns g = returnsOf(s);
        real.add(g);
        if (real_front.empty()) real_front = frontViewPng(g.rows, g.cols, intensityColours(g));
    }
    LidarEffects effects;
    effects.paper_mode = !a.physical;
    ScenarioScanner scanner(context.models(), effects);
    const auto backgrounds = expandBackgroundList(a.backgrounds, "--backgrounds");
    const LidarSpec spec = lidarFromFlag(a.lidar, "--lidar");
    for (int i = 0; i < a.scenes; ++i) {
        Scenario s = placedCars(backgrounds[std::size_t(i) % backgrounds.size()], {});
        s.count = a.cars;
        s.sensor.lidar = a.lidar;
        s.sensor.pitch_deg = spec.pitch_deg;
        const GridReturns g = returnsOf(scanner.scan(s, std::uint64_t(i + 1), 0).scan);
        sim.add(g);
        if (sim_front.empty()) sim_front = frontViewPng(g.rows, g.cols, intensityColours(g));
    }
    const std::string sim_name = a.backgrounds + ", " + a.lidar + (a.physical ? ", physical" : "");
    const fs::path dir(a.output);
    fs::create_directories(dir);
    writeFileAtomic((dir / "fidelity.png").string(),
                    fidelityFigurePng(real, sim, "KITTI lidar_2d", sim_name));
    writeFileAtomic((dir / "real_front.png").string(), real_front);
    writeFileAtomic((dir / "sim_front.png").string(), sim_front);
    const nlohmann::json stats = {
        {"real", toJson(real)}, {"simulated", toJson(sim)}, {"simulated_setup", sim_name}};
    writeFileAtomic((dir / "statistics.json").string(), stats.dump(2) + "\n");
    std::cout.precision(3);
    std::cout << "real: " << real.scans << " scans, returns " << real.validFraction()
              << " of cells, intensity mean " << real.intensityMean() << " std "
              << real.intensityStd() << "\nsimulated: " << sim.scans << " scans, returns "
              << sim.validFraction() << " of cells, intensity mean " << sim.intensityMean()
              << " std " << sim.intensityStd() << "\n-> " << (dir / "fidelity.png").string()
              << "\n";
}

}  // namespace

void setupFidelityCommand(CLI::App& app, const AppContext& context) {
    auto a = std::make_shared<FidelityArgs>();
    CLI::App* cmd = app.add_subcommand(
        "fidelity", "Real against simulated scans: returns per row, intensity and range");
    cmd->add_option("real", a->real, "Real scans (lidar_2d .npy files or directories)")->required();
    cmd->add_option("-o,--output", a->output, "Output directory")->required();
    cmd->add_option("--backgrounds", a->backgrounds,
                    "Simulated backgrounds: urban-01..urban-03 or a comma list")
        ->capture_default_str();
    cmd->add_option("--scenes", a->scenes, "Simulated scenes")->check(CLI::PositiveNumber);
    cmd->add_option("--cars", a->cars, "Cars per simulated scene (traffic)")
        ->check(CLI::NonNegativeNumber);
    cmd->add_option("--lidar", a->lidar, "Simulated LiDAR (a front view like lidar_2d)")
        ->capture_default_str();
    cmd->add_flag("--physical", a->physical, "LiDAR weather and paint model on");
    cmd->callback([a, &context] { runFidelity(*a, context); });
}

}  // namespace blindspot::cli
