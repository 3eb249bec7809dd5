// blindspot merge RUN_a RUN_b ... -o RUN: the shards of one sweep as one run.
#include <iostream>
#include <memory>

#include "app/Commands.hpp"
#include "sweep/MergeRuns.hpp"

namespace blindspot::cli {
namespace {

struct MergeOptions {
    std::vector<std::string> runs;
    std::string out;
};

}  // namespace

void setupMergeCommand(CLI::App& app, const AppContext& context) {
    auto merge = std::make_shared<MergeOptions>();
    CLI::App* m = app.add_subcommand("merge", "Merge sharded runs of one config into one run");
    m->add_option("runs", merge->runs, "Run directories")->required();
    m->add_option("-o,--output", merge->out, "Merged run directory")->required();
    m->callback([merge, &context] {
        const std::size_t n = mergeRuns(merge->runs, merge->out, context.dimensions());
        std::cout << "merged " << merge->runs.size() << " runs: " << n << " scenes -> "
                  << merge->out << "\n";
    });
}

}  // namespace blindspot::cli
