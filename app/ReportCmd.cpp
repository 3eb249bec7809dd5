// blindspot report RUN -o DIR [--baseline RUN0] [--fail-on-drop D] [--gate-min-samples N]
//   [--gate-history HISTORY.sqlite [--window K] [--gate-reference median|best]]
//   [--dims x,y] [--class car] [--worst K] [--scan-cache DIR]
#include <filesystem>
#include <iostream>

#include "app/Commands.hpp"
#include "app/RunArgs.hpp"
#include "core/base/Error.hpp"
#include "sweep/output/RunReport.hpp"

namespace blindspot::cli {
namespace {

namespace fs = std::filesystem;

struct ReportArgs {
    RunReportOptions options;
    std::string window_reference = "median";
    std::string output;
    MapArgs map;
};

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

void runReport(ReportArgs& a, const AppContext& context) {
    if (a.window_reference == "best")
        a.options.window_reference = WindowReference::Best;
    else if (a.window_reference != "median")
        throw ConfigError(ErrorSource::flag("--gate-reference"),
                          "expected median or best, got \"" + a.window_reference + "\"");
    a.options.map = a.map.options(context.dimensions());  // the class is resolved on load
    a.options.catalogue = context.catalogue();
    const ReportInput in = buildRunReport(a.options);
    const std::string index = writeReport(in, a.output);
    printHeadline(in, index);
    if (in.history_gate) std::cout << in.history_gate->message << "\n";
    if (a.options.fail_on_drop < 0) return;
    if (in.gate && !in.gate->passed) throw GateFailed(in.gate->message);
    if (in.history_gate && !in.history_gate->passed) throw GateFailed(in.history_gate->message);
}

}  // namespace

void setupReportCommand(CLI::App& app, const AppContext& context) {
    auto a = std::make_shared<ReportArgs>();
    RunReportOptions& o = a->options;
    CLI::App* cmd = app.add_subcommand(
        "report", "HTML report (index.html) and summary.json of a run; with --baseline a gate");
    cmd->add_option("run", o.run_dir, "Run directory (scored)")->required();
    cmd->add_option("-o,--output", a->output, "Report directory")->required();
    cmd->add_option("--baseline", o.baseline_dir,
                    "Baseline run: delta section and regression gate");
    cmd->add_option("--fail-on-drop", o.fail_on_drop,
                    "Exit 6 if the metric fell by more than this overall or in any cell (against "
                    "--baseline or --gate-history)")
        ->check(CLI::NonNegativeNumber);
    cmd->add_option("--gate-min-samples", o.gate_min_samples,
                    "Cells need this many scene pairs (scenes, with --gate-history) to fail")
        ->capture_default_str();
    cmd->add_option("--gate-history", o.gate_history,
                    "History file: gate against the last nights of this config and world");
    cmd->add_option("--window", o.window, "Nights in the --gate-history window")
        ->capture_default_str()
        ->check(CLI::PositiveNumber);
    cmd->add_option("--gate-reference", a->window_reference,
                    "median or best of the window's nights")
        ->capture_default_str();
    a->map.add(cmd);
    cmd->add_option("--worst", o.worst, "Worst scenes shown with thumbnails")
        ->capture_default_str();
    cmd->add_option("--scan-cache", o.scan_cache, "Where the run's scans are (default RUN/scans)");
    cmd->callback([a, &context] {
        if (a->options.fail_on_drop >= 0 && a->options.baseline_dir.empty() &&
            a->options.gate_history.empty())
            throw ConfigError(ErrorSource::flag("--fail-on-drop"),
                              "--baseline RUN0 or --gate-history HISTORY to compare against");
        runReport(*a, context);
    });
}

}  // namespace blindspot::cli
