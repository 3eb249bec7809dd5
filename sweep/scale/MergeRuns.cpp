#include "sweep/scale/MergeRuns.hpp"

#include "core/base/Error.hpp"
#include "core/base/UtcTime.hpp"
#include "sweep/store/RunDirectory.hpp"

namespace blindspot {
namespace {

// The store of the first input that holds shard `index` (for naming it in an error).
std::string holderOf(const std::vector<StoreShards>& inputs, int index) {
    for (const auto& in : inputs)
        for (const auto& row : in.rows)
            if (row.index == index) return in.store_path;
    return "";
}

// Every input's run (the same config and checkpoint) and shard rows; throws before anything is
// written.
std::vector<StoreShards> checkInputs(const std::vector<std::string>& run_dirs,
                                     const DimensionRegistry& registry, bool allow_partial) {
    if (run_dirs.empty())
        throw ConfigError(ErrorSource::flag("RUN_DIR"), "expected at least one run directory");
    std::vector<StoreShards> inputs;
    std::optional<RunInfo> first;
    for (const auto& dir : run_dirs) {
        const RunDirectory in_run(dir);
        const ResultsStore in = in_run.openStore(registry, SqliteAccess::ReadOnly);
        const auto run = in.run();
        if (!run) throw FileError(in_run.storePath(), "holds no run");
        if (!first) first = run;
        if (run->config_hash != first->config_hash ||
            run->checkpoint_hash != first->checkpoint_hash)
            throw ConfigError(ErrorSource::file(in_run.storePath(), "/run"),
                              "config " + run->config_hash + " with checkpoint \"" +
                                  run->checkpoint_hash + "\"; expected the run of " + run_dirs[0] +
                                  ": config " + first->config_hash + " with checkpoint \"" +
                                  first->checkpoint_hash + "\"");
        inputs.push_back({in_run.storePath(), in.shards()});
        if (inputs.back().rows.empty() && !allow_partial)
            throw FileError(in_run.storePath(),
                            "records no shard (written by an older blindspot); run its sweep "
                            "command again to record it, or merge with --allow-partial");
    }
    return inputs;
}

void refuseIncomplete(const std::vector<StoreShards>& inputs, const ShardCoverage& c) {
    if (!c.missing.empty())
        throw ConfigError(ErrorSource::flag("RUN_DIR"),
                          "shard " + shardList(c.missing, c.shard_count) +
                              " missing: none of the " + std::to_string(inputs.size()) +
                              " runs holds it (run its array task, or merge with --allow-partial)");
    for (const auto& s : c.shards)
        if (s.finished_at.empty())
            throw FileError(holderOf(inputs, s.index),
                            "shard " + std::to_string(s.index) + "/" + std::to_string(s.count) +
                                " unfinished: " + std::to_string(s.done) + " of " +
                                std::to_string(s.planned) +
                                " scenes (resume it with its sweep command, or merge with "
                                "--allow-partial)");
}

}  // namespace

MergeSummary mergeRuns(const std::vector<std::string>& run_dirs, const std::string& out_dir,
                       const DimensionRegistry& registry, bool allow_partial) {
    const std::vector<StoreShards> inputs = checkInputs(run_dirs, registry, allow_partial);
    MergeSummary summary;
    summary.coverage = shardCoverage(inputs);
    if (!allow_partial) refuseIncomplete(inputs, summary.coverage);

    const RunDirectory out_run(out_dir);
    const bool earlier = out_run.hasStore();
    out_run.create(false);
    // The merge's own store, opened as its writer even to check an earlier merge's split: a merge
    // killed while it wrote leaves what only a writer may recover.
    ResultsStore out = out_run.openStore(registry, SqliteAccess::ReadWrite);
    if (earlier)  // merging into an earlier merge: the same split
        shardCoverage({{out_run.storePath(), out.shards()}, {"", summary.coverage.shards}});
    for (const auto& dir : run_dirs) {
        const RunDirectory in_run(dir);
        const ResultsStore in = in_run.openStore(registry, SqliteAccess::ReadOnly);
        out.beginRun(*in.run());  // refuses a merged run of another config or checkpoint
        const std::vector<SceneRow> scenes = in.scenes();
        summary.added += out.insertScenes(scenes);  // one transaction per shard
        for (const auto& scene : scenes) out_run.copyScanFrom(in_run, scene.scene_id);
        out_run.copyPredictionsFrom(in_run);
    }
    // Shard rows last: a merge killed before this point records no coverage, and a re-run of it
    // completes the merge.
    summary.coverage =
        shardCoverage({{out_run.storePath(), out.shards()}, {"", summary.coverage.shards}});
    for (const auto& s : summary.coverage.shards) out.recordShard(s);
    out.finishRun(utcNow());
    return summary;
}

}  // namespace blindspot
