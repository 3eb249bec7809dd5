#pragma once
// The sweep runner: sample -> scene -> scan -> segmenter -> metrics -> row in the results store.
//
// Resumable: scenes already in RUN_DIR/results.sqlite are skipped. Shardable: shard i of N takes
// the samples whose index in the design is i modulo N. Results do not depend on --jobs.
#include <string>

#include "scenes/CarModel.hpp"
#include "sweep/run/RunnerOptions.hpp"
#include "sweep/run/SweepConfig.hpp"

namespace blindspot {

/// `models`: the car models the scenes are built from (scenes/CarModel.hpp).
RunSummary runSweep(const SweepConfig& config, const std::vector<CarModelSpec>& models,
                    const RunnerOptions& options);

/// The canonical JSON of a config, and its hash (FNV-1a 64, hex).
nlohmann::json configJson(const SweepConfig& config);
std::string configHash(const SweepConfig& config);

}  // namespace blindspot
