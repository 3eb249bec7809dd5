#include "sweep/output/RunReport.hpp"

#include <algorithm>
#include <cmath>
#include <ctime>

#include "core/scan/ScanIo.hpp"
#include "eval/Metrics.hpp"
#include "reports/BevImage.hpp"
#include "sweep/output/AdaptiveOverview.hpp"
#include "sweep/scale/NightTrend.hpp"
#include "sweep/store/RunDirectory.hpp"
#include "sweep/store/ShardCoverage.hpp"

namespace blindspot {
namespace {

// Seconds since the epoch of "YYYY-MM-DDTHH:MM:SSZ"; -1 when it does not parse.
double utcSeconds(const std::string& text) {
    std::tm tm{};
    if (!strptime(text.c_str(), "%Y-%m-%dT%H:%M:%SZ", &tm)) return -1.0;
    return double(timegm(&tm));
}

// The bird's-eye thumbnail of a scene coloured by the outcome of class `target` (an index of
// `map`), or empty without a cached scan.
std::string thumbnail(const RunDirectory& run, const std::string& id, const LearningMap& map,
                      int target) {
    const std::optional<CachedScan> cached = run.readScan(id, "");
    if (!cached) return "";
    const std::vector<int> predicted = run.readPredictions(id, cached->scan.cellCount());
    BevOptions o;
    o.half_extent_m = 30.0;
    o.pixels_per_m = 4.0;
    return bevPng(cached->scan, o, outcomeColors(cached->scan, predicted, map, target));
}

std::vector<WorstScene> worstScenes(const RunReportOptions& o, const LoadedRun& loaded) {
    std::vector<WorstScene> all;
    for (const auto& s : loaded.scenes) {
        const auto v = sceneValue(s, o.map.metric);
        if (v)
            all.push_back(
                {s.scene_id, s.sample, v, std::isnan(s.visibility) ? 0.0 : s.visibility, ""});
    }
    std::stable_sort(all.begin(), all.end(),
                     [](const WorstScene& x, const WorstScene& y) { return *x.value < *y.value; });
    if (all.size() > o.worst) all.resize(o.worst);
    const RunDirectory run(o.run_dir, o.scan_cache);
    if (!run.hasPredictions()) return all;  // thumbnails say "not cached"
    const LearningMap map = run.readClasses();
    const std::string cls = o.map.metric.class_name == "miou" ? "car" : o.map.metric.class_name;
    const auto at = std::find(map.classes.begin(), map.classes.end(), cls);
    const int target = at == map.classes.end() ? 1 : int(at - map.classes.begin());
    for (auto& w : all) w.thumbnail_png = thumbnail(run, w.scene_id, map, target);
    return all;
}

// A recorded-background run: the pictures of the worst scene whose cached scan holds an inserted
// target. A sweep's organised scan keeps only the targets' instances (1, 2, ...; the recorded
// instances are 0 there: scenes/RealScene.hpp, organisedScan).
std::optional<ComposedScanViews> composedScan(const RunReportOptions& o,
                                              const std::vector<WorstScene>& worst) {
    const RunDirectory run(o.run_dir, o.scan_cache);
    for (const auto& w : worst) {
        const std::optional<CachedScan> cached = run.readScan(w.scene_id, "");
        if (!cached) continue;
        ComposedScanViews v = composedScanViews(cached->scan, 1);
        if (v.inserted_points == 0) continue;
        v.scene_id = w.scene_id;
        v.sample = w.sample;
        return v;
    }
    return std::nullopt;
}

// The robustness table of the first dimension with a reference level that the run varies
// (weather against "clear").
void addRobustness(ReportInput& in, const LoadedRun& run, const LoadedRun* base,
                   const RunReportOptions& o) {
    for (const auto& m : in.marginals) {
        const DimensionDef* def = o.map.dimensions.find(m.dimension);
        if (!def || def->reference_level.empty() || m.levels.size() < 2) continue;
        in.robustness_dimension = m.dimension;
        in.robustness = robustnessByLevel(run.scenes, m.dimension, def->reference_level,
                                          o.map.metric, base ? &base->scenes : nullptr);
        return;
    }
}

}  // namespace

RunMetadata metadataOf(const LoadedRun& run) {
    RunMetadata m;
    m.name = run.info.name;
    m.run_dir = run.dir;
    m.config_hash = run.info.config_hash;
    m.checkpoint_hash = run.info.checkpoint_hash;
    m.tool_version = run.info.tool_version;
    m.started_at = run.info.started_at;
    m.finished_at = run.info.finished_at;
    m.scenes = run.scenes.size();
    const double start = utcSeconds(m.started_at), end = utcSeconds(m.finished_at);
    m.duration_s = start >= 0 && end >= start ? end - start : run.seconds;
    const ShardCoverage coverage = shardCoverage({{run.dir, run.shards}});
    m.shard_count = coverage.shard_count;
    m.design_size = coverage.design_size;
    m.missing_shards = coverage.missing;
    m.unfinished_shards = coverage.unfinished;
    return m;
}

ReportInput buildRunReport(const RunReportOptions& given) {
    RunReportOptions o = given;
    const LoadedRun run = loadScoredRun(o.run_dir, o.map.dimensions);
    resolveMetricClass(o.map.metric, run.scenes);
    resolveMapDims(o.map, run.scenes);
    ReportInput in;
    in.run = metadataOf(run);
    in.metric = o.map.metric;
    in.metrics = summarizeMetrics(run.scenes);
    in.map = buildMiouMap(run.scenes, o.map);
    in.marginals = buildMarginals(run.scenes, o.map.metric, o.map.dimensions);
    in.skipped = skippedPlacements(run.scenes, in.map.dims);
    std::optional<LoadedRun> base;
    if (!o.baseline_dir.empty()) base = loadScoredRun(o.baseline_dir, o.map.dimensions);
    addRobustness(in, run, base ? &*base : nullptr, o);
    in.worst = worstScenes(o, run);
    if (in.skipped.scenes > 0) in.composed = composedScan(o, in.worst);
    if (o.catalogue)
        in.adaptive_map = adaptiveOverview(run, in.map, *o.catalogue, o.map.dimensions);
    if (base) {
        CompareOptions c;
        c.map = o.map;
        c.intersect = true;
        in.baseline = metadataOf(*base);
        in.delta = compareRuns(base->scenes, run.scenes, c);
        if (o.fail_on_drop >= 0) in.gate_options.max_drop = o.fail_on_drop;
        in.gate_options.min_cell_samples = o.gate_min_samples;
        in.gate = regressionGate(*in.delta, in.gate_options);
    }
    if (!o.gate_history.empty()) {
        if (o.fail_on_drop >= 0) in.history_gate_options.max_drop = o.fail_on_drop;
        in.history_gate_options.min_cell_samples = o.gate_min_samples;
        in.history_gate_options.reference = o.window_reference;
        const Night tonight = nightOf(run, o.map, "", "");
        in.history_gate = gateAgainstHistory(NightHistory(o.gate_history).nights(), tonight,
                                             o.window, in.history_gate_options);
    }
    return in;
}

}  // namespace blindspot
