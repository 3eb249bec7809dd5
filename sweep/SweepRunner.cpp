#include "sweep/SweepRunner.hpp"

#include <chrono>
#include <mutex>

#include "core/Hash.hpp"
#include "core/ParallelFor.hpp"
#include "core/UtcTime.hpp"
#include "sweep/RunDirectory.hpp"
#include "sweep/SweepBatch.hpp"
#include "sweep/SweepProgress.hpp"

namespace blindspot {
namespace {

using Clock = std::chrono::steady_clock;

RunInfo runInfoOf(const SweepConfig& config, const RunnerOptions& options) {
    RunInfo info;
    info.name = config.name;
    info.config = configJson(config);
    info.config_hash = configHash(config);
    // Segmenters share one loaded network, so asking one for the hash costs nothing.
    info.checkpoint_hash = options.segmenter ? options.segmenter()->checkpointHash() : "";
    info.lidar = lidarSpecToJson(lidarPreset(config.lidar));
    info.tool_version = options.tool_version;
    info.world_version = kWorldVersion;
    info.started_at = utcNow();
    return info;
}

// This shard's samples that the store does not hold yet, in design order.
std::vector<const Sample*> todoOf(const SweepConfig& config, const std::vector<Sample>& design,
                                  const Shard& shard, const std::set<std::string>& finished,
                                  RunSummary& summary) {
    std::vector<const Sample*> todo;
    for (std::size_t i = 0; i < design.size(); ++i) {
        if (!shard.owns(i)) continue;
        ++summary.planned;
        if (!finished.count(sceneIdIn(config, design[i]))) todo.push_back(&design[i]);
    }
    summary.skipped = summary.planned - todo.size();
    return todo;
}

// The row the store holds for this shard: its finish time survives a re-run that finds nothing
// to do.
ShardRow shardRowOf(const ResultsStore& store, const Shard& shard, std::size_t design_size,
                    const RunSummary& summary) {
    ShardRow row{shard.index,
                 shard.count,
                 std::int64_t(design_size),
                 std::int64_t(summary.planned),
                 std::int64_t(summary.skipped),
                 ""};
    if (summary.skipped == summary.planned)
        for (const auto& old : store.shards())
            if (old.index == shard.index && old.count == shard.count)
                row.finished_at = old.finished_at;
    return row;
}

}  // namespace

nlohmann::json configJson(const SweepConfig& config) { return config.source; }

std::string configHash(const SweepConfig& config) {
    return hex64(fnv1a64(std::string(kWorldVersion) + config.source.dump()));
}

RunSummary runSweep(const SweepConfig& config, const std::vector<CarModelSpec>& models,
                    const RunnerOptions& options) {
    const auto start = Clock::now();
    const RunDirectory run(options.run_dir, options.scan_cache_dir);
    run.create(bool(options.segmenter));
    const std::vector<Sample> design = drawSamples(config.space, config.sampler);
    ResultsStore store = run.openStore(config.dimensions, false);
    store.beginRun(runInfoOf(config, options));
    if (options.segmenter) run.writeClasses(*options.segmenter());

    RunSummary summary;
    std::vector<const Sample*> todo =
        todoOf(config, design, options.shard, store.finishedSceneIds(), summary);
    ShardRow shard = shardRowOf(store, options.shard, design.size(), summary);
    store.recordShard(shard);
    if (options.stop_after > 0 && todo.size() > options.stop_after) todo.resize(options.stop_after);

    // Batches are fixed chunks of the to-do list, whatever the number of workers.
    const std::size_t batch = std::size_t(std::max(1, options.batch));
    const std::size_t batches = (todo.size() + batch - 1) / batch;
    const int jobs = std::max(1, options.jobs);
    BatchOptions batch_options{options.cache_scans, options.images, jobs > 1 ? 1 : 0};
    std::vector<std::unique_ptr<SweepBatch>> workers(static_cast<std::size_t>(jobs));
    std::mutex store_mutex;  // one connection: one transaction at a time
    std::size_t done = 0;
    SweepProgress progress(summary.planned, summary.skipped, options.progress);
    if (summary.skipped > 0) progress.update(summary.skipped);
    parallelFor(batches, jobs, [&](std::size_t b, int w) {
        auto& worker = workers[std::size_t(w)];
        if (!worker)
            worker = std::make_unique<SweepBatch>(config, models, run,
                                                  options.segmenter ? options.segmenter() : nullptr,
                                                  batch_options);
        const std::vector<const Sample*> samples(
            todo.begin() + std::ptrdiff_t(b * batch),
            todo.begin() + std::ptrdiff_t(std::min(todo.size(), (b + 1) * batch)));
        const std::vector<SceneRow> rows = worker->run(samples);
        std::lock_guard<std::mutex> lock(store_mutex);
        const auto t0 = Clock::now();
        for (const auto& row : rows) store.insertScene(row);
        worker->stage_seconds["store"] += std::chrono::duration<double>(Clock::now() - t0).count();
        done += rows.size();
        shard.done = std::int64_t(summary.skipped + done);
        store.recordShard(shard);
        progress.update(summary.skipped + done);
    });
    for (const auto& worker : workers) {
        if (!worker) continue;
        for (const auto& [stage, s] : worker->stage_seconds) summary.stage_seconds[stage] += s;
        summary.cache_hits += worker->cache_hits;
    }
    summary.done = done;
    // A re-run of a finished run changes nothing, so it keeps the original finish time.
    if (summary.skipped + done == summary.planned &&
        (done > 0 || store.run()->finished_at.empty() || shard.finished_at.empty())) {
        shard.finished_at = utcNow();
        store.recordShard(shard);
        store.finishRun(shard.finished_at);
    }
    summary.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    return summary;
}

}  // namespace blindspot
