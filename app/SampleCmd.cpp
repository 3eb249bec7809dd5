// blindspot sample CONFIG.json: a dry run that prints the samples as JSON lines.
#include <iostream>
#include <memory>

#include "app/Commands.hpp"
#include "sweep/run/SweepConfig.hpp"
#include "sweep/space/SamplerChoice.hpp"

namespace blindspot::cli {
namespace {

struct SampleOptions {
    std::string config;
    std::size_t limit = 0;
};

void runSample(const SampleOptions& opt, const AppContext& context) {
    const SweepConfig config =
        loadSweepConfig(opt.config, context.catalogue(), context.dimensions());
    const std::vector<Sample> samples = drawSamples(config.space, config.sampler);
    if (config.sampler.type == "adaptive")
        std::cerr << samples.size() << " samples: the adaptive sampler's initial design; its "
                  << config.sampler.n - std::min(config.sampler.n, samples.size())
                  << " later samples follow the scores\n";
    else
        std::cerr << samples.size() << " samples (" << config.sampler.type << ")\n";
    std::size_t printed = 0;
    for (const auto& s : samples) {
        if (opt.limit && printed++ == opt.limit) break;
        nlohmann::json line = s.toJson();
        line["scene_id"] = sceneIdIn(config, s);
        std::cout << line.dump() << "\n";
    }
}

}  // namespace

void setupSampleCommand(CLI::App& app, const AppContext& context) {
    auto opt = std::make_shared<SampleOptions>();
    CLI::App* cmd = app.add_subcommand(
        "sample", "Dry run: print a sweep's samples as JSON lines (count on stderr)");
    cmd->add_option("config", opt->config, "Sweep config JSON (docs/sweep-config.md)")->required();
    cmd->add_option("--limit", opt->limit, "Print at most this many samples (0 = all)");
    cmd->callback([opt, &context] { runSample(*opt, context); });
}

}  // namespace blindspot::cli
