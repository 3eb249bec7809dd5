// blindspot merge RUN_a RUN_b ... -o RUN [--allow-partial]: the shards of one sweep as one run.
#include <iostream>
#include <memory>

#include "app/Commands.hpp"
#include "sweep/scale/MergeRuns.hpp"

namespace blindspot::cli {
namespace {

struct MergeOptions {
    std::vector<std::string> runs;
    std::string out;
    bool allow_partial = false;
};

void printCoverage(const ShardCoverage& c) {
    if (c.shard_count == 0) {
        std::cout << "coverage unknown: the runs record no shards\n";
        return;
    }
    std::cout << "shards " << c.shards.size() - c.unfinished.size() << " of " << c.shard_count
              << " finished";
    if (!c.missing.empty()) std::cout << "; missing " << shardList(c.missing, c.shard_count);
    if (!c.unfinished.empty())
        std::cout << "; unfinished " << shardList(c.unfinished, c.shard_count);
    std::cout << "\n";
}

}  // namespace

void setupMergeCommand(CLI::App& app, const AppContext& context) {
    auto merge = std::make_shared<MergeOptions>();
    CLI::App* m = app.add_subcommand("merge", "Merge sharded runs of one config into one run");
    m->add_option("runs", merge->runs, "Run directories")->required();
    m->add_option("-o,--output", merge->out, "Merged run directory")->required();
    m->add_flag("--allow-partial", merge->allow_partial,
                "Merge even when a shard is missing or unfinished; the report shows the coverage");
    m->callback([merge, &context] {
        const MergeSummary s =
            mergeRuns(merge->runs, merge->out, context.dimensions(), merge->allow_partial);
        std::cout << "merged " << merge->runs.size() << " runs: " << s.added << " scenes -> "
                  << merge->out << "\n";
        printCoverage(s.coverage);
    });
}

}  // namespace blindspot::cli
