#include "sweep/store/RunDirectory.hpp"

#include <filesystem>

#include "core/base/AtomicFile.hpp"
#include "core/base/Error.hpp"
#include "core/base/Hash.hpp"
#include "core/base/Json.hpp"
#include "core/scan/ScanPack.hpp"
#include "core/scan/ScanSummary.hpp"
#include "sweep/store/RunLock.hpp"

namespace blindspot {
namespace {

namespace fs = std::filesystem;

LearningMap learningMapOf(const Segmenter& segmenter) {
    LearningMap map;
    map.classes = segmenter.classNames();
    map.default_class = segmenter.classOf(0);
    map.class_of_label.resize(65536);
    for (std::size_t id = 0; id < map.class_of_label.size(); ++id)
        map.class_of_label[id] = std::uint8_t(segmenter.classOf(std::uint16_t(id)));
    return map;
}

nlohmann::json carRowsJson(const std::vector<CarRow>& cars) {
    nlohmann::json out = nlohmann::json::array();
    for (const auto& c : cars)
        out.push_back({{"car_index", c.car_index},
                       {"instance_id", c.instance_id},
                       {"visible_points", c.visible_points},
                       {"unoccluded_points", c.unoccluded_points},
                       {"visibility", c.visibility},
                       {"fully_occluded", c.fully_occluded}});
    return out;
}

std::vector<CarRow> carRowsFromJson(const JsonObject& summary) {
    std::vector<CarRow> out;
    for (const JsonObject& c : summary.objects("cars")) {
        const double points = c.number("visible_points"),
                     unoccluded = c.number("unoccluded_points");
        if (points < 0 || unoccluded < 0) c.fail("visible_points", "non-negative point counts");
        out.push_back({c.integer("car_index"), c.integer("instance_id"), std::int64_t(points),
                       std::int64_t(unoccluded), c.number("visibility"),
                       c.boolean("fully_occluded", false)});
    }
    return out;
}

// Entries from before culling hold every column.
ColumnRange castColumnsOf(const JsonObject& summary, const LidarSpec& spec) {
    if (!summary.has("cast_columns")) return allColumns(spec);
    const JsonObject c = summary.object("cast_columns");
    const ColumnRange r{c.integer("first"), c.integer("count")};
    if (r.first < 0 || r.count < 0 || r.end() > spec.cols())
        c.fail("first", "columns within the scan's " + std::to_string(spec.cols()));
    return r;
}

}  // namespace

RunDirectory::RunDirectory(std::string dir, std::string scan_cache_dir)
    : dir_(std::move(dir)),
      scan_cache_(scan_cache_dir.empty() ? (fs::path(dir_) / "scans").string()
                                         : std::move(scan_cache_dir)) {}

std::string RunDirectory::storePath() const { return (fs::path(dir_) / "results.sqlite").string(); }

bool RunDirectory::hasStore() const { return fs::exists(storePath()); }

ResultsStore RunDirectory::openStore(const DimensionRegistry& registry, SqliteAccess access) const {
    if (access == SqliteAccess::ReadOnly && !hasStore())
        throw FileError(storePath(),
                        fs::exists(RunLock::pathIn(dir_))
                            ? "no results store yet (a sweep is starting: run in "
                              "progress)"
                            : "no results store here (is " + dir_ + " a run directory?)");
    return ResultsStore(storePath(), registry, access);
}

void RunDirectory::create(bool predictions) const {
    prepareOutputDirectory(dir_);
    const fs::path predictions_dir = fs::path(dir_) / "predictions";
    if (predictions || fs::exists(predictions_dir))
        prepareOutputDirectory(predictions_dir.string());
}

std::string RunDirectory::scanDir(const std::string& scene_id) const {
    return (fs::path(scan_cache_) / scene_id).string();
}

bool RunDirectory::hasScan(const std::string& scene_id) const {
    const fs::path dir = scanDir(scene_id);
    return fs::exists(dir / "scan.json") && fs::exists(dir / "scan.zst");
}

std::optional<CachedScan> RunDirectory::readScan(const std::string& scene_id,
                                                 const std::string& lidar_spec_hash) const {
    if (!hasScan(scene_id)) return std::nullopt;
    const fs::path dir = scanDir(scene_id);
    const std::string json_path = (dir / "scan.json").string();
    nlohmann::json summary;
    try {  // a damaged entry is not trusted: it is a miss, and the scene is cast again
        summary = readJsonFile(json_path);
    } catch (const ConfigError&) {
        return std::nullopt;
    }
    // Another scene's entry (or one from before cars were recorded) is a miss, not an error.
    const auto id = summary.is_object() ? summary.find("scene_id") : summary.end();
    if (id == summary.end() || *id != scene_id || !summary.contains("cars")) return std::nullopt;
    const auto hash = summary.find("lidar_spec_hash");
    if (!lidar_spec_hash.empty() && (hash == summary.end() || *hash != lidar_spec_hash))
        throw FileError(json_path,
                        "/lidar_spec_hash: expected " + lidar_spec_hash +
                            " (this sweep's LiDAR spec), got " +
                            (hash == summary.end() ? std::string("none") : hash->dump()) +
                            ": the cache holds another sensor's scan; use another "
                            "--scan-cache");
    // The pack's checksum: a flipped bit or a truncated scan.zst is a miss, never a wrong scan.
    const auto checksum = summary.find("pack_fnv1a64");
    const std::string pack_path = (dir / "scan.zst").string();
    std::string pack;
    if (checksum == summary.end() || *checksum != hex64(fnv1a64(pack = readFileBytes(pack_path))))
        return std::nullopt;
    try {  // the checksum matched: what is in it is the tool's own output, so errors are damage
        const JsonObject j(summary, json_path, "");
        ScanGrid scan = emptyScanOfSummary(j);
        decodeScanPack(pack, pack_path, scan);
        const ColumnRange columns = castColumnsOf(j, scan.spec);
        return CachedScan{std::move(scan), carRowsFromJson(j), columns,
                          j.string("skipped", "")};
    } catch (const ConfigError& e) {
        throw FileError::damaged(e);
    }
}

void RunDirectory::writeScan(const std::string& scene_id, const std::string& lidar_spec_hash,
                             const ScanGrid& scan, const ColumnRange& columns,
                             const nlohmann::json& sample, const std::vector<CarRow>& cars,
                             const std::string& skipped) const {
    // The pack (core/scan/ScanPack.hpp) holds the whole grid and scan.json the spec, pose and
    // target-car rows: enough to rebuild the scan bit for bit and every other format, which
    // `blindspot cached-scan` writes on demand. The cache is most of a sweep's disk, so nothing
    // else.
    const fs::path dir = scanDir(scene_id);
    prepareOutputDirectory(dir.string());
    const std::string pack = encodeScanPack(scan);
    writeFileAtomic((dir / "scan.zst").string(), pack);
    nlohmann::json summary = scanSummaryJson(scan);
    summary["pack_fnv1a64"] = hex64(fnv1a64(pack));
    summary["sample"] = sample;
    summary["scene_id"] = scene_id;
    summary["lidar_spec_hash"] = lidar_spec_hash;
    summary["cars"] = carRowsJson(cars);
    summary["cast_columns"] = {{"first", columns.first}, {"count", columns.count}};
    if (!skipped.empty()) summary["skipped"] = skipped;  // a cache hit must report it again
    writeFileAtomic((dir / "scan.json").string(), summary.dump(2) + "\n");
}

std::string RunDirectory::predictionPath(const std::string& scene_id) const {
    return (fs::path(dir_) / "predictions" / (scene_id + ".pred")).string();
}

std::string RunDirectory::classesPath() const {
    return (fs::path(dir_) / "predictions" / "classes.json").string();
}

bool RunDirectory::hasPredictions() const { return fs::exists(classesPath()); }

void RunDirectory::writePredictions(const std::string& scene_id,
                                    const std::vector<int>& predicted) const {
    std::string bytes(predicted.size(), char(kNoPrediction));
    for (std::size_t i = 0; i < predicted.size(); ++i)
        if (predicted[i] >= 0 && predicted[i] < kNoPrediction) bytes[i] = char(predicted[i]);
    writeFileAtomic(predictionPath(scene_id), bytes);
}

std::vector<int> RunDirectory::readPredictions(const std::string& scene_id,
                                               std::size_t cell_count) const {
    const std::string path = predictionPath(scene_id);
    const std::string bytes = readFileBytes(path);
    if (bytes.size() != cell_count)
        throw FileError(path, "expected " + std::to_string(cell_count) +
                                  " bytes (one per scan cell), got " +
                                  std::to_string(bytes.size()));
    std::vector<int> predicted(cell_count);
    for (std::size_t i = 0; i < cell_count; ++i) {
        const int v = static_cast<unsigned char>(bytes[i]);
        predicted[i] = v == kNoPrediction ? -1 : v;
    }
    return predicted;
}

void RunDirectory::writeClasses(const Segmenter& segmenter) const {
    writeFileAtomic(classesPath(), learningMapToJson(learningMapOf(segmenter)).dump(2) + "\n");
}

LearningMap RunDirectory::readClasses() const { return loadLearningMap(classesPath()); }

std::string RunDirectory::imagesDir(const std::string& scene_id) const {
    return (fs::path(dir_) / "images" / scene_id).string();
}

void RunDirectory::copyScanFrom(const RunDirectory& other, const std::string& scene_id) const {
    if (!other.hasScan(scene_id) || hasScan(scene_id)) return;
    // File by file through temporaries, scan.json last: a killed merge leaves no entry that
    // looks complete.
    const fs::path from = other.scanDir(scene_id), to = scanDir(scene_id);
    prepareOutputDirectory(to.string());
    for (const char* name : {"scan.zst", "scan.json"}) {
        const std::string target = (to / name).string(), temp = temporaryPathFor(target);
        std::error_code ec;
        fs::copy_file(from / name, temp, fs::copy_options::overwrite_existing, ec);
        if (!ec) fs::rename(temp, target, ec);
        if (ec) {
            std::error_code ignored;
            fs::remove(temp, ignored);
            throw FileError(target, "cannot copy the cached scan: " + ec.message());
        }
    }
}

void RunDirectory::copyPredictionsFrom(const RunDirectory& other) const {
    const fs::path from = fs::path(other.dir_) / "predictions", to = fs::path(dir_) / "predictions";
    if (!fs::exists(from)) return;
    makeDirectories(to.string());
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(from, ec)) {
        const fs::path target = to / entry.path().filename();
        // A file a killed writer left behind (writeFileAtomic's NAME.tmp.PID) is not a result.
        if (isTemporaryName(target.filename().string()) || fs::exists(target)) continue;
        // Prediction files are never rewritten once complete, so a hard link shares them safely
        // and costs no disk; across file systems it is a copy.
        fs::create_hard_link(entry.path(), target, ec);
        if (ec) fs::copy_file(entry.path(), target, ec);
        if (ec) break;
    }
    if (ec) throw FileError(dir_, "cannot copy predictions: " + ec.message());
}

}  // namespace blindspot
