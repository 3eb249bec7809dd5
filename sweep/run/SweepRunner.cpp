#include "sweep/run/SweepRunner.hpp"

#include <chrono>
#include <cmath>
#include <iostream>
#include <map>
#include <mutex>

#include "core/base/Error.hpp"
#include "core/base/Hash.hpp"
#include "core/base/ParallelFor.hpp"
#include "core/base/UtcTime.hpp"
#include "sweep/run/AdaptiveRun.hpp"
#include "sweep/run/SceneWorkers.hpp"
#include "sweep/run/SweepProgress.hpp"
#include "sweep/space/SamplerChoice.hpp"
#include "sweep/store/RunDirectory.hpp"
#include "sweep/store/RunLock.hpp"

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
    checkAdaptive(config, options);
    const RunDirectory run(options.run_dir, options.scan_cache_dir);
    run.create(bool(options.segmenter));
    // A second sweep into this directory waits here, then resumes: it computes no scene twice.
    const RunLock lock(options.run_dir, [&](const LockHolder& holder) {
        if (options.progress)
            std::cerr << "sweep: " << options.run_dir << " is being swept by " << describe(holder)
                      << "; waiting for it to finish, then resuming\n";
    });
    const bool adaptive = config.sampler.type == "adaptive";
    const std::vector<Sample> design =
        adaptive ? std::vector<Sample>{} : drawSamples(config.space, config.sampler);
    ResultsStore store = run.openStore(config.dimensions, SqliteAccess::ReadWrite);
    store.beginRun(runInfoOf(config, options));
    if (options.segmenter) run.writeClasses(*options.segmenter());

    RunSummary summary;
    std::vector<const Sample*> todo =
        todoOf(config, design, options.shard, store.finishedSceneIds(), summary);
    if (adaptive) summary.planned = adaptiveShare(config.sampler, options.shard);
    ShardRow shard =
        shardRowOf(store, options.shard, adaptive ? config.sampler.n : design.size(), summary);
    store.recordShard(shard);
    if (options.stop_after > 0 && todo.size() > options.stop_after) todo.resize(options.stop_after);

    SceneWorkers workers(config, models, run, options, store);
    SweepProgress progress(summary.planned, summary.skipped, options.progress);
    if (summary.skipped > 0) progress.update(summary.skipped);
    if (adaptive) {
        // A small space may run out of candidates before the budget: the run is then complete.
        if (runAdaptive(config, options, store, workers, progress, summary))
            shard.planned = std::int64_t(summary.planned = summary.skipped + summary.done);
    } else {
        summary.done = workers.run(todo, [&](std::size_t n) {
            shard.done = std::int64_t(summary.skipped + n);
            store.recordShard(shard);
            progress.update(summary.skipped + n);
        });
    }
    workers.addTo(summary);
    shard.done = std::int64_t(summary.skipped + summary.done);
    if (summary.done == 0)  // nothing new: an earlier finish time stands
        for (const auto& old : store.shards())
            if (old.index == shard.index && old.count == shard.count)
                shard.finished_at = old.finished_at;
    // A re-run of a finished run changes nothing, so it keeps the original finish time.
    if (shard.done == std::int64_t(summary.planned) &&
        (summary.done > 0 || store.run()->finished_at.empty() || shard.finished_at.empty())) {
        shard.finished_at = utcNow();
        store.recordShard(shard);
        store.finishRun(shard.finished_at);
    } else {
        store.recordShard(shard);
    }
    summary.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    return summary;
}

}  // namespace blindspot
