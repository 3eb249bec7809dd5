#pragma once
// The results store of a sweep run: RUN_DIR/results.sqlite, SQLite in WAL mode. Every scene is
// written in one transaction, so a kill -9 at any moment loses at most the scenes in flight and
// never leaves a half-written row; re-opening the store tells the runner which scenes are done.
//
// Tables (docs/results-store.md): run (one row: config, hashes, LiDAR spec, tool version, times),
// scene (one row per scene_id: every dimension value, point counts, target visibility),
// scene_car (per target car), scene_class (per scene and class: TP, FP, FN, IoU, precision,
// recall; NULL where undefined), shard (per shard of the design the store holds scenes of).
#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/DimensionRegistry.hpp"

namespace blindspot {

struct SqliteDb;  // sweep/SqliteDb.hpp

struct RunInfo {
    std::string name;
    nlohmann::json config;  ///< the resolved config
    std::string config_hash;
    std::string checkpoint_hash;  ///< empty for --scans-only
    nlohmann::json lidar;
    std::string tool_version;
    std::string started_at;     ///< ISO 8601, UTC
    std::string finished_at;    ///< ISO 8601, UTC; empty while the run is unfinished
    std::string world_version;  ///< kWorldVersion of the scans; empty in stores from before it
};

struct CarRow {
    int car_index = 0;
    int instance_id = 0;
    std::int64_t visible_points = 0;
    std::int64_t unoccluded_points = 0;
    double visibility = 0.0;
    bool fully_occluded = false;
};

struct ClassRow {
    std::string class_name;
    std::int64_t tp = 0, fp = 0, fn = 0;
    std::optional<double> iou, precision, recall;  ///< empty where the denominator is 0
};

struct SceneRow {
    std::string scene_id;
    nlohmann::json sample;  ///< {"dimension": value, ...}, canonical names (x_m)
    std::int64_t valid_points = 0;
    std::int64_t target_points = 0;  ///< returns on all target cars
    double seconds = 0.0;            ///< wall time spent on the scene
    std::vector<CarRow> cars;
    std::vector<ClassRow> classes;
};

/// A shard of the design whose scenes the store holds: written by the runner when it starts, after
/// every batch and when it finishes; copied by merge. It lets merge tell a missing or unfinished
/// shard, and a report show the coverage of a partial merge.
struct ShardRow {
    int index = 0;
    int count = 1;
    std::int64_t design_size = 0;  ///< samples in the whole design
    std::int64_t planned = 0;      ///< of them, this shard's
    std::int64_t done = 0;         ///< this shard's scenes in the store
    std::string finished_at;       ///< ISO 8601, UTC; empty while unfinished
};

class ResultsStore {
  public:
    /// Opens or creates the store with a column per dimension of `registry`. Throws FileError
    /// naming the path.
    explicit ResultsStore(const std::string& path,
                          DimensionRegistry registry = defaultDimensions());
    ~ResultsStore();
    ResultsStore(const ResultsStore&) = delete;
    ResultsStore& operator=(const ResultsStore&) = delete;

    /// Records the run (the first call) or checks it is the same config (a resume). Throws
    /// ConfigError when RUN_DIR holds a run of a different config.
    void beginRun(const RunInfo& run);
    void finishRun(const std::string& finished_at);
    std::optional<RunInfo> run() const;

    /// Inserts or updates the row of shard (index, count).
    void recordShard(const ShardRow& shard);
    /// Ordered by count, then index; empty for a store written before shards were recorded.
    std::vector<ShardRow> shards() const;

    /// Writes a scene with its car and class rows in one transaction. A scene id already present
    /// is left unchanged (returns false).
    bool insertScene(const SceneRow& scene);
    /// The same for many scenes in one transaction (merge); returns how many were new.
    std::size_t insertScenes(const std::vector<SceneRow>& scenes);
    std::set<std::string> finishedSceneIds() const;
    /// Every scene, ordered by scene_id.
    std::vector<SceneRow> scenes() const;

    /// The scene table joined with its class rows as CSV (one row per scene and class, or per
    /// scene when there are no class rows), for pandas.
    std::string exportCsv() const;

  private:
    void addDimensionColumns();
    bool insertRows(const SceneRow& scene);  ///< inside a transaction

    std::unique_ptr<SqliteDb> db_;
    std::string path_;
    DimensionRegistry registry_;
};

}  // namespace blindspot
