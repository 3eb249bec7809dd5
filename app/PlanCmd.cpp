// blindspot plan CONFIG.json --shards N --slurm|--k8s -o DIR [--parallel K] [--run-root PATH]
//   [--scan-cache PATH] [--model CKPT] [--cpus-per-task C] [--jobs J] [--mem-mb M]
//   [--time HH:MM:SS] [--partition P] [--image I] [--volume-claim C] [--volume-mount PATH]
//   [--backoff-limit-per-index B]
#include <filesystem>
#include <iostream>
#include <memory>

#include "app/Commands.hpp"
#include "core/base/AtomicFile.hpp"
#include "core/base/Error.hpp"
#include "sweep/run/SweepConfig.hpp"
#include "sweep/scale/ClusterPlan.hpp"
#include "sweep/space/Sampler.hpp"
#include "sweep/space/SamplerChoice.hpp"

namespace blindspot::cli {
namespace {

namespace fs = std::filesystem;

struct PlanArgs {
    ClusterPlan plan;
    std::string config;
    std::string output;
    bool slurm = false, k8s = false;
};

std::string absolutePath(const std::string& path) {
    return path.empty() ? path : fs::absolute(path).lexically_normal().string();
}

void runPlan(PlanArgs& a, const AppContext& context) {
    if (a.slurm == a.k8s)
        throw ConfigError(ErrorSource::flag("--slurm"), "expected exactly one of --slurm, --k8s");
    const SweepConfig config = loadSweepConfig(a.config, context.catalogue(), context.dimensions());
    a.plan.adaptive = config.sampler.type == "adaptive";
    ClusterPlan& p = a.plan;
    p.scheduler = a.slurm ? Scheduler::Slurm : Scheduler::Kubernetes;
    p.name = config.name;
    p.config_json = readFileBytes(a.config);
    if (p.scheduler == Scheduler::Slurm) {
        // Every node runs this binary, the config copy and the model from the shared paths.
        p.blindspot = fs::read_symlink("/proc/self/exe").string();
        if (p.run_root.empty()) p.run_root = absolutePath(a.output) + "/run";
        p.run_root = absolutePath(p.run_root);
        p.scan_cache = absolutePath(p.scan_cache);
        p.model = absolutePath(p.model);
    } else if (p.run_root.empty()) {
        p.run_root = p.volume_mount + "/" + config.name;
    }
    writePlan(p, a.output);
    const std::size_t design = config.sampler.type == "adaptive"
                                   ? config.sampler.n
                                   : drawSamples(config.space, config.sampler).size();
    std::cout << "plan " << config.name << ": " << design << " scenes in " << p.shards
              << " shards (" << (design + std::size_t(p.shards) - 1) / std::size_t(p.shards)
              << " scenes per shard at most), run root " << p.run_root << " -> "
              << absolutePath(a.output) << "/" << (a.slurm ? "submit.sh" : "submit-k8s.sh") << "\n";
}

}  // namespace

void setupPlanCommand(CLI::App& app, const AppContext& context) {
    auto a = std::make_shared<PlanArgs>();
    ClusterPlan& p = a->plan;
    CLI::App* cmd = app.add_subcommand(
        "plan",
        "Scheduler files for a sharded sweep: a Slurm job array or a Kubernetes Indexed "
        "Job, then merge and report (docs/scale.md)");
    cmd->add_option("config", a->config, "Sweep config JSON")->required();
    cmd->add_option("--shards", p.shards, "N: shards (array tasks, Job completions)")
        ->required()
        ->check(CLI::PositiveNumber);
    cmd->add_flag("--slurm", a->slurm, "sweep.sbatch, merge.sbatch and submit.sh");
    cmd->add_flag("--k8s", a->k8s,
                  "configmap.yaml, sweep-job.yaml (Indexed Job), merge-job.yaml, submit-k8s.sh");
    cmd->add_option("-o,--output", a->output, "Plan directory")->required();
    cmd->add_option("--parallel", p.parallel, "K: shards at once (default N)")
        ->check(CLI::PositiveNumber);
    cmd->add_option("--run-root", p.run_root,
                    "Shared run root (default: DIR/run for Slurm, VOLUME_MOUNT/NAME for k8s)");
    cmd->add_option("--scan-cache", p.scan_cache,
                    "Shared scan cache (default RUN_ROOT/scan-cache)");
    cmd->add_option("--model", p.model, "Checkpoint directory (default: the bundled baseline)");
    cmd->add_option("--cpus-per-task", p.cpus_per_task, "CPUs per shard")
        ->capture_default_str()
        ->check(CLI::PositiveNumber);
    cmd->add_option("--jobs", p.jobs, "Sweep workers per shard")
        ->capture_default_str()
        ->check(CLI::PositiveNumber);
    cmd->add_option("--mem-mb", p.memory_mb, "Memory per shard (MiB)")
        ->capture_default_str()
        ->check(CLI::PositiveNumber);
    cmd->add_option("--time", p.time_limit, "Slurm time limit per shard")->capture_default_str();
    cmd->add_option("--partition", p.partition, "Slurm partition (default: the cluster's)");
    cmd->add_option("--image", p.image, "k8s container image with blindspot on its PATH")
        ->capture_default_str();
    cmd->add_option("--volume-claim", p.volume_claim, "k8s ReadWriteMany claim of the run root")
        ->capture_default_str();
    cmd->add_option("--volume-mount", p.volume_mount, "k8s mount path of the claim")
        ->capture_default_str();
    cmd->add_option("--backoff-limit-per-index", p.backoff_limit_per_index,
                    "k8s retries of one index")
        ->capture_default_str()
        ->check(CLI::NonNegativeNumber);
    cmd->callback([a, &context] { runPlan(*a, context); });
}

}  // namespace blindspot::cli
