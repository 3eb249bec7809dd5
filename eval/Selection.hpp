#pragma once
// Retraining-set selection: the map cells whose metric is below a threshold, the K worst, an
// adaptive run's estimated failure region, or K cells drawn at random (the control arm: a random
// retraining set of the same size from the same map, issue 37).
// JSON form (selection.json, strict on read):
//   {"source_run": "...", "metric": "car IoU", "dims": ["x", "y"], "rule": {"below": 0.5} or
//    {"worst": 10} or {"estimated_region": true} or {"random": 30, "seed": 1}, "min_samples": 1,
//    "cells": [{"x": 5, "y": -2, "mean": 0.31, "samples": 7}]}
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "eval/MiouMap.hpp"

namespace blindspot {

struct SelectionRule {
    std::optional<double> below;       ///< cells with mean < below
    std::optional<std::size_t> worst;  ///< the K lowest cells (ties: map order)
    std::size_t min_samples = 1;       ///< cells with fewer defined values are not selected
    /// The cells of `region` (one flag per map cell): an adaptive run's estimated failure region.
    std::optional<std::vector<bool>> region;
    /// K cells drawn uniformly without replacement among those with min_samples, by `seed`.
    std::optional<std::size_t> random;
    std::uint64_t seed = 1;
};

struct SelectedCell {
    nlohmann::json x, y;  ///< levels of dims[0] and dims[1]
    /// The cell's mean; empty for a cell of an estimated region that no scene measured.
    std::optional<double> mean;
    std::size_t samples = 0;
};

struct Selection {
    std::string source_run;
    std::string metric;
    std::array<std::string, 2> dims{"x", "y"};
    SelectionRule rule;
    std::vector<SelectedCell> cells;  ///< ascending by mean

    /// Whether a sample ({"dimension": value}) falls in a selected cell.
    bool contains(const nlohmann::json& sample) const;
};

/// Throws ConfigError unless exactly one of below / worst / region / random is set (or a region
/// does not match the map).
Selection selectCells(const MiouMap& map, const SelectionRule& rule, const std::string& source_run);

nlohmann::json toJson(const Selection& selection);
/// Strict: unknown keys, wrong types or a missing field raise ConfigError naming `file`.
Selection selectionFromJson(const nlohmann::json& json, const std::string& file);
Selection loadSelection(const std::string& path);

}  // namespace blindspot
