// blindspot fidelity REAL... -o DIR [--backgrounds urban-02,...] [--scenes N] [--cars N]
//   [--lidar squeezeseg-front] [--physical] [--sim DATASET]
// Real scans against simulated ones on label-free statistics (docs/fidelity.md): returns per row,
// intensity and range distributions, and a front view of each. With --sim (a labelled dataset
// that `blindspot generate` wrote) and labelled real scans (SemanticKITTI), also per class:
// share, height above the ground, range, intensity and local shape (eval/ClassStatistics.hpp),
// and how patchy and faint each class's returns are, seen by KITTI's lasers (eval/SurfaceGaps.hpp).
#include <filesystem>
#include <iostream>
#include <memory>

#include "app/Commands.hpp"
#include "core/base/AtomicFile.hpp"
#include "core/base/Error.hpp"
#include "core/scan/ScanIo.hpp"
#include "eval/ClassStatistics.hpp"
#include "eval/PersonStatistics.hpp"
#include "eval/ScanStatistics.hpp"
#include "eval/SurfaceGaps.hpp"
#include "models/network/RecordedScans.hpp"
#include "models/training/Dataset.hpp"
#include "reports/ClassFidelityFigure.hpp"
#include "reports/EvaluationReport.hpp"
#include "reports/FidelityFigure.hpp"
#include "reports/PersonFidelityFigure.hpp"
#include "sweep/output/RetrainingExport.hpp"
#include "sweep/output/SimulatedStatistics.hpp"

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
    std::string sim_dataset;
};

// Every labelled scan under `dirs`, labels as SemanticKITTI raw ids. A dataset that records no
// label set is a real recording: SemanticKITTI ids.
// Gaps are counted on KITTI's own lasers: SemanticKITTI's scans and the training data's both
// come from (the model of) that HDL-64E.
struct LabelledStatistics {
    ClassStatistics classes;
    SurfaceGaps gaps;
    std::vector<PersonInstance> people;
};

LabelledStatistics classStatisticsOf(const std::vector<std::string>& dirs) {
    const LidarSpec lasers = lidarPreset("hdl64e-kitti");
    LabelledStatistics statistics;
    for (const auto& dir : dirs) {
        const LabelSet set = datasetLabelSet(dir, LabelSet::kSemanticKitti);
        for (const auto& files : findLabelledScans(dir)) {
            PointList points = readKittiScan(files.bin, files.label);
            LabelledCloud cloud{std::move(points.xyzi), std::move(points.label)};
            if (set == LabelSet::kMatlab)
                for (auto& id : cloud.semantickitti_id) id = semanticKittiIdOf(id);
            const auto people = personInstances(cloud.xyzi, cloud.semantickitti_id, points.instance);
            statistics.people.insert(statistics.people.end(), people.begin(), people.end());
            addScan(statistics.classes, cloud);
            addScanGaps(statistics.gaps, cloud, lasers);
        }
    }
    return statistics;
}

// The classes first, then the others SemanticKITTI labels.
const std::vector<std::string> kClassOrder = {
    "road",          "parking",   "sidewalk",     "building",     "vegetation",
    "trunk",         "terrain",   "fence",        "pole",         "car",
    "person",        "bicyclist", "traffic-sign", "other-ground", "truck",
    "other-vehicle", "bicycle",   "motorcycle",   "motorcyclist"};

// Per-class statistics need labelled SemanticKITTI directories; checked before anything is
// written, so that a bad input leaves no half-written output.
void requireLabelledReal(const FidelityArgs& a) {
    if (a.sim_dataset.empty()) return;
    for (const auto& r : a.real)
        if (!fs::is_directory(r))
            throw ConfigError(ErrorSource::flag("--sim"),
                              "per-class statistics need labelled SemanticKITTI directories as "
                              "the real scans; " +
                                  r + " is not one");
}

// People instance by instance (issue 56): people.png, people.json and a table on stdout.
void writePersonFidelity(const FidelityArgs& a, const std::vector<PersonInstance>& real,
                         const std::vector<PersonInstance>& sim, const fs::path& dir) {
    writeFileAtomic((dir / "people.png").string(),
                    personFidelityFigurePng(real, sim, "person", "SemanticKITTI labels",
                                            fs::path(a.sim_dataset).filename().string()));
    const nlohmann::json real_bins = summariseByRange(real), sim_bins = summariseByRange(sim);
    writeFileAtomic((dir / "people.json").string(),
                    nlohmann::json{{"real", real_bins}, {"simulated", sim_bins}}.dump(2) + "\n");
    std::cout << "people (real / simulated medians) -> " << (dir / "people.png").string() << "\n";
    for (const auto& [kind, bins] : real_bins.items())
        for (const auto& [bin, r] : bins.items()) {
            const nlohmann::json s = sim_bins.value(kind, nlohmann::json::object())
                                         .value(bin, nlohmann::json::object());
            std::cout << "  " << kind << " " << bin << ": " << r["instances"] << " / "
                      << s.value("instances", 0) << " instances";
            for (const char* key : {"points_at_10m", "height_m", "width_m", "intensity",
                                    "scattering"})
                std::cout << ", " << key << " " << r[key].get<double>() << " / "
                          << s.value(key, 0.0);
            std::cout << "\n";
        }
}

void writeClassFidelity(const FidelityArgs& a, const fs::path& dir) {
    const LabelledStatistics real_stats = classStatisticsOf(a.real);
    const LabelledStatistics sim_stats = classStatisticsOf({a.sim_dataset});
    const ClassStatistics &real = real_stats.classes, &sim = sim_stats.classes;
    const auto classes = classesPresent(real, sim, kClassOrder);
    writeFileAtomic((dir / "classes.png").string(),
                    classFidelityFigurePng(real, sim, classes, "SemanticKITTI labels",
                                           fs::path(a.sim_dataset).filename().string()));
    const nlohmann::json stats = {
        {"real", toJson(real)},
        {"simulated", toJson(sim)},
        {"simulated_dataset", a.sim_dataset},
        {"surface_gaps",
         {{"real", toJson(real_stats.gaps)}, {"simulated", toJson(sim_stats.gaps)}}}};
    writeFileAtomic((dir / "class_statistics.json").string(), stats.dump(2) + "\n");
    writePersonFidelity(a, real_stats.people, sim_stats.people, dir);
    std::cout << "per class: " << real.points << " real and " << sim.points
              << " simulated front-view points -> " << (dir / "classes.png").string() << "\n";
    const nlohmann::json real_gaps = toJson(real_stats.gaps), sim_gaps = toJson(sim_stats.gaps);
    auto gapOf = [](const nlohmann::json& g, const std::string& c, const char* key) {
        return g.contains(c) ? g[c][key].get<double>() : 0.0;
    };
    for (const auto& c : classes)
        std::cout << "  " << c << ": share " << real.share(c) << " / " << sim.share(c)
                  << ", empty in outline " << gapOf(real_gaps, c, "empty_share") << " / "
                  << gapOf(sim_gaps, c, "empty_share") << ", remission 0 "
                  << gapOf(real_gaps, c, "zero_remission_share") << " / "
                  << gapOf(sim_gaps, c, "zero_remission_share") << "\n";
}

void runFidelity(const FidelityArgs& a, const AppContext& context) {
    requireLabelledReal(a);
    ScanStatistics real;
    std::string real_front;
    for (const auto& s : loadRecordedScans(a.real, squeezeSegCard(true))) {
        const GridReturns g = gridReturnsOf(s);
        real.add(g);
        if (real_front.empty()) real_front = frontViewPng(g.rows, g.cols, intensityColours(g));
    }
    SimulatedScansOptions o;
    o.backgrounds = expandBackgroundList(a.backgrounds, "--backgrounds");
    o.scenes = a.scenes;
    o.cars = a.cars;
    o.lidar = a.lidar;
    o.pitch_deg = lidarFromFlag(a.lidar, "--lidar").pitch_deg;
    o.effects.paper_mode = !a.physical;
    const SimulatedScans simulated = simulateScans(context.models(), o);
    const ScanStatistics& sim = simulated.statistics;
    const std::string sim_front =
        frontViewPng(simulated.first.rows, simulated.first.cols, intensityColours(simulated.first));
    const std::string sim_name = a.backgrounds + ", " + a.lidar + (a.physical ? ", physical" : "");
    const fs::path dir(a.output);
    makeDirectories(dir.string());
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
    if (!a.sim_dataset.empty()) writeClassFidelity(a, dir);
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
    cmd->add_option("--sim", a->sim_dataset,
                    "A labelled dataset from `blindspot generate`: per-class statistics against "
                    "the real scans' labels (class_statistics.json, classes.png)")
        ->check(CLI::ExistingDirectory);
    cmd->callback([a, &context] { runFidelity(*a, context); });
}

}  // namespace blindspot::cli
