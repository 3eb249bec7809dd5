#pragma once
// Checkpoint comparison on identical scans: run A (before) against run B (after), scene by scene.
//
// Both runs must cover the same scene ids (same config, the scans bit for bit the same); with
// `intersect` only the common scenes are compared. Per cell: delta = mean_B - mean_A of the map
// metric (the paper's gain per cell). The headline mean delta is the mean of the per-scene paired
// differences over scenes where both values are defined, with two bootstrap 95% intervals
// (eval/Bootstrap.hpp): scene pairs resampled, and whole clusters (backgrounds) resampled. Scenes
// on one background are not independent, so the cluster interval is the one to trust.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "eval/MiouMap.hpp"
#include "eval/Selection.hpp"

namespace blindspot {

struct CompareOptions {
    MapOptions map;
    bool intersect = false;
    std::uint64_t seed = 1;
    int resamples = 10000;
    double tie_band = 0.0;                   ///< |delta| <= tie_band counts as unchanged
    std::string cluster_dim = "background";  ///< the cluster bootstrap's unit
    /// A retraining selection (select's selection.json): the gain is also given on its cells and
    /// on the others, each with its cluster interval (issue 37).
    std::optional<Selection> selection;
};

/// The mean paired delta over a subset of the pairs, with its cluster interval.
struct DeltaSubset {
    std::size_t paired = 0;
    std::optional<double> mean_delta, cluster_ci_low, cluster_ci_high;
    std::size_t clusters = 0;
};

struct DeltaCell {
    nlohmann::json x, y;
    std::optional<double> a, b, delta;
    std::size_t samples = 0;  ///< scene pairs with both values defined
};

struct Comparison {
    std::size_t scenes_compared = 0;  ///< common scene ids
    std::size_t only_in_a = 0, only_in_b = 0;
    std::size_t paired = 0;             ///< pairs with both values defined
    MiouMap map_a, map_b;               ///< over the common scenes
    std::vector<DeltaCell> cells;       ///< in map order (cells[iy * nx + ix])
    std::vector<double> sorted_deltas;  ///< defined cell deltas, descending (paper's Fig. 11)
    std::size_t improved = 0, degraded = 0, unchanged = 0;
    std::optional<double> mean_a, mean_b;                   ///< scene means over the pairs
    std::optional<double> mean_delta, ci_low, ci_high;      ///< ci: scene pairs resampled
    std::optional<double> cluster_ci_low, cluster_ci_high;  ///< clusters resampled
    std::string cluster_dim;
    std::size_t clusters = 0;  ///< distinct values of cluster_dim among the pairs
    /// With CompareOptions::selection: the pairs in its cells, and the rest.
    std::optional<DeltaSubset> selected, other;
    std::uint64_t seed = 0;
    int resamples = 0;
};

/// Throws ConfigError when the scene ids differ and !intersect, or nothing is in common.
Comparison compareRuns(const std::vector<SceneResult>& a, const std::vector<SceneResult>& b,
                       const CompareOptions& options);

/// The nightly regression gate: fails when the overall scene mean fell by more than max_drop, or
/// any cell with at least min_cell_samples pairs fell by more than max_drop.
struct GateOptions {
    double max_drop = 0.02;
    std::size_t min_cell_samples = 3;
};
struct GateResult {
    bool passed = true;
    std::optional<double> overall_drop;  ///< mean_a - mean_b (positive = worse)
    std::vector<DeltaCell> failed_cells;
    std::string message;  ///< one line
};
GateResult regressionGate(const Comparison& baseline_to_run, const GateOptions& options);

/// With a selection, "selection": {"selected_cells": {...}, "other_cells": {...}}.
nlohmann::json toJson(const Comparison& comparison);
nlohmann::json toJson(const DeltaSubset& subset);
nlohmann::json toJson(const GateResult& gate, const GateOptions& options);

}  // namespace blindspot
