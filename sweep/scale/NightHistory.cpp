#include "sweep/scale/NightHistory.hpp"

#include <filesystem>

#include "sweep/store/ShardCoverage.hpp"
#include "sweep/store/SqliteDb.hpp"

namespace blindspot {
namespace {

const char* kSchema = R"sql(
CREATE TABLE IF NOT EXISTS night (
  id INTEGER PRIMARY KEY AUTOINCREMENT, label TEXT NOT NULL, run_dir TEXT NOT NULL,
  report_index TEXT NOT NULL, run_name TEXT NOT NULL, config_hash TEXT NOT NULL,
  world_version TEXT NOT NULL, checkpoint_hash TEXT NOT NULL, finished_at TEXT NOT NULL,
  config_json TEXT NOT NULL, scenes INTEGER NOT NULL, design_size INTEGER NOT NULL,
  metric TEXT NOT NULL, dims_json TEXT NOT NULL, titles_json TEXT NOT NULL,
  x_levels_json TEXT NOT NULL, y_levels_json TEXT NOT NULL, overall REAL,
  UNIQUE (config_hash, world_version, label));
CREATE TABLE IF NOT EXISTS night_class (
  night_id INTEGER NOT NULL REFERENCES night(id) ON DELETE CASCADE, class TEXT NOT NULL,
  pooled_iou REAL, pooled_precision REAL, pooled_recall REAL,
  mean_iou REAL, mean_precision REAL, mean_recall REAL, PRIMARY KEY (night_id, class));
CREATE TABLE IF NOT EXISTS night_cell (
  night_id INTEGER NOT NULL REFERENCES night(id) ON DELETE CASCADE, x_index INTEGER NOT NULL,
  y_index INTEGER NOT NULL, value REAL, samples INTEGER NOT NULL,
  PRIMARY KEY (night_id, x_index, y_index));
)sql";

nlohmann::json parsed(const SqliteDb& db, const std::string& column, const std::string& text) {
    auto value = nlohmann::json::parse(text, nullptr, false);
    if (value.is_discarded()) throw FileError(db.path, "column night." + column + ": not JSON");
    return value;
}

void insertNight(SqliteDb& db, const Night& n) {
    Statement s(db,
                "INSERT INTO night (label, run_dir, report_index, run_name, config_hash, "
                "world_version, checkpoint_hash, finished_at, config_json, scenes, design_size, "
                "metric, dims_json, titles_json, x_levels_json, y_levels_json, overall) VALUES "
                "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    s.bind(1, n.label).bind(2, n.run_dir).bind(3, n.report_index).bind(4, n.run_name);
    s.bind(5, n.config_hash).bind(6, n.world_version).bind(7, n.checkpoint_hash);
    s.bind(8, n.finished_at).bind(9, n.config.dump()).bind(10, std::int64_t(n.scenes));
    s.bind(11, n.design_size).bind(12, n.map.metric);
    s.bind(13, nlohmann::json(n.map.dims).dump()).bind(14, nlohmann::json(n.map.titles).dump());
    s.bind(15, nlohmann::json(n.map.x_levels).dump());
    s.bind(16, nlohmann::json(n.map.y_levels).dump()).bind(17, n.overall).step();
}

void insertDetails(SqliteDb& db, std::int64_t id, const Night& n) {
    for (const auto& c : n.classes)
        Statement(db, "INSERT INTO night_class VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
            .bind(1, id)
            .bind(2, c.name)
            .bind(3, c.pooled_iou)
            .bind(4, c.pooled_precision)
            .bind(5, c.pooled_recall)
            .bind(6, c.mean_iou)
            .bind(7, c.mean_precision)
            .bind(8, c.mean_recall)
            .step();
    const std::size_t nx = n.map.x_levels.size();
    for (std::size_t i = 0; i < n.map.cells.size(); ++i)
        Statement(db, "INSERT INTO night_cell VALUES (?, ?, ?, ?, ?)")
            .bind(1, id)
            .bind(2, std::int64_t(i % nx))
            .bind(3, std::int64_t(i / nx))
            .bind(4, n.map.cells[i].mean)
            .bind(5, std::int64_t(n.map.cells[i].samples))
            .step();
}

void readDetails(SqliteDb& db, Night& n) {
    Statement c(db,
                "SELECT class, pooled_iou, pooled_precision, pooled_recall, mean_iou, "
                "mean_precision, mean_recall FROM night_class WHERE night_id = ? ORDER BY class");
    c.bind(1, n.id);
    while (c.step())
        n.classes.push_back({c.text(0), c.optionalReal(1), c.optionalReal(2), c.optionalReal(3),
                             c.optionalReal(4), c.optionalReal(5), c.optionalReal(6)});
    const std::size_t nx = n.map.x_levels.size();
    n.map.cells.assign(nx * n.map.y_levels.size(), MapCell{});
    Statement m(db, "SELECT x_index, y_index, value, samples FROM night_cell WHERE night_id = ?");
    m.bind(1, n.id);
    while (m.step()) {
        const std::size_t i = std::size_t(m.integer(1)) * nx + std::size_t(m.integer(0));
        if (i >= n.map.cells.size()) throw FileError(db.path, "night_cell: outside its map");
        n.map.cells[i].mean = m.optionalReal(2);
        n.map.cells[i].samples = std::size_t(m.integer(3));
    }
}

}  // namespace

NightValues Night::values() const {
    NightValues v;
    v.overall = overall;
    for (const auto& c : map.cells) {
        v.cells.push_back(c.mean);
        v.cell_samples.push_back(c.samples);
    }
    return v;
}

Night nightOf(const LoadedRun& run, const MapOptions& given, const std::string& label,
              const std::string& report_dir) {
    MapOptions map = given;
    resolveMetricClass(map.metric, run.scenes);
    resolveMapDims(map, run.scenes);
    Night n;
    n.label = label.empty() ? run.info.finished_at.substr(0, 10) : label;
    n.run_dir = std::filesystem::absolute(run.dir).lexically_normal().string();
    if (!report_dir.empty())
        n.report_index =
            (std::filesystem::absolute(report_dir) / "index.html").lexically_normal().string();
    n.run_name = run.info.name;
    n.config_hash = run.info.config_hash;
    n.world_version = run.info.world_version.empty() ? "unknown" : run.info.world_version;
    n.checkpoint_hash = run.info.checkpoint_hash;
    n.finished_at = run.info.finished_at;
    n.config = run.info.config;
    n.scenes = run.scenes.size();
    n.design_size = shardCoverage({{run.dir, run.shards}}).design_size;
    n.map = buildMiouMap(run.scenes, map);
    std::vector<std::optional<double>> values;
    for (const auto& s : run.scenes) values.push_back(sceneValue(s, map.metric));
    n.overall = meanOfDefined(values);
    for (const auto& c : summarizeMetrics(run.scenes).classes)
        n.classes.push_back({c.name, c.pooled.iou, c.pooled.precision, c.pooled.recall,
                             c.scene_mean.iou, c.scene_mean.precision, c.scene_mean.recall});
    return n;
}

namespace {
const std::string& existing(const std::string& path, bool create) {
    if (!create && !std::filesystem::is_regular_file(path))
        throw FileError(
            path, "no history here (blindspot history add RUN --store " + path + " creates it)");
    return path;
}
}  // namespace

NightHistory::NightHistory(const std::string& path, bool create)
    : db_(std::make_unique<SqliteDb>(existing(path, create))) {
    db_->exec(kSchema);
}

NightHistory::~NightHistory() = default;

void NightHistory::add(const Night& night) {
    Transaction transaction(*db_);
    Statement(*db_, "DELETE FROM night WHERE config_hash = ? AND world_version = ? AND label = ?")
        .bind(1, night.config_hash)
        .bind(2, night.world_version)
        .bind(3, night.label)
        .step();
    insertNight(*db_, night);
    insertDetails(*db_, sqlite3_last_insert_rowid(db_->handle), night);
    transaction.commit();
}

std::vector<Night> NightHistory::nights() const {
    Statement s(*db_,
                "SELECT id, label, run_dir, report_index, run_name, config_hash, world_version, "
                "checkpoint_hash, finished_at, config_json, scenes, design_size, metric, "
                "dims_json, titles_json, x_levels_json, y_levels_json, overall FROM night ORDER "
                "BY id");
    std::vector<Night> out;
    while (s.step()) {
        Night n;
        n.id = s.integer(0);
        n.label = s.text(1);
        n.run_dir = s.text(2);
        n.report_index = s.text(3);
        n.run_name = s.text(4);
        n.config_hash = s.text(5);
        n.world_version = s.text(6);
        n.checkpoint_hash = s.text(7);
        n.finished_at = s.text(8);
        n.config = parsed(*db_, "config_json", s.text(9));
        n.scenes = std::size_t(s.integer(10));
        n.design_size = s.integer(11);
        n.map.metric = s.text(12);
        n.map.dims = parsed(*db_, "dims_json", s.text(13)).get<std::array<std::string, 2>>();
        n.map.titles = parsed(*db_, "titles_json", s.text(14)).get<std::array<std::string, 2>>();
        n.map.x_levels =
            parsed(*db_, "x_levels_json", s.text(15)).get<std::vector<nlohmann::json>>();
        n.map.y_levels =
            parsed(*db_, "y_levels_json", s.text(16)).get<std::vector<nlohmann::json>>();
        n.overall = s.optionalReal(17);
        out.push_back(std::move(n));
    }
    for (auto& n : out) readDetails(*db_, n);
    return out;
}

std::vector<Night> windowBefore(const std::vector<Night>& nights, const Night& tonight,
                                std::size_t window) {
    std::vector<Night> before;
    for (const auto& n : nights) {
        if (tonight.id > 0 && n.id >= tonight.id) break;
        if (n.seriesKey() != tonight.seriesKey() || n.label == tonight.label ||
            n.run_dir == tonight.run_dir || n.map.metric != tonight.map.metric ||
            n.map.dims != tonight.map.dims || n.map.x_levels != tonight.map.x_levels ||
            n.map.y_levels != tonight.map.y_levels)
            continue;
        before.push_back(n);
    }
    if (before.size() > window) before.erase(before.begin(), before.end() - std::ptrdiff_t(window));
    return before;
}

}  // namespace blindspot
