#pragma once
// The run report: DIR/index.html (self-contained: every image is an embedded PNG) and
// DIR/summary.json for machines. With a baseline run, a delta section and the regression gate.
// The checkpoint comparison writes DIR/index.html and DIR/comparison.json the same way.
#include <optional>
#include <string>
#include <vector>

#include "eval/Comparison.hpp"
#include "eval/Metrics.hpp"
#include "eval/MiouMap.hpp"
#include "eval/SkippedPlacements.hpp"
#include "eval/WindowGate.hpp"
#include "reports/ComposedScanViews.hpp"
#include "reports/FirstScreen.hpp"
#include "reports/Heatmap.hpp"

namespace blindspot {

struct RunMetadata {
    std::string name;
    std::string run_dir;
    std::string config_hash;
    std::string checkpoint_hash;
    std::string tool_version;
    std::string started_at, finished_at;  ///< ISO 8601 UTC; finished_at empty while unfinished
    double duration_s = 0.0;              ///< finished - started, or the summed scene times
    std::size_t scenes = 0;
    /// The shards of the design the run holds (sweep/store/ShardCoverage.hpp); shard_count 0: the
    /// store records none.
    int shard_count = 0;
    std::int64_t design_size = 0;
    std::vector<int> missing_shards, unfinished_shards;
    /// A merge --allow-partial (or an unfinished shard) whose scenes do not cover the design.
    bool partial() const {
        return shard_count > 0 && (!missing_shards.empty() || !unfinished_shards.empty());
    }
};

struct ReportInput {
    RunMetadata run;
    MetricSpec metric;
    MetricsSummary metrics;
    MiouMap map;
    std::vector<Marginal> marginals;
    std::string robustness_dimension;  ///< empty: no robustness table
    std::vector<LevelRobustness> robustness;
    std::vector<WorstScene> worst;
    std::optional<RunMetadata> baseline;
    std::optional<Comparison> delta;  ///< baseline -> this run
    std::optional<GateResult> gate;
    GateOptions gate_options;
    /// report --gate-history: this run against the last nights of its series.
    std::optional<WindowGateResult> history_gate;
    WindowGateOptions history_gate_options;
    /// An adaptive run: where its scenes went and the estimated failure region.
    std::optional<HeatmapSpec> adaptive_map;
    /// Recorded backgrounds: their frames, and the scenes whose target was skipped.
    SkippedPlacements skipped;
    /// Recorded backgrounds: one composed scan, the worst scene's with a cached scan.
    std::optional<ComposedScanViews> composed;
};

/// The machine-readable summary (summary.json).
nlohmann::json reportSummaryJson(const ReportInput& input);
/// Writes DIR/index.html and DIR/summary.json (each atomically). Returns the index.html path.
std::string writeReport(const ReportInput& input, const std::string& dir);

/// The comparison page: delta map, sorted improvement curve, counts, CI; DIR/index.html and
/// DIR/comparison.json. `extra` is merged into comparison.json (e.g. the held-out check).
std::string writeComparisonReport(const Comparison& comparison, const RunMetadata& a,
                                  const RunMetadata& b, const nlohmann::json& extra,
                                  const std::string& dir);

}  // namespace blindspot
