#include "sweep/scale/ClusterPlan.hpp"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cctype>
#include <filesystem>

#include "core/base/AtomicFile.hpp"
#include "core/base/Error.hpp"

namespace blindspot {
namespace {

// 'text' for the shell: single quotes, with embedded ones closed and reopened.
std::string shellQuote(const std::string& text) {
    std::string out = "'";
    for (char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

// A Kubernetes object name (RFC 1123 label): lowercase letters, digits and '-'. Short enough
// that an Indexed Job's pod host names (NAME-INDEX) stay within 63 characters.
std::string kubernetesName(const std::string& name, const std::string& suffix) {
    std::string out;
    for (char c : name) {
        const char l = char(std::tolower(static_cast<unsigned char>(c)));
        out += std::isalnum(static_cast<unsigned char>(l)) ? l : '-';
    }
    out.erase(0, out.find_first_not_of('-'));
    out = "blindspot-" + out.substr(0, 30);
    while (out.back() == '-') out.pop_back();
    return out + "-" + suffix;
}

void check(const ClusterPlan& p) {
    if (p.shards < 1) throw ConfigError(ErrorSource::flag("--shards"), "expected N >= 1");
    if (p.parallel < 0 || p.parallel > p.shards)
        throw ConfigError(ErrorSource::flag("--parallel"), "expected 1..N (the shards)");
    if (p.run_root.empty() || p.run_root.front() != '/')
        throw ConfigError(
            ErrorSource::flag("--run-root"),
            "expected an absolute path that every node (pod) sees, got \"" + p.run_root + "\"");
    // sbatch reads #SBATCH lines word by word and expands %a, %j in --output.
    if (p.run_root.find_first_of(" \t\n%'\"") != std::string::npos)
        throw ConfigError(
            ErrorSource::flag("--run-root"),
            "expected a path without blanks, quotes or '%', got \"" + p.run_root + "\"");
    if (p.adaptive && p.parallel > 0 && p.parallel < p.shards)
        throw ConfigError(ErrorSource::flag("--parallel"),
                          "an adaptive sweep's shards wait for each other batch by batch, so all "
                          "N must run at once: --parallel N (or leave it out)");
    if (p.cpus_per_task < 1 || p.jobs < 1 || p.jobs > p.cpus_per_task)
        throw ConfigError(ErrorSource::flag("--jobs"), "expected 1..--cpus-per-task workers");
}

std::string sbatchHeader(const ClusterPlan& p, const std::string& job, const std::string& log) {
    std::string h = "#SBATCH --job-name=" + job + "\n";
    h += "#SBATCH --cpus-per-task=" + std::to_string(p.cpus_per_task) + "\n";
    h += "#SBATCH --mem=" + std::to_string(p.memory_mb) + "M\n";
    h += "#SBATCH --time=" + p.time_limit + "\n";
    if (!p.partition.empty()) h += "#SBATCH --partition=" + p.partition + "\n";
    h += "#SBATCH --output=" + p.run_root + "/logs/" + log + "\n";
    h += "#SBATCH --open-mode=append\n";
    return h;
}

std::string slurmArrayScript(const ClusterPlan& p, const std::string& config_path) {
    const int k = p.parallel > 0 ? p.parallel : p.shards;
    return "#!/bin/bash\n# The shard tasks of sweep \"" + p.name +
           "\", written by `blindspot plan` (docs/scale.md, \"Slurm\").\n" +
           sbatchHeader(p, "blindspot-" + p.name, "shard-%a.log") + "#SBATCH --array=0-" +
           std::to_string(p.shards - 1) + "%" + std::to_string(k) +
           "\n#SBATCH --requeue\nset -euo pipefail\nexec " +
           shardCommand(p, config_path, "\"$SLURM_ARRAY_TASK_ID\"") + "\n";
}

std::string slurmMergeScript(const ClusterPlan& p) {
    ClusterPlan one = p;
    one.cpus_per_task = 1;
    return "#!/bin/bash\n# Merge and report of sweep \"" + p.name +
           "\" once every shard succeeded (submit.sh: --dependency=afterok).\n" +
           sbatchHeader(one, "blindspot-" + p.name + "-merge", "merge.log") +
           "set -euo pipefail\n" + mergeCommand(p) + "\n";
}

std::string slurmSubmitScript(const ClusterPlan& p) {
    return "#!/bin/bash\n# Submits the night: the shard array, then merge + report once every "
           "task succeeded.\nset -euo pipefail\ncd \"$(dirname \"$0\")\"\nmkdir -p " +
           shellQuote(p.run_root + "/logs") +
           "\narray=$(sbatch --parsable sweep.sbatch)\narray=${array%%;*}\n"
           "merge=$(sbatch --parsable --dependency=afterok:\"$array\" merge.sbatch)\n"
           "echo \"array $array merge ${merge%%;*}\"\n";
}

// The pod's container: the command through /bin/sh (which expands $JOB_COMPLETION_INDEX), the
// resources, and the two volumes.
void emitPodSpec(YAML::Emitter& y, const ClusterPlan& p, const std::string& container,
                 const std::string& command, int cpus) {
    y << YAML::Key << "template" << YAML::Value << YAML::BeginMap << YAML::Key << "spec"
      << YAML::Value << YAML::BeginMap;
    y << YAML::Key << "restartPolicy" << YAML::Value << "Never";
    if (container == "shard") y << YAML::Comment("backoffLimitPerIndex needs Never");
    y << YAML::Key << "containers" << YAML::Value << YAML::BeginSeq << YAML::BeginMap;
    y << YAML::Key << "name" << YAML::Value << container;
    y << YAML::Key << "image" << YAML::Value << p.image;
    y << YAML::Key << "command" << YAML::Value << YAML::Flow << YAML::BeginSeq << "/bin/sh"
      << "-c" << command << YAML::EndSeq;
    const std::string memory = std::to_string(p.memory_mb) + "Mi";
    y << YAML::Key << "resources" << YAML::Value << YAML::BeginMap;
    for (const char* kind : {"requests", "limits"})
        y << YAML::Key << kind << YAML::Value << YAML::Flow << YAML::BeginMap << YAML::Key << "cpu"
          << YAML::Value << std::to_string(cpus) << YAML::Key << "memory" << YAML::Value << memory
          << YAML::EndMap;
    y << YAML::EndMap;
    y << YAML::Key << "volumeMounts" << YAML::Value << YAML::BeginSeq;
    y << YAML::Flow << YAML::BeginMap << YAML::Key << "name" << YAML::Value << "runs" << YAML::Key
      << "mountPath" << YAML::Value << p.volume_mount << YAML::EndMap;
    y << YAML::Flow << YAML::BeginMap << YAML::Key << "name" << YAML::Value << "config" << YAML::Key
      << "mountPath" << YAML::Value << "/config" << YAML::Key << "readOnly" << YAML::Value << true
      << YAML::EndMap;
    y << YAML::EndSeq << YAML::EndMap << YAML::EndSeq;
    y << YAML::Key << "volumes" << YAML::Value << YAML::BeginSeq;
    y << YAML::BeginMap << YAML::Key << "name" << YAML::Value << "runs" << YAML::Key
      << "persistentVolumeClaim" << YAML::Value << YAML::Flow << YAML::BeginMap << YAML::Key
      << "claimName" << YAML::Value << p.volume_claim << YAML::EndMap
      << YAML::Comment("ReadWriteMany: every pod sees the run root") << YAML::EndMap;
    y << YAML::BeginMap << YAML::Key << "name" << YAML::Value << "config" << YAML::Key
      << "configMap" << YAML::Value << YAML::Flow << YAML::BeginMap << YAML::Key << "name"
      << YAML::Value << kubernetesName(p.name, "config") << YAML::EndMap << YAML::EndMap;
    y << YAML::EndSeq << YAML::EndMap << YAML::EndMap;
}

void emitJobHeader(YAML::Emitter& y, const ClusterPlan& p, const std::string& suffix) {
    y << YAML::Key << "apiVersion" << YAML::Value << "batch/v1";
    y << YAML::Key << "kind" << YAML::Value << "Job";
    y << YAML::Key << "metadata" << YAML::Value << YAML::BeginMap << YAML::Key << "name"
      << YAML::Value << kubernetesName(p.name, suffix) << YAML::Key << "labels" << YAML::Value
      << YAML::BeginMap << YAML::Key << "app.kubernetes.io/name" << YAML::Value << "blindspot"
      << YAML::EndMap << YAML::EndMap;
}

std::string kubernetesShardJob(const ClusterPlan& p) {
    YAML::Emitter y;
    y << YAML::Comment("The shards of sweep \"" + p.name +
                       "\" as an Indexed Job, written by `blindspot plan` (docs/scale.md)");
    y << YAML::BeginMap;
    emitJobHeader(y, p, "sweep");
    y << YAML::Key << "spec" << YAML::Value << YAML::BeginMap;
    y << YAML::Key << "completionMode" << YAML::Value << "Indexed"
      << YAML::Comment("each pod gets JOB_COMPLETION_INDEX 0..N-1");
    y << YAML::Key << "completions" << YAML::Value << p.shards << YAML::Comment("N shards");
    y << YAML::Key << "parallelism" << YAML::Value << (p.parallel > 0 ? p.parallel : p.shards)
      << YAML::Comment("K pods at once");
    y << YAML::Key << "backoffLimitPerIndex" << YAML::Value << p.backoff_limit_per_index
      << YAML::Comment("retries of one index; a retry resumes its store");
    emitPodSpec(y, p, "shard", shardCommand(p, "/config/config.json", "\"$JOB_COMPLETION_INDEX\""),
                p.cpus_per_task);
    y << YAML::EndMap << YAML::EndMap;
    return std::string(y.c_str()) + "\n";
}

std::string kubernetesMergeJob(const ClusterPlan& p) {
    YAML::Emitter y;
    y << YAML::Comment("Merge and report of sweep \"" + p.name +
                       "\"; apply once the Indexed Job completed (submit-k8s.sh waits for it)");
    y << YAML::BeginMap;
    emitJobHeader(y, p, "merge");
    y << YAML::Key << "spec" << YAML::Value << YAML::BeginMap;
    y << YAML::Key << "backoffLimit" << YAML::Value << 1;
    emitPodSpec(y, p, "merge", mergeCommand(p), 1);
    y << YAML::EndMap << YAML::EndMap;
    return std::string(y.c_str()) + "\n";
}

std::string kubernetesConfigMap(const ClusterPlan& p) {
    YAML::Emitter y;
    y << YAML::Comment("The sweep config, mounted read-only at /config in every pod");
    y << YAML::BeginMap << YAML::Key << "apiVersion" << YAML::Value << "v1" << YAML::Key << "kind"
      << YAML::Value << "ConfigMap" << YAML::Key << "metadata" << YAML::Value << YAML::BeginMap
      << YAML::Key << "name" << YAML::Value << kubernetesName(p.name, "config") << YAML::EndMap;
    y << YAML::Key << "data" << YAML::Value << YAML::BeginMap << YAML::Key << "config.json"
      << YAML::Value << YAML::Literal << p.config_json << YAML::EndMap << YAML::EndMap;
    return std::string(y.c_str()) + "\n";
}

std::string kubernetesSubmitScript(const ClusterPlan& p) {
    const std::string job = "job/" + kubernetesName(p.name, "sweep");
    return "#!/bin/bash\n# Submits the night: the config and the Indexed Job, then the merge Job "
           "once every index completed.\nset -euo pipefail\ncd \"$(dirname \"$0\")\"\n"
           "kubectl apply -f configmap.yaml -f sweep-job.yaml\n"
           "kubectl wait --for=condition=complete " +
           job + " --timeout=-1s\nkubectl apply -f merge-job.yaml\n";
}

}  // namespace

std::string shardRunDir(const ClusterPlan& plan, const std::string& i) {
    return plan.run_root + "/shards/shard-" + i;
}
std::string scanCacheDir(const ClusterPlan& plan) {
    return plan.scan_cache.empty() ? plan.run_root + "/scan-cache" : plan.scan_cache;
}
std::string mergedRunDir(const ClusterPlan& plan) { return plan.run_root + "/merged"; }
std::string reportDir(const ClusterPlan& plan) { return plan.run_root + "/report"; }

std::string shardCommand(const ClusterPlan& p, const std::string& config_path,
                         const std::string& index_expression) {
    std::string c = shellQuote(p.blindspot) + " sweep " + shellQuote(config_path) + " -o " +
                    shellQuote(shardRunDir(p, "")) + index_expression + " --shard auto";
    if (p.scheduler == Scheduler::Kubernetes) c += " --shard-count " + std::to_string(p.shards);
    if (p.adaptive) c += " --shard-peers " + shellQuote(shardRunDir(p, "{i}"));
    c += " --scan-cache " + shellQuote(scanCacheDir(p)) + " --jobs " + std::to_string(p.jobs) +
         " --threads " + std::to_string(std::max(1, p.cpus_per_task / p.jobs));
    if (!p.model.empty()) c += " --model " + shellQuote(p.model);
    return c;
}

std::string mergeCommand(const ClusterPlan& p) {
    // The glob lists the shards that exist; merge names any that is missing or unfinished.
    return shellQuote(p.blindspot) + " merge " + shellQuote(shardRunDir(p, "")) + "* -o " +
           shellQuote(mergedRunDir(p)) + " && " + shellQuote(p.blindspot) + " report " +
           shellQuote(mergedRunDir(p)) + " -o " + shellQuote(reportDir(p)) + " --scan-cache " +
           shellQuote(scanCacheDir(p));
}

std::map<std::string, std::string> planFiles(const ClusterPlan& plan, const std::string& plan_dir) {
    check(plan);
    std::map<std::string, std::string> files{{"config.json", plan.config_json}};
    if (plan.scheduler == Scheduler::Slurm) {
        files["sweep.sbatch"] = slurmArrayScript(plan, plan_dir + "/config.json");
        files["merge.sbatch"] = slurmMergeScript(plan);
        files["submit.sh"] = slurmSubmitScript(plan);
    } else {
        files["configmap.yaml"] = kubernetesConfigMap(plan);
        files["sweep-job.yaml"] = kubernetesShardJob(plan);
        files["merge-job.yaml"] = kubernetesMergeJob(plan);
        files["submit-k8s.sh"] = kubernetesSubmitScript(plan);
    }
    return files;
}

void writePlan(const ClusterPlan& plan, const std::string& dir) {
    const std::string absolute = std::filesystem::absolute(dir).lexically_normal().string();
    const auto files = planFiles(plan, absolute);  // checks the plan before writing anything
    makeDirectories(absolute);
    for (const auto& [name, text] : files) {
        const std::string path = absolute + "/" + name;
        writeFileAtomic(path, text);
        const auto extension = std::filesystem::path(name).extension();
        if (extension == ".sh" || extension == ".sbatch")
            std::filesystem::permissions(path,
                                         std::filesystem::perms::owner_exec |
                                             std::filesystem::perms::group_exec |
                                             std::filesystem::perms::others_exec,
                                         std::filesystem::perm_options::add);
    }
}

}  // namespace blindspot
