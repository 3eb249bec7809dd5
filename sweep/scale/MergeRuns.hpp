#pragma once
// Merging the shards of one sweep into one run directory.
#include <string>
#include <vector>

#include "core/scenario/DimensionRegistry.hpp"
#include "sweep/store/ShardCoverage.hpp"

namespace blindspot {

struct MergeSummary {
    std::size_t added = 0;  ///< scenes new to the merged run
    ShardCoverage coverage;
};

/// Merges runs (shards) of the same config into `out_dir`: their store rows, shard rows, cached
/// scans and predictions. Checks every input before it writes anything: throws ConfigError if the
/// runs differ in config or checkpoint, or split the design differently; unless `allow_partial`,
/// ConfigError naming a shard that no run holds and FileError naming the store of an unfinished
/// shard or of a run that records no shard. Merging again (more shards, a finished shard) adds
/// what is new.
MergeSummary mergeRuns(const std::vector<std::string>& run_dirs, const std::string& out_dir,
                       const DimensionRegistry& registry = defaultDimensions(),
                       bool allow_partial = false);

}  // namespace blindspot
