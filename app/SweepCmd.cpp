// blindspot sweep CONFIG.json -o RUN_DIR [--model CKPT] [--precision P] [--batch B] [--threads T]
// [--scans-only]
//   [--jobs N] [--full-scans] [--shard i/N|auto [--shard-count N] [--shard-peers DIR_WITH_{i}]]
//   [--no-cache]
//   [--scan-cache DIR] [--images]
//   [--stop-after N]
#include <cstdlib>
#include <iostream>
#include <memory>
#include <thread>

#include "app/Commands.hpp"
#include "app/PrecisionOption.hpp"
#include "core/base/CoreCount.hpp"
#include "core/base/Error.hpp"
#include "core/base/HeapBuffers.hpp"
#include "models/external/ExternalPredictor.hpp"
#include "models/external/ExternalSegmenter.hpp"
#include "models/network/Network.hpp"
#include "sweep/run/AdaptiveRun.hpp"
#include "sweep/run/Shard.hpp"
#include "sweep/run/SweepPlan.hpp"
#include "sweep/run/SweepRunner.hpp"
#include "sweep/store/RunDirectory.hpp"

namespace blindspot::cli {
namespace {

struct SweepOptions {
    std::string config;
    std::string run_dir;
    std::string model;  ///< empty: the bundled baseline
    int batch = 0;      ///< 0: sweep/run/SweepPlan.hpp
    int threads = 0;
    std::string shard = "0/1";
    int shard_count = 0;  ///< with --shard auto under Kubernetes
    std::string shard_peers;
    int jobs = 0;  ///< 0: chosen for the machine (sweep/run/SweepPlan.hpp)
    bool full_scans = false;
    bool scans_only = false;
    bool no_cache = false;
    std::string scan_cache;
    std::size_t stop_after = 0;
    bool images = false;
    std::string precision = "fp32";
};

void runSweepCommand(const SweepOptions& opt, const AppContext& context) {
    const SweepConfig config =
        loadSweepConfig(opt.config, context.catalogue(), context.dimensions());
    RunnerOptions options;
    options.run_dir = opt.run_dir;
    options.shard = resolveShard(opt.shard, opt.shard_count,
                                 [](const char* name) { return std::getenv(name); });
    options.shard_peers = opt.shard_peers;
    checkAdaptiveShards(config, options.shard, options.shard_peers);  // before loading a network
    options.cache_scans = !opt.no_cache;
    options.scan_cache_dir = opt.scan_cache;
    options.tool_version = context.version();
    options.stop_after = opt.stop_after;
    options.images = opt.images;
    options.full_scans = opt.full_scans;
    const std::string external = externalPredictorPath(opt.model);
    const int cores = usableCores();
    const Precision precision = precisionFlag(
        opt.precision, opt.scans_only || !external.empty()
                           ? "fp32 without a LibTorch network (an external command chooses its "
                             "own arithmetic)"
                           : "");
    const SweepPlan plan =
        planSweep(opt.jobs, opt.threads, opt.batch, !opt.scans_only, cores, precision);
    options.jobs = plan.jobs;
    options.pipeline = plan.pipeline;
    options.cast_threads = plan.cast_threads;
    options.batch = plan.batch;
    if (!opt.scans_only) keepLargeBuffersOnHeap();
    if (!opt.scans_only && !external.empty()) {
        const ExternalPredictor predictor = loadExternalPredictor(external);
        options.segmenter = [predictor] { return makeExternalSegmenter(predictor); };
        std::cerr << "model " << opt.model << " (external command, " << predictor.identity << ")\n";
    } else if (!opt.scans_only) {
        if (plan.pipeline) preferSleepingTorchThreads();
        setTorchThreads(plan.torch_threads);
        const std::string model = opt.model.empty() ? context.data().baseline() : opt.model;
        std::shared_ptr<SegmentationNetwork> net = SegmentationNetwork::load(model);
        net->setPrecision(precision);
        options.segmenter = [net] { return makeNetworkSegmenter(net); };
        std::cerr << "model " << model << " (" << net->card().architecture << ", " << net->hash()
                  << ")\n";
    }
    std::cerr << "sweep: " << describe(plan, !opt.scans_only, cores) << "\n";
    const RunSummary s = runSweep(config, context.models(), options);
    std::cout << "sweep " << config.name << " shard " << options.shard.index << "/"
              << options.shard.count << ": " << s.planned << " scenes, " << s.skipped
              << " already done, " << s.done << " new in " << s.seconds << " s -> "
              << RunDirectory(opt.run_dir).storePath() << "\n";
}

}  // namespace

void setupSweepCommand(CLI::App& app, const AppContext& context) {
    auto opt = std::make_shared<SweepOptions>();
    CLI::App* cmd =
        app.add_subcommand("sweep", "Run a sweep: sample, build scenes, scan, score, store");
    cmd->add_option("config", opt->config, "Sweep config JSON (docs/sweep-config.md)")->required();
    cmd->add_option("-o,--output", opt->run_dir, "Run directory (results.sqlite, scans/)")
        ->required();
    cmd->add_option("--model", opt->model,
                    "Checkpoint directory to score (model_card.json + weights; default: the "
                    "bundled baseline), or external:CMD.json for a network behind a command "
                    "(docs/models.md)");
    addPrecisionOption(cmd, opt->precision);
    cmd->add_option("--batch", opt->batch, "Scans per forward pass (default 4)")
        ->check(CLI::PositiveNumber);
    cmd->add_option("--threads", opt->threads, "LibTorch threads (default: cores / jobs)")
        ->check(CLI::PositiveNumber);
    cmd->add_flag("--full-scans", opt->full_scans,
                  "Cast every column; by default only the columns the network sees and the cars' "
                  "are cast when the network's grid is narrower than the LiDAR");
    cmd->add_flag("--scans-only", opt->scans_only,
                  "Generate and store the scans without a network");
    cmd->add_option("--jobs", opt->jobs,
                    "Parallel workers (default: 1 pipelined worker when scoring, one per core "
                    "with --scans-only); results do not depend on it")
        ->check(CLI::PositiveNumber);
    cmd->add_option("--shard", opt->shard,
                    "i/N: take every N-th sample starting at i; auto: i/N from a Slurm job "
                    "array (SLURM_ARRAY_TASK_*) or a Kubernetes Indexed Job "
                    "(JOB_COMPLETION_INDEX, with --shard-count)")
        ->capture_default_str();
    cmd->add_option("--shard-count", opt->shard_count,
                    "N for --shard auto under Kubernetes (the Job's completions)")
        ->check(CLI::PositiveNumber);
    cmd->add_option("--shard-peers", opt->shard_peers,
                    "Adaptive sweeps in shards: the shards' run directories with {i} for the "
                    "index; shards read each other's scores there between batches");
    cmd->add_flag("--no-cache", opt->no_cache, "Neither keep nor reuse cached scans");
    cmd->add_option("--scan-cache", opt->scan_cache,
                    "Scan cache directory (default RUN_DIR/scans); share it so another checkpoint "
                    "skips ray-casting");
    cmd->add_flag("--images", opt->images,
                  "Also store the camera image, labels, calibration map and overlay per scene");
    cmd->add_option("--stop-after", opt->stop_after,
                    "Stop after this many new scenes (a partial run)");
    cmd->callback([opt, &context] { runSweepCommand(*opt, context); });
}

}  // namespace blindspot::cli
