#pragma once
// A shard of a sweep's design: shard i of N takes the samples whose index is i modulo N (a Slurm
// array task or a Kubernetes Indexed Job index).
#include <functional>
#include <string>

namespace blindspot {

struct Shard {
    int index = 0;
    int count = 1;
    bool owns(std::size_t sample_index) const {
        return int(sample_index % std::size_t(count)) == index;
    }
};

/// Parses "i/N" (0 <= i < N); throws ConfigError naming --shard otherwise.
Shard parseShard(const std::string& text);

/// Reads an environment variable: nullptr when unset (std::getenv in the CLI, a map in tests).
using EnvironmentLookup = std::function<const char*(const char*)>;

/// `--shard auto`: i/N from the scheduler's environment.
/// - Slurm job arrays: SLURM_ARRAY_TASK_ID, with SLURM_ARRAY_TASK_COUNT or
///   SLURM_ARRAY_TASK_MIN/MAX (and SLURM_ARRAY_TASK_STEP when the array has one); the index is
///   (id - min) / step, so `--array=1-4` and `--array=0-6:2` both give 0..N-1.
/// - Kubernetes Indexed Jobs: JOB_COMPLETION_INDEX, with N from `count` (`--shard-count`), since
///   a pod is not told its Job's completions.
/// `count` > 0 must agree with Slurm's count. Neither scheduler, or values that do not fit,
/// throw ConfigError naming --shard and the variable.
Shard shardFromEnvironment(const EnvironmentLookup& environment, int count = 0);

/// "auto" -> shardFromEnvironment, anything else -> parseShard (which then rejects `count`).
Shard resolveShard(const std::string& text, int count, const EnvironmentLookup& environment);

}  // namespace blindspot
