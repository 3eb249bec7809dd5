#pragma once
// An adaptive sweep's loop (sweep/space/AdaptiveSampler.hpp): propose a batch, run what the store lacks,
// read the scores back, propose again. Each batch depends only on the batches before it, so a
// resumed run proposes the same batches and finds their scenes in its store.
//
// Sharding rule: every shard replays the same proposals (they are deterministic), shard i of N
// runs the scenes at positions i, i + N, ... of each batch, and before proposing the next batch it
// waits until the other shards' stores (`RunnerOptions::shard_peers`, a run-directory pattern with
// {i}) hold the rest of the batch, whose scores it then reads from them. Shards advance in
// lockstep, batch by batch, without a coordinator; a requeued shard resumes from its store and
// catches up. Merging the shards gives the unsharded run.
#include "sweep/run/RunnerOptions.hpp"
#include "sweep/run/SceneWorkers.hpp"
#include "sweep/run/SweepProgress.hpp"
#include "sweep/store/ResultsStore.hpp"

namespace blindspot {

/// The objective that scores a scene by the returns on its target cars (a visibility bound).
constexpr const char* kTargetPointsObjective = "target_points";

/// A scene's score: the IoU of the objective's class (NaN when undefined), or its target points.
double objectiveScore(const SceneRow& row, const std::string& objective);

/// Throws ConfigError for an adaptive config without a segmenter (--scans-only) or sharded
/// without peers.
void checkAdaptive(const SweepConfig& config, const RunnerOptions& options);
/// The part of it that needs no network: sharded without a peer pattern.
void checkAdaptiveShards(const SweepConfig& config, const Shard& shard, const std::string& peers);

/// The scenes shard `shard` runs of an adaptive budget, when batches are not cut short by the
/// space running out of candidates.
std::size_t adaptiveShare(const SamplerConfig& sampler, const Shard& shard);

/// Returns whether the sampler is done (its budget spent, or the space out of candidates); false
/// when stopped early (RunnerOptions::stop_after).
bool runAdaptive(const SweepConfig& config, const RunnerOptions& options, ResultsStore& store,
                 SceneWorkers& workers, SweepProgress& progress, RunSummary& summary);

}  // namespace blindspot
