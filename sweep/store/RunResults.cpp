#include "sweep/store/RunResults.hpp"

#include <cmath>
#include <filesystem>

#include "core/base/Error.hpp"
#include "sweep/store/RunDirectory.hpp"

namespace blindspot {

SceneResult sceneResultOf(const SceneRow& row) {
    SceneResult r;
    r.scene_id = row.scene_id;
    r.sample = row.sample;
    r.skipped = row.skipped;
    if (!row.cars.empty()) {
        double sum = 0;
        for (const auto& c : row.cars) sum += c.visibility;
        r.visibility = sum / double(row.cars.size());
    }
    for (const auto& c : row.classes) {
        r.classes.push_back({c.class_name, c.tp, c.fp, c.fn});
        // The target row's TP + FN are the target returns the network scored.
        if (c.class_name == kTargetClass && row.target_points > 0)
            r.target_in_grid = double(c.tp + c.fn) / double(row.target_points);
    }
    return r;
}

LoadedRun loadRun(const std::string& run_dir, const DimensionRegistry& registry) {
    const RunDirectory dir(run_dir);
    const ResultsStore store = dir.openStore(registry, SqliteAccess::ReadOnly);
    const auto info = store.run();
    if (!info)
        throw FileError(dir.storePath(), "holds no run yet (a sweep is starting in " + run_dir +
                                             ": run in progress)");
    LoadedRun run{run_dir, *info, {}, 0.0, store.shards()};
    for (const auto& row : store.scenes()) {
        run.scenes.push_back(sceneResultOf(row));
        run.seconds += row.seconds;
    }
    return run;
}

LoadedRun loadScoredRun(const std::string& run_dir, const DimensionRegistry& registry) {
    LoadedRun run = loadRun(run_dir, registry);
    if (run.scenes.empty() && run.info.finished_at.empty())
        throw FileError(RunDirectory(run_dir).storePath(), "holds no scene yet (run in progress)");
    if (run.info.checkpoint_hash.empty() || run.scenes.empty() ||
        run.scenes.front().classes.empty())
        throw ConfigError(
            ErrorSource::runDirectory(run_dir, "/run/checkpoint_hash"),
            "a run scored by a model (this one was run with --scans-only or has no scenes)");
    return run;
}

}  // namespace blindspot
