#include "sweep/run/AdaptiveRun.hpp"

#include <chrono>
#include <cmath>
#include <map>
#include <set>
#include <thread>

#include "core/base/Error.hpp"
#include "sweep/space/SamplerChoice.hpp"

namespace blindspot {
namespace {

std::string peerDir(const std::string& pattern, int index) {
    std::string dir = pattern;
    const std::size_t at = dir.find("{i}");
    return dir.replace(at, 3, std::to_string(index));
}

// Scores of the batch's scenes from this shard's store and its peers'; empty until all are there.
std::optional<std::map<std::string, double>> batchScores(const RunnerOptions& options,
                                                         ResultsStore& store,
                                                         const SweepConfig& config,
                                                         const std::vector<std::string>& ids) {
    std::map<std::string, double> scores;
    const auto take = [&](const std::vector<SceneRow>& rows) {
        for (const auto& row : rows)
            scores[row.scene_id] = objectiveScore(row, config.sampler.objective);
    };
    take(store.scenes());
    for (int i = 0; i < options.shard.count; ++i) {
        if (i == options.shard.index) continue;
        const RunDirectory peer(peerDir(options.shard_peers, i));
        if (peer.hasStore())
            take(peer.openStore(config.dimensions, SqliteAccess::ReadOnly).scenes());
    }
    for (const auto& id : ids)
        if (!scores.count(id)) return std::nullopt;
    return scores;
}

}  // namespace

double objectiveScore(const SceneRow& row, const std::string& objective) {
    if (objective == kTargetPointsObjective) return double(row.target_points);
    for (const auto& c : row.classes)
        if (c.class_name == objective && c.iou) return *c.iou;
    return NAN;
}

void checkAdaptiveShards(const SweepConfig& config, const Shard& shard, const std::string& peers) {
    if (config.sampler.type == "adaptive" && shard.count > 1 &&
        peers.find("{i}") == std::string::npos)
        throw ConfigError(ErrorSource::flag("--shard-peers"),
                          "a sharded adaptive sweep needs the shards' run directories as a "
                          "pattern with {i} (e.g. runs/shard-{i}), got \"" +
                              peers + "\"");
}

void checkAdaptive(const SweepConfig& config, const RunnerOptions& options) {
    if (config.sampler.type != "adaptive") return;
    if (!options.segmenter)
        throw ConfigError(ErrorSource::flag("--scans-only"),
                          "the adaptive sampler needs scores: run it with a network");
    checkAdaptiveShards(config, options.shard, options.shard_peers);
}

std::size_t adaptiveShare(const SamplerConfig& sampler, const Shard& shard) {
    const std::size_t initial = std::min(
        sampler.n, sampler.initial ? sampler.initial : std::max(sampler.batch, sampler.n / 10));
    std::size_t share = 0;
    for (std::size_t start = 0, size = initial; start < sampler.n;
         start += size, size = std::min(sampler.batch, sampler.n - start))
        for (std::size_t k = 0; k < size; ++k) share += shard.owns(k);
    return share;
}

bool runAdaptive(const SweepConfig& config, const RunnerOptions& options, ResultsStore& store,
                 SceneWorkers& workers, SweepProgress& progress, RunSummary& summary) {
    auto sampler = makeSampler(config.space, config.sampler);
    std::vector<SampleOutcome> outcomes;
    std::size_t done = 0;
    for (auto batch = sampler->propose({}); !batch.empty(); batch = sampler->propose(outcomes)) {
        const std::set<std::string> finished = store.finishedSceneIds();
        std::vector<std::string> ids;
        std::vector<const Sample*> todo;
        for (std::size_t k = 0; k < batch.size(); ++k) {
            ids.push_back(sceneIdIn(config, batch[k]));
            if (!options.shard.owns(k)) continue;
            if (finished.count(ids.back()))
                ++summary.skipped;
            else
                todo.push_back(&batch[k]);
        }
        const bool stopping = options.stop_after > 0 && done + todo.size() >= options.stop_after;
        if (stopping) todo.resize(options.stop_after - done);
        done +=
            workers.run(todo, [&](std::size_t n) { progress.update(summary.skipped + done + n); });
        if (stopping) {
            summary.done = done;
            return false;
        }
        auto scores = batchScores(options, store, config, ids);
        while (!scores) {  // the other shards' parts of this batch
            std::this_thread::sleep_for(std::chrono::milliseconds(200));
            scores = batchScores(options, store, config, ids);
        }
        for (std::size_t k = 0; k < batch.size(); ++k)
            outcomes.push_back({batch[k], scores->at(ids[k])});
    }
    summary.done = done;
    return true;
}

}  // namespace blindspot
