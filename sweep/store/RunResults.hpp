#pragma once
// A finished (or partial) sweep run read back for eval/: the run record and one SceneResult per
// scene of RUN_DIR/results.sqlite.
#include <string>
#include <vector>

#include "eval/SceneResult.hpp"
#include "sweep/store/ResultsStore.hpp"

namespace blindspot {

struct LoadedRun {
    std::string dir;
    RunInfo info;
    std::vector<SceneResult> scenes;  ///< ordered by scene id
    double seconds = 0.0;             ///< summed wall time of the scenes
    std::vector<ShardRow> shards;     ///< the shards of the design it holds
};

/// Throws FileError when RUN_DIR has no results store or the store holds no run.
LoadedRun loadRun(const std::string& run_dir,
                  const DimensionRegistry& registry = defaultDimensions());
/// The same, and throws ConfigError (naming the run) when the run was not scored (--scans-only).
LoadedRun loadScoredRun(const std::string& run_dir,
                        const DimensionRegistry& registry = defaultDimensions());

SceneResult sceneResultOf(const SceneRow& row);

}  // namespace blindspot
