// blindspot compare RUN_A RUN_B -o DIR [--intersect] [--dims x,y] [--class car] [--seed S]
//   [--resamples N] [--heldout DATA --model-a CKPT_A --model-b CKPT_B] [--selection FILE]
#include <iostream>
#include <thread>

#include "app/Commands.hpp"
#include "app/RunArgs.hpp"
#include "core/base/CoreCount.hpp"
#include "core/base/Error.hpp"
#include "core/base/HeapBuffers.hpp"
#include "core/base/Precision.hpp"
#include "eval/ClassMapping.hpp"
#include "eval/Comparison.hpp"
#include "eval/Metrics.hpp"
#include "models/network/Network.hpp"
#include "models/training/Dataset.hpp"
#include "sweep/store/RunDirectory.hpp"

namespace blindspot::cli {
namespace {

struct CompareArgs {
    std::string run_a, run_b, output;
    MapArgs map;
    bool intersect = false;
    std::uint64_t seed = 1;
    int resamples = 10000;
    std::string heldout, model_a, model_b;
    std::string selection;  ///< selection.json: the gain on its cells and on the rest
};

// Loads a checkpoint and checks it is the one that scored `run`.
std::unique_ptr<SegmentationNetwork> checkpointOf(const std::string& dir, const LoadedRun& run,
                                                  const std::string& option) {
    auto net = SegmentationNetwork::load(dir);
    if (net->hash() != run.info.checkpoint_hash)
        throw ConfigError(ErrorSource::flag(option), "the checkpoint that scored " + run.dir +
                                                         " (hash " + run.info.checkpoint_hash +
                                                         "); " + dir + " is " + net->hash());
    return net;
}

// The held-out check: both checkpoints on the same labelled set, pooled IoU of the class.
nlohmann::json heldoutCheck(const CompareArgs& a, const LoadedRun& ra, const LoadedRun& rb,
                            const std::string& class_name) {
    keepLargeBuffersOnHeap();
    setTorchThreads(usableCores());
    const auto net_a = checkpointOf(a.model_a, ra, "--model-a");
    const auto net_b = checkpointOf(a.model_b, rb, "--model-b");
    const LabelledSet set = loadLabelledSet({a.heldout}, net_a->card(), 2);
    const auto& classes = net_a->card().learning_map.classes;
    const auto at = std::find(classes.begin(), classes.end(), class_name);
    if (at == classes.end())
        throw ConfigError(ErrorSource::flag("--class"),
                          "a class of the model; got \"" + class_name + "\"");
    const int c = int(at - classes.begin());
    const auto iou_a = evaluateLabelledSet(*net_a, set).iou(c);
    const auto iou_b = evaluateLabelledSet(*net_b, set).iou(c);
    return {{"heldout",
             {{"data", a.heldout},
              {"data_hash", set.hash},
              {"scans", set.images.size()},
              {"class", class_name},
              {"iou_a", jsonNumber(iou_a)},
              {"iou_b", jsonNumber(iou_b)}}}};
}

// A comparison credits the checkpoint with every difference between the runs, so anything else
// that differs (dimensions, sampler, LiDAR, effects) must be asked for with --intersect.
void checkSameConfig(const LoadedRun& ra, const LoadedRun& rb, bool intersect) {
    if (intersect || ra.info.config_hash == rb.info.config_hash) return;
    throw ConfigError(ErrorSource::flag("--intersect"),
                      "runs of one config that differ only in the checkpoint; " + ra.dir +
                          " ran config " + ra.info.config_hash + " but " + rb.dir + " ran " +
                          rb.info.config_hash +
                          " (pass --intersect to compare their common scenes)");
}

void runCompare(const CompareArgs& a, const AppContext& context) {
    const LoadedRun ra = loadScoredRun(a.run_a, context.dimensions()),
                    rb = loadScoredRun(a.run_b, context.dimensions());
    checkSameConfig(ra, rb, a.intersect);
    CompareOptions o;
    o.map = a.map.options(context.dimensions());
    resolveMetricClass(o.map.metric, ra.scenes);
    resolveMapDims(o.map, ra.scenes);
    o.intersect = a.intersect;
    o.seed = a.seed;
    o.resamples = a.resamples;
    if (!a.selection.empty()) o.selection = loadSelection(a.selection);
    const Comparison c = compareRuns(ra.scenes, rb.scenes, o);
    nlohmann::json extra = nlohmann::json::object();
    if (!a.heldout.empty()) {
        if (a.model_a.empty() || a.model_b.empty())
            throw ConfigError(ErrorSource::flag("--heldout"), "--model-a and --model-b with it");
        // A labelled set has no placed targets: the held-out check scores the targets' class.
        const std::string& metric = o.map.metric.class_name;
        extra = heldoutCheck(a, ra, rb, metric == kTargetClass ? "car" : metric);
    }
    const Precision pa = precisionOfHash(ra.info.checkpoint_hash),
                    pb = precisionOfHash(rb.info.checkpoint_hash);
    if (pa != pb) {
        extra["precision"] = {{"a", precisionName(pa)}, {"b", precisionName(pb)}};
        std::cout << "the runs differ in inference precision: A " << precisionName(pa) << ", B "
                  << precisionName(pb) << "\n";
    }
    const RunDirectory dir_a(ra.dir), dir_b(rb.dir);
    if (dir_a.hasPredictions() && dir_b.hasPredictions())
        extra["class_mapping"] = toJson(
            classMappingOf(dir_a.readClasses(), dir_b.readClasses(), o.map.metric.class_name));
    const std::string index =
        writeComparisonReport(c, metadataOf(ra), metadataOf(rb), extra, a.output);
    std::cout.precision(4);
    std::cout << "compared " << c.scenes_compared << " scenes (" << c.paired
              << " pairs): " << c.map_a.metric << " " << c.mean_a.value_or(NAN) << " -> "
              << c.mean_b.value_or(NAN) << ", mean delta " << c.mean_delta.value_or(NAN)
              << " [95% CI over " << c.clusters << " " << c.cluster_dim << "s "
              << c.cluster_ci_low.value_or(NAN) << ", " << c.cluster_ci_high.value_or(NAN)
              << "; over scene pairs " << c.ci_low.value_or(NAN) << ", " << c.ci_high.value_or(NAN)
              << "]; cells improved " << c.improved << ", degraded " << c.degraded << ", unchanged "
              << c.unchanged << "\n";
    for (const auto& [name, d] :
         {std::pair{"selected cells", c.selected}, std::pair{"other cells", c.other}})
        if (d)
            std::cout << name << " (" << d->paired << " pairs): mean delta "
                      << d->mean_delta.value_or(NAN) << " [95% CI over " << d->clusters << " "
                      << c.cluster_dim << "s " << d->cluster_ci_low.value_or(NAN) << ", "
                      << d->cluster_ci_high.value_or(NAN) << "]\n";
    if (extra.contains("heldout"))
        std::cout << "held-out " << a.heldout << ": "
                  << extra["heldout"]["class"].get<std::string>() << " IoU "
                  << extra["heldout"]["iou_a"].dump() << " -> " << extra["heldout"]["iou_b"].dump()
                  << "\n";
    std::cout << "report: " << std::filesystem::absolute(index).string() << "\n";
}

}  // namespace

void setupCompareCommand(CLI::App& app, const AppContext& context) {
    auto a = std::make_shared<CompareArgs>();
    CLI::App* cmd = app.add_subcommand("compare", "Compare two runs of the same scenes (A -> B)");
    cmd->add_option("run_a", a->run_a, "Run A (before)")->required();
    cmd->add_option("run_b", a->run_b, "Run B (after)")->required();
    cmd->add_option("-o,--output", a->output, "Output directory")->required();
    cmd->add_flag("--intersect", a->intersect, "Compare the common scenes of differing runs");
    a->map.add(cmd);
    cmd->add_option("--seed", a->seed, "Bootstrap seed")->capture_default_str();
    cmd->add_option("--resamples", a->resamples, "Bootstrap resamples")
        ->check(CLI::PositiveNumber)
        ->capture_default_str();
    cmd->add_option("--heldout", a->heldout,
                    "Labelled set (SemanticKITTI layout) to score both on");
    cmd->add_option("--model-a", a->model_a, "Checkpoint of run A (for --heldout)");
    cmd->add_option("--model-b", a->model_b, "Checkpoint of run B (for --heldout)");
    cmd->add_option(
        "--selection", a->selection,
        "selection.json (blindspot select): also the gain on its cells and on the rest");
    cmd->callback([a, &context] { runCompare(*a, context); });
}

}  // namespace blindspot::cli
