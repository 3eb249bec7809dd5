#include "sweep/SweepRunner.hpp"

#include <chrono>
#include <cmath>
#include <map>
#include <mutex>

#include "core/Error.hpp"
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

namespace {

// The workers of one run: they take to-do lists in fixed chunks of `batch` scenes (whatever the
// number of workers, so results do not depend on it) and store each chunk's rows.
class SceneWorkers {
  public:
    SceneWorkers(const SweepConfig& config, const std::vector<CarModelSpec>& models,
                 const RunDirectory& run, const RunnerOptions& options, ResultsStore& store)
        : config_(config),
          models_(models),
          run_(run),
          options_(options),
          store_(store),
          workers_(std::size_t(std::max(1, options.jobs))) {}

    /// Runs `todo`; `stored(n)` is called under the store lock after each chunk, n scenes so far.
    template <class F>
    std::size_t run(const std::vector<const Sample*>& todo, F stored) {
        const std::size_t batch = std::size_t(std::max(1, options_.batch));
        const std::size_t chunks = (todo.size() + batch - 1) / batch;
        const int jobs = int(workers_.size());
        const BatchOptions batch_options{options_.cache_scans, options_.images, jobs > 1 ? 1 : 0};
        std::mutex store_mutex;  // one connection: one transaction at a time
        std::size_t done = 0;
        parallelFor(chunks, jobs, [&](std::size_t b, int w) {
            auto& worker = workers_[std::size_t(w)];
            if (!worker)
                worker = std::make_unique<SweepBatch>(
                    config_, models_, run_, options_.segmenter ? options_.segmenter() : nullptr,
                    batch_options);
            const std::vector<const Sample*> samples(
                todo.begin() + std::ptrdiff_t(b * batch),
                todo.begin() + std::ptrdiff_t(std::min(todo.size(), (b + 1) * batch)));
            const std::vector<SceneRow> rows = worker->run(samples);
            std::lock_guard<std::mutex> lock(store_mutex);
            const auto t0 = Clock::now();
            for (const auto& row : rows) store_.insertScene(row);
            worker->stage_seconds["store"] +=
                std::chrono::duration<double>(Clock::now() - t0).count();
            done += rows.size();
            stored(done);
        });
        return done;
    }

    void addTo(RunSummary& summary) const {
        for (const auto& worker : workers_) {
            if (!worker) continue;
            for (const auto& [stage, s] : worker->stage_seconds) summary.stage_seconds[stage] += s;
            summary.cache_hits += worker->cache_hits;
        }
    }

  private:
    const SweepConfig& config_;
    const std::vector<CarModelSpec>& models_;
    const RunDirectory& run_;
    const RunnerOptions& options_;
    ResultsStore& store_;
    std::vector<std::unique_ptr<SweepBatch>> workers_;
};

// A scene's score for the adaptive sampler: the IoU of the objective's class, NaN if undefined.
double scoreOf(const SceneRow& row, const std::string& objective) {
    for (const auto& c : row.classes)
        if (c.class_name == objective && c.iou) return *c.iou;
    return NAN;
}

// The adaptive loop: propose, run what the store lacks, read the scores back, propose again.
// Each batch depends only on the batches before it, so a resumed run proposes the same batches
// and finds their scenes in the store.
void runAdaptive(const SweepConfig& config, const RunnerOptions& options, ResultsStore& store,
                 SceneWorkers& workers, SweepProgress& progress, RunSummary& summary) {
    auto sampler = makeSampler(config.space, config.sampler);
    std::vector<SampleOutcome> outcomes;
    std::size_t done = 0;
    for (auto batch = sampler->propose({}); !batch.empty(); batch = sampler->propose(outcomes)) {
        const std::set<std::string> finished = store.finishedSceneIds();
        std::vector<const Sample*> todo;
        for (const auto& sample : batch)
            if (!finished.count(sceneIdIn(config, sample))) todo.push_back(&sample);
        summary.skipped += batch.size() - todo.size();
        const bool stopping = options.stop_after > 0 && done + todo.size() >= options.stop_after;
        if (stopping) todo.resize(options.stop_after - done);
        done +=
            workers.run(todo, [&](std::size_t n) { progress.update(summary.skipped + done + n); });
        if (stopping) break;
        std::map<std::string, SceneRow> rows;
        for (auto& row : store.scenes()) rows.emplace(row.scene_id, std::move(row));
        for (const auto& sample : batch)
            outcomes.push_back(
                {sample, scoreOf(rows.at(sceneIdIn(config, sample)), config.sampler.objective)});
    }
    summary.done = done;
}

void checkAdaptive(const SweepConfig& config, const RunnerOptions& options) {
    if (config.sampler.type != "adaptive") return;
    if (!options.segmenter)
        throw ConfigError(ErrorSource::flag("--scans-only"),
                          "the adaptive sampler needs scores: run it with a network");
    if (options.shard.count > 1)
        throw ConfigError(ErrorSource::flag("--shard"),
                          "an adaptive sweep runs as one job (each batch is scored in parallel "
                          "with --jobs); sharding it is not supported yet");
}

}  // namespace

RunSummary runSweep(const SweepConfig& config, const std::vector<CarModelSpec>& models,
                    const RunnerOptions& options) {
    const auto start = Clock::now();
    checkAdaptive(config, options);
    const RunDirectory run(options.run_dir, options.scan_cache_dir);
    run.create(bool(options.segmenter));
    const bool adaptive = config.sampler.type == "adaptive";
    const std::vector<Sample> design =
        adaptive ? std::vector<Sample>{} : drawSamples(config.space, config.sampler);
    ResultsStore store = run.openStore(config.dimensions, false);
    store.beginRun(runInfoOf(config, options));
    if (options.segmenter) run.writeClasses(*options.segmenter());

    RunSummary summary;
    std::vector<const Sample*> todo =
        todoOf(config, design, options.shard, store.finishedSceneIds(), summary);
    if (adaptive) summary.planned = config.sampler.n;
    ShardRow shard =
        shardRowOf(store, options.shard, adaptive ? config.sampler.n : design.size(), summary);
    store.recordShard(shard);
    if (options.stop_after > 0 && todo.size() > options.stop_after) todo.resize(options.stop_after);

    SceneWorkers workers(config, models, run, options, store);
    SweepProgress progress(summary.planned, summary.skipped, options.progress);
    if (summary.skipped > 0) progress.update(summary.skipped);
    if (adaptive) {
        runAdaptive(config, options, store, workers, progress, summary);
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
