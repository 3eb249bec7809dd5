#pragma once
// The results store of a sweep run: RUN_DIR/results.sqlite, SQLite in WAL mode. Every scene is
// written in one transaction, so a kill -9 at any moment loses at most the scenes in flight and
// never leaves a half-written row; re-opening the store tells the runner which scenes are done.
//
// Tables (docs/results-store.md): run (one row: config, hashes, LiDAR spec, tool version, times),
// scene (one row per scene_id: every dimension value, point counts, target visibility),
// scene_car (per target car), scene_class (per scene and class: TP, FP, FN, IoU, precision,
// recall; NULL where undefined), shard (per shard of the design the store holds scenes of).
//
// Any number of processes may open one store at once (issue 55): a writer creates and migrates the
// schema in one BEGIN IMMEDIATE transaction, re-checking inside it; a reader opens the file
// read-only and never changes it, reading a column an older store lacks as NULL.
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "core/scenario/DimensionRegistry.hpp"
#include "sweep/store/SqliteDb.hpp"
#include "sweep/store/StoreRows.hpp"

namespace blindspot {

class ResultsStore {
  public:
    /// ReadWrite opens or creates the store with a column per dimension of `registry`; ReadOnly
    /// opens an existing one as it is (a store a sweep has only just created reads as empty).
    /// Throws FileError naming the path.
    explicit ResultsStore(const std::string& path, DimensionRegistry registry = defaultDimensions(),
                          SqliteAccess access = SqliteAccess::ReadWrite);
    ~ResultsStore();
    ResultsStore(const ResultsStore&) = delete;
    ResultsStore& operator=(const ResultsStore&) = delete;

    /// Records the run (the first call) or checks it is the same config (a resume). Throws
    /// ConfigError when RUN_DIR holds a run of a different config.
    void beginRun(const RunInfo& run);
    void finishRun(const std::string& finished_at);
    /// Nothing before a sweep recorded its run (or while it is creating the store).
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
    void createOrMigrate();
    void addDimensionColumns();
    bool hasTable(const std::string& table) const { return columns_.count(table) > 0; }
    /// `scene.* ` of a migrated store: the store's own columns, then NULL for each dimension it
    /// lacks and for `skipped` (where a writer's migration would have added them).
    std::string sceneColumns() const;
    bool insertRows(const SceneRow& scene);  ///< inside a transaction

    std::unique_ptr<SqliteDb> db_;
    std::string path_;
    DimensionRegistry registry_;
    /// Each table's columns when the store was opened (a reader's view of an older schema).
    std::map<std::string, std::vector<std::string>> columns_;
};

}  // namespace blindspot
