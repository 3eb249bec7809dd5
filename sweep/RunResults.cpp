#include "sweep/RunResults.hpp"

#include <cmath>
#include <filesystem>

#include "core/Error.hpp"

namespace blindspot {

SceneResult sceneResultOf(const SceneRow& row) {
    SceneResult r;
    r.scene_id = row.scene_id;
    r.sample = row.sample;
    if (!row.cars.empty()) {
        double sum = 0;
        for (const auto& c : row.cars) sum += c.visibility;
        r.visibility = sum / double(row.cars.size());
    }
    for (const auto& c : row.classes) r.classes.push_back({c.class_name, c.tp, c.fp, c.fn});
    return r;
}

LoadedRun loadRun(const std::string& run_dir) {
    const std::string path = (std::filesystem::path(run_dir) / "results.sqlite").string();
    if (!std::filesystem::exists(path))
        throw FileError(path, "no results store here (not a run directory?)");
    ResultsStore store(path);
    const auto info = store.run();
    if (!info) throw FileError(path, "holds no run");
    LoadedRun run{run_dir, *info, {}, 0.0};
    for (const auto& row : store.scenes()) {
        run.scenes.push_back(sceneResultOf(row));
        run.seconds += row.seconds;
    }
    return run;
}

LoadedRun loadScoredRun(const std::string& run_dir) {
    LoadedRun run = loadRun(run_dir);
    if (run.info.checkpoint_hash.empty() || run.scenes.empty() ||
        run.scenes.front().classes.empty())
        throw ConfigError(
            run_dir, "/run/checkpoint_hash",
            "a run scored by a model (this one was run with --scans-only or has no scenes)");
    return run;
}

}  // namespace blindspot
