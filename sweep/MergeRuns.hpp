#pragma once
// Merging the shards of one sweep into one run directory.
#include <string>
#include <vector>

#include "core/DimensionRegistry.hpp"

namespace blindspot {

/// Merges finished runs (shards) of the same config into `out_dir`: their store rows, cached
/// scans and predictions. Throws ConfigError if the runs differ in config or checkpoint. Returns
/// the number of scenes added.
std::size_t mergeRuns(const std::vector<std::string>& run_dirs, const std::string& out_dir,
                      const DimensionRegistry& registry = defaultDimensions());

}  // namespace blindspot
