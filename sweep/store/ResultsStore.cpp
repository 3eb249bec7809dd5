#include "sweep/store/ResultsStore.hpp"

#include <algorithm>
#include <sstream>

#include "core/base/Error.hpp"
#include "core/scenario/DimensionRegistry.hpp"

namespace blindspot {
namespace {

const char* kSchema = R"sql(
CREATE TABLE IF NOT EXISTS run (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  name TEXT NOT NULL, config_json TEXT NOT NULL, config_hash TEXT NOT NULL,
  checkpoint_hash TEXT NOT NULL, lidar_json TEXT NOT NULL, tool_version TEXT NOT NULL,
  started_at TEXT NOT NULL, finished_at TEXT);
CREATE TABLE IF NOT EXISTS scene_car (
  scene_id TEXT NOT NULL REFERENCES scene(scene_id), car_index INTEGER NOT NULL,
  instance_id INTEGER NOT NULL, visible_points INTEGER NOT NULL, unoccluded_points INTEGER NOT NULL,
  visibility REAL NOT NULL, fully_occluded INTEGER NOT NULL, PRIMARY KEY (scene_id, car_index));
CREATE TABLE IF NOT EXISTS scene_class (
  scene_id TEXT NOT NULL REFERENCES scene(scene_id), class TEXT NOT NULL,
  tp INTEGER NOT NULL, fp INTEGER NOT NULL, fn INTEGER NOT NULL,
  iou REAL, precision REAL, recall REAL, PRIMARY KEY (scene_id, class));
CREATE TABLE IF NOT EXISTS shard (
  shard_index INTEGER NOT NULL, shard_count INTEGER NOT NULL, design_size INTEGER NOT NULL,
  planned INTEGER NOT NULL, done INTEGER NOT NULL, finished_at TEXT,
  PRIMARY KEY (shard_index, shard_count));
)sql";

// The SQL type of a dimension's column.
const char* sqlType(DimensionKind kind) {
    switch (kind) {
        case DimensionKind::Continuous:
            return "REAL";
        case DimensionKind::Integer:
            return "INTEGER";
        case DimensionKind::Categorical:
            break;
    }
    return "TEXT";
}

/// A JSON column read back: a corrupt value names the store, the column and the row.
nlohmann::json parseJsonColumn(const std::string& store_path, const std::string& column,
                               const std::string& row, const std::string& text) {
    auto value = nlohmann::json::parse(text, nullptr, false);
    if (value.is_discarded() || !value.is_object())
        throw FileError(store_path, "column " + column + " of " + row + ": expected a JSON object");
    return value;
}

std::string csvField(const std::string& s) {
    if (s.find_first_of(",\"\n") == std::string::npos) return s;
    std::string out = "\"";
    for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
}

}  // namespace

ResultsStore::ResultsStore(const std::string& path, DimensionRegistry registry, SqliteAccess access)
    : db_(std::make_unique<SqliteDb>(path, access)), path_(path), registry_(std::move(registry)) {
    if (access == SqliteAccess::ReadWrite) createOrMigrate();
    for (const char* table : {"run", "scene", "scene_car", "scene_class", "shard"}) {
        auto columns = db_->columnsOf(table);
        if (!columns.empty()) columns_[table] = std::move(columns);
    }
}

// Every opener of a new store runs this at once (a sweep, and a second sweep or a merge into the
// same directory): BEGIN IMMEDIATE makes them take turns, and each re-checks the schema inside.
void ResultsStore::createOrMigrate() {
    Transaction transaction(*db_);
    db_->exec(kSchema);
    addDimensionColumns();
    // Stores written before the world version was recorded gain the column, NULL ("unknown").
    const auto run_columns = db_->columnsOf("run");
    if (std::find(run_columns.begin(), run_columns.end(), "world_version") == run_columns.end())
        db_->exec("ALTER TABLE run ADD COLUMN world_version TEXT");
    transaction.commit();
}

// One column per registry dimension, for SQL users (the sample itself is sample_json). A store
// written before a dimension existed gains its column, NULL in the old rows.
void ResultsStore::addDimensionColumns() {
    std::string create =
        "CREATE TABLE IF NOT EXISTS scene (scene_id TEXT PRIMARY KEY, "
        "sample_json TEXT NOT NULL";
    for (const auto& d : registry_.dims) create += ", \"" + d.name + "\" " + sqlType(d.kind);
    db_->exec(create +
              ", valid_points INTEGER NOT NULL, target_points INTEGER NOT NULL, "
              "seconds REAL NOT NULL)");
    const auto names = db_->columnsOf("scene");
    const std::set<std::string> present(names.begin(), names.end());
    for (const auto& d : registry_.dims)
        if (!present.count(d.name))
            db_->exec("ALTER TABLE scene ADD COLUMN \"" + d.name + "\" " + sqlType(d.kind));
    // Recorded backgrounds (issue 52): why a scene's target was not placed, NULL when it was.
    if (!present.count("skipped")) db_->exec("ALTER TABLE scene ADD COLUMN skipped TEXT");
}

std::string ResultsStore::sceneColumns() const {
    const auto& own = columns_.at("scene");
    std::string list;
    for (const auto& c : own) list += (list.empty() ? "" : ", ") + ("scene.\"" + c + "\"");
    for (const auto& d : registry_.dims)
        if (std::find(own.begin(), own.end(), d.name) == own.end())
            list += ", NULL AS \"" + d.name + "\"";
    if (std::find(own.begin(), own.end(), "skipped") == own.end()) list += ", NULL AS skipped";
    return list;
}

ResultsStore::~ResultsStore() = default;

// Check and insert in one transaction: two sweeps starting into one directory at once must not
// both find no run row.
void ResultsStore::beginRun(const RunInfo& run) {
    Transaction transaction(*db_);
    if (const auto existing = this->run()) {
        if (existing->config_hash != run.config_hash ||
            existing->checkpoint_hash != run.checkpoint_hash)
            throw ConfigError(
                ErrorSource::file(path_, "/run"),
                "holds a run of config " + existing->config_hash + " with checkpoint \"" +
                    existing->checkpoint_hash + "\"; this run is config " + run.config_hash +
                    " with checkpoint \"" + run.checkpoint_hash + "\" (use another RUN_DIR)");
        return;  // a resume
    }
    Statement(*db_,
              "INSERT INTO run (id, name, config_json, config_hash, checkpoint_hash, lidar_json, "
              "tool_version, started_at, finished_at, world_version) VALUES (1, ?, ?, ?, ?, ?, "
              "?, ?, NULL, ?)")
        .bind(1, run.name)
        .bind(2, run.config.dump())
        .bind(3, run.config_hash)
        .bind(4, run.checkpoint_hash)
        .bind(5, run.lidar.dump())
        .bind(6, run.tool_version)
        .bind(7, run.started_at)
        .bind(8, run.world_version)
        .step();
    transaction.commit();
}

void ResultsStore::finishRun(const std::string& finished_at) {
    Statement(*db_, "UPDATE run SET finished_at = ? WHERE id = 1").bind(1, finished_at).step();
}

std::optional<RunInfo> ResultsStore::run() const {
    if (!hasTable("run")) return std::nullopt;
    const auto& own = columns_.at("run");
    const bool has_world = std::find(own.begin(), own.end(), "world_version") != own.end();
    Statement s(*db_,
                std::string("SELECT name, config_json, config_hash, checkpoint_hash, lidar_json, "
                            "tool_version, started_at, finished_at, ") +
                    (has_world ? "world_version" : "NULL") + " FROM run");
    if (!s.step()) return std::nullopt;
    RunInfo r;
    r.name = s.text(0);
    r.config = parseJsonColumn(path_, "run.config_json", "the run row", s.text(1));
    r.config_hash = s.text(2);
    r.checkpoint_hash = s.text(3);
    r.lidar = parseJsonColumn(path_, "run.lidar_json", "the run row", s.text(4));
    r.tool_version = s.text(5);
    r.started_at = s.text(6);
    r.finished_at = s.text(7);
    r.world_version = s.text(8);
    return r;
}

void ResultsStore::recordShard(const ShardRow& shard) {
    Statement s(*db_, "INSERT OR REPLACE INTO shard VALUES (?, ?, ?, ?, ?, ?)");
    s.bind(1, std::int64_t(shard.index)).bind(2, std::int64_t(shard.count));
    s.bind(3, shard.design_size).bind(4, shard.planned).bind(5, shard.done);
    (shard.finished_at.empty() ? s.bindNull(6) : s.bind(6, shard.finished_at)).step();
}

std::vector<ShardRow> ResultsStore::shards() const {
    if (!hasTable("shard")) return {};
    Statement s(*db_,
                "SELECT shard_index, shard_count, design_size, planned, done, finished_at FROM "
                "shard ORDER BY shard_count, shard_index");
    std::vector<ShardRow> rows;
    while (s.step())
        rows.push_back({int(s.integer(0)), int(s.integer(1)), s.integer(2), s.integer(3),
                        s.integer(4), s.text(5)});
    return rows;
}

bool ResultsStore::insertScene(const SceneRow& scene) {
    Transaction transaction(*db_);
    const bool added = insertRows(scene);
    transaction.commit();
    return added;
}

std::size_t ResultsStore::insertScenes(const std::vector<SceneRow>& scenes) {
    Transaction transaction(*db_);
    std::size_t added = 0;
    for (const auto& scene : scenes) added += insertRows(scene);
    transaction.commit();
    return added;
}

bool ResultsStore::insertRows(const SceneRow& scene) {
    {
        Statement exists(*db_, "SELECT 1 FROM scene WHERE scene_id = ?");
        exists.bind(1, scene.scene_id);
        if (exists.step()) return false;
    }
    {
        const auto names = registry_.names();
        std::string sql =
            "INSERT INTO scene (scene_id, sample_json, valid_points, target_points, seconds, "
            "skipped";
        for (const auto& n : names) sql += ", \"" + n + "\"";
        sql += ") VALUES (?, ?, ?, ?, ?, ?";
        for (std::size_t i = 0; i < names.size(); ++i) sql += ", ?";
        sql += ")";
        Statement insert(*db_, sql);
        insert.bind(1, scene.scene_id).bind(2, scene.sample.dump()).bind(3, scene.valid_points);
        insert.bind(4, scene.target_points).bind(5, scene.seconds);
        (scene.skipped.empty() ? insert.bindNull(6) : insert.bind(6, scene.skipped));
        for (std::size_t i = 0; i < names.size(); ++i)
            insert.bind(int(7 + i), scene.sample.contains(names[i]) ? scene.sample.at(names[i])
                                                                    : nlohmann::json());
        insert.step();
        for (const auto& c : scene.cars) {
            Statement(*db_, "INSERT INTO scene_car VALUES (?, ?, ?, ?, ?, ?, ?)")
                .bind(1, scene.scene_id)
                .bind(2, std::int64_t(c.car_index))
                .bind(3, std::int64_t(c.instance_id))
                .bind(4, c.visible_points)
                .bind(5, c.unoccluded_points)
                .bind(6, c.visibility)
                .bind(7, std::int64_t(c.fully_occluded))
                .step();
        }
        for (const auto& c : scene.classes) {
            Statement(*db_, "INSERT INTO scene_class VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
                .bind(1, scene.scene_id)
                .bind(2, c.class_name)
                .bind(3, c.tp)
                .bind(4, c.fp)
                .bind(5, c.fn)
                .bind(6, c.iou)
                .bind(7, c.precision)
                .bind(8, c.recall)
                .step();
        }
    }
    return true;
}

std::set<std::string> ResultsStore::finishedSceneIds() const {
    std::set<std::string> ids;
    if (!hasTable("scene")) return ids;
    Statement s(*db_, "SELECT scene_id FROM scene");
    while (s.step()) ids.insert(s.text(0));
    return ids;
}

std::vector<SceneRow> ResultsStore::scenes() const {
    std::vector<SceneRow> out;
    if (!hasTable("scene")) return out;
    const auto& own = columns_.at("scene");
    const bool has_skipped = std::find(own.begin(), own.end(), "skipped") != own.end();
    Statement s(*db_, std::string("SELECT scene_id, sample_json, valid_points, target_points, "
                                  "seconds, ") +
                          (has_skipped ? "skipped" : "NULL") + " FROM scene ORDER BY scene_id");
    while (s.step()) {
        SceneRow row;
        row.scene_id = s.text(0);
        row.sample = canonicalSampleJson(
            parseJsonColumn(path_, "scene.sample_json", "scene " + row.scene_id, s.text(1)),
            registry_);
        row.valid_points = s.integer(2);
        row.target_points = s.integer(3);
        row.seconds = s.real(4);
        row.skipped = s.text(5);
        Statement cars(*db_,
                       "SELECT car_index, instance_id, visible_points, unoccluded_points, "
                       "visibility, fully_occluded "
                       "FROM scene_car WHERE scene_id = ? ORDER BY car_index");
        cars.bind(1, row.scene_id);
        while (cars.step())
            row.cars.push_back({int(cars.integer(0)), int(cars.integer(1)), cars.integer(2),
                                cars.integer(3), cars.real(4), cars.integer(5) != 0});
        Statement classes(
            *db_,
            "SELECT class, tp, fp, fn, iou, precision, recall FROM scene_class WHERE scene_id = ? "
            "ORDER BY class");
        classes.bind(1, row.scene_id);
        while (classes.step())
            row.classes.push_back({classes.text(0), classes.integer(1), classes.integer(2),
                                   classes.integer(3), classes.optionalReal(4),
                                   classes.optionalReal(5), classes.optionalReal(6)});
        out.push_back(row);
    }
    return out;
}

std::string ResultsStore::exportCsv() const {
    if (!hasTable("scene") || !hasTable("scene_class"))
        throw FileError(path_, "has no tables yet: a sweep is creating it (run in progress)");
    Statement s(
        *db_,
        "SELECT " + sceneColumns() +
            ", scene_class.class, scene_class.tp, scene_class.fp, "
            "scene_class.fn, scene_class.iou, "
            "scene_class.precision, scene_class.recall FROM scene LEFT JOIN scene_class USING "
            "(scene_id) "
            "ORDER BY scene.scene_id, scene_class.class");
    std::ostringstream csv;
    csv.precision(17);
    for (int c = 0; c < s.columns(); ++c) csv << (c ? "," : "") << s.name(c);
    csv << "\n";
    while (s.step()) {
        for (int c = 0; c < s.columns(); ++c) {
            if (c) csv << ",";
            if (!s.isNull(c)) csv << csvField(s.text(c));  // NaN-free: undefined values are empty
        }
        csv << "\n";
    }
    return csv.str();
}

}  // namespace blindspot
