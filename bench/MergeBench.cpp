// bench merge: the merge of a night's shards, on synthetic shard stores (no ray-casting): S shards
// of a D-scene design, each store with its scene, car and class rows, its shard row and one
// prediction file per scene, as `plan` lays them out (the scans live in the shared cache, which
// merge does not copy). Prints the time to write the shards (not a merge cost) and to merge them.
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>

#include "bench/Benches.hpp"
#include "core/base/AtomicFile.hpp"
#include "core/base/Hash.hpp"
#include "sweep/scale/MergeRuns.hpp"
#include "sweep/store/RunDirectory.hpp"

namespace blindspot::bench {
namespace {

using Clock = std::chrono::steady_clock;
namespace fs = std::filesystem;

double secondsSince(Clock::time_point t0) {
    return std::chrono::duration<double>(Clock::now() - t0).count();
}

// A scene row as a scored hdl64e-kitti sweep writes it: one target car, five classes.
SceneRow syntheticScene(std::size_t i) {
    SceneRow s;
    s.scene_id = hex64(fnv1a64("synthetic-" + std::to_string(i)));
    s.sample = {{"car_model", i % 2 ? "sedan" : "van"},
                {"x_m", double(5 + i % 31)},
                {"y_m", double(int(i / 31 % 13) - 6)},
                {"background", "urban-0" + std::to_string(1 + i % 7)}};
    s.valid_points = 60000 + std::int64_t(i % 997);
    s.target_points = 400 + std::int64_t(i % 89);
    s.seconds = 0.25;
    s.cars.push_back({0, 1, s.target_points, s.target_points + 12, 0.97, false});
    for (const char* name : {"unknown", "car", "pedestrian", "cyclist", "road"})
        s.classes.push_back({name, std::int64_t(i % 500), 20, 30, 0.8, 0.9, 0.85});
    return s;
}

void writeShard(const fs::path& dir, int index, const MergeBenchOptions& o) {
    const RunDirectory run(dir.string());
    run.create(true);
    ResultsStore store = run.openStore(defaultDimensions(), SqliteAccess::ReadWrite);
    RunInfo info;
    info.name = "synthetic";
    info.config = {{"name", "synthetic"}};
    info.config_hash = "0123456789abcdef";
    info.checkpoint_hash = "fedcba9876543210";
    info.lidar = {{"preset", "hdl64e-kitti"}};
    info.started_at = "2026-12-04T00:00:00Z";
    store.beginRun(info);
    const std::vector<int> predicted(o.prediction_bytes, 1);
    std::int64_t planned = 0;
    for (std::size_t i = std::size_t(index); i < o.scenes; i += std::size_t(o.shards), ++planned) {
        const SceneRow scene = syntheticScene(i);
        store.insertScene(scene);
        if (o.prediction_bytes > 0) run.writePredictions(scene.scene_id, predicted);
    }
    store.recordShard(
        {index, o.shards, std::int64_t(o.scenes), planned, planned, "2026-12-04T01:00:00Z"});
    store.finishRun("2026-12-04T01:00:00Z");
}

}  // namespace

int runMergeBench(const MergeBenchOptions& o) {
    const fs::path dir =
        fs::path(o.work_dir.empty() ? fs::temp_directory_path().string() : o.work_dir) /
        ("blindspot-bench-merge-" + std::to_string(::getpid()));
    std::printf("bench merge: %zu scenes in %d shards, %zu prediction bytes per scene, in %s\n",
                o.scenes, o.shards, o.prediction_bytes, dir.c_str());
    auto t0 = Clock::now();
    std::vector<std::string> shards;
    for (int i = 0; i < o.shards; ++i) {
        shards.push_back((dir / "shards" / ("shard-" + std::to_string(i))).string());
        writeShard(shards.back(), i, o);
    }
    std::printf("writing the shards: %.1f s (not part of the merge)\n", secondsSince(t0));
    t0 = Clock::now();
    const MergeSummary s = mergeRuns(shards, (dir / "merged").string());
    const double merge_s = secondsSince(t0);
    std::printf("merge: %zu scenes in %.1f s (%.0f scenes/s), coverage %s\n", s.added, merge_s,
                double(s.added) / merge_s, s.coverage.complete() ? "complete" : "partial");
    const auto store_bytes = fs::file_size(dir / "merged" / "results.sqlite");
    std::printf("merged results.sqlite: %.1f MB (%.0f bytes per scene)\n",
                double(store_bytes) / 1e6,
                double(store_bytes) / double(std::max<std::size_t>(1, s.added)));
    fs::remove_all(dir);
    return 0;
}

}  // namespace blindspot::bench
