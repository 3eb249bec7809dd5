// blindspot select RUN (--below T | --worst K | --random K [--seed S] | --estimated-region)
// [--dims x,y] [--class car] [--min-samples N]
//   -o selection.json
#include <iostream>

#include "app/Commands.hpp"
#include "app/RunArgs.hpp"
#include "core/base/AtomicFile.hpp"
#include "eval/Metrics.hpp"
#include "eval/Selection.hpp"
#include "sweep/output/AdaptiveOverview.hpp"

namespace blindspot::cli {
namespace {

struct SelectArgs {
    std::string run;
    MapArgs map;
    double below = 0.0;
    std::size_t worst = 0;
    std::size_t random = 0;
    std::uint64_t seed = 1;
    std::size_t min_samples = 1;
    bool region = false;
    std::string output;
};

void runSelect(const SelectArgs& a, const CLI::App& cmd, const AppContext& context) {
    const LoadedRun run = loadScoredRun(a.run, context.dimensions());
    SelectionRule rule;
    if (cmd.count("--below")) rule.below = a.below;
    if (cmd.count("--worst")) rule.worst = a.worst;
    if (cmd.count("--random")) rule.random = a.random, rule.seed = a.seed;
    rule.min_samples = a.min_samples;
    MapOptions options = a.map.options(context.dimensions());
    resolveMetricClass(options.metric, run.scenes);
    resolveMapDims(options, run.scenes);
    const MiouMap map = buildMiouMap(run.scenes, options);
    if (a.region) {
        const auto overview = adaptiveOverview(run, map, context.catalogue(), context.dimensions());
        if (!overview)
            throw ConfigError(ErrorSource::flag("--estimated-region"),
                              a.run + " is not an adaptive run (its sampler has no estimate)");
        rule.region = overview->outlined;
    }
    const Selection s = selectCells(map, rule, std::filesystem::absolute(a.run).string());
    writeFileAtomic(a.output, toJson(s).dump(2) + "\n");
    std::cout << "selected " << s.cells.size() << " of " << map.cells.size() << " cells ("
              << map.metric
              << (rule.below    ? " below " + std::to_string(*rule.below)
                  : rule.region ? ", the estimated failure region"
                  : rule.random ? ", " + std::to_string(a.random) + " at random, seed " +
                                      std::to_string(a.seed)
                                : ", the " + std::to_string(a.worst) + " worst")
              << ") -> " << a.output << "\n";
    for (std::size_t i = 0; i < std::min<std::size_t>(5, s.cells.size()); ++i)
        std::cout << "  " << s.dims[0] << "=" << s.cells[i].x.dump() << " " << s.dims[1] << "="
                  << s.cells[i].y.dump() << ": "
                  << (s.cells[i].mean ? std::to_string(*s.cells[i].mean) : std::string("n/a"))
                  << " (" << s.cells[i].samples << " samples)\n";
}

}  // namespace

void setupSelectCommand(CLI::App& app, const AppContext& context) {
    auto a = std::make_shared<SelectArgs>();
    CLI::App* cmd = app.add_subcommand("select",
                                       "Select the map cells below a threshold, the K worst, or an "
                                       "adaptive run's estimated failure region (retraining set)");
    cmd->add_option("run", a->run, "Run directory (scored)")->required();
    auto* below = cmd->add_option("--below", a->below, "Select cells whose mean is below this");
    auto* worst = cmd->add_option("--worst", a->worst, "Select the K worst cells")
                      ->check(CLI::PositiveNumber);
    below->excludes(worst);
    auto* random = cmd->add_option("--random", a->random,
                                   "Select K cells at random (a control arm of the same size)")
                       ->check(CLI::PositiveNumber);
    cmd->add_option("--seed", a->seed, "Seed of --random")->capture_default_str();
    random->excludes(below);
    random->excludes(worst);
    a->map.add(cmd);
    cmd->add_option("--min-samples", a->min_samples, "Cells need this many defined values")
        ->capture_default_str();
    auto* region = cmd->add_flag(
        "--estimated-region", a->region,
        "Select the cells of an adaptive run's estimated failure region (P(fail) > 0.5)");
    region->excludes(below);
    region->excludes(worst);
    region->excludes(random);
    cmd->add_option("-o,--output", a->output, "selection.json")->required();
    cmd->callback([a, cmd, &context] {
        if (!cmd->count("--below") && !cmd->count("--worst") && !cmd->count("--random") &&
            !a->region)
            throw CLI::RequiredError("--below, --worst, --random or --estimated-region");
        runSelect(*a, *cmd, context);
    });
}

}  // namespace blindspot::cli
