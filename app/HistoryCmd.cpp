// blindspot history add RUN --store HISTORY.sqlite [--label DATE|GIT_SHA] [--report DIR]
//   [--dims x,y] [--class C]
// blindspot history report HISTORY.sqlite -o DIR [--window K] [--fail-on-drop D]
//   [--gate-reference median|best] [--gate-min-samples N]
#include <iostream>
#include <memory>

#include "app/Commands.hpp"
#include "app/RunArgs.hpp"
#include "core/base/Error.hpp"
#include "sweep/scale/NightTrend.hpp"

namespace blindspot::cli {
namespace {

struct HistoryAddArgs {
    std::string run, store, label, report;
    MapArgs map;
};

struct HistoryReportArgs {
    std::string store, output;
    std::size_t window = 7;
    WindowGateOptions gate;
    std::string reference = "median";
};

WindowReference referenceOf(const std::string& text) {
    if (text == "median") return WindowReference::Median;
    if (text == "best") return WindowReference::Best;
    throw ConfigError(ErrorSource::flag("--gate-reference"),
                      "expected median or best, got \"" + text + "\"");
}

void runAdd(const HistoryAddArgs& a, const AppContext& context) {
    const LoadedRun run = loadScoredRun(a.run, context.dimensions());
    const Night night = nightOf(run, a.map.options(context.dimensions()), a.label, a.report);
    NightHistory history(a.store, true);
    history.add(night);
    std::size_t in_series = 0;
    for (const auto& n : history.nights()) in_series += n.seriesKey() == night.seriesKey();
    std::cout << "history " << a.store << ": night " << night.label << " of " << night.run_name
              << " (config " << night.config_hash << ", " << night.world_version << "), "
              << in_series << " night" << (in_series == 1 ? "" : "s") << " in its series\n";
}

void runHistoryReport(HistoryReportArgs& a) {
    a.gate.reference = referenceOf(a.reference);
    const std::vector<Night> nights = NightHistory(a.store).nights();
    const auto series = trendSeries(nights, a.window, a.gate, a.output);
    const std::string index = writeTrendPage(series, a.output);
    for (const auto& s : series)
        std::cout << s.run_name << " (config " << s.config_hash << ", " << s.world_version
                  << "): " << s.nights.size() << " nights, " << s.regressed.size()
                  << " cells regressed since " << (s.compared_with.empty() ? "-" : s.compared_with)
                  << "\n";
    std::cout << "history: " << index << "\n";
}

}  // namespace

void setupHistoryCommand(CLI::App& app, const AppContext& context) {
    CLI::App* history =
        app.add_subcommand("history", "The history of nights: record runs, draw the trend");
    history->require_subcommand(1);

    auto add = std::make_shared<HistoryAddArgs>();
    CLI::App* a = history->add_subcommand("add", "Record a scored run's summary as a night");
    a->add_option("run", add->run, "Run directory (scored)")->required();
    a->add_option("--store", add->store, "History file (SQLite; created if absent)")->required();
    a->add_option("--label", add->label, "The night's label (default: the run's finish date)");
    a->add_option("--report", add->report, "The run's report directory, linked from the page");
    add->map.add(a);
    a->callback([add, &context] { runAdd(*add, context); });

    auto rep = std::make_shared<HistoryReportArgs>();
    CLI::App* r = history->add_subcommand("report", "Trend page (index.html) of every series");
    r->add_option("store", rep->store, "History file")->required();
    r->add_option("-o,--output", rep->output, "Page directory")->required();
    r->add_option("--window", rep->window, "Nights a night is gated against")
        ->capture_default_str()
        ->check(CLI::PositiveNumber);
    r->add_option("--fail-on-drop", rep->gate.max_drop, "Largest allowed drop of a cell")
        ->capture_default_str()
        ->check(CLI::NonNegativeNumber);
    r->add_option("--gate-reference", rep->reference, "median or best of the window")
        ->capture_default_str();
    r->add_option("--gate-min-samples", rep->gate.min_cell_samples,
                  "Cells need this many scenes to regress")
        ->capture_default_str();
    r->callback([rep] { runHistoryReport(*rep); });
}

}  // namespace blindspot::cli
