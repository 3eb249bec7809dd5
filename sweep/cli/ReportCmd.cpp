// blindspot report RUN -o DIR [--baseline RUN0] [--fail-on-drop D] [--gate-min-samples N]
//   [--dims x,y] [--class car] [--worst K] [--scan-cache DIR]
#include <algorithm>
#include <filesystem>
#include <iostream>

#include "core/Error.hpp"
#include "core/ScanIo.hpp"
#include "reports/BevImage.hpp"
#include "sweep/SweepRunner.hpp"
#include "sweep/cli/Commands.hpp"
#include "sweep/cli/RunArgs.hpp"

namespace blindspot::cli {
namespace {

namespace fs = std::filesystem;

struct ReportArgs {
    std::string run, output, baseline, scan_cache;
    MapArgs map;
    std::size_t worst = 20;
    double fail_on_drop = -1.0;  ///< < 0: report the gate, never fail
    std::size_t gate_min_samples = 3;
};

// The bird's-eye thumbnail of a scene coloured by the outcome of class `target` (an index of
// `map`), or empty without a cached scan.
std::string thumbnail(const ReportArgs& a, const std::string& id, const LearningMap& map,
                      int target) {
    const fs::path dir =
        fs::path(a.scan_cache.empty() ? fs::path(a.run) / "scans" : fs::path(a.scan_cache)) / id;
    if (!fs::exists(dir / "scan.pcd")) return "";
    const ScanGrid scan = readScanDirectory(dir.string());
    const std::vector<int> predicted = readPredictions(a.run, id, scan.cellCount());
    BevOptions o;
    o.half_extent_m = 30.0;
    o.pixels_per_m = 4.0;
    return bevPng(scan, o, outcomeColors(scan, predicted, map, target));
}

std::vector<WorstScene> worstScenes(const ReportArgs& a, const LoadedRun& run,
                                    const MetricSpec& metric) {
    std::vector<WorstScene> all;
    for (const auto& s : run.scenes) {
        const auto v = sceneValue(s, metric);
        if (v)
            all.push_back(
                {s.scene_id, s.sample, v, std::isnan(s.visibility) ? 0.0 : s.visibility, ""});
    }
    std::stable_sort(all.begin(), all.end(),
                     [](const WorstScene& x, const WorstScene& y) { return *x.value < *y.value; });
    if (all.size() > a.worst) all.resize(a.worst);
    if (!fs::exists(predictionClassesPath(a.run))) return all;  // thumbnails say "not cached"
    const LearningMap map = readPredictionClasses(a.run);
    const std::string cls = metric.class_name == "miou" ? "car" : metric.class_name;
    const auto at = std::find(map.classes.begin(), map.classes.end(), cls);
    const int target = at == map.classes.end() ? 1 : int(at - map.classes.begin());
    for (auto& w : all) w.thumbnail_png = thumbnail(a, w.scene_id, map, target);
    return all;
}

void printHeadline(const ReportInput& in, const std::string& index) {
    std::cout.precision(3);
    for (const auto& c : in.metrics.classes)
        if (c.name == in.metric.class_name)
            std::cout << in.run.name << ": " << c.name << " IoU " << c.scene_mean.iou.value_or(NAN)
                      << " (mean of " << in.metrics.scenes << " scenes; pooled "
                      << c.pooled.iou.value_or(NAN) << ")\n";
    std::vector<std::size_t> order;
    for (std::size_t i = 0; i < in.map.cells.size(); ++i)
        if (in.map.cells[i].mean) order.push_back(i);
    std::stable_sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) {
        return *in.map.cells[x].mean < *in.map.cells[y].mean;
    });
    std::cout << "worst cells:";
    const std::size_t nx = in.map.x_levels.size();
    for (std::size_t k = 0; k < std::min<std::size_t>(5, order.size()); ++k)
        std::cout << " (" << in.map.dims[0] << "=" << in.map.x_levels[order[k] % nx].dump() << ", "
                  << in.map.dims[1] << "=" << in.map.y_levels[order[k] / nx].dump() << ") "
                  << *in.map.cells[order[k]].mean
                  << (k + 1 < std::min<std::size_t>(5, order.size()) ? ";" : "");
    std::cout << "\n";
    if (in.gate) std::cout << in.gate->message << "\n";
    std::cout << "report: " << fs::absolute(index).string() << "\n";
}

void runReport(const ReportArgs& a) {
    const LoadedRun run = loadScoredRun(a.run);
    ReportInput in;
    in.run = metadataOf(run);
    const MapOptions map = a.map.options();
    in.metric = map.metric;
    in.metrics = summarizeMetrics(run.scenes);
    in.map = buildMiouMap(run.scenes, map);
    in.marginals = buildMarginals(run.scenes, map.metric);
    std::optional<LoadedRun> base;
    if (!a.baseline.empty()) base = loadScoredRun(a.baseline);
    for (const auto& m : in.marginals)
        if (m.dimension == "weather" && m.levels.size() > 1) {
            in.robustness_dimension = "weather";
            in.robustness = robustnessByLevel(run.scenes, "weather", "clear", map.metric,
                                              base ? &base->scenes : nullptr);
        }
    in.worst = worstScenes(a, run, map.metric);
    if (base) {
        CompareOptions o;
        o.map = map;
        o.intersect = true;
        in.baseline = metadataOf(*base);
        in.delta = compareRuns(base->scenes, run.scenes, o);
        if (a.fail_on_drop >= 0) in.gate_options.max_drop = a.fail_on_drop;
        in.gate_options.min_cell_samples = a.gate_min_samples;
        in.gate = regressionGate(*in.delta, in.gate_options);
    }
    const std::string index = writeReport(in, a.output);
    printHeadline(in, index);
    if (in.gate && !in.gate->passed && a.fail_on_drop >= 0) throw GateFailed(in.gate->message);
}

}  // namespace

void setupReportCommand(CLI::App& app) {
    auto a = std::make_shared<ReportArgs>();
    CLI::App* cmd = app.add_subcommand(
        "report", "HTML report (index.html) and summary.json of a run; with --baseline a gate");
    cmd->add_option("run", a->run, "Run directory (scored)")->required();
    cmd->add_option("-o,--output", a->output, "Report directory")->required();
    cmd->add_option("--baseline", a->baseline, "Baseline run: delta section and regression gate");
    cmd->add_option("--fail-on-drop", a->fail_on_drop,
                    "Exit 6 if the metric fell by more than this overall or in any cell")
        ->check(CLI::NonNegativeNumber);
    cmd->add_option("--gate-min-samples", a->gate_min_samples,
                    "Cells need this many scene pairs to fail the gate")
        ->capture_default_str();
    a->map.add(cmd);
    cmd->add_option("--worst", a->worst, "Worst scenes shown with thumbnails")
        ->capture_default_str();
    cmd->add_option("--scan-cache", a->scan_cache, "Where the run's scans are (default RUN/scans)");
    cmd->callback([a] {
        if (a->fail_on_drop >= 0 && a->baseline.empty())
            throw ConfigError("--fail-on-drop", "", "--baseline RUN0 to compare against");
        runReport(*a);
    });
}

}  // namespace blindspot::cli
