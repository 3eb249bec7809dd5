#pragma once
// `blindspot plan`: the files that run one sweep as N shards on a scheduler, then merge and
// report it. A Slurm job array with a dependent merge job, or a Kubernetes Indexed Job with a
// merge Job. The files are meant to be edited; docs/scale.md explains every field.
//
// A planned night's layout under the run root (the only code that knows it):
//   RUN_ROOT/shards/shard-I/   one run directory per shard (results.sqlite, predictions/)
//   RUN_ROOT/scan-cache/       the scan cache all shards share (disjoint scenes, atomic writes)
//   RUN_ROOT/merged/           the merged run
//   RUN_ROOT/report/           its report (index.html, summary.json)
//   RUN_ROOT/logs/             one log per shard and one for the merge (Slurm)
#include <map>
#include <string>

namespace blindspot {

enum class Scheduler { Slurm, Kubernetes };

struct ClusterPlan {
    Scheduler scheduler = Scheduler::Slurm;
    std::string name;         ///< the sweep's name: job names
    std::string config_json;  ///< the config, copied into the plan (the night's definition)
    int shards = 1;           ///< N
    int parallel = 0;         ///< K: shards running at once (0: all N)
    std::string run_root;     ///< shared by all shards (Kubernetes: the path inside the pod)
    std::string scan_cache;   ///< empty: RUN_ROOT/scan-cache
    std::string model;        ///< checkpoint directory; empty: the bundled baseline
    int cpus_per_task = 2;
    int jobs = 1;          ///< sweep --jobs per shard; LibTorch gets cpus / jobs threads
    int memory_mb = 4096;  ///< per shard
    std::string time_limit = "04:00:00";  ///< Slurm --time per shard
    std::string partition;                ///< Slurm; empty: the cluster's default
    // The binary: an absolute path on Slurm (every node sees it), a name on the image's PATH for
    // Kubernetes.
    std::string blindspot = "blindspot";
    std::string image = "blindspot:latest";       ///< Kubernetes
    std::string volume_claim = "blindspot-runs";  ///< Kubernetes: a ReadWriteMany claim
    std::string volume_mount = "/runs";           ///< Kubernetes: where the claim is mounted
    int backoff_limit_per_index = 2;              ///< Kubernetes: retries of one index
    /// An adaptive sweep: its shards run in lockstep (sweep/run/AdaptiveRun.hpp), all at once, each
    /// told where the others' run directories are (--shard-peers).
    bool adaptive = false;
};

/// The shard run directory of index `i` (a shell expression such as $SLURM_ARRAY_TASK_ID works).
std::string shardRunDir(const ClusterPlan& plan, const std::string& i);
std::string scanCacheDir(const ClusterPlan& plan);
std::string mergedRunDir(const ClusterPlan& plan);
std::string reportDir(const ClusterPlan& plan);

/// The shard's sweep command (one shell line) and the merge-then-report command.
std::string shardCommand(const ClusterPlan& plan, const std::string& config_path,
                         const std::string& index_expression);
std::string mergeCommand(const ClusterPlan& plan);

/// File name -> contents: config.json, the scheduler's files and the submit script, for a plan
/// written to `plan_dir` (absolute; the Slurm array reads the config there). Throws ConfigError
/// naming the flag of a value that does not fit.
std::map<std::string, std::string> planFiles(const ClusterPlan& plan, const std::string& plan_dir);

/// Writes planFiles into `dir` (each atomically; scripts executable). Throws FileError.
void writePlan(const ClusterPlan& plan, const std::string& dir);

}  // namespace blindspot
