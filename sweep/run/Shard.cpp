#include "sweep/run/Shard.hpp"

#include <optional>
#include <stdexcept>

#include "core/base/Error.hpp"

namespace blindspot {
namespace {

ConfigError shardError(const std::string& message) {
    return ConfigError(ErrorSource::flag("--shard"), message);
}

// The variable as a whole integer, or nothing when it is unset.
std::optional<int> integerVariable(const EnvironmentLookup& environment, const char* name) {
    const char* text = environment(name);
    if (!text) return std::nullopt;
    try {
        std::size_t used = 0;
        const int value = std::stoi(text, &used);
        if (used == std::string(text).size()) return value;
    } catch (const std::exception&) {
    }
    throw shardError(std::string("auto: ") + name + " is \"" + text + "\", expected an integer");
}

Shard slurmShard(const EnvironmentLookup& environment, int id, int count) {
    const auto task_count = integerVariable(environment, "SLURM_ARRAY_TASK_COUNT");
    const auto min = integerVariable(environment, "SLURM_ARRAY_TASK_MIN");
    const auto max = integerVariable(environment, "SLURM_ARRAY_TASK_MAX");
    const int step = integerVariable(environment, "SLURM_ARRAY_TASK_STEP").value_or(1);
    if (step < 1) throw shardError("auto: SLURM_ARRAY_TASK_STEP must be >= 1");
    int n = 0;
    if (task_count) {
        n = *task_count;
    } else if (min && max) {
        n = (*max - *min) / step + 1;
    } else {
        throw shardError(
            "auto: SLURM_ARRAY_TASK_ID is set but neither SLURM_ARRAY_TASK_COUNT nor "
            "SLURM_ARRAY_TASK_MIN/MAX; is this a job array (sbatch --array)?");
    }
    const int offset = id - min.value_or(0);
    if (offset % step != 0)
        throw shardError("auto: SLURM_ARRAY_TASK_ID " + std::to_string(id) +
                         " is not on the array's step " + std::to_string(step));
    const Shard shard{offset / step, n};
    if (n < 1 || shard.index < 0 || shard.index >= n)
        throw shardError("auto: SLURM_ARRAY_TASK_ID " + std::to_string(id) +
                         " is not one of the array's " + std::to_string(n) + " tasks");
    if (count > 0 && count != n)
        throw shardError("auto: --shard-count " + std::to_string(count) +
                         " but the Slurm array has " + std::to_string(n) + " tasks");
    return shard;
}

}  // namespace

Shard parseShard(const std::string& text) {
    const auto slash = text.find('/');
    const std::string expected =
        "expected i/N with 0 <= i < N (e.g. 0/4) or auto, got \"" + text + "\"";
    if (slash == std::string::npos) throw shardError(expected);
    try {
        std::size_t a = 0, b = 0;
        const int i = std::stoi(text.substr(0, slash), &a),
                  n = std::stoi(text.substr(slash + 1), &b);
        if (a != slash || b != text.size() - slash - 1 || n < 1 || i < 0 || i >= n)
            throw std::invalid_argument(text);
        return {i, n};
    } catch (const std::exception&) {
        throw shardError(expected);
    }
}

Shard shardFromEnvironment(const EnvironmentLookup& environment, int count) {
    if (const auto id = integerVariable(environment, "SLURM_ARRAY_TASK_ID"))
        return slurmShard(environment, *id, count);
    if (const auto index = integerVariable(environment, "JOB_COMPLETION_INDEX")) {
        if (count < 1)
            throw shardError(
                "auto: JOB_COMPLETION_INDEX is set (a Kubernetes Indexed Job); give the Job's "
                "completions as --shard-count N");
        if (*index < 0 || *index >= count)
            throw shardError("auto: JOB_COMPLETION_INDEX " + std::to_string(*index) +
                             " is outside 0.." + std::to_string(count - 1));
        return {*index, count};
    }
    throw shardError(
        "auto: neither SLURM_ARRAY_TASK_ID (a Slurm job array) nor JOB_COMPLETION_INDEX (a "
        "Kubernetes Indexed Job) is set; give --shard i/N");
}

Shard resolveShard(const std::string& text, int count, const EnvironmentLookup& environment) {
    if (text == "auto") return shardFromEnvironment(environment, count);
    if (count > 0)
        throw ConfigError(ErrorSource::flag("--shard-count"), "only goes with --shard auto");
    return parseShard(text);
}

}  // namespace blindspot
