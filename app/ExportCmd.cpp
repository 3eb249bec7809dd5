// blindspot export RUN --selection selection.json --backgrounds urban-08..urban-15 -o DATASET
//   [--jobs N] [--sequence SS] [--label-set matlab|semantickitti] [--randomize]
#include <iostream>

#include "app/Commands.hpp"
#include "app/LabelSetOption.hpp"
#include "sweep/output/RetrainingExport.hpp"

namespace blindspot::cli {
namespace {

struct ExportArgs {
    std::string run, selection, backgrounds;
    ExportOptions options;
};

}  // namespace

void setupExportCommand(CLI::App& app, const AppContext& context) {
    auto a = std::make_shared<ExportArgs>();
    CLI::App* cmd = app.add_subcommand(
        "export", "Scan the selected cells on retraining backgrounds (SemanticKITTI + manifest)");
    cmd->add_option("run", a->run, "Run directory the selection came from")->required();
    cmd->add_option("--selection", a->selection, "selection.json from blindspot select")
        ->required();
    cmd->add_option("--backgrounds", a->backgrounds,
                    "Retraining backgrounds: urban-08..urban-15 or a comma list")
        ->required();
    cmd->add_option("-o,--output", a->options.output, "Dataset directory")->required();
    cmd->add_option("--jobs", a->options.jobs, "Worker threads; the files do not depend on it")
        ->check(CLI::PositiveNumber);
    cmd->add_option("--sequence", a->options.sequence, "Sequence number, two digits")
        ->capture_default_str();
    addLabelSetOption(cmd, a->options.label_set);
    cmd->add_flag("--randomize", a->options.randomize,
                  "Domain randomisation per frame, as generate --randomize (the sensor's response, "
                  "the head's pitch and roll), seeded by the scene id");
    cmd->callback([a, &context] {
        ExportOptions o = a->options;
        o.run_dir = a->run;
        o.models = context.models();
        o.selection = loadSelection(a->selection);
        for (auto& dim : o.selection.dims) dim = context.dimensions().canonical(dim);
        o.backgrounds = expandBackgroundList(a->backgrounds, "--backgrounds");
        o.tool_version = context.version();
        const ExportSummary s = exportRetrainingSet(o);
        std::cout << "exported " << s.scans << " scans (" << s.cells << " cells x "
                  << o.backgrounds.size() << " backgrounds, " << s.car_points << " car points) in "
                  << s.seconds << " s -> " << o.output << "\n";
    });
}

}  // namespace blindspot::cli
